package io.gatewaybench.harness.analyse;

import io.gatewaybench.harness.measure.Stats;
import io.gatewaybench.harness.model.Precision;
import io.gatewaybench.harness.plan.Scenario;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
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
        r.put("gateway_peak_pss_mb", memory.length == 0 ? null : Precision.round(java.util.Arrays.stream(memory).max().orElseThrow()));
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
        return Stats.range(ratio);
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
                s.put("ci_low", Precision.round(Math.exp(mean - half)));
                s.put("ci_high", Precision.round(Math.exp(mean + half)));
                s.put("ci_level", Precision.round(level));
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
        return values.length == 0 ? null : Precision.round(Stats.median(values));
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

    /** An interval's end ({@link #judge}). */
    private static Object interval(Map<String, Object> spread, String end) {
        return spread.get("ci_" + end);
    }
}
