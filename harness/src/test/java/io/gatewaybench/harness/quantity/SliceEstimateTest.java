package io.gatewaybench.harness.quantity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gatewaybench.harness.model.Estimate;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The intervals of figures made from slices hold their 95%, on a seeded simulation of this machine's noise
 * (docs/figures.md, measured at equal rates beside five other targets): a slice's CPU per request moves with the
 * machine, {@link #MACHINE} a slice, like its neighbour ({@link #LAG1}), the same for every target measured at once,
 * and by {@link #OWN} more of its own. The cost's interval covers the long-run mean, the ratio's interval the true
 * ratio of two targets, the difference's the true added latency; each about 95% of 4,000 simulated runs of {@link
 * #SLICES} slices. The widening for neighbouring slices is what holds it: without it (SliceEstimate.MAX_AUTOCORRELATION
 * 0), the cost's interval covered 89% here.
 */
class SliceEstimateTest {
    static final double MACHINE = 0.085;
    static final double LAG1 = 0.3;
    static final double OWN = 0.025;
    static final int SLICES = 12;
    private static final int RUNS = 4000;

    /** An AR(1) series of unit variance and lag-1 correlation {@code phi}, scaled by {@code sd}. */
    private static double[] ar1(SplittableRandom random, int n, double phi, double sd) {
        double[] x = new double[n];
        double prev = gauss(random);
        for (int i = 0; i < n; i++) {
            prev = phi * prev + Math.sqrt(1 - phi * phi) * gauss(random);
            x[i] = sd * prev;
        }
        return x;
    }

    private static double gauss(SplittableRandom random) {
        return Math.sqrt(-2 * Math.log(1 - random.nextDouble())) * Math.cos(2 * Math.PI * random.nextDouble());
    }

    @Test
    void aCostsIntervalCoversItsLongRunMean() {
        SplittableRandom random = new SplittableRandom(20261207);
        double mean = 400 * Math.exp((MACHINE * MACHINE
                + OWN * OWN) / 2); // E[cost] of a lognormal cost with median 400
        int covered = 0;
        for (int run = 0; run < RUNS; run++) {
            double[] machine = ar1(random, SLICES, LAG1, MACHINE);
            double[] cpu = new double[SLICES];
            double[] answers = new double[SLICES];
            for (int s = 0; s < SLICES; s++) {
                answers[s] = 1500;
                cpu[s] = answers[s] * 400 * Math.exp(machine[s] + OWN * gauss(random));
            }
            Estimate e = SliceEstimate.perUnit(cpu, answers);
            covered += e.ci95Low() <= mean && mean <= e.ci95High() ? 1 : 0;
        }
        double coverage = covered / (double) RUNS;
        assertTrue(coverage >= 0.93 && coverage <= 0.985, "the cost's 95% interval covered " + coverage);
    }

    @Test
    void aRatioInTheSameSlicesCancelsTheMachineAndCoversTheTrueRatio() {
        SplittableRandom random = new SplittableRandom(7);
        int covered = 0;
        double widths = 0;
        for (int run = 0; run < RUNS; run++) {
            double[] machine = ar1(random, SLICES, LAG1, MACHINE);
            double[] a = new double[SLICES];
            double[] b = new double[SLICES];
            for (int s = 0; s < SLICES; s++) {
                a[s] = 550 * Math.exp(machine[s] + OWN * gauss(random));
                b[s] = 100 * Math.exp(machine[s] + OWN * gauss(random));
            }
            Estimate e = SliceEstimate.ratio(a, b);
            covered += e.ci95Low() <= 5.5 && 5.5 <= e.ci95High() ? 1 : 0;
            widths += e.halfWidth();
        }
        double coverage = covered / (double) RUNS;
        assertTrue(coverage >= 0.93 && coverage <= 0.985, "the ratio's 95% interval covered " + coverage);
        assertTrue(widths / RUNS < 0.04, "the machine, common to both, cancels: half-width " + widths / RUNS);
    }

    @Test
    void aDifferenceOfLatencyCoversTheTrueDifference() {
        SplittableRandom random = new SplittableRandom(11);
        int covered = 0;
        for (int run = 0; run < RUNS; run++) {
            double[] machine = ar1(random, SLICES, LAG1, 0.15);
            double[] a = new double[SLICES];
            double[] b = new double[SLICES];
            for (int s = 0; s < SLICES; s++) {
                a[s] = 900 + 300 * machine[s] + 40 * gauss(random);
                b[s] = 500 + 300 * machine[s] + 40 * gauss(random);
            }
            Estimate e = SliceEstimate.difference(a, b);
            covered += e.ci95Low() <= 400 && 400 <= e.ci95High() ? 1 : 0;
        }
        double coverage = covered / (double) RUNS;
        assertTrue(coverage >= 0.93 && coverage <= 0.985, "the difference's 95% interval covered " + coverage);
    }

    @Test
    void aCostIsTheWholeAmountOverTheWholeUnitsAndFewSlicesHaveNoInterval() {
        Estimate e = SliceEstimate.perUnit(new double[] {100, 300, 200}, new double[] {1, 2, 1});
        assertEquals(150, e.value(), 1e-9, "600 over 4");
        assertEquals(3, e.slices());
        Estimate two = SliceEstimate.perUnit(new double[] {100, 300}, new double[] {1, 2});
        assertNull(two.ci95Low(), "two slices: no interval");
        assertEquals(Math.sqrt(1.25 / 0.75), SliceEstimate.widening(new double[] {1, 1, 1, 1}), 1e-12,
                "no spread: r 0, its bias 1/4");
        assertTrue(SliceEstimate.widening(new double[] {1, 2, 3, 4, 5, 6, 7, 8}) > 1.5,
                "a trend is a strong correlation");
    }
}
