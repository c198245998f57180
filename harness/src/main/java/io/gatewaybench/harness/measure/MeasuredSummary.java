package io.gatewaybench.harness.measure;

import io.gatewaybench.harness.model.FixedRateLevel;
import io.gatewaybench.harness.quantity.Stats;
import io.gatewaybench.harness.model.Interval;
import io.gatewaybench.harness.model.LatencyMs;
import io.gatewaybench.harness.model.LatencySpread;
import io.gatewaybench.harness.model.LevelRound;
import io.gatewaybench.harness.model.Precision;
import io.gatewaybench.harness.model.ProbeAdded;
import io.gatewaybench.harness.model.ProbeResult;
import io.gatewaybench.harness.model.ProbeUs;
import io.gatewaybench.harness.model.Resources;
import io.gatewaybench.harness.model.Round;
import io.gatewaybench.harness.model.Summary;
import io.gatewaybench.harness.plan.Scenario;
import io.gatewaybench.harness.plan.Target;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a run measured, as summary.json's records: the run's description with every target's rounds, its ladder
 * levels (each with its round), the pooled probes and resource costs, and its details. The analysis derives the judged
 * figures from it ({@code Analysis.apply}), and the report writes it ({@code RunSummary.write}).
 */
public final class MeasuredSummary {
    /** One target's outcome; {@code rounds} holds what each round measured, {@code failure} why it could not be measured. */
    public record TargetOutcome(Target target, List<RequestStats> rounds, TargetDetails details, String failure) {
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

    private MeasuredSummary() {
    }

    /**
     * The run as measured: {@code run}'s description (its targets aside) with every target, with the fixed-rate ladder's
     * {@code rates} (its objectives are named in {@code run}'s ladder). The analysed figures are absent: {@code Analysis.apply}
     * derives them from it, as {@code ./bench report} and {@code ./bench compare} do from a summary.json.
     */
    public static Summary of(Summary run, List<TargetOutcome> outcomes, List<Integer> rates) {
        return new Summary(Summary.FORMAT, run.runId(), run.started(), run.finished(), run.gitCommit(), run.machine(), run.components(),
                run.jvmFlags(), run.jvmProfile(), run.jvmProfiles(), run.placement(), run.origin(), run.workersSweep(), run.scenarios(), run.load(),
                run.ladder(), run.rounds(), run.quick(), run.complete(), run.incompleteBecause(), run.hostileInput(), targets(outcomes, rates),
                run.reanalysed());
    }

    public static List<io.gatewaybench.harness.model.Target> targets(List<TargetOutcome> outcomes) {
        return targets(outcomes, List.of());
    }

    /**
     * Each target as measured: every round's figures, its ladder levels (each with its round), the
     * pooled probes and resource costs, and its details. The analysis derives the rest.
     */
    public static List<io.gatewaybench.harness.model.Target> targets(List<TargetOutcome> outcomes, List<Integer> rates) {
        // every measured direct by name (direct, and direct under a scenario that asks the origin for another page), the first the default
        Map<String, RequestStats> baselines = new LinkedHashMap<>();
        outcomes.stream().filter(o -> o.target().isDirect() && o.failure() == null && !o.rounds().isEmpty())
                .forEach(o -> baselines.put(o.target().name(), o.pooled()));
        RequestStats direct = baselines.values().stream().findFirst().orElse(null);
        List<io.gatewaybench.harness.model.Target> list = new ArrayList<>();
        for (TargetOutcome o : outcomes) {
            TargetDetails d = o.details();
            boolean plain = o.target().scenario().equals(Scenario.PLAIN); // scenario and plain also for a target that failed early
            Resources resources = null;
            ProbeUs probes = null;
            Optional<ProbeAdded> added = null;
            List<FixedRateLevel> fixedRate = null;
            List<Round> rounds = null;
            if (!o.rounds().isEmpty()) {
                RequestStats s = o.pooled();
                resources = RequestStats.resources(s.resources());
                if (!s.probes().isEmpty()) {
                    probes = new ProbeUs(figures(s.probes().get("unloaded")), figures(s.probes().get("under_load")));
                    // against the target's own baseline: direct, or direct under a scenario that asks the origin for another page
                    RequestStats base = d.baseline() == null ? direct : baselines.get(d.baseline());
                    added = base == null ? Optional.empty() : Optional.of(added(s, base));
                }
                if (!rates.isEmpty()) {
                    fixedRate = fixedRate(o.rounds(), rates);
                }
                rounds = o.rounds().stream().map(RequestStats::round).toList();
            }
            list.add(new io.gatewaybench.harness.model.Target(o.target().name(), o.target().description(), null, null, null, null, null,
                    null, null, null, d.scenario() != null ? d.scenario() : plain ? null : o.target().scenario(),
                    d.plain() != null ? d.plain() : plain ? null : o.target().underPlain(), o.failure(), resources, null, probes, added,
                    fixedRate, rounds, d.baseline(), d.configuration(), d.sweepSeries(), d.sweepWorkers(), d.gateway(), d.runFolder(),
                    d.workers(), d.jvmProfile(), d.java(), d.jvmFlags(), d.gatewayArgs(), d.jfrRecording(), d.rateLimitCheck(),
                    d.gatling().isEmpty() ? null : d.gatling(), d.wrkCrossCheck().isEmpty() ? null : d.wrkCrossCheck(), null, notSampled(o.target())));
        }
        return list;
    }

