package io.gatewaybench.harness.model;

/** The decimals of the figures a summary holds: what the harness computes is written to four. */
public final class Decimals {
    private Decimals() {
    }

    /** {@code v} to four decimals, as summary.json holds it. */
    public static double round(double v) {
        return Math.round(v * 10_000) / 10_000.0;
    }
}
