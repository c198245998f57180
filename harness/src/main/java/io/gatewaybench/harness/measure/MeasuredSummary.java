package io.gatewaybench.harness.measure;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.gatewaybench.harness.model.Precision;
import io.gatewaybench.harness.model.Summary;
import io.gatewaybench.harness.plan.Scenario;
import io.gatewaybench.harness.plan.Target;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a run measured, in the shape of summary.json: the run's description with every target's rounds, its ladder
 * levels (each with its round), the pooled probes and resource costs, and its details. The analysis derives the judged
 * figures from it ({@code Analysis.apply}), and the report writes it ({@code RunSummary.write}).
 */
public final class MeasuredSummary {
    /** One target's outcome; {@code rounds} holds what each round measured, {@code failure} why it could not be measured. */
    public record TargetOutcome(Target target, List<RequestStats> rounds, Map<String, Object> details, String failure) {
        /**
         * What is pooled or taken as the median over rounds here rather than in the analysis:
         * each role's resource cost, and the probes' requests of all rounds in one distribution per probe.
         */
        RequestStats pooled() {
            Map<String, ResourceSampler.Cost> resources = new LinkedHashMap<>();
            for (String role : rounds.get(0).resources().keySet()) {
                List<ResourceSampler.Cost> costs = rounds.stream().map(r -> r.resources().get(role)).filter(c -> c != null).toList();
                resources.put(role, new ResourceSampler.Cost(
                        Stats.median(costs.stream().mapToDouble(ResourceSampler.Cost::cpuSeconds).toArray()),
                        Stats.median(costs.stream().mapToDouble(ResourceSampler.Cost::cpuMillisPer1000Requests).toArray()),
                        Stats.median(costs.stream().mapToDouble(ResourceSampler.Cost::cores).toArray()),
                        costs.stream().mapToLong(ResourceSampler.Cost::peakMemoryBytes).max().orElse(0)));
            }
            Map<String, LatencyProbe.Result> probes = new LinkedHashMap<>();
            for (String kind : rounds.get(0).probes().keySet()) {
                LatencyProbe.Result pooled = rounds.get(0).probes().get(kind);
                for (RequestStats r : rounds.subList(1, rounds.size())) {
                    if (r.probes().containsKey(kind)) {
                        pooled = pooled.plus(r.probes().get(kind));
                    }
                }
                probes.put(kind, pooled);
            }
            return new RequestStats(0, 0, 0, null, resources, probes, List.of());
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    private MeasuredSummary() {
    }

    /**
     * The run as measured, in its JSON form (maps, lists, numbers and strings, exactly as summary.json holds them, so it is
     * judged as {@code ./bench report} and {@code ./bench compare} judge a summary.json): {@code run}'s description with the
     * summary's format and every target, with the fixed-rate ladder's {@code rates} (its objectives are named in {@code run}'s ladder).
     */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> of(Map<String, Object> run, List<TargetOutcome> outcomes, List<Integer> rates) {
        Map<String, Object> measured = new LinkedHashMap<>(run);
        measured.put("format", Summary.FORMAT);
        measured.put("targets", targets(outcomes, rates));
        return JSON.convertValue(measured, Map.class);
    }

    public static List<Map<String, Object>> targets(List<TargetOutcome> outcomes) {
        return targets(outcomes, List.of());
    }

    /**
     * Each target as measured: every round's figures, its ladder levels (each with its round), the
     * pooled probes and resource costs, and its details. The analysis derives the rest.
     */
    public static List<Map<String, Object>> targets(List<TargetOutcome> outcomes, List<Integer> rates) {
        RequestStats direct = outcomes.stream().filter(o -> o.target().isDirect() && o.failure() == null && !o.rounds().isEmpty())
                .map(TargetOutcome::pooled).findFirst().orElse(null);
        List<Map<String, Object>> list = new ArrayList<>();
        for (TargetOutcome o : outcomes) {
            Map<String, Object> t = new LinkedHashMap<>();
            t.put("name", o.target().name());
            t.put("description", o.target().description());
            if (!o.target().scenario().equals(Scenario.PLAIN)) { // also for a target that failed before its details were known
                t.put("scenario", o.target().scenario());
                t.put("plain", o.target().underPlain());
            }
            if (o.failure() != null) {
                t.put("failure", o.failure());
            }
            if (!o.rounds().isEmpty()) {
                RequestStats s = o.pooled();
                t.put("resources", resources(s));
                if (!s.probes().isEmpty()) {
                    Map<String, Object> probes = new LinkedHashMap<>();
                    s.probes().forEach((kind, r) -> probes.put(kind, r.asMap()));
                    t.put("probe_us", probes);
                    t.put("probe_added_us_over_direct", direct == null ? null : added(s, direct));
                }
                if (!rates.isEmpty()) {
                    t.put("fixed_rate", fixedRate(o.rounds(), rates));
                }
                List<Map<String, Object>> rounds = new ArrayList<>();
                for (RequestStats r : o.rounds()) {
                    Map<String, Object> m = new LinkedHashMap<>();
                    m.put("requests", r.requests());
                    m.put("errors", r.errors());
                    m.put("throughput_rps", Precision.round(r.throughputRps()));
                    m.put("latency_ms", r.latency().asMap());
                    m.put("resources", resources(r));
                    if (!r.runtime().isEmpty()) {
                        m.put("runtime", r.runtime());
                    }
                    if (!r.latencySpectrum().isEmpty()) {
                        m.put("latency_spectrum_ms", r.latencySpectrum());
                    }
                    rounds.add(m);
                }
                t.put("rounds", rounds);
            }
            t.putAll(o.details());
            list.add(t);
        }
        return list;
    }

    /** What the target adds to one request over direct, in microseconds, at the probe's P50, P90 and P99. */
    static Map<String, Object> added(RequestStats s, RequestStats direct) {
        Map<String, Object> m = new LinkedHashMap<>();
        s.probes().forEach((kind, r) -> {
            LatencyProbe.Result d = direct.probes().get(kind);
            if (d == null || d.micros().getTotalCount() == 0 || r.micros().getTotalCount() == 0) {
                return;
            }
            Map<String, Long> added = new LinkedHashMap<>();
            for (double p : new double[] {50, 90, 99}) {
                added.put("p" + (long) p, r.micros().getValueAtPercentile(p) - d.micros().getValueAtPercentile(p));
            }
            m.put(kind, added);
        });
        return m;
    }

    /** Each role's cost over the measured window (median over rounds; peak memory: the largest). */
    private static Map<String, Object> resources(RequestStats s) {
        Map<String, Object> m = new LinkedHashMap<>();
        s.resources().forEach((role, cost) -> m.put(role, cost.asMap()));
        return m;
    }

    /**
     * Each level of the ladder as the target's rounds measured it: medians over the rounds that
     * reached it, and every round's level with its round number (the analysis judges them).
     */
    static List<Map<String, Object>> fixedRate(List<RequestStats> rounds, List<Integer> rates) {
        List<Map<String, Object>> levels = new ArrayList<>();
        for (int rate : rates) {
            List<Ladder.Level> seen = rounds.stream().flatMap(r -> r.ladder().stream()).filter(l -> l.rate() == rate).toList();
            List<Map<String, Object>> perRound = new ArrayList<>();
            for (int r = 0; r < rounds.size(); r++) {
                for (Ladder.Level l : rounds.get(r).ladder()) {
                    if (l.rate() == rate) {
                        Map<String, Object> level = new LinkedHashMap<>();
                        level.put("round", r + 1);
                        level.putAll(l.asMap());
                        perRound.add(level);
                    }
                }
            }
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("rate_rps", rate);
            m.put("rounds_reached", seen.size());
            m.put("rounds_overloaded", seen.stream().filter(Ladder.Level::overloaded).count());
            long sent = seen.stream().mapToLong(Ladder.Level::sent).sum();
            long errors = seen.stream().mapToLong(Ladder.Level::errors).sum();
            m.put("sent", sent);
            m.put("errors", errors);
            m.put("error_share", sent == 0 ? null : Precision.round((double) errors / sent));
            List<RequestStats> measured = seen.stream().map(Ladder.Level::stats).filter(s -> s != null).toList();
            if (!measured.isEmpty()) {
                Map<String, Double> latency = new LinkedHashMap<>();
                for (int i = 0; i < RequestStats.Latency.NAMES.length; i++) {
                    final int k = i;
                    latency.put(RequestStats.Latency.NAMES[i],
                            Stats.median(measured.stream().mapToDouble(s -> s.latency().values()[k]).toArray()));
                }
                m.put("latency_ms", latency);
                if (measured.size() > 1) { // each percentile's median, min, max and 95% interval over the rounds
                    Map<String, Object> spread = new LinkedHashMap<>();
                    for (int i = 0; i < RequestStats.Latency.NAMES.length; i++) {
                        final int k = i;
                        spread.put(RequestStats.Latency.NAMES[i], Stats.range(measured.stream().mapToDouble(s -> s.latency().values()[k]).toArray()));
                    }
                    m.put("latency_ms_spread", spread);
                }
            }
            m.put("send_lag_p99_ms_max", Precision.round(seen.stream().mapToDouble(Ladder.Level::sendLagP99Ms).max().orElse(0)));
            LatencyProbe.Result pooled = null;
            for (Ladder.Level l : seen) {
                if (l.probe() != null) {
                    pooled = pooled == null ? l.probe() : pooled.plus(l.probe());
                }
            }
            m.put("probe_us", pooled == null ? null : pooled.asMap());
            m.put("rounds", perRound);
            levels.add(m);
        }
        return levels;
    }
}
