package io.gatewaybench.harness.quantity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gatewaybench.harness.model.Interval;
import org.junit.jupiter.api.Test;

/** Each statistic against values worked by hand (t quantiles from a printed table). */
class StatsTest {
    @Test
    void mediansOfOddAndEvenCounts() {
        assertEquals(2, Stats.median(new double[] {3, 1, 2}));
        assertEquals(2.5, Stats.median(new double[] {4, 1, 3, 2}));
        assertEquals(2, Stats.lowerMedian(new double[] {4, 1, 3, 2}),
                "the lower of the middle two: a value that was measured");
        assertTrue(Double.isNaN(Stats.median(new double[0])));
    }

    @Test
    void meanAndSampleVariance() {
        double[] v = {2, 4, 4, 4, 5, 5, 7, 9};
        assertEquals(5, Stats.mean(v));
        assertEquals(32.0 / 7, Stats.variance(v), 1e-12, "sum of squares 32 over n - 1 = 7");
        assertTrue(Double.isNaN(Stats.variance(new double[] {1})), "one value has no sample variance");
    }

    @Test
    void studentsTQuantilesAsTabled() {
        assertEquals(12.706, Stats.t(0.95, 1), 5e-4);
        assertEquals(2.776, Stats.t(0.95, 4), 5e-4);
        assertEquals(4.604, Stats.t(0.99, 4), 5e-4);
    }

    @Test
    void theMeansIntervalIsTTimesTheStandardError() {
        double[] v = {10, 12, 14};
        double[] m = Stats.meanInterval(v, 0.95);
        // mean 12, s = 2, standard error 2 / sqrt(3) = 1.1547, t(0.975, 2) = 4.303: half-width 4.968
        assertEquals(12, m[0], 1e-12);
        assertEquals(12 - 4.968, m[1], 1e-3);
        assertEquals(12 + 4.968, m[2], 1e-3);
        assertTrue(Double.isNaN(Stats.meanInterval(new double[] {5}, 0.95)[1]), "one value has no interval");
    }

    @Test
    void theIntervalOfAGeometricMeanIsSymmetricInRatio() {
        // logs of 1, e and e^2: mean 1, s = 1, t(0.975, 2) / sqrt(3) = 4.3027 / 1.7321 = 2.4841: exp(1 -+ 2.4841)
        Interval i = Stats.interval(new double[] {1, Math.E, Math.E * Math.E});
        assertEquals(Math.E, i.median(), 1e-4);
        assertEquals(0.2267, i.ci95Low(), 1e-4);
        assertEquals(32.594, i.ci95High(), 1e-3);
        assertNull(Stats.interval(new double[] {0, 1, 2}).ci95Low(), "a value of 0 has no logarithm: no interval");
    }
}
