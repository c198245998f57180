package io.gatewaybench.harness.analyse;

import io.gatewaybench.harness.measure.Stats;
import io.gatewaybench.harness.model.Summary;
import io.gatewaybench.harness.plan.Scenario;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A run of several scenarios (scenarios/README.md), judged two ways. Per scenario, every target under it: its
 * throughput relative to its direct baseline (the same page, from the same run), its P99 at each fixed offered
 * rate, its maximum sustainable rate and its CPU per 1,000 requests. Per gateway, what each scenario costs it:
 * its throughput under the scenario over its own under plain, paired round by round (both ran in the same round),
 * with an interval and a verdict as for JVM profiles ({@link ProfileMatrix#judge}: the spread pooled over the
 * gateway's scenarios, Bonferroni over them), and its CPU per request under the scenario over plain's, paired and
 * judged the same way: with two rounds the throughput intervals are wide, and CPU per request is the steadier figure.
 */
public final class ScenarioMatrix {
    private ScenarioMatrix() {
    }

    /** Adds {@code scenarios.by_scenario} and {@code scenarios.cost_vs_plain} to a summary whose run had several scenarios. */
    @SuppressWarnings("unchecked")
    static void apply(Map<String, Object> summary) {
        if (!(summary.get("scenarios") instanceof Map<?, ?> raw)) {
            return;
        }
        Map<String, Object> scenarios = (Map<String, Object>) raw;
        List<Map<String, Object>> targets = (List<Map<String, Object>>) summary.get("targets");
        List<Integer> rates = rates(summary);
        Map<String, Object> byScenario = new LinkedHashMap<>();
        for (Map<String, Object> s : (List<Map<String, Object>>) scenarios.get("list")) {
            String name = (String) s.get("name");
            List<Map<String, Object>> rows = new ArrayList<>();
            for (Map<String, Object> t : targets) {
                if (name.equals(scenarioOf(t))) {
                    rows.add(scenarioRow(t, rates));
                }
            }
            for (Map<String, String> n : (List<Map<String, String>>) scenarios.getOrDefault("not_available", List.of())) {
                if (name.equals(n.get("scenario"))) {
                    Map<String, Object> row = new LinkedHashMap<>();
                    row.put("target", n.get("target"));
                    row.put("not_available", n.get("reason"));
                    rows.add(row);
                }
            }
            byScenario.put(name, rows);
        }
        scenarios.put("by_scenario", byScenario);

        Map<String, Object> cost = new LinkedHashMap<>();
        for (Map<String, Object> plain : targets) {
            if (!Scenario.PLAIN.equals(scenarioOf(plain)) || "direct".equals(plain.get("name"))) {
                continue;
            }
            List<Map<String, Object>> rows = new ArrayList<>();
            for (Map<String, Object> t : targets) {
                if (t != plain && plain.get("name").equals(plainOf(t)) && !Scenario.PLAIN.equals(scenarioOf(t))) {
                    rows.add(costRow(t, plain, targets));
                }
            }
            ProfileMatrix.judge(rows, "scenarios");
            ProfileMatrix.judge(rows, "scenarios", ProfileMatrix.Figure.CPU_PER_REQUEST);
            cost.put((String) plain.get("name"), rows);
        }
        scenarios.put("cost_vs_plain", cost);
    }

    /** The target's scenario; by its name ({@code <target>:<scenario>}) where an early summary did not record it. */
    private static String scenarioOf(Map<String, Object> t) {
        String name = String.valueOf(t.get("name"));
        return String.valueOf(t.getOrDefault("scenario", name.contains(Scenario.SEPARATOR)
                ? name.substring(name.lastIndexOf(Scenario.SEPARATOR) + 1) : Scenario.PLAIN));
    }

    private static Object plainOf(Map<String, Object> t) {
        String name = String.valueOf(t.get("name"));
        return t.getOrDefault("plain", name.contains(Scenario.SEPARATOR) ? name.substring(0, name.lastIndexOf(Scenario.SEPARATOR)) : name);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> scenarioRow(Map<String, Object> t, List<Integer> rates) {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("target", t.get("name"));
        r.put("baseline", t.getOrDefault("baseline", "direct"));
        if (!ProfileMatrix.measured(t)) {
            r.put("failure", t.getOrDefault("failure", "not measured"));
            return r;
        }
        r.put("throughput_rps", t.get("throughput_rps"));
        if (t.get("relative_to_direct") instanceof Map<?, ?> rel) {
            r.put("throughput_relative_to_direct", rel.get("throughput"));
            r.put("within_noise_of_direct", rel.get("within_noise_of_direct"));
        }
        if (t.get("spread") instanceof Map<?, ?> spread && spread.get("throughput_relative_to_direct") instanceof Map<?, ?> tp) {
            r.put("throughput_relative_to_direct_spread", tp);
        }
        r.put("p99_ms_at_rate", p99AtRates(t, rates));
        Map<String, Object> best = Analysis.firstObjective(t);
        if (best != null) {
            r.put("max_sustainable_rps", best.get("rate_rps"));
            r.put("max_sustainable_objective", best.get("objective"));
        }
        r.put("gateway_cpu_ms_per_1000_requests", ProfileMatrix.median(ProfileMatrix.cpuPerRound(t)));
        return r;
    }

    /** The target's P99 at each fixed offered rate (median over rounds), or why it has none there. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> p99AtRates(Map<String, Object> t, List<Integer> rates) {
        Map<String, Object> p99 = new LinkedHashMap<>();
        if (t.get("fixed_rate") instanceof List<?> levels) {
            for (Map<String, Object> level : (List<Map<String, Object>>) levels) {
                Object value = level.get("latency_ms") instanceof Map<?, ?> l ? l.get("p99") : null;
                boolean overloaded = level.get("rounds_overloaded") instanceof Number o && o.longValue() > 0;
                p99.put(String.valueOf(level.get("rate_rps")), value == null ? (overloaded ? "overloaded" : "not reached") : value);
            }
        }
        rates.forEach(rate -> p99.putIfAbsent(String.valueOf(rate), "not reached"));
        return p99;
    }

    /** The ladder's offered rates of the run, none where it had no ladder. */
    @SuppressWarnings("unchecked")
    public static List<Integer> rates(Map<String, Object> summary) {
        return summary.get("ladder") instanceof Map<?, ?> ladder
                ? ((List<Number>) ladder.get("rates_rps")).stream().map(Number::intValue).toList() : List.of();
    }

    private static Map<String, Object> costRow(Map<String, Object> t, Map<String, Object> plain, List<Map<String, Object>> targets) {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("scenario", scenarioOf(t));
        r.put("target", t.get("name"));
        if (!ProfileMatrix.measured(t) || !ProfileMatrix.measured(plain)) {
            r.put("failure", ProfileMatrix.measured(t) ? "plain not measured" : t.getOrDefault("failure", "not measured"));
            return r;
        }
        r.put("throughput_rps", t.get("throughput_rps"));
        Map<String, Object> tp = relativeToPlain(t, plain, targets);
        r.put("throughput_relative", tp.get("median"));
        r.put("throughput_relative_spread", tp);
        Map<String, Object> cpu = ProfileMatrix.paired(t, plain, ProfileMatrix::cpuPerRound);
        r.put("gateway_cpu_ms_per_1000_requests", ProfileMatrix.median(ProfileMatrix.cpuPerRound(t)));
        r.put("cpu_per_request_relative", cpu.get("median"));
        r.put("cpu_per_request_relative_spread", cpu);
        return r;
    }

    /**
     * Round by round, the target's share of its direct baseline over the same gateway's share of direct under plain.
     * Under a duty both baselines are the same direct run, so this is the target's throughput over plain's; under a
     * response size it is how much of direct's throughput the gateway keeps for that file against the book page
     * (the origin's own cost differs between the two pages, and cancels).
     */
    private static Map<String, Object> relativeToPlain(Map<String, Object> t, Map<String, Object> plain, List<Map<String, Object>> targets) {
        double[] mine = share(t, targets);
        double[] theirs = share(plain, targets);
        int n = Math.min(mine.length, theirs.length);
        if (n == 0) {
            return Map.of("median", "n/a");
        }
        double[] ratio = new double[n];
        for (int i = 0; i < n; i++) {
            ratio[i] = mine[i] / theirs[i];
        }
        return Stats.range(ratio);
    }

    /** Each round's throughput over its baseline's ({@link Analysis#pairedRatios}: bracketed where direct ran once more). */
    private static double[] share(Map<String, Object> t, List<Map<String, Object>> targets) {
        String baseline = String.valueOf(t.getOrDefault("baseline", "direct"));
        Map<String, Object> base = targets.stream().filter(x -> baseline.equals(x.get("name")) && ProfileMatrix.measured(x)).findFirst().orElse(null);
        if (base == null) {
            return new double[0];
        }
        double[] throughput = Analysis.roundValues(t, "throughput_rps");
        double[] direct = Analysis.roundValues(base, "throughput_rps");
        return direct.length < throughput.length ? new double[0] : Analysis.pairedRatios(throughput, direct);
    }

    // bridge until analyse is typed
    public static List<Integer> rates(Summary s) { return s.ladder() == null ? List.of() : s.ladder().ratesRps(); }
}
