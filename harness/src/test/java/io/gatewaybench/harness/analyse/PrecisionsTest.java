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
}
