package io.gatewaybench.harness.analyse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gatewaybench.harness.plan.Repo;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The variance components are recovered from seeded synthetic rounds of known make: a spread between rounds of the
 * paired ratio, a spread of one-second slices, runs whose days differ; and each estimate is seen to move with its plant.
 */
class SliceSpreadTest {
    private static final int SECONDS = 16;

    /** Three runs of {@code rounds} rounds each: per-second throughputs of a target and of direct. */
    private static List<List<double[][]>> runs(long seed, int rounds, double between, double slice, double carry, double dayShift) {
        Random random = new Random(seed);
        List<double[][]> target = new ArrayList<>();
        List<double[][]> direct = new ArrayList<>();
        for (int run = 0; run < 3; run++) {
            double day = dayShift * run; // what moved between the runs' days, in the target's ratio
            double[][] t = new double[rounds][];
            double[][] d = new double[rounds][];
            for (int r = 0; r < rounds; r++) {
                double speed = 0.1 * random.nextGaussian(); // the machine: moves both alike, cancels in the pair
                t[r] = slices(random, Math.log(6_000) + speed + day + between * random.nextGaussian(), slice / Math.sqrt(2), carry);
                d[r] = slices(random, Math.log(10_000) + speed, slice / Math.sqrt(2), carry);
            }
            target.add(t);
            direct.add(d);
        }
        return List.of(target, direct);
    }

    /** Per-second throughputs around a level, each second's log noise {@code sd} carrying {@code carry} of the last one's. */
    private static double[] slices(Random random, double level, double sd, double carry) {
        double[] v = new double[SECONDS];
        double noise = sd * random.nextGaussian();
        for (int s = 0; s < SECONDS; s++) {
            noise = carry * noise + Math.sqrt(1 - carry * carry) * sd * random.nextGaussian();
            v[s] = Math.exp(level + noise);
        }
        return v;
    }

    @Test
    void theComponentsPlantedAreRecovered() {
        List<List<double[][]>> r = runs(1, 60, 0.06, 0.10, 0, 0.2);
        SliceSpread.Components c = SliceSpread.of(r.get(0), r.get(1));
        assertEquals(180, c.rounds());
        assertEquals(0.10, Math.sqrt(c.withinVariance()), 0.01, "a second's spread, target's and direct's together");
        assertTrue(c.inflation() < 1.3, "independent seconds: no run-on, got x" + c.inflation());
        // the runs' days differ by 20% in the ratio: taken within each run, that is not noise between rounds
        assertEquals(0.06, Math.sqrt(c.betweenVariance()), 0.012, SliceSpread.describe(c));
        assertEquals(c.betweenVariance() + c.withinVariance() * c.inflation() / SECONDS, c.roundVariance(SECONDS), 1e-12);
    }

    @Test
    void eachEstimateMovesWithItsPlant() {
        List<List<double[][]>> flat = runs(2, 60, 0, 0.10, 0, 0.2);
        SliceSpread.Components none = SliceSpread.of(flat.get(0), flat.get(1));
        assertTrue(Math.sqrt(none.betweenVariance()) < 0.02, "nothing planted between rounds: " + SliceSpread.describe(none));
        List<List<double[][]>> carried = runs(3, 60, 0.06, 0.10, 0.8, 0.2);
        SliceSpread.Components runOn = SliceSpread.of(carried.get(0), carried.get(1));
        assertTrue(runOn.inflation() > 2, "seconds that carry 0.8 of the last one's noise run on: " + SliceSpread.describe(runOn));
        List<List<double[][]>> pooledDays = runs(4, 60, 0.06, 0.10, 0, 0.2);
        List<double[][]> oneTarget = List.<double[][]>of(concat(pooledDays.get(0)));
        List<double[][]> oneDirect = List.<double[][]>of(concat(pooledDays.get(1)));
        SliceSpread.Components asOneRun = SliceSpread.of(oneTarget, oneDirect);
        assertTrue(Math.sqrt(asOneRun.betweenVariance()) > 0.12, "the three days read as one run count their 20% steps as noise: "
                + SliceSpread.describe(asOneRun));
    }

    @Test
    void theCheapestDesignReachesThePrecisionAndOneRoundFewerDoesNot() {
        List<List<double[][]>> r = runs(5, 60, 0.06, 0.10, 0, 0);
        SliceSpread.Components c = SliceSpread.of(r.get(0), r.get(1));
        int[] best = SliceSpread.cheapest(c, 0.05, 77, 40, 240);
        assertNotNull(best);
        assertTrue(c.halfWidth(best[0], best[1]) <= 0.05, SliceSpread.describe(c));
        assertTrue(c.halfWidth(best[0] - 1, best[1]) > 0.05, "one round fewer would have done: " + best[0] + " rounds of " + best[1] + " s");
        assertEquals(null, SliceSpread.cheapest(c, 0.001, 77, 40, 240), "±0.1% is out of reach of 40 rounds");
    }

    @Test
    void aRunWithoutItsRawLogsIsRefusedWithTheReason() {
        Path committed = Repo.root().resolve("results/20261124-035143"); // a committed run keeps only its summaries
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SliceSpread.report(List.of(committed), 0.05,
                io.gatewaybench.harness.measure.SimulationLog::roundsPerSecond));
        assertTrue(e.getMessage().contains("a committed run keeps only its summaries"), e.getMessage());
    }

    private static double[][] concat(List<double[][]> runs) {
        return runs.stream().flatMap(java.util.Arrays::stream).toArray(double[][]::new);
    }
}
