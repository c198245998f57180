package io.gatewaybench.harness;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The fixed-rate ladder in a run's summary: per target, each level's figures over rounds
 * ({@code fixed_rate}) and the maximum sustainable rate under each named objective
 * ({@code max_sustainable}); and their sections of summary.md.
 */
final class LadderSummary {
    private LadderSummary() {
    }

    /**
     * Each level of the ladder as the target's rounds measured it: medians over the rounds that
     * reached it, and every round's level with its round number ({@link Analysis} judges them).
     */
    static List<Map<String, Object>> fixedRate(List<RequestStats> rounds, List<Integer> rates) {
        List<Map<String, Object>> levels = new ArrayList<>();
        for (int rate : rates) {
            List<Ladder.Level> seen = rounds.stream().flatMap(r -> r.ladder().stream()).filter(l -> l.rate() == rate).toList();
            List<Map<String, Object>> perRound = new ArrayList<>();
            for (int r = 0; r < rounds.size(); r++) {
                for (Ladder.Level l : rounds.get(r).ladder()) {
                    if (l.rate() == rate) {
                        Map<String, Object> level = new LinkedHashMap<>();
                        level.put("round", r + 1);
                        level.putAll(l.asMap());
                        perRound.add(level);
                    }
                }
            }
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("rate_rps", rate);
            m.put("rounds_reached", seen.size());
            m.put("rounds_overloaded", seen.stream().filter(Ladder.Level::overloaded).count());
            long sent = seen.stream().mapToLong(Ladder.Level::sent).sum();
            long errors = seen.stream().mapToLong(Ladder.Level::errors).sum();
            m.put("sent", sent);
            m.put("errors", errors);
            m.put("error_share", sent == 0 ? null : RunSummary.round((double) errors / sent));
            List<RequestStats> measured = seen.stream().map(Ladder.Level::stats).filter(s -> s != null).toList();
            if (!measured.isEmpty()) {
                Map<String, Double> latency = new LinkedHashMap<>();
                for (int i = 0; i < RequestStats.Latency.NAMES.length; i++) {
                    final int k = i;
                    latency.put(RequestStats.Latency.NAMES[i],
                            Analysis.Stats.median(measured.stream().mapToDouble(s -> s.latency().values()[k]).toArray()));
                }
                m.put("latency_ms", latency);
                if (measured.size() > 1) { // each percentile's median, min, max and 95% interval over the rounds
                    Map<String, Object> spread = new LinkedHashMap<>();
                    for (int i = 0; i < RequestStats.Latency.NAMES.length; i++) {
                        final int k = i;
                        spread.put(RequestStats.Latency.NAMES[i], Analysis.Stats.range(measured.stream().mapToDouble(s -> s.latency().values()[k]).toArray()));
                    }
                    m.put("latency_ms_spread", spread);
                }
            }
            m.put("send_lag_p99_ms_max", RunSummary.round(seen.stream().mapToDouble(Ladder.Level::sendLagP99Ms).max().orElse(0)));
            LatencyProbe.Result pooled = null;
            for (Ladder.Level l : seen) {
                if (l.probe() != null) {
                    pooled = pooled == null ? l.probe() : pooled.plus(l.probe());
                }
            }
            m.put("probe_us", pooled == null ? null : pooled.asMap());
            m.put("rounds", perRound);
            levels.add(m);
        }
        return levels;
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
                md.append(String.format(Locale.ROOT, " %.0f%% |", rates.get(i) * 100 / capacity));
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

    /** Notes for summary.md: levels where the injector itself fell behind. */
    @SuppressWarnings("unchecked")
    static List<String> notes(List<Map<String, Object>> targets) {
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
        Map<String, Object> direct = targets.isEmpty() ? null : firstObjective(targets.get(0));
        if (direct != null && "direct".equals(targets.get(0).get("name"))) {
            double ceiling = ((Number) direct.get("rate_rps")).doubleValue();
            List<Object> atCeiling = targets.subList(1, targets.size()).stream().filter(t -> firstObjective(t) != null
                    && ((Number) firstObjective(t).get("rate_rps")).doubleValue() >= ceiling).map(t -> t.get("name")).toList();
            notes.add(String.format(Locale.ROOT, "Direct's own maximum sustainable rate (%.0f req/s, median) is the ceiling of this setup: "
                    + "above it the injector and the origin, not a gateway, give out%s", ceiling, atCeiling.isEmpty() ? "."
                    : "; " + atCeiling + " reached it, so their true maximum is not measured here, only that it is at least that."));
        }
        // Maximum rates whose ranges over rounds overlap (first objective): their order is not established.
        for (int i = 0; i < targets.size(); i++) {
            for (int j = i + 1; j < targets.size(); j++) {
                Map<String, Object> a = firstObjective(targets.get(i));
                Map<String, Object> b = firstObjective(targets.get(j));
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

    @SuppressWarnings("unchecked")
    static Map<String, Object> firstObjective(Map<String, Object> target) {
        Map<String, Object> found = (Map<String, Object>) target.get("max_sustainable");
        return found == null || found.isEmpty() ? null : (Map<String, Object>) found.values().iterator().next();
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
