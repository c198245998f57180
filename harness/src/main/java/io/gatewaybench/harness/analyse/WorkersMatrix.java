package io.gatewaybench.harness.analyse;

import io.gatewaybench.harness.model.Precision;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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

    /** Adds {@code workers_sweep.by_gateway} to a summary whose run swept the workers. */
    @SuppressWarnings("unchecked")
    static void apply(Map<String, Object> summary) {
        if (!(summary.get("workers_sweep") instanceof Map<?, ?> raw)) {
            return;
        }
        Map<String, Object> sweep = (Map<String, Object>) raw;
        List<Integer> rates = ScenarioMatrix.rates(summary);
        Map<String, List<Map<String, Object>>> bySeries = new LinkedHashMap<>();
        for (Map<String, Object> t : (List<Map<String, Object>>) summary.get("targets")) {
            if (t.get("sweep_series") instanceof String series && t.get("sweep_workers") instanceof Number) {
                bySeries.computeIfAbsent(series, k -> new ArrayList<>()).add(t);
            }
        }
        Map<String, Object> judged = new LinkedHashMap<>();
        bySeries.forEach((series, steps) -> {
            List<Map<String, Object>> sorted = steps.stream().sorted(Comparator.comparingInt(WorkersMatrix::count)).toList();
            Map<String, Object> fewest = sorted.get(0);
            List<Map<String, Object>> rows = new ArrayList<>();
            for (Map<String, Object> t : sorted) {
                rows.add(row(t, fewest, rates));
            }
            ProfileMatrix.judge(rows, "worker counts");
            judged.put(series, rows);
        });
        sweep.put("by_gateway", judged);
    }

    private static int count(Map<String, Object> t) {
        return ((Number) t.get("sweep_workers")).intValue();
    }

    private static Map<String, Object> row(Map<String, Object> t, Map<String, Object> fewest, List<Integer> rates) {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("workers", count(t));
        r.put("target", t.get("name"));
        r.put("event_loops_or_workers", t.get("workers"));
        if (!ProfileMatrix.measured(t)) {
            r.put("failure", t.getOrDefault("failure", "not measured"));
            return r;
        }
        r.put("throughput_rps", t.get("throughput_rps"));
        if (t.get("relative_to_direct") instanceof Map<?, ?> rel) {
            r.put("throughput_relative_to_direct", rel.get("throughput"));
        }
        if (t == fewest) {
            r.put("throughput_relative", 1.0);
            r.put("per_worker_relative", 1.0);
            r.put("verdict", "reference");
        } else if (ProfileMatrix.measured(fewest)) {
            Map<String, Object> tp = ProfileMatrix.paired(t, fewest, x -> Analysis.roundValues(x, "throughput_rps"));
            r.put("throughput_relative", tp.get("median"));
            r.put("throughput_relative_spread", tp);
            if (tp.get("median") instanceof Number m) {
                r.put("per_worker_relative", Precision.round(m.doubleValue() * count(fewest) / count(t)));
            }
        }
        r.put("p99_ms_at_rate", ScenarioMatrix.p99AtRates(t, rates));
        r.put("gateway_cpu_ms_per_1000_requests", ProfileMatrix.median(ProfileMatrix.cpuPerRound(t)));
        return r;
    }
}
