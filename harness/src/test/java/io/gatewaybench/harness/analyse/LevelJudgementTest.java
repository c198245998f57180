package io.gatewaybench.harness.analyse;

import static io.gatewaybench.harness.measure.PlantedLevels.late;
import static io.gatewaybench.harness.measure.PlantedLevels.level;
import static io.gatewaybench.harness.measure.PlantedLevels.overloaded;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.gatewaybench.harness.measure.Ladder;
import io.gatewaybench.harness.measure.MeasuredSummary;
import io.gatewaybench.harness.measure.RequestStats;
import io.gatewaybench.harness.model.FixedRateLevel;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Each fixed-rate level judged over the rounds that reached it, from what measure wrote of them. */
class LevelJudgementTest {
    private static final List<Integer> RATES = List.of(1000, 2000, 3000, 4000);

    /** The rounds' ladders as measure writes them, each level judged. */
    private static List<FixedRateLevel.Judged> judged(List<List<Ladder.Level>> ladders) {
        List<RequestStats> rounds = ladders.stream().map(l -> level(1000, 1, 1, 0).stats().withLadder(l)).toList();
        return MeasuredSummary.fixedRate(rounds, RATES).stream()
                .map(l -> Analysis.judge(l, List.of(), List.of(), null)).toList();
    }

    @Test
    void levelsAreSummarisedOverTheRoundsThatReachedThem() {
        List<FixedRateLevel.Judged> levels = judged(List.of(List.of(level(1000, 2, 8, 0),
                level(2000, 4, 12, 0), overloaded(3000)),
                List.of(level(1000, 4, 9, 0), level(2000, 9, 20, 2), level(3000, 9, 9, 0), overloaded(4000))));
        assertEquals(4, levels.size());
        assertEquals(3.0, levels.get(0).latencyMs().p99(), "median of 2 and 4");
        assertEquals(2, levels.get(1).roundsReached());
        assertEquals(2L, levels.get(1).errors());
        assertEquals(16000L, levels.get(1).sent());
        assertEquals(1, levels.get(2).roundsOverloaded());
        assertEquals(1, levels.get(3).roundsReached());
    }

    /**
     * A level's latency is the median of the rounds that measured the target at its rate: a round the injector sent
     * late (75 ms beside measured rounds of 4 and 5 ms) is counted apart, an overloaded round's queue is never in the
     * median, and a level only sent late has no latency.
     */
    @Test
    void aLevelsLatencyCountsOnlyTheRoundsThatMeasuredTheTargetAtTheRate() {
        List<FixedRateLevel.Judged> levels = judged(List.of(
                List.of(level(1000, 4, 9, 0), late(2000, 300), level(3000, 6, 9, 0)),
                List.of(late(1000, 75), late(2000, 280), overloaded(3000)),
                List.of(level(1000, 5, 9, 0), late(2000, 290), level(3000, 8, 9, 0))));
        assertEquals(4.5, levels.get(0).latencyMs().p99(),
                "the median of the measured rounds' 4 and 5 ms, not of 4, 5 and 75");
        assertEquals(1, levels.get(0).roundsInjectorLimited());
        assertEquals(3, levels.get(0).roundsReached(), "a late round reached the level all the same");
        assertNull(levels.get(1).latencyMs(), "every round sent late: no latency at that rate");
        assertEquals(3, levels.get(1).roundsInjectorLimited());
        assertEquals(65.0, levels.get(1).sendLagP99MsMax(), "the worst round's send lag");
        assertEquals(7.0, levels.get(2).latencyMs().p99(), "the overloaded round's 900 ms is its queue: 6 and 8 ms");
        assertEquals(0, levels.get(2).roundsInjectorLimited(), "overloaded is not injector-limited");
        assertEquals(1, levels.get(2).roundsOverloaded());
    }
}
