package io.gatewaybench.harness.analyse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gatewaybench.harness.model.AddedUs;
import io.gatewaybench.harness.model.FixedRateLevel;
import io.gatewaybench.harness.model.LevelAddedUs;
import io.gatewaybench.harness.model.LevelLatencyUs;
import io.gatewaybench.harness.model.LevelRound;
import io.gatewaybench.harness.model.ProbeResult;
import io.gatewaybench.harness.model.Target;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * What a target adds over direct at a fixed rate, on planted rounds: each round against direct's of the same round, only
 * rounds measured as planned on both sides, the interval Student's t over rounds.
 */
class LatencyAddedTest {
    private static final int RATE = 500;

    /** One round of a Vegeta level at {@link #RATE}: P50 {@code p50} us, the other percentiles above it; as planned unless said. */
    private static LevelRound round(int round, long p50, boolean overloaded, double sendLagP99Ms, long errors) {
        ProbeResult us = new ProbeResult(1000, errors, "answers that were the page, each from its intended send instant", p50, p50 + 100,
                p50 + 1000, p50 + 2000, p50 + 5000, Optional.empty());
        return new LevelRound(round, RATE, 1000, 1000, errors, errors / 1000.0, overloaded, null, Optional.empty(), 500.0,
                new LevelRound.SendLagMs(sendLagP99Ms, sendLagP99Ms), null, LevelRound.VEGETA, us, 300.0, null, null,
                null, null);
    }

    /** The same round with its figures from the actual send too: P50 {@code fromSend} us, the injector's own lag left out. */
    private static LevelRound withFromSend(LevelRound r, long fromSend) {
        ProbeResult sent = new ProbeResult(1000, r.errors(), "answers that were the page, each from the instant Vegeta sent it", fromSend,
                fromSend + 100, fromSend + 1000, fromSend + 2000, fromSend + 5000, Optional.empty());
        return new LevelRound(r.round(), r.rateRps(), r.planned(), r.sent(), r.errors(), r.errorShare(), r.overloaded(), null,
                Optional.empty(), r.throughputRps(), r.sendLagMs(), null, r.injector(), r.latencyUs(),
                r.injectorCpuMsPer1000Requests(), null, sent, null, null);
    }

    private static FixedRateLevel level(List<LevelRound> rounds) {
        return FixedRateLevel.measured(RATE, null, rounds, null);
    }

    private static Target direct(List<LevelRound> rounds) {
        return new Target(Target.About.of("direct", ""), null, List.of(level(rounds)));
    }

    @Test
    void eachRoundAgainstDirectsOfTheSameRoundWithAStudentsTInterval() {
        Target direct = direct(List.of(round(1, 400, false, 1, 0), round(2, 500, false, 1, 0), round(3, 450, false, 1, 0),
                round(4, 420, false, 1, 0)));
        // +50, +70, +60 over direct's rounds 1-3: a machine slower in round 2 is direct's too, and cancels
        LevelAddedUs added = LatencyAdded.at(level(List.of(round(1, 450, false, 1, 0), round(2, 570, false, 1, 0),
                round(3, 510, false, 1, 0))), direct);
        assertEquals(3, added.roundsCounted());
        assertEquals(List.of(), added.roundsLeftOut());
        AddedUs p50 = added.p50();
        assertEquals(List.of(50.0, 70.0, 60.0), p50.perRound());
        assertEquals(60, p50.mean(), 1e-9);
        // sd 10 over 3 rounds: t(0.975, 2) = 4.303, half-width 4.3027 * 10 / sqrt(3) = 24.841
        assertEquals(60 - 24.8414, p50.ci95Low(), 1e-3);
        assertEquals(60 + 24.8414, p50.ci95High(), 1e-3);
        assertEquals(60, added.p99().mean(), 1e-9, "every percentile of the plant is 60 us above direct's");
    }

    /**
     * Planted as 20261126-192800 measured it at 3,100 req/s: Vegeta late by about 400 us at P50 driving direct and 140 driving
     * the target, which itself adds 60. From the intended send the target would read 200 us faster than direct; from the
     * actual send, where every round has that figure, it reads +60.
     */
    @Test
    void addedIsTakenFromTheActualSendWhereEveryRoundKeptIt() {
        List<LevelRound> directRounds = List.of(withFromSend(round(1, 700, false, 1, 0), 300), withFromSend(round(2, 700, false, 1, 0), 300),
                withFromSend(round(3, 700, false, 1, 0), 300));
        List<LevelRound> target = List.of(withFromSend(round(1, 500, false, 1, 0), 360), withFromSend(round(2, 500, false, 1, 0), 360),
                withFromSend(round(3, 500, false, 1, 0), 360));
        LevelAddedUs added = LatencyAdded.at(level(target), direct(directRounds));
        assertEquals(60, added.p50().mean(), 1e-9);
        assertEquals(LevelAddedUs.FROM_SEND, added.measuredFrom());
        // one round of direct without the figure (a run from before it was kept): every round from the intended send
        List<LevelRound> older = List.of(round(1, 700, false, 1, 0), directRounds.get(1), directRounds.get(2));
        LevelAddedUs fromIntended = LatencyAdded.at(level(target), direct(older));
        assertEquals(-200, fromIntended.p50().mean(), 1e-9);
        assertNull(fromIntended.measuredFrom());
    }

