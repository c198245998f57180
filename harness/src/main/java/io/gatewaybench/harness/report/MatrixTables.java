package io.gatewaybench.harness.report;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The tables of the matrices the analysis judged, for summary.md (JVM profiles per gateway, scenarios per scenario and
 * per gateway, the workers sweep) and details.md (the top frames of a {@code --jfr} run): every figure, interval and
 * verdict as the analysed summary holds it ({@code ProfileMatrix}, {@code ScenarioMatrix}, {@code WorkersMatrix}).
 */
final class MatrixTables {
    private MatrixTables() {
    }

    /** The ranked table per gateway, and the profiles that could not run. */
    @SuppressWarnings("unchecked")
    static void profiles(Map<String, Object> summary, StringBuilder md) {
        if (!(summary.get("jvm_profiles") instanceof Map<?, ?> raw) || !(raw.get("by_gateway") instanceof Map<?, ?> byGateway)) {
            return;
        }
        Map<String, Object> profiles = (Map<String, Object>) raw;
        md.append("\n## JVM profiles\n\n");
        md.append("Each JVM gateway ran under each profile as a target of its own, in the same rounds. Per gateway, ranked by throughput ")
                .append("relative to the reference profile `").append(profiles.get("reference")).append("`: the median of the per-round ")
                .append("ratios (each round's run over the reference's run of the same round) with its interval, *within the noise* ")
                .append("where it holds 1. The intervals of one gateway's k profiles hold together at 95% (each at 1 - 0.05/k, Bonferroni): ")
                .append("k comparisons at 95% each would show one difference in twenty that is not there. The round-to-round spread ")
                .append("behind them is pooled over the k profiles: two rounds alone give one degree of freedom. ")
                .append("P99 is the closed loop's (it mirrors throughput). CPU per 1,000 requests and peak ")
                .append("memory (PSS) of the gateway over the measured window; GC pauses and allocation from a JDK Flight Recorder ")
                .append("recording of the same window; first answer: from the process's start to its first correct page; steady: seconds of ")
                .append("warm-up load until it served 90% of its measured rate for 3 s in a row (- : not within the warm-up). ")
                .append("Profiles: `infra/jvm/` (`jvm_profiles.profiles` in summary.json).\n");
        ((Map<String, List<Map<String, Object>>>) byGateway).forEach((gateway, rows) -> {
            md.append("\n### ").append(gateway).append("\n\n");
            md.append("| profile | req/s | throughput vs reference (interval) | verdict | P99 ms | P99 vs reference | CPU ms / 1000 req | peak MB | GC pauses | pause total ms | pause max ms | pause P99 ms | alloc KB / req | first answer ms | steady after s |\n");
            md.append("|---|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
            for (Map<String, Object> r : rows) {
                md.append("| ").append(r.get("profile"));
                if (r.containsKey("failure")) {
                    md.append(" | not measured: ").append(r.get("failure")).append(" ||||||||||||||\n");
                    continue;
                }
                md.append(" | ").append(num(r.get("throughput_rps"), "%.0f"))
                        .append(" | ").append(relative(r.get("throughput_relative"), (Map<String, Object>) r.get("throughput_relative_spread")))
                        .append(" | ").append(r.getOrDefault("verdict", "-"))
                        .append(" | ").append(num(r.get("p99_ms"), "%.1f"))
                        .append(" | ").append(r.get("p99_relative_spread") instanceof Map<?, ?> p ? num(p.get("median"), "%.2fx") : "-")
                        .append(" | ").append(num(r.get("gateway_cpu_ms_per_1000_requests"), "%.0f"))
                        .append(" | ").append(num(r.get("gateway_peak_pss_mb"), "%.0f"))
                        .append(" | ").append(num(r.get("gc_pauses"), "%.0f"))
                        .append(" | ").append(num(r.get("gc_pause_total_ms"), "%.1f"))
                        .append(" | ").append(num(r.get("gc_pause_max_ms"), "%.2f"))
                        .append(" | ").append(num(r.get("gc_pause_p99_ms"), "%.2f"))
                        .append(" | ").append(r.get("allocated_bytes_per_request") instanceof Number b ? String.format(Locale.ROOT, "%.1f", b.doubleValue() / 1024) : "-")
                        .append(" | ").append(num(r.get("first_answer_ms"), "%.0f"))
                        .append(" | ").append(num(r.get("steady_after_s"), "%.0f")).append(" |\n");
            }
        });
        ((Map<String, List<Map<String, Object>>>) byGateway).forEach((gateway, rows) -> rows.stream().filter(r -> r.get("jfr_error") != null)
                .forEach(r -> md.append("\n**").append(r.get("target")).append(": no GC figures**, its recording could not be read: ")
                        .append(r.get("jfr_error")).append("\n")));
        List<Map<String, Object>> unavailable = (List<Map<String, Object>>) profiles.getOrDefault("not_available", List.of());
        if (!unavailable.isEmpty()) {
            md.append("\nNot available:\n\n");
            unavailable.forEach(u -> md.append("- ").append(u.get("gateway")).append(" under `").append(u.get("profile")).append("`: ")
                    .append(u.get("reason")).append("\n"));
        }
    }

    /**
     * With {@code --jfr}: each JVM gateway's hottest methods (share of CPU samples) and where it
     * allocates most (share of sampled allocation weight) over round 1's measured window.
     */
    @SuppressWarnings("unchecked")
    static void topFrames(Map<String, Object> summary, StringBuilder md) {
        List<Map<String, Object>> targets = (List<Map<String, Object>>) summary.get("targets");
        List<Map<String, Object>> recorded = targets.stream().filter(t -> t.get("rounds") instanceof List<?> r && !r.isEmpty()
                && jfrOf(t).get("top_cpu_frames") instanceof List<?> f && !f.isEmpty()).toList();
        if (recorded.isEmpty()) {
            return;
        }
        md.append("\n## Top frames (JDK Flight Recorder)\n\n");
        md.append("`--jfr`: each JVM gateway ran with a profiling recording (`targets/<target>-round<k>/gateway.jfr`). The top-of-stack ")
                .append("methods of the CPU samples and of the sampled allocations in round 1's measured window, with their shares. ")
                .append("Open the file in JDK Mission Control, or `jfr print`, for whole stacks.\n");
        for (Map<String, Object> t : recorded) {
            Map<String, Object> jfr = jfrOf(t);
            md.append("\n### ").append(t.get("name")).append("\n\n| CPU samples | share | allocation | share |\n|---|---:|---|---:|\n");
            List<Map<String, Object>> cpu = (List<Map<String, Object>>) jfr.get("top_cpu_frames");
            List<Map<String, Object>> alloc = (List<Map<String, Object>>) jfr.getOrDefault("top_allocation_frames", List.of());
            for (int i = 0; i < Math.min(5, Math.max(cpu.size(), alloc.size())); i++) {
                md.append("| ").append(frameCell(cpu, i)).append(" | ").append(frameCell(alloc, i)).append(" |\n");
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> jfrOf(Map<String, Object> t) {
        Object first = ((List<Map<String, Object>>) t.get("rounds")).get(0).get("runtime");
        return first instanceof Map<?, ?> rt && rt.get("jfr") instanceof Map<?, ?> jfr ? (Map<String, Object>) jfr : Map.of();
    }

    private static String frameCell(List<Map<String, Object>> frames, int i) {
        if (i >= frames.size()) {
            return " | ";
        }
        return "`" + frames.get(i).get("frame") + "` | " + num(frames.get(i).get("share") instanceof Number n ? n.doubleValue() * 100 : null, "%.1f%%");
    }

    /** The table per scenario, then the cost of each scenario per target. */
    @SuppressWarnings("unchecked")
    static void scenarios(Map<String, Object> summary, StringBuilder md) {
        if (!(summary.get("scenarios") instanceof Map<?, ?> raw) || !(raw.get("by_scenario") instanceof Map<?, ?> byScenario)) {
            return;
        }
        Map<String, Object> scenarios = (Map<String, Object>) raw;
        List<Integer> rates = summary.get("ladder") == null ? List.of() : io.gatewaybench.harness.model.Summaries.mapper().convertValue(summary.get("ladder"), io.gatewaybench.harness.model.LadderPlan.class).ratesRps();
        md.append("\n## Scenarios\n\n");
        md.append("What each gateway does on every request besides forwarding it (`scenarios/`; scenarios/README.md). Each ran as a ")
                .append("target of its own, in the same rounds. Every target was checked before it was measured: ")
                .append(scenarios.get("conformance")).append(".\n\n");
        md.append("Per scenario: throughput relative to direct (for the response-size scenarios, direct fetching the same file), ")
                .append("≈ where it is within the noise of direct; P99 at each fixed offered rate (median over rounds; - : overloaded ")
                .append("or not reached); the maximum sustainable rate under the first objective; the gateway's CPU per 1,000 requests.\n");
        if (summary.get("ladder") instanceof Map<?, ?> ladder && ladder.get("absolute_rps") instanceof List<?> absolute && !absolute.isEmpty()) {
            md.append("\nThe offered rates ").append(absolute).append(" req/s are absolute (`--rates`), as GigaOm's 10,000 and 20,000 req/s ")
                    .append("are, scaled down: here one machine's CPUs carry the injector, the gateway and the origin together, and ")
                    .append("the slowest gateways are overloaded well below 10,000 req/s.\n");
        }
        ((Map<String, List<Map<String, Object>>>) byScenario).forEach((name, rows) -> {
            md.append("\n### ").append(name).append("\n\n| target | req/s | % of direct |");
            rates.forEach(rate -> md.append(" P99 ms at ").append(rate).append(" req/s |"));
            md.append(" max sustainable req/s | CPU ms / 1000 req |\n|---|---:|---:|");
            rates.forEach(rate -> md.append("---:|"));
            md.append("---:|---:|\n");
            for (Map<String, Object> r : rows) {
                md.append("| ").append(r.get("target"));
                if (r.containsKey("not_available") || r.containsKey("failure")) {
                    md.append(" | ").append(r.containsKey("not_available") ? "not available: " + r.get("not_available")
                            : "not measured: " + r.get("failure")).append(" |".repeat(rates.size() + 3)).append("\n");
                    continue;
                }
                md.append(" | ").append(num(r.get("throughput_rps"), "%.0f"))
                        .append(" | ").append(num(r.get("throughput_relative_to_direct") instanceof Number n ? n.doubleValue() * 100 : null, "%.1f%%"))
                        .append(r.get("within_noise_of_direct") != null ? " ≈" : "");
                Map<String, Object> p99 = (Map<String, Object>) r.getOrDefault("p99_ms_at_rate", Map.of());
                rates.forEach(rate -> md.append(" | ").append(num(p99.get(String.valueOf(rate)), "%.0f")));
                md.append(" | ").append(num(r.get("max_sustainable_rps"), "%.0f"))
                        .append(" | ").append(num(r.get("gateway_cpu_ms_per_1000_requests"), "%.0f")).append(" |\n");
            }
        });
        md.append("\n### What each scenario costs each gateway\n\n");
        md.append("Throughput under the scenario relative to the same gateway's under plain, the median of the per-round ratios (both ")
                .append("ran in the same round) with its interval; for a response size, the share of direct's throughput the gateway keeps ")
                .append("for that file (direct fetching it too) over its share for the book page; the intervals of one gateway's scenarios hold together at 95% ")
                .append("(Bonferroni, the spread pooled over them, as for JVM profiles). The gateway's CPU per request relative to plain's, ")
                .append("paired and judged the same way: it does not depend on how many requests the load could send. ")
                .append("A drop of x% is the published studies' \"drops by x%\".\n");
        ((Map<String, List<Map<String, Object>>>) scenarios.getOrDefault("cost_vs_plain", Map.of())).forEach((gateway, rows) -> {
            md.append("\n#### ").append(gateway).append("\n\n| scenario | req/s | throughput vs plain (interval) | verdict | CPU ms / 1000 req | CPU per request vs plain (interval) | CPU verdict |\n")
                    .append("|---|---:|---:|---|---:|---:|---|\n");
            for (Map<String, Object> r : rows) {
                md.append("| ").append(r.get("scenario"));
                if (r.containsKey("failure")) {
                    md.append(" | not measured: ").append(r.get("failure")).append(" ||||||\n");
                    continue;
                }
                md.append(" | ").append(num(r.get("throughput_rps"), "%.0f"))
                        .append(" | ").append(relative(r.get("throughput_relative"), (Map<String, Object>) r.get("throughput_relative_spread")))
                        .append(" | ").append(r.getOrDefault("verdict", "-"))
                        .append(" | ").append(num(r.get("gateway_cpu_ms_per_1000_requests"), "%.0f"))
                        .append(" | ").append(factor(r.get("cpu_per_request_relative"), (Map<String, Object>) r.get("cpu_per_request_relative_spread")))
                        .append(" | ").append(r.getOrDefault("cpu_verdict", "-")).append(" |\n");
            }
        });
        List<Map<String, String>> unavailable = (List<Map<String, String>>) scenarios.getOrDefault("not_available", List.of());
        List<Map<String, String>> gateways = unavailable.stream().filter(u -> !"direct".equals(u.get("target"))).toList();
        if (!gateways.isEmpty()) {
            md.append("\nNot available:\n\n");
            gateways.forEach(u -> md.append("- ").append(u.get("target")).append(" under `").append(u.get("scenario")).append("`: ")
                    .append(u.get("reason")).append("\n"));
        }
    }

    /** One table per swept gateway. */
    @SuppressWarnings("unchecked")
    static void workers(Map<String, Object> summary, StringBuilder md) {
        if (!(summary.get("workers_sweep") instanceof Map<?, ?> raw) || !(raw.get("by_gateway") instanceof Map<?, ?> byGateway)) {
            return;
        }
        List<Integer> rates = summary.get("ladder") == null ? List.of() : io.gatewaybench.harness.model.Summaries.mapper().convertValue(summary.get("ladder"), io.gatewaybench.harness.model.LadderPlan.class).ratesRps();
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
                md.append(" | ").append(num(r.get("throughput_rps"), "%.0f"))
                        .append(" | ").append(num(r.get("throughput_relative_to_direct") instanceof Number n ? n.doubleValue() * 100 : null, "%.1f%%"))
                        .append(" | ").append(relative(r.get("throughput_relative"), (Map<String, Object>) r.get("throughput_relative_spread")))
                        .append(" | ").append(r.getOrDefault("verdict", "-"))
                        .append(" | ").append(num(r.get("per_worker_relative"), "%.2f"));
                Map<String, Object> p99 = (Map<String, Object>) r.getOrDefault("p99_ms_at_rate", Map.of());
                rates.forEach(rate -> md.append(" | ").append(num(p99.get(String.valueOf(rate)), "%.0f")));
                md.append(" | ").append(num(r.get("gateway_cpu_ms_per_1000_requests"), "%.0f")).append(" |\n");
            }
        });
    }

    static String relative(Object median, Map<String, Object> spread) {
        if (!(median instanceof Number m)) {
            return "-";
        }
        String s = String.format(Locale.ROOT, "%.1f%%", m.doubleValue() * 100);
        if (spread != null && interval(spread, "low") instanceof Number lo && interval(spread, "high") instanceof Number hi) {
            s += String.format(Locale.ROOT, " (%.1f-%.1f)", lo.doubleValue() * 100, hi.doubleValue() * 100);
        }
        return s;
    }

    /** A ratio as a factor, {@code 1.57x (1.20-2.05)}, with its interval where it has one. */
    static String factor(Object median, Map<String, Object> spread) {
        if (!(median instanceof Number m)) {
            return "-";
        }
        String s = String.format(Locale.ROOT, "%.2fx", m.doubleValue());
        if (spread != null && interval(spread, "low") instanceof Number lo && interval(spread, "high") instanceof Number hi) {
            s += String.format(Locale.ROOT, " (%.2f-%.2f)", lo.doubleValue(), hi.doubleValue());
        }
        return s;
    }

    /** An interval's end, where the analysis gave the spread one ({@code ProfileMatrix.judge}). */
    private static Object interval(Map<String, Object> spread, String end) {
        return spread.get("ci_" + end);
    }

    static String num(Object v, String format) {
        return v instanceof Number n ? String.format(Locale.ROOT, format, n.doubleValue()) : "-";
    }
}
