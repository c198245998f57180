package io.gatewaybench.harness.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The steady-state rule on planted series of 5 s slices: a warm-up falling for 60 s and then flat, found after its fall
 * and not before; a series that never settles; noise alone, steady from the start. The noise is this machine's: a warm
 * gateway's CPU per request moves about 4% a slice beside the others (docs/figures.md).
 */
class SteadyStateTest {
    private static final SteadyState RULE = SteadyState.RULE;

    /** {@code n} slices of a cost of 100 with {@code noise} (a share) and {@code shape} added: value at slice i. */
    private static double[] series(int n, double noise, long seed, java.util.function.IntToDoubleFunction shape) {
        SplittableRandom random = new SplittableRandom(seed);
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            double gauss = Math.sqrt(-2 * Math.log(1 - random.nextDouble()))
                    * Math.cos(2 * Math.PI * random.nextDouble());
            v[i] = (100 + shape.applyAsDouble(i)) * (1 + noise * gauss);
        }
        return v;
    }

    @Test
    void aWarmUpFallingFor60sIsSteadyOnlyAfterItsFall() {
        for (long seed = 1; seed <= 50; seed++) {
            // 12 slices of 5 s falling from three times the cost to it, as a JIT compiling, then flat
            double[] cpu = series(40, 0.04, seed, i -> i < 12 ? 200 * (12 - i) / 12.0 : 0);
            double[] p50 = series(40, 0.04, seed + 1000, i -> i < 12 ? 50 * (12 - i) / 12.0 : 0);
            int from = RULE.steadyFrom(cpu, p50);
            assertTrue(from >= 8, "seed " + seed + ": steady from slice " + from
                    + ", while it still fell by more than the noise");
            assertTrue(from >= 0 && from <= 20, "seed " + seed
                    + ": a flat series after slice 12 should be found steady, was " + from);
        }
    }

    @Test
    void aTargetThatNeverSettlesIsNeverFoundSteady() {
        for (long seed = 1; seed <= 50; seed++) {
            // a saw-tooth without end: the cost climbs to twice over 40 s, then falls back (a periodic storm of
            // collections)
            double[] cpu = series(48, 0.02, seed, i -> 100.0 * (i % 8) / 8);
            double[] p50 = series(48, 0.02, seed + 1000, i -> 0);
            assertEquals(-1, RULE.steadyFrom(cpu, p50), "seed " + seed);
        }
    }

    @Test
    void noiseAloneIsSteadyFromTheStartAlmostAlways() {
        int late = 0;
        for (long seed = 1; seed <= 200; seed++) {
            int from = RULE.steadyFrom(series(24, 0.04, seed, i -> 0), series(24, 0.04, seed + 1000, i -> 0));
            assertTrue(from >= 0, "seed " + seed + ": flat noise of 4% never found steady");
            late += from > 0 ? 1 : 0;
        }
        assertTrue(late < 40, late + " of 200 flat series not steady from their first window");
    }

    @Test
    void aSliceWithoutAFigureBreaksTheWindowsThatHoldIt() {
        double[] flat = series(12, 0.0, 1, i -> 0);
        flat[3] = Double.NaN;
        assertEquals(4, RULE.steadyFrom(flat, series(12, 0.0, 2, i -> 0)));
        assertEquals(-1, RULE.steadyFrom(series(6, 0.0, 1, i -> 0), series(6, 0.0, 2, i -> 0)),
                "one window alone is not enough");
        assertThrows(IllegalArgumentException.class, () -> new SteadyState(5, 0.1, 0.3));
    }
}
