package io.gatewaybench.harness.report;

import io.gatewaybench.harness.analyse.Analysis;
import io.gatewaybench.harness.measure.Ladder;
import io.gatewaybench.harness.measure.RequestStats;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The fixed-rate ladder's sections of summary.md (the maximum sustainable rate per target and objective) and of
 * details.md (every target at the same rates, every level in full), from the analysed summary.
 */
final class LadderTables {
    private LadderTables() {
    }

    /** details.md's comparison at equal rates: one row per ladder rate, one column per target. */
    @SuppressWarnings("unchecked")
    static void equalRates(Map<String, Object> s, List<Map<String, Object>> targets, StringBuilder md) {
        Map<String, Object> ladder = (Map<String, Object>) s.get("ladder");
        if (ladder == null) {
            return;
        }
        List<Integer> rates = ((List<Number>) ladder.get("rates_rps")).stream().map(Number::intValue).toList();
        Map<String, Object> calibration = (Map<String, Object>) ladder.get("calibration");
        double capacity = calibration == null ? 0 : ((Number) calibration.get("capacity_rps")).doubleValue();
        List<Double> percents = Analysis.percentOfCapacity(io.gatewaybench.harness.model.Summaries.mapper().convertValue(ladder, io.gatewaybench.harness.model.LadderPlan.class));
        md.append("\n## Fixed rates: the same arrival rates for every target\n\n");
        md.append("After its closed measurement, each target gets the same ladder of fixed arrival rates, ascending, ")
                .append(ladder.get("level_s")).append(" s per level");
        if (capacity > 0) {
            md.append(String.format(Locale.ROOT, ", set as %% of direct's capacity (%.0f req/s in the calibration: %s)", capacity, calibration.get("what")));
        }
        md.append(". How time is counted: ").append(ladder.get("timing")).append("\n\n");
        md.append("Each cell: P99 / max in ms, median over the rounds that reached the level; `overloaded k/n`: the target could not keep up ")
                .append("in k of its n rounds; `errors x%`: share of failed requests; `-`: not reached (a lower level overloaded).\n\n");
        md.append("| rate req/s |");
        if (capacity > 0) {
            md.append(" % of direct |");
        }
        targets.forEach(t -> md.append(' ').append(t.get("name")).append(" |"));
        md.append("\n|---:|").append(capacity > 0 ? "---:|" : "").append("---:|".repeat(targets.size())).append('\n');
        for (int i = 0; i < rates.size(); i++) {
            md.append("| ").append(rates.get(i)).append(" |");
            if (capacity > 0) {
                md.append(String.format(Locale.ROOT, " %.0f%% |", percents.get(i)));
            }
            for (Map<String, Object> t : targets) {
                List<Map<String, Object>> levels = (List<Map<String, Object>>) t.get("fixed_rate");
                md.append(' ').append(levels == null || i >= levels.size() ? "n/a" : cell(levels.get(i), rounds(t))).append(" |");
            }
            md.append('\n');
        }
    }

    /** summary.md's maximum sustainable rate per target and objective, with the first failed level of each round. */
    @SuppressWarnings("unchecked")
    static void maxSustainable(Map<String, Object> s, List<Map<String, Object>> targets, StringBuilder md) {
        Map<String, Object> ladder = (Map<String, Object>) s.get("ladder");
        if (ladder == null) {
            return;
        }
        md.append("\n## Maximum sustainable rate\n\n");
        md.append("Per round, the highest ladder level at which the objective holds at that level and at every level below it ")
                .append("(every planned request sent on time, no overload, errors under 0.1%, the latency of every request, failed ones ")
                .append("at their full time, inside the bound); a level the injector sent late is not measured, never a pass. The table ")
                .append("gives the median over rounds (the lower of the middle two: always a rate that was offered) with the lowest and ")
                .append("highest round. The true maximum lies between the rate found and the first level that failed, so the ladder's step ")
                .append("is the resolution. *First failed level*: which and why, per round; *held above it*: higher levels that met the ")
                .append("objective anyway, not counted.\n\n");
        List<Map<String, Object>> objectives = (List<Map<String, Object>>) ladder.get("objectives");
        objectives.forEach(o -> md.append("- `").append(o.get("name")).append("`: ").append(o.get("description")).append('\n'));
        md.append("\n| target |");
        objectives.forEach(o -> md.append(' ').append(o.get("name")).append(" req/s | first failed level | held above it |"));
        md.append("\n|---|").append("---:|---|---|".repeat(objectives.size())).append('\n');
        for (Map<String, Object> t : targets) {
            Map<String, Map<String, Object>> found = (Map<String, Map<String, Object>>) t.get("max_sustainable");
            if (found == null) {
                continue;
            }
            md.append("| ").append(t.get("name")).append(" |");
            for (Map<String, Object> o : objectives) {
                Map<String, Object> f = found.get((String) o.get("name"));
                md.append(String.format(Locale.ROOT, " %.0f (%.0f-%.0f)%s |", ((Number) f.get("rate_rps")).doubleValue(),
                        ((Number) f.get("min_rps")).doubleValue(), ((Number) f.get("max_rps")).doubleValue(),
                        f.containsKey("verdict") ? (Boolean.TRUE.equals(f.get("verdict")) ? ": **yes**" : ": no") : ""));
                List<Map<String, Object>> perRound = (List<Map<String, Object>>) f.get("rounds");
                md.append(' ').append(String.join("; ", perRound.stream().map(r -> r.get("next_level_rps") == null
                        ? "none" : r.get("next_level_rps") + ": " + r.get("next_level_because")).toList())).append(" |");
                List<String> above = perRound.stream().map(r -> (List<?>) r.get("held_above")).filter(l -> l != null && !l.isEmpty())
                        .map(l -> String.join(", ", l.stream().map(String::valueOf).toList())).toList();
                md.append(' ').append(above.isEmpty() ? "none" : String.join("; ", above)).append(" |");
            }
            md.append('\n');
        }
    }

