package io.gatewaybench.harness;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A named service-level objective a ladder level either meets or not, and the search for a
 * target's maximum sustainable rate under it: the highest ladder level at which the objective
 * holds and holds at every level below. Every objective also needs the level measured as planned
 * (every planned request sent, on time, no overload) with errors under 0.1%; its latency bound
 * judges every request, a failed one at its full time.
 *
 * @param name        short name, used as the key in summary.json
 * @param description what it demands, in words
 * @param percentile  which latency is bounded: "p99" or "max"
 * @param boundMs     the bound on it, in milliseconds (inclusive)
 * @param minRateRps  the rate the found maximum must exceed for the objective's verdict to be "yes" (0: no such verdict)
 */
public record Objective(String name, String description, String percentile, double boundMs, int minRateRps) {
    /** Errors must stay under this share of a level's requests. */
    static final double ERROR_SHARE = 0.001;

    /** The objectives every run reports: P99 under a bound of the user's choice, and GigaOm's "high performance". */
    public static List<Objective> standard(int p99BoundMs) {
        return List.of(
                new Objective("p99-" + p99BoundMs + "ms", "P99 at most " + p99BoundMs + " ms and errors under 0.1%", "p99", p99BoundMs, 0),
                new Objective("gigaom-high-performance",
                        "GigaOm's \"high performance\": max latency under 30 ms and errors under 0.1%, at over 1,000 req/s",
                        "max", 29, 1000));
    }

    /**
     * Whether the level meets this objective: measured as planned (complete, the injector on time),
     * errors under 0.1%, and the bounded latency, over every request with failed ones at their full
     * time, inside the bound. Gatling records whole milliseconds: "under 30" is "at most 29".
     */
    public boolean holds(Ladder.Level level) {
        return failure(level).isEmpty();
    }

    /** Why the level fails this objective, in words ("" when it holds). */
    public String failure(Ladder.Level level) {
        if (level.overloaded()) {
            return "overloaded";
        }
        String late = level.injectorLate();
        if (!late.isEmpty()) {
            return "not measured (injector late: " + late + ")";
        }
        if (level.stats() == null || level.errorShare() >= ERROR_SHARE) {
            return String.format(java.util.Locale.ROOT, "errors %.2f%%", level.errorShare() * 100);
        }
        if (level.allLatency() == null) {
            return "not judged (failed requests' times not recorded)";
        }
        double v = percentile.equals("max") ? level.allLatency().max() : level.allLatency().p99();
        return v <= boundMs ? "" : String.format(java.util.Locale.ROOT, "%s %.0f ms", percentile.equals("max") ? "max" : "P99", v);
    }

    /**
     * The strict search over one round's ladder: the highest rate at which the objective holds at
     * that level and at every level below it, and the first level that did not hold (the bracket:
     * the true maximum lies between the two) with the reason. Levels above that one that held
     * anyway are listed ({@code held_above}): they are not counted, since a level that failed below
     * says the objective is not met every time up to there. {@code rate_rps} 0: the lowest level failed.
     */
    public Map<String, Object> maxSustainable(List<Ladder.Level> ladder, List<Integer> plannedRates) {
        int found = 0;
        Integer next = null;
        String why = "every level held (the maximum lies above the ladder)";
        for (int rate : plannedRates) {
            String failure = ladder.stream().filter(l -> l.rate() == rate).findFirst().map(this::failure).orElse("not reached");
            if (!failure.isEmpty()) {
                next = rate;
                why = failure;
                break;
            }
            found = rate;
        }
        final Integer failed = next;
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("rate_rps", found);
        m.put("next_level_rps", next);
        m.put("next_level_because", why);
        m.put("held_above", failed == null ? List.of() : ladder.stream().filter(l -> l.rate() > failed && holds(l)).map(Ladder.Level::rate).toList());
        if (minRateRps > 0) {
            m.put("verdict", found > minRateRps);
        }
        return m;
    }
}
