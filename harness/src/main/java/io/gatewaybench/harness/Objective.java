package io.gatewaybench.harness;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A named service-level objective a ladder level either meets or not, and the search for a
 * target's maximum sustainable rate under it: the highest ladder level at which the objective
 * holds and holds at every level below. Every objective also needs the level complete (every
 * planned request sent, no overload) with errors under 0.1%.
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

    /** Whether the level meets this objective. Gatling records whole milliseconds: "under 30" is "at most 29". */
    public boolean holds(Ladder.Level level) {
        if (!level.complete() || level.stats() == null || level.errorShare() >= ERROR_SHARE) {
            return false;
        }
        return bounded(level) <= boundMs;
    }

    /** The level's latency this objective bounds, in ms. */
    private double bounded(Ladder.Level level) {
        return percentile.equals("max") ? level.stats().latency().max() : level.stats().latency().p99();
    }

    /** Why the level fails this objective, in words ("" when it holds). */
    public String failure(Ladder.Level level) {
        if (level.overloaded()) {
            return "overloaded";
        }
        if (!level.complete()) {
            return "stopped";
        }
        if (level.stats() == null || level.errorShare() >= ERROR_SHARE) {
            return String.format(java.util.Locale.ROOT, "errors %.2f%%", level.errorShare() * 100);
        }
        double v = bounded(level);
        return v <= boundMs ? "" : String.format(java.util.Locale.ROOT, "%s %.0f ms", percentile.equals("max") ? "max" : "P99", v);
    }

    /**
     * The search over one round's ladder: the highest rate at which the objective holds, and the
     * next planned level above it, which failed or was never reached (the bracket: the true maximum
     * lies between the two). Levels below the rate found that failed anyway are listed: a stall that
     * hits one level of a few seconds (a GC pause, a noisy neighbour) says the objective is not met
     * every time at that rate, not that the target's capacity ends there. {@code rate_rps} 0 means
     * no level met the objective.
     */
    public Map<String, Object> maxSustainable(List<Ladder.Level> ladder, List<Integer> plannedRates) {
        int found = 0;
        for (Ladder.Level level : ladder) {
            if (holds(level)) {
                found = level.rate();
            }
        }
        final int max = found;
        Integer next = plannedRates.stream().filter(r -> r > max).findFirst().orElse(null);
        String why = "every level held (the maximum lies above the ladder)";
        if (next != null) {
            why = ladder.stream().filter(l -> l.rate() == next).findFirst().map(this::failure).orElse("not reached");
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("rate_rps", found);
        m.put("next_level_rps", next);
        m.put("next_level_because", why);
        m.put("failed_below", ladder.stream().filter(l -> l.rate() < max && !holds(l)).map(l -> l.rate() + ": " + failure(l)).toList());
        if (minRateRps > 0) {
            m.put("verdict", found > minRateRps);
        }
        return m;
    }
}
