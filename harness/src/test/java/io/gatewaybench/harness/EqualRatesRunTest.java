package io.gatewaybench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gatewaybench.harness.measure.EqualRatesMeasurement;
import io.gatewaybench.harness.plan.RunPlan;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What {@code --precision} judges in each batch of an equal-rates run and when each batch stops adding slices for it.
 */
class EqualRatesRunTest {

    /**
     * scg's 15 profiles in 4 batches: each other profile, the twin among them, over its own batch's reference, at the
     * level of the gateway's family of 15 comparisons at one rate (as ProfileCosts states them); the references and
     * direct are not judged on their own.
     */
    @Test
    void aMatrixJudgesEachProfileOverItsBatchsReferenceAtTheFamilysLevel() {
        RunPlan plan = RunPlan.parse(List.of("--targets=scg", "--jvm=all"));
        var batches = EqualRatesRun.batches(plan.targets(), plan.equalRates());
        double level = 1 - 0.05 / 15;
        Map<String, EqualRatesMeasurement.Judged.Over> first = EqualRatesRun.judged(batches, 0, "default", 1).over();
        assertEquals(new EqualRatesMeasurement.Judged.Over("scg@default", level), first.get("scg@default-twin"));
        assertEquals(new EqualRatesMeasurement.Judged.Over("scg@default", level), first.get("scg@epoll"));
        assertEquals(batches.get(0).size() - 2, first.size(), "every profile but the reference: " + first);
        Map<String, EqualRatesMeasurement.Judged.Over> second = EqualRatesRun.judged(batches, 1, "default", 1).over();
        assertTrue(second.values().stream().allMatch(o -> o.reference().equals("scg@default-b2") && o.level() == level),
                second.toString());
        assertEquals(1 - 0.05 / 30, EqualRatesRun.judged(batches, 3, "default", 2).over().values().iterator().next()
                .level(), 1e-12, "two rates: 30 comparisons");
        RunPlan plain = RunPlan.parse(List.of("--targets=nginx,scg"));
        assertEquals(EqualRatesMeasurement.Judged.OWN, EqualRatesRun.judged(EqualRatesRun.batches(plain.targets(),
                plain.equalRates()), 0, null, 3), "one profile: each target's own CPU per request");
    }

    /**
     * Each batch has its own time, then an equal share of what is left once the batches after it have had theirs: the
     * first batch's longer time (its search) does not take its share, a batch that ends early leaves its share to the
     * next, and nothing goes past the run's end.
     */
    @Test
    void eachBatchGetsItsOwnTimeAndAnEqualShareOfTheRest() {
        long min = 60_000;
        assertEquals(7 * min + 30_000, EqualRatesRun.deadline(0, 30 * min, 4, 300),
                "5 min its own, and a quarter of the 10 min the 4 batches' own 20 leave of 30");
        assertEquals(15 * min, EqualRatesRun.deadline(10 * min, 30 * min, 4, 120),
                "begun at 10 min: 2 min its own and a quarter of the 12 min left after the 4 batches' 8");
        assertEquals(30 * min, EqualRatesRun.deadline(10 * min, 30 * min, 1, 300), "the last batch: the run's end");
        assertEquals(29 * min, EqualRatesRun.deadline(28 * min, 30 * min, 3, 60), "nothing spare: its own time only");
        assertEquals(30 * min, EqualRatesRun.deadline(29 * min, 30 * min, 1, 300), "never past the end");
        assertEquals(0, EqualRatesRun.deadline(0, 0, 4, 300), "no --precision: no deadline");
    }
}
