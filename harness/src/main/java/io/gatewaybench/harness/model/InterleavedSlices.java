package io.gatewaybench.harness.model;

import java.util.List;

/**
 * What the interleaved design's slices served in one block ({@code ./bench interleave}, InterleavedLoad; not part of a
 * summary): {@code perSecond[target][cycle][second]}, the answers each second of each slice's window (counted by their
 * send instant, from the window's first send), in the targets' order as given; and what a cycle took, from the first
 * window's start in the first cycle to the same in the last (0 with one cycle).
 */
public record InterleavedSlices(List<String> names, int sliceSeconds, double[][][] perSecond, double cycleSeconds) {
    /** A slice's throughput, answers per second over its window. */
    public double throughput(int target, int cycle) {
        double sum = 0;
        for (double v : perSecond[target][cycle]) {
            sum += v;
        }
        return sum / sliceSeconds;
    }

    /** The cycles of the block, count. */
    public int cycles() {
        return perSecond[0].length;
    }
}
