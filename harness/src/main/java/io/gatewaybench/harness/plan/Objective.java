package io.gatewaybench.harness.plan;

import java.util.List;

/**
 * A named service-level objective, as the run plans it: what a ladder level must meet. Every objective also needs
 * the level measured as planned (every planned request sent, on time, no overload) with errors under 0.1%; its
 * latency bound judges every request, a failed one at its full time. The analysis judges measured levels
 * against it and searches a target's maximum sustainable rate under it ({@code analyse.ObjectiveJudge}).
 *
 * @param name        short name, used as the key in summary.json
 * @param description what it demands, in words
 * @param percentile  which latency is bounded: "p99" or "max"
 * @param boundMs     the bound on it, in milliseconds
 * @param inclusive   whether the bound itself meets it ("at most") or not ("under")
 * @param minRateRps  the rate the found maximum must exceed for the objective's verdict to be "yes" (0: no such verdict)
 */
public record Objective(String name, String description, String percentile, double boundMs, boolean inclusive, int minRateRps) {
    /** Errors must stay under this share of a level's requests. */
    public static final double ERROR_SHARE = 0.001;

    /** The objectives every run reports: P99 under a bound of the user's choice, and GigaOm's "high performance". */
    public static List<Objective> standard(int p99BoundMs) {
        return List.of(
                new Objective("p99-" + p99BoundMs + "ms", "P99 at most " + p99BoundMs + " ms and errors under 0.1%", "p99", p99BoundMs, true, 0),
                new Objective("gigaom-high-performance",
                        "GigaOm's \"high performance\": max latency under 30 ms and errors under 0.1%, at over 1,000 req/s",
                        "max", 30, false, 1000));
    }

    /** Whether a latency of {@code ms} meets the bound. */
    public boolean meets(double ms) {
        return inclusive ? ms <= boundMs : ms < boundMs;
    }
}
