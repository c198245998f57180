package io.gatewaybench.harness.analyse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gatewaybench.harness.measure.Ladder;
import io.gatewaybench.harness.measure.RequestStats;
import io.gatewaybench.harness.model.LevelRound;
import io.gatewaybench.harness.model.MaxSustainable;
import io.gatewaybench.harness.model.ProbeResult;
import io.gatewaybench.harness.plan.Objective;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The objectives a measured ladder level meets, and the maximum-rate search over a round and over rounds. */
class ObjectiveJudgeTest {
    private static final List<Integer> RATES = List.of(1000, 2000, 3000, 4000);
    private static final Objective P99_10 = Objective.standard(10).get(0);
    private static final Objective GIGAOM = Objective.standard(10).get(1);

    /**
     * A complete level of 4 s with the given P99 and max (ms) and error count, as one round's level in summary.json.
     */
    private static LevelRound level(int rate, double p99, double max, long errors) {
        RequestStats stats = new RequestStats(rate * 4L, errors, rate,
                new RequestStats.Latency(1, 1, 2, p99, max, max, max));
        return new Ladder.Level(rate, rate * 4L, rate * 4L, errors, stats, stats.latency(), false, 0, 0, null)
                .measuredIn(1);
    }

    /** A level the injector sent late: its send lag P99 over the bound. */
    private static LevelRound late(int rate, double sendLagP99) {
        RequestStats stats = new RequestStats(rate * 4L, 0, rate, new RequestStats.Latency(1, 1, 2, 2, 8, 8, 8));
        return new Ladder.Level(rate, rate * 4L, rate * 4L, 0, stats, stats.latency(), false, sendLagP99, sendLagP99,
                null).measuredIn(1);
    }

    /**
     * A level Vegeta sent with its send lag P99 at {@code lagMs} while the target's answers, timed from their actual
     * send, had a P99 of {@code fromSendMs} (from their intended send: both).
     */
    private static LevelRound vegeta(int rate, double lagMs, double fromSendMs) {
        long lag = (long) (lagMs * 1000);
        long held = (long) (fromSendMs * 1000);
        ProbeResult intended = new ProbeResult(rate * 3L, 0, "planted", 900L, 1500L, held + lag, held + lag,
                held + lag, Optional.of(new ProbeResult.SendLagUs(400, lag, lag)));
        ProbeResult fromSend = new ProbeResult(rate * 3L, 0, "planted", 850L, 1400L, held, held, held,
                Optional.empty());
        RequestStats stats = new RequestStats(rate * 3L, 0, rate, new RequestStats.Latency(1, 0.9, 1.5,
                (held + lag) / 1000.0, (held + lag) / 1000.0, (held + lag) / 1000.0, (held + lag) / 1000.0));
        return new Ladder.Level(rate, rate * 3L, rate * 3L, 0, stats, stats.latency(), false, lagMs, lagMs, null, null,
                new Ladder.Level.Vegeta(intended, Double.NaN, fromSend)).measuredIn(1);
    }

    private static LevelRound overloaded(int rate) {
        RequestStats stats = new RequestStats(500, 0, 400, new RequestStats.Latency(300, 200, 800, 900, 950, 950, 950));
        return new Ladder.Level(rate, rate * 4L, 500, 0, stats, stats.latency(), true, 0, 0, null).measuredIn(1);
    }

    /**
     * A level of 1,000 req/s over 4 s as sent: {@code sent} of 4,000, {@code errors} failed, the successes' and all
     * requests' latency.
     */
    private static LevelRound sent(long sent, long errors, RequestStats.Latency all) {
        RequestStats stats = new RequestStats(sent, errors, 1000, new RequestStats.Latency(1, 1, 2, 5, 12, 12, 12));
        return new Ladder.Level(1000, 4000, sent, errors, stats, all, false, 0, 0, null).measuredIn(1);
    }

