package io.gatewaybench.harness.analyse;

import io.gatewaybench.harness.model.InterleavedSlices;
import io.gatewaybench.harness.quantity.Stats;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Where the noise of a paired throughput ratio comes from when every target is started once and kept warm, and measured
 * in short slices interleaved with direct's ({@code ./bench interleave}), against a run's rounds, each of which starts
 * the target afresh. Two levels of repetition (Kalibera and Jones, ISMM 2013): <em>blocks</em>, each a fresh start of
 * every target, and <em>cycles</em> within a block, one slice of each target. The paired ratio of a slice is the target's
 * throughput over direct's slice of the same cycle; in logarithms,
 * <ul>
 *   <li>between cycles: the spread of those ratios around their block's mean (pooled over blocks), which more cycles, or
 *       longer slices as far as the slice's own noise goes ({@link SliceSpread}), average away;
 *   <li>between blocks: what the blocks' means differ by beyond what their cycles explain: a fresh start's own effect,
 *       which only more blocks average away.
 * </ul>
 * The mean of {@code b} blocks of {@code c} cycles has variance {@code (between blocks + between cycles / c) / b}, and
 * its honest 95% interval is Student's t with {@code b - 1} degrees of freedom over the blocks' means: an interval over
 * the cycles of one block alone would leave a fresh start's effect out.
 */
public final class InterleavedSpread {
    private InterleavedSpread() {
    }

    /**
     * One target's figures over the blocks.
     *
     * @param ratio the geometric mean of its paired ratios, a share of direct's throughput
     * @param betweenCycles the variance of a cycle's log ratio around its block's mean, pooled over the blocks
     * @param betweenBlocks the variance of a block's mean log ratio beyond what its cycles explain (0 where they explain
     *     all of it; NaN with one block)
     * @param blockMeans each block's mean log ratio
     * @param slices the slice-level components of its cycles ({@link SliceSpread}: blocks as runs, cycles as rounds)
     */
    public record Target(String name, double ratio, double betweenCycles, double betweenBlocks, double[] blockMeans,
                         SliceSpread.Components slices) {
        /** The 95% interval's half-width, in log ratio, of {@code blocks} blocks of {@code cycles} cycles: t over blocks. */
        public double halfWidth(int blocks, int cycles) {
            double b = Double.isNaN(betweenBlocks) ? 0 : betweenBlocks;
            return Stats.t(0.95, blocks - 1) * Math.sqrt((b + betweenCycles / cycles) / blocks);
        }

        /** The same as measured: over this run's own blocks' means (NaN with one block). */
        public double measuredHalfWidth() {
            int n = blockMeans.length;
            if (n < 2) {
                return Double.NaN;
            }
            return Stats.t(0.95, n - 1) * Math.sqrt(Stats.variance(blockMeans) / n);
        }
    }

    /** Every target's figures but the first's (direct, the baseline of every ratio), from the blocks of one load. */
    public static List<Target> of(List<InterleavedSlices> blocks) {
        if (blocks.isEmpty()) {
            throw new IllegalArgumentException("no block measured");
        }
        List<String> names = blocks.get(0).names();
        int cycles = blocks.get(0).cycles();
        for (InterleavedSlices b : blocks) {
            if (!b.names().equals(names) || b.cycles() != cycles) {
                throw new IllegalArgumentException("blocks of one load only: " + b.names() + " x " + b.cycles() + " cycles against "
                        + names + " x " + cycles);
            }
        }
        if (cycles < 2) {
            throw new IllegalArgumentException("a spread between cycles needs two cycles or more, got " + cycles);
        }
        List<Target> out = new ArrayList<>();
        for (int t = 1; t < names.size(); t++) {
            double[] means = new double[blocks.size()];
            double squares = 0;
            double sum = 0;
            List<double[][]> mine = new ArrayList<>();
            List<double[][]> direct = new ArrayList<>();
            for (int k = 0; k < blocks.size(); k++) {
                InterleavedSlices b = blocks.get(k);
                double[] r = new double[cycles];
                for (int c = 0; c < cycles; c++) {
                    r[c] = Math.log(b.throughput(t, c) / b.throughput(0, c));
                }
                means[k] = Stats.mean(r);
                squares += Stats.variance(r) * (cycles - 1);
                sum += means[k];
                mine.add(b.perSecond()[t]);
                direct.add(b.perSecond()[0]);
            }
            double betweenCycles = squares / (blocks.size() * (cycles - 1.0));
            double betweenBlocks = blocks.size() < 2 ? Double.NaN
                    : Math.max(0, Stats.variance(means) - betweenCycles / cycles);
            SliceSpread.Components slices = blocks.get(0).sliceSeconds() >= 2 ? SliceSpread.of(mine, direct) : null;
            out.add(new Target(names.get(t), Math.exp(sum / blocks.size()), betweenCycles, betweenBlocks, means, slices));
        }
        return out;
    }

