package io.gatewaybench.harness.analyse;

import io.gatewaybench.harness.measure.Ladder;
import io.gatewaybench.harness.model.Summaries;
import io.gatewaybench.harness.model.Summary;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The judgements of a run in words: the notes under summary.md's {@code ## Notes}, which report.html shows too (Markdown;
 * a warning starts in bold). A target not measured or with failed requests, Gatling's failures, a proxy measured above
 * direct, an injector that was the limit or sent late, the ceiling of the setup, and targets whose figures overlap over
 * rounds: each rule lives here, and the report only shows what it says.
 */
public final class Notes {
    private Notes() {
    }

    /** A run that stopped early or lost a target says so first, with why (summary.json's {@code incomplete_because}). */
    public static String incomplete(Map<String, Object> s) {
        return "**Incomplete run**: " + (s.get("incomplete_because") instanceof List<?> why ? String.join("; ", why.stream().map(String::valueOf).toList())
                : "no reason recorded") + ".";
    }

    /** The notes under summary.md's {@code ## Notes} (Markdown; a warning starts in bold), also shown in report.html. */
    @SuppressWarnings("unchecked")
    public static List<String> of(Map<String, Object> s) {
        List<Map<String, Object>> targets = (List<Map<String, Object>>) s.get("targets");
        List<String> notes = new ArrayList<>();
        if (Boolean.FALSE.equals(s.get("complete"))) {
            notes.add(incomplete(s));
        }
        for (Map<String, Object> t : targets) {
            if (t.containsKey("failure")) {
                notes.add("**" + t.get("name") + " was not measured**: " + t.get("failure"));
            } else if (((Number) t.getOrDefault("errors", 0)).longValue() > 0) {
                notes.add(String.format(Locale.ROOT, "**%s had %s failed requests** (%.2f%% of %s in all rounds; wrong status or wrong page): "
                        + "its figures are not comparable.", t.get("name"), t.get("errors"),
                        ((Number) t.getOrDefault("error_share", 0)).doubleValue() * 100, t.get("requests")));
            }
            if (t.get("gatling") instanceof List<?> runs) {
                for (Object o : runs) {
                    Map<String, Object> g = (Map<String, Object>) o;
                    List<?> failed = (List<?>) g.get("failed_assertions");
                    if (((Number) g.get("exit_code")).intValue() != 0 || (failed != null && !failed.isEmpty()) || g.get("cut_short") != null) {
                        notes.add("**" + t.get("name") + ", round " + g.get("round") + ": Gatling exited with " + g.get("exit_code")
                                + (failed == null || failed.isEmpty() ? "" : ", failed assertions: " + failed)
                                + (g.get("cut_short") == null ? "" : "; cut short: " + g.get("cut_short")) + "**.");
                    }
                }
            }
            if (t.get("relative_to_direct") instanceof Map<?, ?> rel && rel.get("throughput") instanceof Number tp
                    && !"direct".equals(t.get("name")) && tp.doubleValue() > 1.1) {
                notes.add(String.format(Locale.ROOT, "**%s measured at %.0f%% of direct**: a proxy in front of the same origin cannot "
                        + "serve more than the origin does; direct was probably not warm yet (a quick run) or the machine changed between "
                        + "the runs. Do not read this as a speed-up.", t.get("name"), tp.doubleValue() * 100));
            }
            if (t.get("wrk_cross_check") instanceof List<?> checks
                    && checks.stream().map(c -> (Map<String, Object>) c) // an invalid check has no verdict
                            .anyMatch(c -> !Boolean.FALSE.equals(c.get("valid")) && Boolean.TRUE.equals(c.get("injector_limited")))) {
                notes.add("**" + t.get("name") + ": the injector was the limit** (wrk got clearly more than Gatling): its Gatling throughput understates the target.");
            }
        }
        notes.addAll(ladder(targets));
        if (((Number) s.get("rounds")).intValue() < 2) {
            notes.add("One round: no spread is known. On a shared 2-CPU machine, differences of a few percent are within the noise; use --rounds=3 or more.");
        } else {
            notes.addAll(overlaps(targets));
        }
        notes.add("Gatling records whole milliseconds: where direct's figure is 0 ms its multiple is n/a, and differences under 1 ms do not show.");
        Map<String, Object> load = (Map<String, Object>) s.get("load");
        if ("closed".equals(load.get("model"))) {
            notes.add("Closed model: latency in the table above mirrors throughput (users x 1/latency = req/s); "
                    + (s.containsKey("ladder") ? "compare tails at fixed rates (the ladder in report.html and details.md)." : "compare tails at fixed rates (--levels, --rates)."));
        }
        return notes;
    }