    @Test
    void aLevelMeetsAnObjectiveOnlyCompleteWithFewErrorsAndInsideItsBound() {
        assertTrue(ObjectiveJudge.holds(P99_10, level(1000, 10, 40, 0)), "the bound is inclusive");
        assertFalse(ObjectiveJudge.holds(P99_10, level(1000, 11, 12, 0)));
        assertEquals("P99 11 ms", ObjectiveJudge.failure(P99_10, level(1000, 11, 12, 0)));
        assertTrue(ObjectiveJudge.holds(P99_10, level(1000, 5, 12, 3)), "3 errors in 4000 is under 0.1%");
        assertFalse(ObjectiveJudge.holds(P99_10, level(1000, 5, 12, 4)), "4 in 4000 is 0.1%, not under it");
        assertEquals("errors 0.10%", ObjectiveJudge.failure(P99_10, level(1000, 5, 12, 4)));
        assertFalse(ObjectiveJudge.holds(P99_10, overloaded(1000)));
        assertEquals("overloaded", ObjectiveJudge.failure(P99_10, overloaded(1000)));

        assertTrue(ObjectiveJudge.holds(GIGAOM, level(2000, 20, 29, 0)));
        assertFalse(ObjectiveJudge.holds(GIGAOM, level(2000, 20, 30, 0)), "under 30 ms means at most 29 in whole milliseconds");
        assertEquals("max 30 ms", ObjectiveJudge.failure(GIGAOM, level(2000, 20, 30, 0)));
    }

    /** Vegeta's latencies are to the microsecond: "under 30 ms" is below 30, "at most 10" includes 10. */
    @Test
    void boundsHoldForFractionalMillisecondsAsTheyAreWorded() {
        assertTrue(ObjectiveJudge.holds(GIGAOM, level(2000, 20, 29.999, 0)), "29.999 ms is under 30");
        assertEquals("max 30.000 ms", ObjectiveJudge.failure(GIGAOM, level(2000, 20, 30.0004, 0)));
        assertTrue(ObjectiveJudge.holds(P99_10, level(1000, 10.0, 12, 0)), "at most 10 ms includes 10");
        assertEquals("P99 10.001 ms", ObjectiveJudge.failure(P99_10, level(1000, 10.001, 12, 0)));
    }

    @Test
    void theSearchIsStrictAMissBelowEndsItAndHigherPassesAreListedNotCounted() {
        List<LevelRound> round = List.of(level(1000, 2, 8, 0), level(2000, 12, 31, 0), level(3000, 4, 12, 0),
                level(4000, 11, 31, 0));
        MaxSustainable.SearchRound p99 = ObjectiveJudge.maxSustainable(P99_10, round, RATES);
        assertEquals(1000, p99.rateRps(), "a miss at 2000 ends the search: 3000 held, but not every level below it did");
        assertEquals(2000, p99.nextLevelRps());
        assertEquals("P99 12 ms", p99.nextLevelBecause());
        assertEquals(List.of(3000), p99.heldAbove());
        assertNull(p99.verdict(), "the P99 objective has no rate to exceed");

        MaxSustainable.SearchRound gigaom = ObjectiveJudge.maxSustainable(GIGAOM, round, RATES);
        assertEquals(1000, gigaom.rateRps());
        assertEquals(false, gigaom.verdict(), "1000 req/s is not over GigaOm's 1000");
    }

    @Test
    void aLevelTheInjectorSentLateOrShortIsNotMeasuredNeverAPass() {
        assertEquals("not measured (injector late: send lag P99 25 ms)", ObjectiveJudge.failure(P99_10, late(2000, 25)));
        assertTrue(ObjectiveJudge.holds(P99_10, late(2000, 10)), "10 ms of send lag is the bound, inclusive");
        MaxSustainable.SearchRound found = ObjectiveJudge.maxSustainable(P99_10,
                List.of(level(1000, 2, 8, 0), late(2000, 25), level(3000, 2, 8, 0)), RATES);
        assertEquals(1000, found.rateRps());
        assertEquals(List.of(3000), found.heldAbove());
        assertTrue(found.limitedByInjector(), "the search stopped where the injector, not the target, gave out");
        assertFalse(ObjectiveJudge.maxSustainable(P99_10, List.of(level(1000, 2, 8, 0), overloaded(2000)), RATES).limitedByInjector(),
                "an overloaded level is the target's failure");
        assertFalse(ObjectiveJudge.maxSustainable(P99_10, List.of(level(1000, 2, 8, 0), level(2000, 12, 31, 0)), RATES).limitedByInjector(),
                "a P99 over the bound is the target's failure");

        LevelRound short_ = sent(3100, 0, new RequestStats.Latency(1, 1, 2, 5, 12, 12, 12));
        assertEquals("not measured (injector late: sent 3100 of 4000 planned)", ObjectiveJudge.failure(P99_10, short_));
    }