    /**
     * The design that reaches a 95% half-width of {@code target} for every target in the least time, at this load's slice
     * length: {blocks, cycles}, with {@code blockSeconds} fixed a block (starting every target, verifying, warming) and
     * {@code cycleSeconds} a cycle; null when none of at most {@code maxBlocks} x {@code maxCycles} does.
     */
    public static int[] cheapest(List<Target> targets, double target, double blockSeconds, double cycleSeconds, int maxBlocks, int maxCycles) {
        int[] best = null;
        double bestCost = Double.MAX_VALUE;
        for (int b = 2; b <= maxBlocks; b++) {
            for (int c = 2; c <= maxCycles; c++) {
                double cost = b * (blockSeconds + c * cycleSeconds);
                int blocks = b;
                int cycles = c;
                if (cost < bestCost && targets.stream().allMatch(t -> t.halfWidth(blocks, cycles) <= target)) {
                    best = new int[] {b, c};
                    bestCost = cost;
                }
            }
        }
        return best;
    }

    /**
     * The figures as Markdown: per target its ratio, each component and the interval the run reached, then the cheapest
     * design for ±{@code target}, timed from what the blocks took.
     */
    public static String report(List<InterleavedSlices> blocks, double blockSeconds,
            double cycleSeconds, double target) {
        List<Target> targets = of(blocks);
        int cycles = blocks.get(0).cycles();
        StringBuilder md = new StringBuilder(String.format(Locale.ROOT, "%d block(s) (every target started afresh) x %d cycles of one %d s "
                + "slice per target; each slice's throughput over direct's slice of the same cycle. Spreads are standard deviations of the "
                + "log ratio, read as shares: *between cycles* is a cycle's ratio around its block's mean, *beyond the slice's own* "
                + "what of it a longer slice would not average away (the *1 s slice* noise, times its *run-on*, over the slice's "
                + "seconds, taken out); the interval is the 95%% interval of the geometric mean over the blocks (Student's t, "
                + "blocks - 1 degrees of freedom).%n%n", blocks.size(), cycles, blocks.get(0).sliceSeconds()));
        md.append("| target | throughput relative to direct | between blocks | between cycles | of which beyond the slice's own | "
                + "1 s slice | run-on | 95% interval, as run |\n");
        md.append("|---|---:|---:|---:|---:|---:|---:|---:|\n");
        for (Target t : targets) {
            md.append(String.format(Locale.ROOT, "| %s | %.1f%% | %s | ±%.1f%% | %s | %s | %s | %s |%n", t.name(), 100 * t.ratio(),
                    Double.isNaN(t.betweenBlocks()) ? "- (one block)" : String.format(Locale.ROOT, "±%.1f%%", 100 * Math.sqrt(t.betweenBlocks())),
                    100 * Math.sqrt(t.betweenCycles()),
                    t.slices() == null ? "-" : String.format(Locale.ROOT, "±%.1f%%", 100 * Math.sqrt(t.slices().betweenVariance())),
                    t.slices() == null ? "-" : String.format(Locale.ROOT, "±%.1f%%", 100 * Math.sqrt(t.slices().withinVariance())),
                    t.slices() == null ? "-" : String.format(Locale.ROOT, "x%.1f", t.slices().inflation()),
                    Double.isNaN(t.measuredHalfWidth()) ? "- (one block)" : String.format(Locale.ROOT, "±%.1f%%", 100 * t.measuredHalfWidth())));
        }
        md.append(String.format(Locale.ROOT, "%nA block cost %.0f s besides its cycles (starting and verifying every target, its warm-up), "
                + "a cycle %.0f s.", blockSeconds, cycleSeconds));
        if (blocks.size() < 2) {
            md.append(" With one block the effect of a fresh start is not measured: no interval, and no design.\n");
            return md.toString();
        }
        int[] best = cheapest(targets, target, blockSeconds, cycleSeconds, 10, 60);
        md.append(best == null ? String.format(Locale.ROOT, " No design of at most 10 blocks of 60 cycles reaches ±%.1f%% for every target.%n", 100 * target)
                : String.format(Locale.ROOT, " The cheapest design that reaches ±%.1f%% for every target: %d blocks of %d cycles, %.1f min.%n",
                        100 * target, best[0], best[1], best[0] * (blockSeconds + best[1] * cycleSeconds) / 60));
        return md.toString();
    }

}
