package io.gatewaybench.harness.analyse;

import io.gatewaybench.harness.model.Decimals;
import io.gatewaybench.harness.model.Ratio;
import io.gatewaybench.harness.model.RatioSpread;
import io.gatewaybench.harness.model.Summary;
import io.gatewaybench.harness.model.Target;
import io.gatewaybench.harness.model.Verdict;
import io.gatewaybench.harness.model.WorkersRow;
import io.gatewaybench.harness.model.WorkersSweep;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A workers sweep ({@code --workers=1,2}), judged as the APISIX vs Envoy study's table: each gateway once per count
 * of workers, and per count its throughput, its throughput over the same gateway's with the fewest workers (paired
 * round by round, with an interval and a verdict as for JVM profiles, {@link ProfileMatrix#judge}), that gain per
 * worker (1.0: each added worker carries as much as the first), its P99 at each fixed offered rate and its CPU per
 * 1,000 requests.
 */
final class WorkersMatrix {
    private WorkersMatrix() {
    }

    /** {@code workers_sweep} with {@code by_gateway} judged, for a summary whose run swept the workers (else null). */
    static WorkersSweep apply(Summary summary) {
        WorkersSweep sweep = summary.matrices().workersSweep();
        if (sweep == null) {
            return null;
        }
        List<Integer> rates = ScenarioMatrix.rates(summary);
        Map<String, List<Target>> bySeries = new LinkedHashMap<>();
        for (Target t : summary.targets()) {
            if (t.about().sweepSeries() != null && t.about().sweepWorkers() != null) {
                bySeries.computeIfAbsent(t.about().sweepSeries(), k -> new ArrayList<>()).add(t);
            }
        }
        Map<String, List<WorkersRow>> judged = new LinkedHashMap<>();
        bySeries.forEach((series, steps) -> {
            List<Target> sorted = steps.stream()
                    .sorted(Comparator.comparingInt(t -> t.about().sweepWorkers())).toList();
            Target fewest = sorted.get(0);
            List<RatioSpread> spreads = new ArrayList<>();
            for (Target t : sorted) {
                spreads.add(t.wasMeasured() && t != fewest && fewest.wasMeasured()
                        ? ProfileMatrix.paired(t, fewest, Analysis::throughputs) : null);
            }
            List<ProfileMatrix.Judged> verdicts = ProfileMatrix.judge(spreads, "worker counts");
            List<WorkersRow> rows = new ArrayList<>();
            for (int i = 0; i < sorted.size(); i++) {
                rows.add(row(sorted.get(i), fewest, rates, spreads.get(i), verdicts.get(i)));
            }
            judged.put(series, List.copyOf(rows));
        });
        return new WorkersSweep(sweep.counts(), judged);
    }

    private static WorkersRow row(Target t, Target fewest, List<Integer> rates, RatioSpread spread, ProfileMatrix.Judged judged) {
        if (!t.wasMeasured()) {
            return new WorkersRow.Failed(t.about().sweepWorkers(), t.name(), t.about().workers(),
                    t.measured().failure() == null ? "not measured" : t.measured().failure());
        }
        Optional<Double> relativeToDirect = t.judged() != null && t.judged().relativeToDirect() != null
                ? Optional.ofNullable(t.judged().relativeToDirect().throughput()) : null;
        Ratio relative = null;
        RatioSpread tp = null;
        Double perWorker = null;
        Verdict verdict = null;
        if (t == fewest) {
            relative = new Ratio.Value(1.0);
            perWorker = 1.0;
            verdict = Verdict.REFERENCE;
        } else if (fewest.wasMeasured()) {
            relative = ProfileMatrix.ratio(spread);
            tp = judged == null ? spread : judged.spread();
            verdict = judged == null ? null : judged.judgement().throughput();
            if (relative instanceof Ratio.Value m) {
                perWorker = Decimals.round(m.ratio() * fewest.about().sweepWorkers() / t.about().sweepWorkers());
            }
        }
        return new WorkersRow.Measured(t.about().sweepWorkers(), t.name(), t.about().workers(),
                t.judged().throughputRps(), relativeToDirect, relative, tp, perWorker,
                verdict, ScenarioMatrix.p99AtRates(t, rates), ProfileMatrix.median(ProfileMatrix.cpuPerRound(t)));
    }
}