    /**
     * Zuul2's first try at 870 req/s in a quick run: its answers held (P99 205.5 ms from their actual send) while
     * Vegeta's send lag P99 rose to 24.2 ms as a consequence. The stall is the target's failure at that rate, never the
     * injector's lateness; an injector late while the target answered in 1.2 ms is still the injector's.
     */
    @Test
    void aStallThatMadeTheInjectorLateIsTheTargetsFailure() {
        LevelRound stalled = vegeta(870, 24.2, 205.5);
        assertEquals("", ObjectiveJudge.injectorLate(stalled));
        assertTrue(ObjectiveJudge.failure(P99_10, stalled).startsWith("P99"), ObjectiveJudge.failure(P99_10, stalled));
        MaxSustainable.SearchRound found = ObjectiveJudge.maxSustainable(P99_10,
                List.of(level(1000, 2, 8, 0), vegeta(2000, 24.2, 205.5), level(3000, 2, 8, 0)), RATES);
        assertEquals(1000, found.rateRps());
        assertFalse(found.limitedByInjector(), "the stall ended the search as the target's failure");
        assertEquals("send lag P99 24.20 ms", ObjectiveJudge.injectorLate(vegeta(870, 24.2, 1.2)));
    }

    @Test
    void theObjectiveJudgesEveryRequestAFailedOneAtItsFullTime() {
        // 3 failures in 4000 (under 0.1%): the successes' max is 12 ms, but one failure was a 60 s time-out
        LevelRound timedOut = sent(4000, 3, new RequestStats.Latency(16, 1, 2, 5, 12, 60_000, 60_000));
        assertTrue(ObjectiveJudge.holds(P99_10, timedOut), "the P99 of all requests is still 5 ms");
        assertFalse(ObjectiveJudge.holds(GIGAOM, timedOut));
        assertEquals("max 60000 ms", ObjectiveJudge.failure(GIGAOM, timedOut));
        LevelRound unknown = sent(4000, 3, null);
        assertEquals("not judged (failed requests' times not recorded)", ObjectiveJudge.failure(P99_10, unknown));
    }

    @Test
    void anOverloadedLevelBracketsTheSearchAndLevelsNeverSentCountAsNotReached() {
        MaxSustainable.SearchRound found = ObjectiveJudge.maxSustainable(P99_10, List.of(level(1000, 2, 8, 0), overloaded(2000)), RATES);
        assertEquals(1000, found.rateRps());
        assertEquals(2000, found.nextLevelRps());
        assertEquals("overloaded", found.nextLevelBecause());
        MaxSustainable.SearchRound notReached = ObjectiveJudge.maxSustainable(P99_10,
                List.of(level(1000, 2, 8, 0), level(2000, 2, 8, 0), overloaded(3000)), RATES);
        assertEquals(2000, notReached.rateRps());
        assertEquals("overloaded", notReached.nextLevelBecause());
        List<LevelRound> toThe3000 = List.of(level(1000, 2, 8, 0), level(2000, 2, 8, 0), level(3000, 2, 8, 0));
        assertEquals(3000, ObjectiveJudge.maxSustainable(P99_10, toThe3000, RATES).rateRps());
        assertEquals("not reached", ObjectiveJudge.maxSustainable(P99_10, toThe3000, RATES).nextLevelBecause(),
                "4000 was planned but never sent");

        MaxSustainable.SearchRound lowest = ObjectiveJudge.maxSustainable(GIGAOM, List.of(level(1000, 2, 35, 0)), RATES);
        assertEquals(0, lowest.rateRps(), "0: even the lowest level failed");
        assertEquals(false, lowest.verdict());

        MaxSustainable.SearchRound allHeld = ObjectiveJudge.maxSustainable(P99_10, RATES.stream().map(r -> level(r, 1, 2, 0)).toList(), RATES);
        assertEquals(4000, allHeld.rateRps());
        assertNull(allHeld.nextLevelRps());
    }

