package io.gatewaybench.harness;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * A run of several JVM profiles, judged per gateway: each profile's throughput and closed-loop P99
 * relative to the reference profile's (the first named), paired round by round as targets are paired
 * with direct, with an interval of the ratio; its CPU and memory cost; and what its JVM showed
 * (start, warm-up, GC pauses and allocation over the measured window). A profile whose throughput
 * interval holds 1 is "within the noise" of the reference.
 *
 * <p>The two-round run results/20261123-212433 called two of its 40 comparisons differences (two scg
 * profiles at 104.8% and 102.5%), and a three-round rerun did not repeat them: two ratios that agree by
 * chance make a narrow interval from one degree of freedom, and 40 intervals at 95% each miss about
 * twice by chance. So the round-to-round spread is pooled over a gateway's profiles, and the k
 * intervals hold together at 95% (Bonferroni), as {@link #judge} says.
 */
final class ProfileMatrix {
    /** The chance that any of a gateway's intervals misses, all together. */
    static final double FAMILY_ERROR = 0.05;

    private ProfileMatrix() {
    }

    /** Adds {@code jvm_profiles.by_gateway} to a summary whose run had several profiles. */
    @SuppressWarnings("unchecked")
    static void apply(Map<String, Object> summary) {
        if (!(summary.get("jvm_profiles") instanceof Map<?, ?> raw)) {
            return;
        }
        Map<String, Object> profiles = (Map<String, Object>) raw;
        String reference = (String) profiles.get("reference");
        Map<String, List<Map<String, Object>>> byGateway = new LinkedHashMap<>();
        for (Map<String, Object> t : (List<Map<String, Object>>) summary.get("targets")) {
            // under plain: a scenario's cost is judged by ScenarioMatrix, against the same profile under plain
            if (t.get("gateway") instanceof String g && t.get("jvm_profile") != null && Scenario.PLAIN.equals(t.getOrDefault("scenario", Scenario.PLAIN))) {
                byGateway.computeIfAbsent(g, k -> new ArrayList<>()).add(t);
            }
        }
        Map<String, Object> judged = new LinkedHashMap<>();
        byGateway.forEach((gateway, variants) -> {
            Map<String, Object> base = variants.stream().filter(v -> reference.equals(v.get("jvm_profile")) && measured(v))
                    .findFirst().orElse(null);
            List<Map<String, Object>> rows = new ArrayList<>();
            for (Map<String, Object> v : variants) {
                rows.add(row(v, base));
            }
            judge(rows);
            rows.sort(Comparator.comparing((Map<String, Object> r) -> r.get("throughput_relative") instanceof Number n ? -n.doubleValue()
                    : Double.MAX_VALUE));
            judged.put(gateway, rows);
        });
        profiles.put("by_gateway", judged);
    }

    /** The target ran and has rounds to judge. */
    static boolean measured(Map<String, Object> t) {
        return !t.containsKey("failure") && t.get("rounds") instanceof List<?> r && !r.isEmpty();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> row(Map<String, Object> v, Map<String, Object> base) {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("profile", v.get("jvm_profile"));
        r.put("target", v.get("name"));
        if (!measured(v)) {
            r.put("failure", v.getOrDefault("failure", "not measured"));
            return r;
        }
        r.put("throughput_rps", v.get("throughput_rps"));
        r.put("p99_ms", ((Map<String, Object>) v.get("latency_ms")).get("p99"));
        if (base != null && base != v) {
            Map<String, Object> tp = paired(v, base, t -> Analysis.roundValues(t, "throughput_rps"));
            r.put("throughput_relative", tp.get("median"));
            r.put("throughput_relative_spread", tp);
            r.put("p99_relative_spread", paired(v, base, t -> perRound(t, round -> ((Map<String, Object>) round.get("latency_ms")).get("p99"))));
        } else if (base == v) {
            r.put("throughput_relative", 1.0);
            r.put("verdict", "reference");
        }
        r.put("gateway_cpu_ms_per_1000_requests", median(cpuPerRound(v)));
        double[] memory = perRound(v, round -> gatewayCost(round, "peak_pss_mb"));
        r.put("gateway_peak_pss_mb", memory.length == 0 ? null : RunSummary.round(java.util.Arrays.stream(memory).max().orElseThrow()));
        r.put("first_answer_ms", median(perRound(v, round -> runtime(round, "first_answer_ms"))));
        r.put("steady_after_s", median(perRound(v, round -> runtime(round, "steady_after_s"))));
        r.put("gc_pauses", median(perRound(v, round -> jfr(round, "pauses", "count"))));
        r.put("gc_pause_total_ms", median(perRound(v, round -> jfr(round, "pauses", "total_ms"))));
        r.put("gc_pause_max_ms", median(perRound(v, round -> jfr(round, "pauses", "max_ms"))));
        r.put("gc_pause_p99_ms", median(perRound(v, round -> jfr(round, "pauses", "p99_ms"))));
        r.put("allocated_bytes_per_request", median(perRound(v, round -> runtime(round, "allocated_bytes_per_request"))));
        ((List<Map<String, Object>>) v.get("rounds")).stream().map(round -> runtime(round, "jfr"))
                .filter(j -> j instanceof Map<?, ?> m && m.get("error") != null).findFirst()
                .ifPresent(j -> r.put("jfr_error", ((Map<?, ?>) j).get("error")));
        return r;
    }

    /** The variant's figure over the reference's, round k with round k: both ran in the same round, minutes apart. */
    static Map<String, Object> paired(Map<String, Object> v, Map<String, Object> base, Function<Map<String, Object>, double[]> figure) {
        double[] mine = figure.apply(v);
        double[] theirs = figure.apply(base);
        int n = Math.min(mine.length, theirs.length);
        double[] ratio = new double[n];
        for (int i = 0; i < n; i++) {
            ratio[i] = theirs[i] == 0 ? Double.NaN : mine[i] / theirs[i];
        }
        if (n == 0 || java.util.Arrays.stream(ratio).anyMatch(Double::isNaN)) {
            return Map.of("median", "n/a");
        }
        return Analysis.Stats.range(ratio);
    }

    /**
     * Each compared profile's throughput interval and verdict. The spread of a profile's per-round
     * ratios is the noise of one measurement, the same for every profile of the gateway, so it is
     * estimated from all of them together (pooled, with the degrees of freedom of all their rounds):
     * two rounds alone give one degree of freedom, and two ratios that happen to agree give an
     * interval far narrower than the machine's noise. The interval is Student's t on the logarithms,
     * at 1 - 0.05/k for k compared profiles (Bonferroni), so that all k hold together at 95%.
     */
    static void judge(List<Map<String, Object>> rows) {
        judge(rows, "profiles");
    }

    /** {@link #judge(List)} of a gateway's variants of one kind: its profiles, or its scenarios. */
    static void judge(List<Map<String, Object>> rows, String variants) {
        judge(rows, variants, Figure.THROUGHPUT);
    }

    /** A paired figure {@link #judge} can give a verdict on: where its per-round ratios are, where the verdict goes, and its words. */
    record Figure(String spread, String verdict, String above, String below) {
        static final Figure THROUGHPUT = new Figure("throughput_relative_spread", "verdict", "more throughput", "less throughput");
        static final Figure CPU_PER_REQUEST = new Figure("cpu_per_request_relative_spread", "cpu_verdict", "more CPU per request",
                "less CPU per request");
    }

    /** {@link #judge(List)} of one paired figure of the rows. */
    @SuppressWarnings("unchecked")
    static void judge(List<Map<String, Object>> rows, String variants, Figure figure) {
        List<Map<String, Object>> spreads = rows.stream().map(r -> r.get(figure.spread())).filter(s -> s instanceof Map<?, ?> m
                && m.get("values") instanceof List<?>).map(s -> (Map<String, Object>) s).toList();
        double squares = 0;
        int freedom = 0;
        for (Map<String, Object> s : spreads) {
            double[] logs = logs(s);
            double mean = java.util.Arrays.stream(logs).average().orElse(0);
            squares += java.util.Arrays.stream(logs).map(x -> (x - mean) * (x - mean)).sum();
            freedom += logs.length - 1;
        }
        double level = 1 - FAMILY_ERROR / Math.max(1, spreads.size());
        for (Map<String, Object> r : rows) {
            if (!(r.get(figure.spread()) instanceof Map<?, ?> raw) || !spreads.contains(raw)) {
                continue;
            }
            Map<String, Object> s = (Map<String, Object>) raw;
            s.remove("ci95_low");
            s.remove("ci95_high");
            double[] logs = logs(s);
            if (freedom > 0 && java.util.Arrays.stream(logs).allMatch(Double::isFinite)) {
                double mean = java.util.Arrays.stream(logs).average().orElseThrow();
                double half = new org.apache.commons.math3.distribution.TDistribution(freedom).inverseCumulativeProbability(1 - (1 - level) / 2)
                        * Math.sqrt(squares / freedom / logs.length);
                s.put("ci_low", RunSummary.round(Math.exp(mean - half)));
                s.put("ci_high", RunSummary.round(Math.exp(mean + half)));
                s.put("ci_level", RunSummary.round(level));
                s.put("ci_method", "Student's t on log ratios, spread pooled over the gateway's " + spreads.size()
                        + " compared " + variants + " (" + freedom + " degrees of freedom), Bonferroni over them");
            }
            r.put(figure.verdict(), verdict(s, figure));
        }
    }

    private static double[] logs(Map<String, Object> spread) {
        return ((List<?>) spread.get("values")).stream().mapToDouble(v -> v instanceof Number n && n.doubleValue() > 0
                ? Math.log(n.doubleValue()) : Double.NaN).toArray();
    }

    /** "within the noise" when the interval of the paired ratio holds 1; the figure's "above"/"below" otherwise; one round: unknown. */
    private static String verdict(Map<String, Object> spread, Figure figure) {
        if (!(interval(spread, "low") instanceof Number low) || !(interval(spread, "high") instanceof Number high)) {
            return "no interval (one round)";
        }
        if (low.doubleValue() <= 1 && high.doubleValue() >= 1) {
            return "within the noise";
        }
        return low.doubleValue() > 1 ? figure.above() : figure.below();
    }

    /** One number of each round where the round has it. */
    @SuppressWarnings("unchecked")
    static double[] perRound(Map<String, Object> t, Function<Map<String, Object>, Object> figure) {
        return ((List<Map<String, Object>>) t.get("rounds")).stream().map(figure).filter(o -> o instanceof Number)
                .mapToDouble(o -> ((Number) o).doubleValue()).toArray();
    }

    /** The gateway's CPU per 1,000 requests of each round that measured it. */
    static double[] cpuPerRound(Map<String, Object> t) {
        return perRound(t, round -> gatewayCost(round, "cpu_ms_per_1000_requests"));
    }

    static Object median(double[] values) {
        return values.length == 0 ? null : RunSummary.round(Analysis.Stats.median(values));
    }

    @SuppressWarnings("unchecked")
    static Object gatewayCost(Map<String, Object> round, String key) {
        return round.get("resources") instanceof Map<?, ?> res && res.get("gateway") instanceof Map<?, ?> g ? ((Map<String, Object>) g).get(key) : null;
    }

    @SuppressWarnings("unchecked")
    private static Object runtime(Map<String, Object> round, String key) {
        return round.get("runtime") instanceof Map<?, ?> rt ? ((Map<String, Object>) rt).get(key) : null;
    }

    @SuppressWarnings("unchecked")
    private static Object jfr(Map<String, Object> round, String group, String key) {
        return runtime(round, "jfr") instanceof Map<?, ?> jfr && jfr.get(group) instanceof Map<?, ?> g ? ((Map<String, Object>) g).get(key) : null;
    }

    /** The ranked table per gateway, and the profiles that could not run. */
    @SuppressWarnings("unchecked")
    static void markdown(Map<String, Object> summary, StringBuilder md) {
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

    /** An interval's end ({@link #judge}). */
    private static Object interval(Map<String, Object> spread, String end) {
        return spread.get("ci_" + end);
    }

    static String num(Object v, String format) {
        return v instanceof Number n ? String.format(Locale.ROOT, format, n.doubleValue()) : "-";
    }
}
