package io.gatewaybench.harness.analyse;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import org.junit.jupiter.api.Test;

/** Holm's adjustment as the textbooks give it; the matrix's judging is planted through its table (report). */
class ProfileCostsTest {

    @Test
    void holmMultipliesTheSmallestByMAndNeverStepsDown() {
        // R: p.adjust(c(0.01, 0.04, 0.03, 0.005), "holm") gives 0.03 0.06 0.06 0.02
        assertArrayEquals(new double[] {0.03, 0.06, 0.06, 0.02, Double.NaN},
                ProfileCosts.holm(new double[] {0.01, 0.04, 0.03, 0.005, Double.NaN}), 1e-12);
        assertArrayEquals(new double[] {1, 1}, ProfileCosts.holm(new double[] {0.7, 0.9}), 1e-12);
    }
}