    /** details.md's every level of every target: its spectrum, error share, send lag and probe. */
    @SuppressWarnings("unchecked")
    static void levelsInFull(Map<String, Object> s, List<Map<String, Object>> targets, StringBuilder md) {
        if (s.get("ladder") == null) {
            return;
        }
        md.append("\n## Fixed-rate levels in full\n\n");
        md.append("Latency in ms (Gatling), medians over the rounds that reached the level; send lag: the injector's own lateness ")
                .append("against its schedule (P99, worst round; above ").append((int) Ladder.LATE_SEND_MS)
                .append(" ms the level's latency understates); probe: the microsecond probe's requests during the level, ")
                .append("pooled over rounds. Distributions: `raw/<target>-round<k>/latency-ms-rate-<N>.hgrm`.\n\n");
        md.append("| target | rate | reached | P50 | P90 | P99 | P99.9 | P99.99 | max | errors | send lag P99 | probe µs P50 | probe µs P99 |\n");
        md.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (Map<String, Object> t : targets) {
            List<Map<String, Object>> levels = (List<Map<String, Object>>) t.get("fixed_rate");
            for (int i = 0; levels != null && i < levels.size(); i++) {
                Map<String, Object> l = levels.get(i);
                if (((Number) l.get("rounds_reached")).intValue() == 0) {
                    continue;
                }
                md.append("| ").append(t.get("name")).append(" | ").append(l.get("rate_rps")).append(" | ")
                        .append(l.get("rounds_reached")).append('/').append(rounds(t));
                if (((Number) l.get("rounds_overloaded")).intValue() > 0) {
                    md.append(" (overloaded ").append(l.get("rounds_overloaded")).append(')');
                }
                Map<String, Object> latency = (Map<String, Object>) l.get("latency_ms");
                for (String name : RequestStats.Latency.NAMES) {
                    if (!name.equals("mean")) {
                        md.append(" | ").append(latency == null ? "-" : num(latency.get(name)));
                    }
                }
                Map<String, Object> probe = (Map<String, Object>) l.get("probe_us");
                md.append(String.format(Locale.ROOT, " | %.2f%% | %s | %s | %s |%n", share(l) * 100, num(l.get("send_lag_p99_ms_max")),
                        probe == null ? "-" : num(probe.get("p50")), probe == null ? "-" : num(probe.get("p99"))));
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static String cell(Map<String, Object> level, int rounds) {
        int reached = ((Number) level.get("rounds_reached")).intValue();
        if (reached == 0) {
            return "-";
        }
        int overloaded = ((Number) level.get("rounds_overloaded")).intValue();
        if (overloaded > 0) {
            return "overloaded " + overloaded + "/" + rounds;
        }
        Map<String, Object> latency = (Map<String, Object>) level.get("latency_ms");
        String cell = latency == null ? "all failed" : num(latency.get("p99")) + " / " + num(latency.get("max"));
        if (share(level) > 0) {
            cell += String.format(Locale.ROOT, ", errors %.2f%%", share(level) * 100);
        }
        return reached < rounds ? cell + " (" + reached + "/" + rounds + ")" : cell;
    }

    private static double share(Map<String, Object> level) {
        return level.get("error_share") == null ? 0 : ((Number) level.get("error_share")).doubleValue();
    }

    @SuppressWarnings("unchecked")
    private static int rounds(Map<String, Object> target) {
        Object r = target.get("rounds");
        return r instanceof List<?> list ? list.size() : 0;
    }

    private static String num(Object v) {
        if (v == null) {
            return "-";
        }
        double d = ((Number) v).doubleValue();
        return d == Math.rint(d) ? Long.toString((long) d) : String.format(Locale.ROOT, "%.1f", d);
    }
}