    /**
     * The level's own percentiles: an overloaded round's queue (P50 90 ms) and a late round's lag are left out, named, never
     * taken into the median; the rounds counted give the median and the interval of their geometric mean.
     */
    @Test
    void aLevelsOwnPercentilesCountOnlyTheRoundsMeasuredAsPlanned() {
        LevelLatencyUs us = LatencyAdded.overRounds(level(List.of(round(1, 90_000, true, 1, 0), round(2, 400, false, 1, 0),
                round(3, 90_000, false, 9, 0), round(4, 500, false, 1, 0), round(5, 450, false, 1, 0))));
        assertEquals(3, us.roundsCounted());
        assertEquals(List.of("round 1: overloaded", "round 3: injector-limited (send lag P99 9.00 ms)"), us.roundsLeftOut());
        assertEquals(List.of(400.0, 500.0, 450.0), us.p50().values());
        assertEquals(450, us.p50().median(), 1e-9);
        // geometric mean of 400, 500, 450: exp(mean of the logs), its interval t(0.975, 2) = 4.303 times the logs' sd / sqrt(3)
        double[] logs = {Math.log(400), Math.log(500), Math.log(450)};
        double mean = (logs[0] + logs[1] + logs[2]) / 3;
        double sd = Math.sqrt(((logs[0] - mean) * (logs[0] - mean) + (logs[1] - mean) * (logs[1] - mean) + (logs[2] - mean) * (logs[2] - mean)) / 2);
        assertEquals(Math.exp(mean - 4.302653 * sd / Math.sqrt(3)), us.p50().ci95Low(), 0.01);
        assertEquals(Math.exp(mean + 4.302653 * sd / Math.sqrt(3)), us.p50().ci95High(), 0.01);
        assertEquals(1450, us.p99().median(), 1e-9, "every percentile over the same rounds");
        assertEquals(5450, us.max().median(), 1e-9);
        LevelLatencyUs none = LatencyAdded.overRounds(level(List.of(round(1, 90_000, true, 1, 0))));
        assertEquals(0, none.roundsCounted());
        assertNull(none.p50(), "no round counted: no figure");
        LevelRound gatling = new LevelRound(1, RATE, 1000, 1000, 0, 0, false, null, Optional.empty(), 500.0,
                new LevelRound.SendLagMs(1, 1), null, null, null, null, null, null, null, null);
        assertNull(LatencyAdded.overRounds(level(List.of(gatling))), "a level Gatling sent: whole milliseconds");
    }

    @Test
    void aRoundNotMeasuredAsPlannedOnEitherSideIsLeftOutWithWhy() {
        Target direct = direct(List.of(round(1, 400, false, 1, 0), round(2, 400, false, 9, 0), round(3, 400, false, 1, 0),
                round(4, 400, false, 1, 0)));
        List<LevelRound> target = new ArrayList<>(List.of(round(1, 460, true, 1, 0), round(2, 460, false, 1, 0),
                round(3, 460, false, 1, 5), round(4, 460, false, 1, 0)));
        LevelAddedUs added = LatencyAdded.at(level(target), direct);
        assertEquals(1, added.roundsCounted(), added.toString());
        assertEquals(List.of("round 1: the target overloaded", "round 2: direct injector-limited (send lag P99 9.00 ms)",
                "round 3: the target failed 0.5% of requests"), added.roundsLeftOut());
        assertEquals(60, added.p50().mean(), 1e-9);
        assertNull(added.p50().ci95Low(), "one round: no interval");
    }

    @Test
    void nothingWhereTheLevelsHaveNoMicrosecondsOrDirectDidNotReachTheRate() {
        LevelRound gatling = new LevelRound(1, RATE, 1000, 1000, 0, 0, false, null, Optional.empty(), 500.0,
                new LevelRound.SendLagMs(1, 1), null, null, null, null, null, null, null, null);
        Target direct = direct(List.of(round(1, 400, false, 1, 0)));
        assertNull(LatencyAdded.at(level(List.of(gatling)), direct), "a level Gatling sent: whole milliseconds");
        Target elsewhere = direct(List.of());
        FixedRateLevel other = FixedRateLevel.measured(RATE * 2, null, List.of(round(1, 400, false, 1, 0)), null);
        assertNull(LatencyAdded.at(other, elsewhere), "direct has no level at that rate");
        assertTrue(LatencyAdded.at(level(List.of(round(1, 400, false, 1, 0))), direct).roundsLeftOut().isEmpty());
    }
}