    @Test
    @SuppressWarnings("unchecked")
    void theMaximumRateOverRoundsIsARateThatWasOffered() {
        List<LevelRound> round1 = List.of(level(1000, 2, 8, 0), level(2000, 4, 12, 0), overloaded(3000));
        List<LevelRound> round2 = List.of(level(1000, 4, 9, 0), level(2000, 9, 20, 2),
                level(3000, 9, 9, 0), overloaded(4000));
        MaxSustainable found = Analysis.maxSustainable(List.of(round1, round2), RATES, List.of(P99_10))
                .get(P99_10.name());
        assertEquals(2000, found.rateRps(), "round 1 holds to 2000; round 2 to 3000: the lower of the two middle values, not 2500");
        assertEquals(2000, found.minRps());
        assertEquals(3000, found.maxRps());
    }

    /** Where the median round found no level that held, the rate reads as absent, with what failed first: never 0. */
    @Test
    void aMaximumNotFoundReadsBelowTheFirstLevelNeverZero() {
        List<LevelRound> failed = List.of(level(1000, 12.2, 20, 0), level(2000, 4, 12, 0));
        MaxSustainable found = Analysis.maxSustainable(List.of(failed, failed, List.of(level(1000, 2, 8, 0),
                level(2000, 12, 20, 0))), RATES, List.of(P99_10)).get(P99_10.name());
        assertEquals(0, found.rateRps());
        assertEquals("below 1000 req/s (its first level failed: P99 12.200 ms)", found.rateText());
    }

    /**
     * A round whose search the injector stopped is neither a pass nor a failure of the target: it is left out of the
     * median, and counted; where every round was, the rate is a lower bound (the case of results/20261124-080355, where
     * haproxy:routes-5000 read 0 req/s from one round that lost its lowest level to a late injector).
     */
    @Test
    void aRoundTheInjectorStoppedIsLeftOutAndOnlySuchRoundsGiveALowerBound() {
        List<LevelRound> held = List.of(level(1000, 2, 8, 0), level(2000, 4, 9, 0), level(3000, 12, 31, 0));
        List<LevelRound> lateAtTheFirst = List.of(late(1000, 65), level(2000, 2, 8, 0), level(3000, 2, 8, 0));
        MaxSustainable found = Analysis.maxSustainable(List.of(held, lateAtTheFirst), RATES, List.of(P99_10)).get(P99_10.name());
        assertEquals(2000, found.rateRps(), "the injector-limited round's 0 is not the target's maximum");
        assertEquals(2000, found.minRps());
        assertEquals(2000, found.maxRps());
        assertEquals(1, found.injectorLimited());
        assertFalse(found.lowerBound());
        assertEquals(2, found.rounds().size(), "both rounds' searches are kept");

        List<LevelRound> lateAtTheThird = List.of(level(1000, 2, 8, 0), level(2000, 2, 8, 0), late(3000, 40));
        MaxSustainable bound = Analysis.maxSustainable(List.of(lateAtTheFirst, lateAtTheThird, lateAtTheThird), RATES, List.of(GIGAOM))
                .get(GIGAOM.name());
        assertTrue(bound.lowerBound(), "every round injector-limited: only a lower bound is known");
        assertEquals(2000, bound.rateRps());
        assertEquals("at least 2000", bound.rateText());
        assertEquals("every round injector-limited", bound.injectorLimitedText());
        assertEquals("1 of 2 rounds injector-limited, left out", found.injectorLimitedText());
        assertEquals(3, bound.injectorLimited());
        assertEquals(true, bound.verdict(), "2000 is over GigaOm's 1000 even as a lower bound");
        MaxSustainable low = Analysis.maxSustainable(List.of(lateAtTheFirst), RATES, List.of(GIGAOM)).get(GIGAOM.name());
        assertNull(low.verdict(), "at least 0 tells nothing of whether the target passes 1000");
    }
}
