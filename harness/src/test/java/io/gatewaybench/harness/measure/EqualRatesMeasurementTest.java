package io.gatewaybench.harness.measure;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gatewaybench.harness.quantity.SliceEstimate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * What {@code --precision} adds at equal rates: slices of a rate joined after the first ones, every target's and
 * role's, and the widest half-width it acts on, the one the analysis states (SliceEstimate over CPU time and good
 * answers).
 */
class EqualRatesMeasurementTest {

    @Test
    void addedSlicesFollowTheFirstForEveryTargetAndRole() {
        SideBySide.Result first = result(new long[] {100, 110}, new long[] {300, 310}, 5);
        SideBySide.Result more = result(new long[] {120}, new long[] {320}, 9);
        SideBySide.Result both = first.then(more);
        assertEquals(List.of(100_000_000L, 110_000_000L, 120_000_000L),
                both.of("a").stream().map(SideBySide.Slice::cpuNanos).toList());
        assertEquals(List.of(300_000_000L, 310_000_000L, 320_000_000L),
                both.of("b").stream().map(SideBySide.Slice::cpuNanos).toList());
        assertArrayEquals(new long[] {1, 2, 1}, both.roleCpuNanos().get("injector"));
        assertArrayEquals(new long[] {9, 9}, both.maxInFlight(), "the most in flight over both");
    }

    @Test
    void theWidestHalfWidthIsTheAnalysissOfTheLeastPreciseTarget() {
        long[] steady = {100, 101, 99, 100, 102, 98};
        long[] noisy = {100, 130, 80, 120, 90, 110};
        SideBySide.Result r = result(steady, noisy, 1);
        double expected = SliceEstimate.perUnit(new double[] {100, 130, 80, 120, 90, 110},
                new double[] {1, 1, 1, 1, 1, 1}).halfWidth();
        assertEquals(expected, EqualRatesMeasurement.widestHalfWidth(r), 1e-12);
        assertTrue(expected > SliceEstimate.perUnit(new double[] {100, 101, 99, 100, 102, 98},
                new double[] {1, 1, 1, 1, 1, 1}).halfWidth(), "b is the least precise");
        assertTrue(Double.isNaN(EqualRatesMeasurement.widestHalfWidth(result(new long[] {-1}, new long[] {-1}, 1))),
                "no CPU read: nothing to make precise");
    }

    /** Targets a and b, a slice each per CPU time (ms; -1: none read) with 1,000 good answers; an injector role. */
    private static SideBySide.Result result(long[] aMs, long[] bMs, long inFlight) {
        List<List<SideBySide.Slice>> slices = new ArrayList<>();
        for (long[] ms : List.of(aMs, bMs)) {
            List<SideBySide.Slice> one = new ArrayList<>();
            for (long m : ms) {
                one.add(new SideBySide.Slice(0, 1000, 1000, Map.of(), m < 0 ? -1 : m * 1_000_000, -1, histogram(),
                        histogram(), histogram()));
            }
            slices.add(one);
        }
        long[] role = new long[aMs.length];
        for (int i = 0; i < role.length; i++) {
            role[i] = i % 2 + 1;
        }
        return new SideBySide.Result(100, 5, List.of("a", "b"), slices, Map.of("injector", role),
                new long[] {inFlight, inFlight}, 0);
    }

    private static Histogram histogram() {
        Histogram h = new Histogram(VegetaLevel.HIGHEST_MICROS, 3);
        h.recordValue(1000);
        return h;
    }
}
