package io.gatewaybench.harness.measure;

import io.gatewaybench.harness.model.FixedRateLevel;
import io.gatewaybench.harness.model.GatlingStatus;
import io.gatewaybench.harness.model.LevelRound;
import io.gatewaybench.harness.model.Decimals;
import io.gatewaybench.harness.model.ProbeResult;
import io.gatewaybench.harness.model.ProbeUs;
import io.gatewaybench.harness.model.Summary;
import io.gatewaybench.harness.model.Target;
import io.gatewaybench.harness.model.TargetRates;
import io.gatewaybench.harness.model.WrkCheck;
import io.gatewaybench.harness.plan.Scenario;
import io.gatewaybench.harness.quantity.Stats;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a run measured, as summary.json's records: the run's description with every target's rounds, its ladder levels
 * (each with its round), the pooled probes and resource costs, and its details; nothing judged ({@link Target#judged()}
 * and each level's are null). The analysis judges it ({@code Analysis.apply}), and the report writes it
 * ({@code RunSummary.write}).
 */
public final class MeasuredSummary {
    /** One target's outcome; {@code rounds} holds what each round measured, {@code failure} why it could not be measured. */
    public record TargetOutcome(io.gatewaybench.harness.plan.Target target, List<RequestStats> rounds,
            TargetDetails details,
            String failure) {
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
     * The run as measured: {@code run}'s description (its targets aside) with every target, its ladder levels at
     * {@code rates} (its objectives are named in {@code run}'s ladder). Nothing is judged here: {@code Analysis.apply}
     * judges it, as {@code ./bench report} and {@code ./bench compare} judge a summary.json.
     */
    public static Summary of(Summary run, List<TargetOutcome> outcomes, List<Integer> rates) {
        return run.with(targets(outcomes, rates), run.matrices());
    }

    /**
     * The same, with what the run measured at equal rates: its design in the setup, each target's slices in its own.
     */
    public static Summary of(Summary run, List<TargetOutcome> outcomes, EqualRatesMeasurement.Result equalRates) {
        List<Target> targets = targets(outcomes, List.of()).stream().map(t -> {
            TargetRates mine = equalRates.targets().get(t.name());
            return mine == null ? t : new Target(t.about(), t.measured().withEqualRates(mine), t.fixedRate());
        }).toList();
        Summary measured = run.with(targets, run.matrices());
        return new Summary(measured.format(), measured.run(), measured.setup().withEqualRates(equalRates.design()),
                measured.placement(),
                measured.matrices(), measured.targets(), measured.reanalysed());
    }

    public static List<Target> targets(List<TargetOutcome> outcomes) {
        return targets(outcomes, List.of());
    }

    /**
     * Each target as measured: what it is and how it ran, every round's figures, its ladder levels (each with its
     * round, and the probe's requests at each level pooled), the probes' requests and each role's cost pooled over the
     * rounds.
     */
    public static List<Target> targets(List<TargetOutcome> outcomes, List<Integer> rates) {
        List<Target> list = new ArrayList<>();
        for (TargetOutcome o : outcomes) {
            TargetDetails d = o.details();
            io.gatewaybench.harness.plan.Target t = o.target();
            // scenario and plain also for a target that failed early
            boolean plain = t.scenario().equals(Scenario.PLAIN);
            Target.About about = new Target.About(t.name(), t.description(), d.scenario() != null ? d.scenario() : plain
                    ? null : t.scenario(),
                    d.plain() != null ? d.plain() : plain ? null : t.underPlain(), d.baseline(),
                            d.configuration(), d.sweepSeries(),
                    d.sweepWorkers(), d.gateway(), d.runFolder(), d.workers(), d.jvmProfile(), d.java(),
                            d.jvmFlags(), d.gatewayArgs(),
                    d.jfrRecording(), notSampled(t));
            List<GatlingStatus> gatling = d.gatling().isEmpty() ? null : d.gatling();
            List<WrkCheck> wrk = d.wrkCrossCheck().isEmpty() ? null : d.wrkCrossCheck();
            if (o.rounds().isEmpty()) {
                list.add(new Target(about, new Target.Measured(o.failure(), null, null, null, d.rateLimitCheck(),
                        gatling, wrk, null), null));
                continue;
            }
            RequestStats s = o.pooled();
            ProbeUs probes = s.probes().isEmpty() ? null
                    : new ProbeUs(figures(s.probes().get("unloaded")), figures(s.probes().get("under_load")),
                    s.probes().get("under_load") == null ? null : s.probes().get("under_load").lessOwnLag());
            Target.Measured measured = new Target.Measured(o.failure(), RequestStats.resources(s.resources()), probes,
                    o.rounds().stream().map(RequestStats::round).toList(), d.rateLimitCheck(), gatling, wrk, null);
            list.add(new Target(about, measured, rates.isEmpty() ? null : fixedRate(o.rounds(), rates)));
        }
        return list;
    }

    private static ProbeResult figures(LatencyProbe.Result r) {
        return r == null ? null : r.figures();
    }

    /**
     * Each level of the ladder as the target's rounds measured it: every round's level with its round number, the
     * probe's requests during the level pooled over the rounds, and the injector's CPU per request, median over them
     * (the analysis judges the rest).
     */
    public static List<FixedRateLevel> fixedRate(List<RequestStats> rounds, List<Integer> rates) {
        List<FixedRateLevel> levels = new ArrayList<>();
        for (int rate : rates) {
            List<LevelRound> perRound = new ArrayList<>();
            LatencyProbe.Result pooled = null;
            List<Double> injectorCpu = new ArrayList<>();
            for (int r = 0; r < rounds.size(); r++) {
                for (Ladder.Level l : rounds.get(r).ladder()) {
                    if (l.rate() != rate) {
                        continue;
                    }
                    perRound.add(l.measuredIn(r + 1));
                    if (l.probe() != null) {
                        pooled = pooled == null ? l.probe() : pooled.plus(l.probe());
                    }
                    if (l.vegeta() != null && !Double.isNaN(l.vegeta().cpuMsPer1000Requests())) {
                        injectorCpu.add(l.vegeta().cpuMsPer1000Requests());
                    }
                }
            }
            levels.add(FixedRateLevel.measured(rate, pooled == null ? null : pooled.figures(), perRound,
                    injectorCpu.isEmpty() ? null : Decimals.round(Stats.median(injectorCpu.stream()
                    .mapToDouble(v -> v).toArray()))));
        }
        return levels;
    }

    /** Why a target's gateway CPU and memory are not measured: a gateway declared by URL with no process named to watch. */
    static String notSampled(io.gatewaybench.harness.plan.Target t) {
        return t.declaredByUrl() && t.pidfile().isEmpty()
                ? "declared by URL, and its descriptor names no pidfile: no process of it to watch on this machine" : null;
    }
}
