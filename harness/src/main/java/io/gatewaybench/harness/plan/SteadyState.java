package io.gatewaybench.harness.plan;

import java.util.Arrays;

/**
 * When a warming target has reached its steady state, found in its own series of slices rather than assumed after a
 * fixed warm-up (Barrett et al., "Virtual Machine Warmup Blows Hot and Cold", OOPSLA 2017): two windows in a row of
 * {@code window} slices each (the second one slice later) in which its CPU time per request and its median latency each
 * hold still, with no trend (the means of the window's two halves within {@code maxTrend} of each other) and within a
 * spread ({@code maxSpread}: the window's largest value at most that share above its smallest); the steady state begins
 * with the first window. A JVM compiling shows as CPU per request falling slice after slice; a target that never
 * settles is reported so, not measured as if warm. Measure applies the rule while it warms the targets, the analysis to
 * the slices a run kept. SteadyStateTest plants a warm-up falling for 60 s, one that never settles, and noise alone.
 *
 * @param window slices the rule looks at, the last ones
 * @param maxTrend the largest difference between the means of the window's two halves, as a share of the window's mean
 * @param maxSpread the largest spread of the window, (max - min) / min
 */
public record SteadyState(int window, double maxTrend, double maxSpread) {
    /**
     * The run's rule: six slices, the means of their halves within 15% of each other, the six within 40% of each other.
     * A JVM gateway compiling falls by a half or more over such a window (scg's 5 s slices beside four others: 2,700 to
     * 600 us per request over a minute); a warm NGINX beside them moved with the machine by 10-15% a slice, its
     * windows' halves up to 27% apart now and then (docs/figures.md), which a tighter bound would read as warming and
     * the second window in a row guards.
     */
    public static final SteadyState RULE = new SteadyState(6, 0.15, 0.40);

    public SteadyState {
        if (window < 4 || window % 2 != 0) {
            throw new IllegalArgumentException("the window of a steady state is an even number of slices, 4 or more, "
                    + "not " + window);
        }
    }

    /**
     * The first slice (0-based) of the earliest window of {@code cpuPerRequest} and {@code p50} that holds steady, and
     * the next window with it, or -1 where none does yet. The two series are slice by slice; a slice with no figure
     * (NaN) breaks any window that holds it.
     */
    public int steadyFrom(double[] cpuPerRequest, double[] p50) {
        if (cpuPerRequest.length != p50.length) {
            throw new IllegalArgumentException("the series differ in length: " + cpuPerRequest.length + " and "
                    + p50.length);
        }
        for (int end = window; end < cpuPerRequest.length; end++) {
            if (holds(cpuPerRequest, p50, end) && holds(cpuPerRequest, p50, end + 1)) {
                return end - window;
            }
        }
        return -1;
    }

    private boolean holds(double[] cpu, double[] p50, int end) {
        return holds(Arrays.copyOfRange(cpu, end - window, end)) && holds(Arrays.copyOfRange(p50, end - window, end));
    }

    /** Whether one window of one series holds steady, as the record says. */
    boolean holds(double[] w) {
        if (Arrays.stream(w).anyMatch(v -> !(v > 0) || !Double.isFinite(v))) {
            return false;
        }
        int half = w.length / 2;
        double first = Arrays.stream(w, 0, half).average().orElseThrow();
        double second = Arrays.stream(w, half, w.length).average().orElseThrow();
        double mean = (first + second) / 2;
        double min = Arrays.stream(w).min().orElseThrow();
        double max = Arrays.stream(w).max().orElseThrow();
        return Math.abs(first - second) <= maxTrend * mean && max - min <= maxSpread * min;
    }

    /** The rule in words, for the run's description. */
    public String describe() {
        return String.format(java.util.Locale.ROOT,
                "steady from the first of two windows in a row (the second one slice later) of %d "
                + "slices in which its CPU time per request and its median latency each show no trend (the means of "
                + "the window's halves "
                + "within %.0f%%) and lie within %.0f%% of each other", window, maxTrend * 100, maxSpread * 100);
    }
}