    private static ProbeResult figures(LatencyProbe.Result r) {
        return r == null ? null : r.figures();
    }

    /** What the target adds to one request over direct, in microseconds, at the probe's P50, P90 and P99. */
    static ProbeAdded added(RequestStats s, RequestStats direct) {
        return new ProbeAdded(added(s, direct, "unloaded"), added(s, direct, "under_load"));
    }

    private static ProbeAdded.AddedUs added(RequestStats s, RequestStats direct, String kind) {
        LatencyProbe.Result r = s.probes().get(kind);
        LatencyProbe.Result d = direct.probes().get(kind);
        if (r == null || d == null || d.micros().getTotalCount() == 0 || r.micros().getTotalCount() == 0) {
            return null;
        }
        return new ProbeAdded.AddedUs(r.micros().getValueAtPercentile(50) - d.micros().getValueAtPercentile(50),
                r.micros().getValueAtPercentile(90) - d.micros().getValueAtPercentile(90),
                r.micros().getValueAtPercentile(99) - d.micros().getValueAtPercentile(99));
    }

    /**
     * Each level of the ladder as the target's rounds measured it: medians over the rounds that
     * measured it at its rate (levelLatency), and every round's level with its round number (the analysis judges them: {@code rounds_meeting} is absent).
     */
    static List<FixedRateLevel> fixedRate(List<RequestStats> rounds, List<Integer> rates) {
        List<FixedRateLevel> levels = new ArrayList<>();
        for (int rate : rates) {
            List<Ladder.Level> seen = rounds.stream().flatMap(r -> r.ladder().stream()).filter(l -> l.rate() == rate).toList();
            List<LevelRound> perRound = new ArrayList<>();
            for (int r = 0; r < rounds.size(); r++) {
                for (Ladder.Level l : rounds.get(r).ladder()) {
                    if (l.rate() == rate) {
                        perRound.add(l.measuredIn(r + 1));
                    }
                }
            }
            long sent = seen.stream().mapToLong(Ladder.Level::sent).sum();
            long errors = seen.stream().mapToLong(Ladder.Level::errors).sum();
            LevelLatency latency = levelLatency(seen);
            LatencyProbe.Result pooled = null;
            for (Ladder.Level l : seen) {
                if (l.probe() != null) {
                    pooled = pooled == null ? l.probe() : pooled.plus(l.probe());
                }
            }
            levels.add(new FixedRateLevel(rate, seen.size(), (int) seen.stream().filter(Ladder.Level::overloaded).count(), sent, errors,
                    sent == 0 ? null : Precision.round((double) errors / sent), latency.ms(), latency.spread(),
                    Precision.round(seen.stream().mapToDouble(Ladder.Level::sendLagP99Ms).max().orElse(0)),
                    pooled == null ? null : pooled.figures(), perRound, null, injectorCpu(seen), null, null, latency.injectorLimited()));
        }
        return levels;
    }

    /**
     * A level's latency over rounds: each percentile's median over the rounds that measured the target at the rate (not
     * overloaded, not sent late) and had successful requests, and with two or more, each one's spread ({@code spread}, else
     * null); {@code injectorLimited}, the rounds the injector sent late and that were not overloaded.
     */
    public record LevelLatency(LatencyMs ms, LatencySpread spread, int injectorLimited) {
    }

    /** The latency of one level over the rounds that reached it ({@code seen}), as {@link LevelLatency} says. */
    public static LevelLatency levelLatency(List<Ladder.Level> seen) {
        List<RequestStats> measured = seen.stream().filter(Ladder.Level::measuredAtRate).map(Ladder.Level::stats).filter(s -> s != null).toList();
        int late = (int) seen.stream().filter(l -> !l.overloaded() && !l.injectorLate().isEmpty()).count();
        if (measured.isEmpty()) {
            return new LevelLatency(null, null, late);
        }
        double[] medians = new double[RequestStats.Latency.NAMES.length];
        Interval[] intervals = new Interval[RequestStats.Latency.NAMES.length];
        for (int i = 0; i < RequestStats.Latency.NAMES.length; i++) {
            final int k = i;
            double[] values = measured.stream().mapToDouble(s -> s.latency().values()[k]).toArray();
            medians[i] = Stats.median(values);
            intervals[i] = Stats.interval(values);
        }
        LatencySpread spread = measured.size() < 2 ? null // each percentile's median, min, max and 95% interval over the rounds
                : new LatencySpread(intervals[0], intervals[1], intervals[2], intervals[3], intervals[4], intervals[5], intervals[6]);
        return new LevelLatency(RequestStats.Latency.of(medians).ms(), spread, late);
    }

    /** The injector's CPU per 1,000 requests, median over the rounds that measured it (Vegeta's levels), ms; null where none did. */
    private static Double injectorCpu(List<Ladder.Level> seen) {
        double[] cpu = seen.stream().filter(l -> l.vegeta() != null && !Double.isNaN(l.vegeta().cpuMsPer1000Requests()))
                .mapToDouble(l -> l.vegeta().cpuMsPer1000Requests()).toArray();
        return cpu.length == 0 ? null : Precision.round(Stats.median(cpu));
    }

    /** Why a target's gateway CPU and memory are not measured: a gateway declared by URL with no process named to watch. */
    static String notSampled(Target t) {
        return t.declaredByUrl() && t.pidfile().isEmpty()
                ? "declared by URL, and its descriptor names no pidfile: no process of it to watch on this machine" : null;
    }
}
