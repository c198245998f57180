package io.gatewaybench.harness.measure;

import static io.gatewaybench.harness.measure.PlantedLevels.level;
import static io.gatewaybench.harness.measure.PlantedLevels.overloaded;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.gatewaybench.harness.model.FixedRateLevel;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The fixed-rate ladder: its rates, the overloaded level, and each level summarised over the rounds that reached it. */
class LadderTest {
    private static final List<Integer> RATES = List.of(1000, 2000, 3000, 4000);

    @Test
    void ratesArePercentagesOfDirectsCapacityRoundedPlusAbsoluteOnes() {
        assertEquals(List.of(1000, 2600, 5200, 13000), Ladder.rates(List.of(10, 20, 50), 26_010, List.of(1000, 13000)));
        assertEquals(List.of(73, 150), Ladder.rates(List.of(25, 50), 293, List.of()), "two significant digits keep slow levels apart");
        assertEquals(List.of(10), Ladder.rates(List.of(1), 300, List.of()), "a level is never below 10 req/s");
    }

    @Test
    void theSimulationsOverloadLineNamesTheLevel() {
        assertEquals(30000, Ladder.overloadedAt(List.of("[INFO] Running simulation",
                "BookPageSimulation: overloaded at rate-30000: more than 1000 requests in flight")));
        assertNull(Ladder.overloadedAt(List.of("BookPageSimulation: baseUrl=http://127.0.0.1:8080 rates=[100, 200]")));
    }

    @Test
    void eachLevelHoldsEveryRoundThatReachedItWithItsRound() {
        RequestStats round1 = level(1000, 1, 1, 0).stats().withLadder(List.of(level(1000, 2, 8, 0), level(2000, 4, 12, 0), overloaded(3000)));
        RequestStats round2 = level(1000, 1, 1, 0).stats().withLadder(List.of(level(1000, 4, 9, 0), level(2000, 9, 20, 2), level(3000, 9, 9, 0),
                overloaded(4000)));
        List<FixedRateLevel> levels = MeasuredSummary.fixedRate(List.of(round1, round2), RATES);
        assertEquals(RATES, levels.stream().map(FixedRateLevel::rateRps).toList(),
                "every planned rate, reached or not");
        assertEquals(List.of(2, 2, 2, 1), levels.stream().map(l -> l.rounds().size()).toList());
        assertEquals(2, levels.get(2).rounds().get(1).round(), "each level knows its round");
        assertNull(levels.get(0).judged(), "measure judges nothing");
    }
}
