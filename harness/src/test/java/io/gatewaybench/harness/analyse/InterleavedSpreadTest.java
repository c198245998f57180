package io.gatewaybench.harness.analyse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gatewaybench.harness.model.InterleavedSlices;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The two levels of an interleaved load's noise, recovered from slices planted with known ones (seeded): a fresh start's
 * effect between blocks, a cycle's between cycles, a second's within a slice; each estimate moves with its own plant.
 */
class InterleavedSpreadTest {
    private static final int BLOCKS = 40;
    private static final int CYCLES = 8;
    private static final int SLICE = 5;

    /**
     * Blocks of direct (1,000 answers a second) and one target at half of it, in logs: the target's block effect drawn
     * with sd {@code block}, its cycle effect with sd {@code cycle}, every second of both with sd {@code second}.
     */
    private static List<InterleavedSlices> planted(long seed, double block, double cycle, double second) {
        SplittableRandom r = new SplittableRandom(seed);
        List<InterleavedSlices> blocks = new ArrayList<>();
        for (int b = 0; b < BLOCKS; b++) {
            double[][][] perSecond = new double[2][CYCLES][SLICE];
            double blockEffect = block * gaussian(r);
            for (int c = 0; c < CYCLES; c++) {
                double cycleEffect = cycle * gaussian(r);
                for (int s = 0; s < SLICE; s++) {
                    perSecond[0][c][s] = 1000 * Math.exp(second * gaussian(r));
                    perSecond[1][c][s] = 500 * Math.exp(blockEffect + cycleEffect + second * gaussian(r));
                }
            }
            blocks.add(new InterleavedSlices(List.of("direct", "x"), SLICE, perSecond, 30));
        }
        return blocks;
    }

    private static double gaussian(SplittableRandom r) {
        // Box-Muller: SplittableRandom has no nextGaussian on every JDK this builds with
        return Math.sqrt(-2 * Math.log(1 - r.nextDouble())) * Math.cos(2 * Math.PI * r.nextDouble());
    }

    @Test
    void eachLevelIsRecoveredFromItsPlant() {
        InterleavedSpread.Target x = InterleavedSpread.of(planted(20261127, 0.05, 0.03, 0.02)).get(0);
        assertEquals("x", x.name());
        assertEquals(0.5, x.ratio(), 0.5 * 0.03, "the geometric mean ratio");
        // a cycle's paired ratio carries its cycle effect and both slices' seconds, averaged over the slice
        double cycleExpected = Math.sqrt(0.03 * 0.03 + 2 * 0.02 * 0.02 / SLICE);
        assertEquals(cycleExpected, Math.sqrt(x.betweenCycles()), cycleExpected * 0.10, "between cycles");
        assertEquals(0.05, Math.sqrt(x.betweenBlocks()), 0.05 * 0.30, "between blocks");
        assertEquals(0.02 * Math.sqrt(2), Math.sqrt(x.slices().withinVariance()), 0.02 * Math.sqrt(2) * 0.10, "a 1 s slice, both targets");
    }

    @Test
    void eachEstimateMovesWithItsOwnPlant() {
        InterleavedSpread.Target none = InterleavedSpread.of(planted(7, 0, 0.03, 0.02)).get(0);
        InterleavedSpread.Target blocks = InterleavedSpread.of(planted(7, 0.08, 0.03, 0.02)).get(0);
        InterleavedSpread.Target cycles = InterleavedSpread.of(planted(7, 0, 0.08, 0.02)).get(0);
        assertTrue(Math.sqrt(none.betweenBlocks()) < 0.02, "no block effect planted: " + Math.sqrt(none.betweenBlocks()));
        assertTrue(Math.sqrt(blocks.betweenBlocks()) > 0.05, "a block effect of 8%: " + Math.sqrt(blocks.betweenBlocks()));
        assertTrue(Math.sqrt(cycles.betweenCycles()) > 0.07 && Math.sqrt(cycles.betweenBlocks()) < 0.03,
                "a cycle effect of 8% is between cycles, not between blocks: " + Math.sqrt(cycles.betweenCycles()) + ", "
                        + Math.sqrt(cycles.betweenBlocks()));
    }

    @Test
    void theCheapestDesignReachesThePrecisionAndOneCycleFewerDoesNot() {
        List<InterleavedSpread.Target> targets = InterleavedSpread.of(planted(11, 0.02, 0.05, 0.02));
        int[] design = InterleavedSpread.cheapest(targets, 0.03, 60, 30, 10, 60);
        assertNotNull(design, "some design reaches ±3%");
        assertTrue(targets.get(0).halfWidth(design[0], design[1]) <= 0.03);
        assertTrue(design[1] == 2 || targets.get(0).halfWidth(design[0], design[1] - 1) > 0.03, "the cycles are the fewest at its blocks");
        String md = InterleavedSpread.report(planted(11, 0.02, 0.05, 0.02), 60, 30, 0.03);
        assertTrue(md.contains(String.format(java.util.Locale.ROOT, "%d blocks of %d cycles", design[0], design[1])), md);
    }
}
