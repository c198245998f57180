package io.gatewaybench.harness.analyse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gatewaybench.harness.plan.RunPlan;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which targets --precision still waits for, from planted rounds. */
class PrecisionsTest {
    private static final RunPlan.Precision FIVE = new RunPlan.Precision(0.05, 60, 40);

    @Test
    void theHalfWidthIsTheHeadlinesInterval() {
        double[] paired = {0.60, 0.62, 0.59};
        var i = io.gatewaybench.harness.measure.Stats.interval(paired);
        assertEquals(Math.sqrt(i.ci95High() / i.ci95Low()) - 1, Precisions.halfWidth(paired), 1e-3);
        assertTrue(Double.isNaN(Precisions.halfWidth(new double[] {0.6})), "one round: no interval");
        assertTrue(Double.isNaN(Precisions.halfWidth(new double[] {0, 0.6})), "a round at 0: no interval");
    }

    @Test
    void onlyTargetsOutsideThePrecisionAreWaitedFor() {
        Map<String, double[]> ratios = new LinkedHashMap<>();
        ratios.put("tight", new double[] {0.600, 0.601, 0.602, 0.600}); // ±0.3%
        assertEquals(List.of(), Precisions.notReached(ratios, FIVE), "every target within ±5%: no more rounds");
        ratios.put("scattered", new double[] {0.50, 0.62, 0.58, 0.66}); // ±19%
        ratios.put("new", new double[] {0.6});
        List<String> waiting = Precisions.notReached(ratios, FIVE);
        assertEquals(2, waiting.size(), waiting.toString());
        assertTrue(waiting.get(0).startsWith("scattered ±"), waiting.toString());
        assertEquals("new no interval yet", waiting.get(1));
        assertEquals(List.of("new no interval yet"), Precisions.notReached(ratios, new RunPlan.Precision(0.5, 60, 40)),
                "within ±50% the scattered one is known");
    }

    /**
     * The rule that ends the rounds --precision adds, from planted times: what PrecisionRunIT cannot show on a shared machine,
     * where a step takes 12 s alone and 48 s beside other tests. A budget of 5 min: after 200 s, a round of 100 s ends at
     * the budget and is begun; one of 101 s is not; the most rounds end it first; a precision reached ends it before all.
     */
    @Test
    void aRoundIsAddedOnlyWhileItWouldEndWithinTheBudgetAndTheMostRounds() {
        RunPlan.Precision p = new RunPlan.Precision(0.05, 5, 4);
        List<String> waiting = List.of("nginx ±12.3%");
        assertEquals(null, Precisions.noMoreRounds(waiting, p, 3, 200, 100), "a round ending at the budget is begun");
        assertEquals("another round would end past the budget of 5 min", Precisions.noMoreRounds(waiting, p, 3, 200, 101));
        assertEquals("another round would end past the budget of 5 min", Precisions.noMoreRounds(waiting, p, 2, 301, 0),
                "past the budget already");
        assertEquals("the most rounds, 4, were made", Precisions.noMoreRounds(waiting, p, 4, 10, 10));
        assertEquals("the most rounds, 4, were made", Precisions.noMoreRounds(waiting, p, 4, 400, 100), "the most rounds are said first");
        assertEquals("every target is known within ±5.0%", Precisions.noMoreRounds(List.of(), p, 4, 400, 100), "precision reached is said first");
        assertEquals(null, Precisions.noMoreRounds(waiting, p, 2, 0, 299));
    }
}
