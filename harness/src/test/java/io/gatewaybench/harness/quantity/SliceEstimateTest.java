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

    /**
     * Rates taking turns of two slices (plan.RunPlan's {@code --turn}, 2) against each rate's slices in one go, on
     * this machine's noise as docs/figures.md states it ("Turns": the machine's part of a slice 10.5%, lag-1 0.59):
     * three rates of 12 slices, every rate's cost from the same estimator. In one go a rate's dozen slices are one
     * stretch of the machine, which a dozen cannot tell from its long-run level: the intervals cover under 90%. In
     * turns a rate's slices lie apart: the intervals hold their 95%, and the widest (the 90th percentile of
     * half-widths) are far narrower.
     */
    @Test
    void ratesTakingTurnsHoldTheirIntervalsWhereOneGoDoesNot() {
        int rates = 3;
        double[] oneGo = halfWidths(rates, SLICES, 0.105, 0.59);
        double[] turns = halfWidths(rates, 2, 0.105, 0.59);
        assertTrue(turns[0] >= 0.93 && turns[0] <= 0.985, "in turns the cost's 95% interval covered " + turns[0]);
        assertTrue(oneGo[0] < 0.9, "in one go the cost's 95% interval covered " + oneGo[0]);
        assertTrue(turns[1] <= oneGo[1], "median half-width in turns " + turns[1] + ", in one go " + oneGo[1]);
        assertTrue(turns[2] < 0.8 * oneGo[2], "90th percentile in turns " + turns[2] + ", in one go " + oneGo[2]);
    }

    /**
     * {@code rates} rates of {@link #SLICES} slices each, in turns of {@code turn} slices (each cycle over the rates in
     * an order of its own), on a machine moving {@code machine} a slice with lag-1 {@code lag1} and {@link #OWN} of
     * each cost's own: the share of the costs' intervals that covered their long-run mean, and the median and 90th
     * percentile of their half-widths.
     */
    private static double[] halfWidths(int rates, int turn, double machine, double lag1) {
        SplittableRandom random = new SplittableRandom(20261208);
        double mean = 400 * Math.exp((machine * machine + OWN * OWN) / 2);
        int covered = 0;
        double[] widths = new double[RUNS * rates];
        for (int run = 0; run < RUNS; run++) {
            double[] drift = ar1(random, rates * SLICES, lag1, machine);
            double[][] cpu = new double[rates][SLICES];
            int[] filled = new int[rates];
            int at = 0;
            while (at < rates * SLICES) {
                java.util.List<Integer> cycle = new java.util.ArrayList<>(java.util.stream.IntStream.range(0, rates)
                        .boxed().toList());
                java.util.Collections.shuffle(cycle, new java.util.Random(random.nextLong()));
                for (int r : cycle) {
                    for (int s = 0; s < turn && filled[r] < SLICES; s++) {
                        cpu[r][filled[r]++] = 1500 * 400 * Math.exp(drift[at++] + OWN * gauss(random));
                    }
                }
            }
            for (int r = 0; r < rates; r++) {
                double[] answers = new double[SLICES];
                java.util.Arrays.fill(answers, 1500);
                Estimate e = SliceEstimate.perUnit(cpu[r], answers);
                covered += e.ci95Low() <= mean && mean <= e.ci95High() ? 1 : 0;
                widths[run * rates + r] = e.halfWidth();
            }
        }
        java.util.Arrays.sort(widths);
        return new double[] {covered / (double) widths.length, widths[widths.length / 2],
                widths[(int) (widths.length * 0.9)]};
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
