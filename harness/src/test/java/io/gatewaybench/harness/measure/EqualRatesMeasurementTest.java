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
        assertEquals(expected, EqualRatesMeasurement.widest(r, EqualRatesMeasurement.Judged.OWN).halfWidth(), 1e-12);
        assertEquals("b's CPU per request", EqualRatesMeasurement.widest(r, EqualRatesMeasurement.Judged.OWN).figure());
        assertTrue(expected > SliceEstimate.perUnit(new double[] {100, 101, 99, 100, 102, 98},
                new double[] {1, 1, 1, 1, 1, 1}).halfWidth(), "b is the least precise");
        assertTrue(Double.isNaN(EqualRatesMeasurement.widest(result(new long[] {-1}, new long[] {-1}, 1),
                EqualRatesMeasurement.Judged.OWN).halfWidth()),
                "no CPU read: nothing to make precise");
    }

    /**
     * In a matrix a profile is judged over its reference, slice by slice, at its family's level: b costs a's 1.1 times
     * in every slice, give or take 1%, while both move ±20% with the machine; its ratio is what is judged, not a's
     * own wide figure nor b's.
     */
    @Test
    void aProfileIsJudgedByItsRatioOverItsReferenceAtItsLevel() {
        long[] a = {1000, 1300, 800, 1200, 900, 1100};
        long[] b = {1100, 1430, 890, 1310, 990, 1215};
        SideBySide.Result r = result(a, b, 1);
        double level = 1 - 0.05 / 15;
        EqualRatesMeasurement.Widest w = EqualRatesMeasurement.widest(r, new EqualRatesMeasurement.Judged(
                Map.of("b", new EqualRatesMeasurement.Judged.Over("a", level))));
        double[] ratio = {1.1, 1.1, 890 / 800.0, 1310 / 1200.0, 1.1, 1215 / 1100.0};
        double[] ones = {1, 1, 1, 1, 1, 1};
        assertEquals(SliceEstimate.ratio(ratio, ones, level).halfWidth(), w.halfWidth(), 1e-9);
        assertEquals("b over a", w.figure());
        assertTrue(w.halfWidth() < 0.05, "the ratio is precise: " + w);
        assertTrue(EqualRatesMeasurement.widest(r, EqualRatesMeasurement.Judged.OWN).halfWidth() > 0.1,
                "each target's own figure is not");
        assertTrue(w.halfWidth() > SliceEstimate.ratio(ratio, ones, 0.95).halfWidth(), "the family's level is wider");
    }

    /**
     * The settling rule: three targets moved ±20% together by the machine, slice by slice; a reference that costs 40%
     * more than later in its first 4 slices (a JVM still settling after its warm-up) has those 4 left out, naming it;
     * noise alone of ±3% leaves everything in; a target whose cost climbs 3% a slice throughout has no start
     * that holds, and every slice is kept with that said.
     */
    @Test
    void theSlicesOfATargetStillSettlingAreLeftOutAndNoiseIsNot() {
        int n = 24;
        java.util.Random random = new java.util.Random(7);
        long[][] settling = new long[3][n];
        long[][] noise = new long[3][n];
        long[][] climbing = new long[3][n];
        for (int s = 0; s < n; s++) {
            double machine = 1 + 0.2 * Math.sin(s);
            for (int t = 0; t < 3; t++) {
                double own = (t + 1) * 500 * machine * (1 + 0.03 * (random.nextDouble() * 2 - 1));
                settling[t][s] = Math.round(own * (t == 0 && s < 4 ? 1.4 : 1));
                noise[t][s] = Math.round(own);
                climbing[t][s] = Math.round(own * (t == 2 ? 1 + 0.03 * s : 1));
            }
        }
        EqualRatesMeasurement.Settling left = EqualRatesMeasurement.settling(results(settling));
        assertEquals(4, left.leftOut(), left.toString());
        assertTrue(left.why().startsWith("t0 was still settling: its CPU per request relative to the others' +"),
                left.why());
        assertEquals(new EqualRatesMeasurement.Settling(0, null), EqualRatesMeasurement.settling(results(noise)));
        EqualRatesMeasurement.Settling never = EqualRatesMeasurement.settling(results(climbing));
        assertEquals(-1, never.leftOut(), never.toString());
        assertTrue(never.why().contains("t2's CPU per request relative to the others'"), never.why());
        SideBySide.Result kept = results(settling).from(4);
        assertEquals(n - 4, kept.of("t0").size(), "every target's slices from the fifth on");
        assertEquals(settling[1][4] * 1_000_000, kept.of("t1").get(0).cpuNanos());
    }

    /**
     * The rule on committed runs' first 24 slices of each batch: it leaves out the 4 slices in which a matrix batch's
     * reference was still settling (712-754 us per request there, 405-707 after) and nothing in any other batch.
     */
    @Test
    void onCommittedRunsTheSettlingReferenceIsFoundAndNoOtherBatch() throws Exception {
        Map<String, Integer> expected = Map.of("20261207-210745/2", 4);
        for (String run : List.of("20261207-210745", "20261207-215034")) {
            io.gatewaybench.harness.model.Summary s = io.gatewaybench.harness.model.Summaries.read(
                    io.gatewaybench.harness.plan.Repo.root().resolve("results").resolve(run).resolve("summary.json"));
            for (int batch = 1; batch <= 4; batch++) {
                final int b = batch;
                List<io.gatewaybench.harness.model.Target> members = s.targets().stream()
                        .filter(t -> t.measured().equalRates() != null && t.measured().equalRates().batch() != null
                                && t.measured().equalRates().batch() == b
                                && t.measured().equalRates().levels().get(0).slices().get(0).cpuMs() != null)
                        .toList();
                long[][] ms = new long[members.size()][];
                long[][] good = new long[members.size()][];
                for (int t = 0; t < members.size(); t++) {
                    List<io.gatewaybench.harness.model.RateSlice> slices = members.get(t).measured().equalRates()
                            .levels().get(0).slices().subList(0, 24);
                    ms[t] = slices.stream().mapToLong(x -> Math.round(x.cpuMs() * 1000)).toArray();
                    good[t] = slices.stream().mapToLong(io.gatewaybench.harness.model.RateSlice::good).toArray();
                }
                EqualRatesMeasurement.Settling settling = EqualRatesMeasurement.settling(results(ms, good, 1000));
                assertEquals(expected.getOrDefault(run + "/" + batch, 0), settling.leftOut(),
                        run + " batch " + batch + ": " + settling);
            }
        }
    }

    /** Targets t0, t1, ..., a slice each per CPU time (ms) with 1,000 good answers; an injector role. */
    private static SideBySide.Result results(long[][] ms) {
        long[][] good = new long[ms.length][];
        for (int t = 0; t < ms.length; t++) {
            good[t] = new long[ms[t].length];
            java.util.Arrays.fill(good[t], 1000);
        }
        return results(ms, good, 1_000_000);
    }

    /** Targets t0, t1, ..., a slice each per CPU time ({@code ms} times {@code nsPer} ns) and good answers. */
    private static SideBySide.Result results(long[][] ms, long[][] good, long nsPer) {
        List<List<SideBySide.Slice>> slices = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (int t = 0; t < ms.length; t++) {
            names.add("t" + t);
            List<SideBySide.Slice> one = new ArrayList<>();
            for (int s = 0; s < ms[t].length; s++) {
                one.add(new SideBySide.Slice(0, good[t][s], good[t][s], Map.of(), ms[t][s] * nsPer, -1, histogram(),
                        histogram(), histogram()));
            }
            slices.add(one);
        }
        long[] role = new long[ms[0].length];
        return new SideBySide.Result(100, 5, names, slices, Map.of("injector", role), new long[ms.length], 0);
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