    /** Pairs of targets whose throughput ranges over rounds overlap: the order between them is not established. */
    @SuppressWarnings("unchecked")
    static List<String> overlaps(List<Map<String, Object>> targets) {
        List<String> notes = new ArrayList<>();
        for (int i = 0; i < targets.size(); i++) {
            for (int j = i + 1; j < targets.size(); j++) {
                if (overlap(targets.get(i), targets.get(j))) {
                    Map<String, Double> ra = (Map<String, Double>) ((Map<String, Object>) targets.get(i).get("spread")).get("throughput_rps");
                    Map<String, Double> rb = (Map<String, Double>) ((Map<String, Object>) targets.get(j).get("spread")).get("throughput_rps");
                    notes.add(String.format(Locale.ROOT, "**Within the noise**: %s and %s overlap in throughput over rounds (%.0f-%.0f vs %.0f-%.0f req/s); "
                            + "the difference between them is not established.", targets.get(i).get("name"), targets.get(j).get("name"),
                            ra.get("min"), ra.get("max"), rb.get("min"), rb.get("max")));
                }
            }
        }
        return notes;
    }

    /** Whether two targets' throughput ranges over rounds overlap (false where either has no spread). */
    @SuppressWarnings("unchecked")
    static boolean overlap(Map<String, Object> a, Map<String, Object> b) {
        if (!(a.get("spread") instanceof Map<?, ?> sa) || !(b.get("spread") instanceof Map<?, ?> sb)) {
            return false;
        }
        Map<String, Double> ra = (Map<String, Double>) sa.get("throughput_rps");
        Map<String, Double> rb = (Map<String, Double>) sb.get("throughput_rps");
        return ra.get("min") <= rb.get("max") && rb.get("min") <= ra.get("max");
    }

    /** Notes for summary.md: levels where the injector itself fell behind. */
    @SuppressWarnings("unchecked")
    private static List<String> ladder(List<Map<String, Object>> targets) {
        List<String> notes = new ArrayList<>();
        for (Map<String, Object> t : targets) {
            List<Map<String, Object>> levels = (List<Map<String, Object>>) t.get("fixed_rate");
            List<Object> late = levels == null ? List.of() : levels.stream()
                    .filter(l -> ((Number) l.get("send_lag_p99_ms_max")).doubleValue() > Ladder.LATE_SEND_MS).map(l -> l.get("rate_rps")).toList();
            if (!late.isEmpty()) {
                notes.add("**" + t.get("name") + ": the injector sent late** at " + late + " req/s (send lag P99 over "
                        + (int) Ladder.LATE_SEND_MS + " ms in some round): there Gatling, not only the target, shaped the latency.");
            }
        }
        // Direct's own maximum is the ceiling of this setup (injector and origin): no gateway can be shown to go higher.
        Map<String, Object> direct = targets.isEmpty() ? null : Analysis.firstObjective(targets.get(0));
        if (direct != null && "direct".equals(targets.get(0).get("name"))) {
            double ceiling = ((Number) direct.get("rate_rps")).doubleValue();
            List<Object> atCeiling = targets.subList(1, targets.size()).stream().filter(t -> Analysis.firstObjective(t) != null
                    && ((Number) Analysis.firstObjective(t).get("rate_rps")).doubleValue() >= ceiling).map(t -> t.get("name")).toList();
            notes.add(String.format(Locale.ROOT, "Direct's own maximum sustainable rate (%.0f req/s, median) is the ceiling of this setup: "
                    + "above it the injector and the origin, not a gateway, give out%s", ceiling, atCeiling.isEmpty() ? "."
                    : "; " + atCeiling + " reached it, so their true maximum is not measured here, only that it is at least that."));
        }
        // Maximum rates whose ranges over rounds overlap (first objective): their order is not established.
        for (int i = 0; i < targets.size(); i++) {
            for (int j = i + 1; j < targets.size(); j++) {
                Map<String, Object> a = Analysis.firstObjective(targets.get(i));
                Map<String, Object> b = Analysis.firstObjective(targets.get(j));
                if (a == null || b == null || ((List<?>) a.get("rounds")).size() < 2) {
                    continue;
                }
                double aMin = ((Number) a.get("min_rps")).doubleValue();
                double aMax = ((Number) a.get("max_rps")).doubleValue();
                double bMin = ((Number) b.get("min_rps")).doubleValue();
                double bMax = ((Number) b.get("max_rps")).doubleValue();
                if (aMin <= bMax && bMin <= aMax) {
                    notes.add(String.format(Locale.ROOT, "**Within the noise**: %s and %s overlap in maximum sustainable rate over rounds "
                            + "(%.0f-%.0f vs %.0f-%.0f req/s).", targets.get(i).get("name"), targets.get(j).get("name"), aMin, aMax, bMin, bMax));
                }
            }
        }
        return notes;
    }

    // bridge until analyse is typed
    public static List<String> of(Summary s) { return of(Summaries.toMap(s)); }

    // bridge until analyse is typed
    public static String incomplete(Summary s) { return incomplete(Summaries.toMap(s)); }
}
