package io.gatewaybench.harness;

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
                r.put("per_worker_relative", RunSummary.round(m.doubleValue() * count(fewest) / count(t)));
            }
        }
        r.put("p99_ms_at_rate", ScenarioMatrix.p99AtRates(t, rates));
        r.put("gateway_cpu_ms_per_1000_requests", ProfileMatrix.median(ProfileMatrix.cpuPerRound(t)));
        return r;
    }

    /** One table per swept gateway. */
    @SuppressWarnings("unchecked")
    static void markdown(Map<String, Object> summary, StringBuilder md) {
        if (!(summary.get("workers_sweep") instanceof Map<?, ?> raw) || !(raw.get("by_gateway") instanceof Map<?, ?> byGateway)) {
            return;
        }
        List<Integer> rates = ScenarioMatrix.rates(summary);
        md.append("\n## Workers sweep\n\n");
        md.append("Each gateway ran once per count of workers ").append(raw.get("counts"))
                .append(" (NGINX worker processes, HAProxy threads, event loops of the JVM gateways), as a target of its own in the same ")
                .append("rounds. Throughput over the same gateway's with the fewest workers: the median of the per-round ratios with its ")
                .append("interval (Bonferroni over the gateway's counts, the spread pooled over them, as for JVM profiles); per worker: ")
                .append("that gain divided by the added workers (1.0: every worker carries as much as the first; the APISIX vs Envoy study ")
                .append("found 0.94 for APISIX and 0.91-0.93 for Envoy at 2-3 workers). P99 at each fixed offered rate (median over rounds; ")
                .append("- : overloaded or not reached); the gateway's CPU per 1,000 requests. Where the injector and the origin share the ")
                .append("gateway's CPUs (`placement` in summary.json), a second worker competes with them and cannot double anything.\n");
        ((Map<String, List<Map<String, Object>>>) byGateway).forEach((gateway, rows) -> {
            md.append("\n### ").append(gateway).append("\n\n| workers | req/s | % of direct | vs fewest workers (interval) | verdict | per worker |");
            rates.forEach(rate -> md.append(" P99 ms at ").append(rate).append(" req/s |"));
            md.append(" CPU ms / 1000 req |\n|---:|---:|---:|---:|---|---:|");
            rates.forEach(rate -> md.append("---:|"));
            md.append("---:|\n");
            for (Map<String, Object> r : rows) {
                md.append("| ").append(r.get("workers"));
                if (r.containsKey("failure")) {
                    md.append(" | not measured: ").append(r.get("failure")).append(" |".repeat(rates.size() + 5)).append("\n");
                    continue;
                }
                md.append(" | ").append(ProfileMatrix.num(r.get("throughput_rps"), "%.0f"))
                        .append(" | ").append(ProfileMatrix.num(r.get("throughput_relative_to_direct") instanceof Number n ? n.doubleValue() * 100 : null, "%.1f%%"))
                        .append(" | ").append(ProfileMatrix.relative(r.get("throughput_relative"), (Map<String, Object>) r.get("throughput_relative_spread")))
                        .append(" | ").append(r.getOrDefault("verdict", "-"))
                        .append(" | ").append(ProfileMatrix.num(r.get("per_worker_relative"), "%.2f"));
                Map<String, Object> p99 = (Map<String, Object>) r.getOrDefault("p99_ms_at_rate", Map.of());
                rates.forEach(rate -> md.append(" | ").append(ProfileMatrix.num(p99.get(String.valueOf(rate)), "%.0f")));
                md.append(" | ").append(ProfileMatrix.num(r.get("gateway_cpu_ms_per_1000_requests"), "%.0f")).append(" |\n");
            }
        });
    }
}
