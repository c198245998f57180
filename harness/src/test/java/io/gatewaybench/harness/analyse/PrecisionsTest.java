package io.gatewaybench.harness.analyse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gatewaybench.harness.plan.RunPlan;
import io.gatewaybench.harness.plan.Target;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Which targets --precision still waits for, from planted rounds. */
class PrecisionsTest {
    private static final RunPlan.PrecisionSpec FIVE = new RunPlan.PrecisionSpec(0.05, 60, 40);

    @Test
    void theHalfWidthIsTheHeadlinesInterval() {
        double[] paired = {0.60, 0.62, 0.59};
        var i = io.gatewaybench.harness.quantity.Stats.interval(paired);
        assertEquals(Math.sqrt(i.ci95High() / i.ci95Low()) - 1, Precisions.halfWidth(paired), 1e-3);
        assertTrue(Double.isNaN(Precisions.halfWidth(new double[] {0.6})), "one round: no interval");
        assertTrue(Double.isNaN(Precisions.halfWidth(new double[] {0, 0.6})), "a round at 0: no interval");
        assertEquals(Precisions.halfWidth(paired), Precisions.halfWidth(paired, 0.95), 1e-3, "at 95%, the same interval (the headline's bounds are rounded)");
        assertTrue(Precisions.halfWidth(paired, 0.99) > Precisions.halfWidth(paired), "a family's level is wider");
        assertTrue(Double.isNaN(Precisions.halfWidth(new double[] {0, 0.6}, 0.99)), "a round at 0: no interval at any level");
    }

    /**
     * In a run of several JVM profiles each profile but the reference is judged against its gateway's reference-profile run of
     * the same round, at its family's level, as the profiles table judges it; every other target against its baseline at 95%.
     * Planted: the profile's rounds are exactly 10% over the reference's, and both move together far from direct's.
     */
    @Test
    void aProfileIsJudgedAgainstItsGatewaysReferenceAtItsFamilysLevel() {
        Target direct = Target.named("direct");
        Target nginx = Target.named("nginx");
        Target scg = Target.named("scg");
        List<Target> targets = List.of(direct, nginx, scg.underProfile("default", true, Optional.empty()),
                scg.underProfile("parallel", true, Optional.empty()), scg.underProfile("zgc", true, Optional.empty()));
        Map<String, double[]> rps = Map.of("direct", new double[] {1000, 2000, 1500}, "nginx", new double[] {600, 1200, 900},
                "scg@default", new double[] {100, 400, 250}, "scg@parallel", new double[] {110, 440, 275}, "scg@zgc", new double[] {90, 300, 260});
        Map<String, Precisions.Paired> judged = Precisions.judged(targets, "default", rps::get, t -> "direct", Set.of());
        assertEquals(List.of("nginx", "scg@default", "scg@parallel over scg@default", "scg@zgc over scg@default"), List.copyOf(judged.keySet()));
        assertEquals(0.95, judged.get("nginx").level());
        assertEquals(0.95, judged.get("scg@default").level(), "the reference profile: against direct, the headline");
        Precisions.Paired parallel = judged.get("scg@parallel over scg@default");
        assertEquals(1 - 0.05 / 2, parallel.level(), 1e-12, "two profiles compared with the reference: Bonferroni at 97.5%");
        for (double r : parallel.ratios()) {
            assertEquals(1.1, r, 1e-9, "paired with the reference's run of the same round, not direct's");
        }
        assertEquals(0.0, Precisions.halfWidth(parallel.ratios(), parallel.level()), 1e-9, "10% over it in every round: known exactly");
        assertTrue(Precisions.halfWidth(judged.get("scg@default").ratios(), 0.95) > 0.5, "against direct the same runs scatter");
        Map<String, Precisions.Paired> referenceFailed = Precisions.judged(targets, "default", rps::get, t -> "direct", Set.of("scg@default"));
        assertEquals(List.of("nginx", "scg@parallel", "scg@zgc"), List.copyOf(referenceFailed.keySet()), "no reference: against direct");
        assertEquals(List.of("nginx", "scg@default", "scg@parallel", "scg@zgc"),
                List.copyOf(Precisions.judged(targets, null, rps::get, t -> "direct", Set.of()).keySet()), "one profile: each against direct");
    }

    /** A half-width past three orders of magnitude is said to be so, not printed with 40 digits (a run of 15 profiles after two rounds). */
    @Test
    void aHalfWidthIsShownAsAPercentUpToAThousand() {
        assertEquals("±12.3%", Precisions.shown(0.123));
        assertEquals("±999.0%", Precisions.shown(9.99));
        assertEquals("beyond ±1000%", Precisions.shown(10));
        assertEquals("beyond ±1000%", Precisions.shown(5.6e17));
    }

    @Test
    void onlyTargetsOutsideThePrecisionAreWaitedFor() {
        Map<String, Precisions.Paired> ratios = new LinkedHashMap<>();
        ratios.put("tight", Precisions.Paired.at95(new double[] {0.600, 0.601, 0.602, 0.600})); // ±0.3%
        assertEquals(List.of(), Precisions.notReached(ratios, FIVE), "every target within ±5%: no more rounds");
        ratios.put("scattered", Precisions.Paired.at95(new double[] {0.50, 0.62, 0.58, 0.66})); // ±19%
        ratios.put("new", Precisions.Paired.at95(new double[] {0.6}));
        List<String> waiting = Precisions.notReached(ratios, FIVE);
        assertEquals(2, waiting.size(), waiting.toString());
        assertTrue(waiting.get(0).startsWith("scattered ±"), waiting.toString());
        assertEquals("new no interval yet", waiting.get(1));
        assertEquals(List.of("new no interval yet"), Precisions.notReached(ratios, new RunPlan.PrecisionSpec(0.5, 60, 40)),
                "within ±50% the scattered one is known");
    }

    /**
     * The rule that ends the rounds --precision adds, from planted times: what PrecisionRunIT cannot show on a shared machine,
     * where a step takes 12 s alone and 48 s beside other tests. A budget of 5 min: after 200 s, a round of 100 s ends at
     * the budget and is begun; one of 101 s is not; the most rounds end it first; a precision reached ends it before all.
     */
    @Test
    void aRoundIsAddedOnlyWhileItWouldEndWithinTheBudgetAndTheMostRounds() {
        RunPlan.PrecisionSpec p = new RunPlan.PrecisionSpec(0.05, 5, 4);
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
