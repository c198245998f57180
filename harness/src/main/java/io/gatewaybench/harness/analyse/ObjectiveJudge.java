package io.gatewaybench.harness.analyse;

import io.gatewaybench.harness.measure.Ladder;
import io.gatewaybench.harness.plan.Objective;
import io.gatewaybench.harness.model.MaxSustainable;
import java.util.List;
import java.util.Locale;

/**
 * Measured ladder levels judged against an {@link Objective}, and the search for a target's maximum sustainable rate
 * under it: the highest ladder level at which the objective holds and holds at every level below.
 */
public final class ObjectiveJudge {
    private ObjectiveJudge() {
    }

    /**
     * Whether the level meets the objective: measured as planned (complete, the injector on time),
     * errors under 0.1%, and the bounded latency, over every request with failed ones at their full
     * time, inside the bound (Gatling's whole milliseconds and Vegeta's microseconds alike: "under 30" is below 30).
     */
    public static boolean holds(Objective objective, Ladder.Level level) {
        return failure(objective, level).isEmpty();
    }

    /** Why the level fails the objective, in words ("" when it holds). */
    public static String failure(Objective objective, Ladder.Level level) {
        if (level.overloaded()) {
            return "overloaded";
        }
        String late = level.injectorLate();
        if (!late.isEmpty()) {
            return "not measured (injector late: " + late + ")";
        }
        if (level.stats() == null || level.errorShare() >= Objective.ERROR_SHARE) {
            return String.format(Locale.ROOT, "errors %.2f%%", level.errorShare() * 100);
        }
        if (level.allLatency() == null) {
            return "not judged (failed requests' times not recorded)";
        }
        boolean max = objective.percentile().equals("max");
        double v = max ? level.allLatency().max() : level.allLatency().p99();
        return objective.meets(v) ? "" : String.format(Locale.ROOT, v == Math.rint(v) ? "%s %.0f ms" : "%s %.3f ms", max ? "max" : "P99", v);
    }

    /**
     * The strict search over one round's ladder: the highest rate at which the objective holds at
     * that level and at every level below it, and the first level that did not hold (the bracket:
     * the true maximum lies between the two) with the reason. Levels above that one that held
     * anyway are listed ({@code held_above}): they are not counted, since a level that failed below
     * says the objective is not met every time up to there. {@code rate_rps} 0: the lowest level failed.
     * A level the injector could not deliver ({@link Ladder.Level#injectorLate()}) is neither a pass nor a failure of
     * the target: the search stops there too, marked {@code injector_limited}, and the rate found is only a lower bound.
     */
    public static MaxSustainable.SearchRound maxSustainable(Objective objective, List<Ladder.Level> ladder,
            List<Integer> plannedRates) {
        int found = 0;
        Integer next = null;
        boolean injectorLimited = false;
        String why = "every level held (the maximum lies above the ladder)";
        for (int rate : plannedRates) {
            Ladder.Level level = ladder.stream().filter(l -> l.rate() == rate).findFirst().orElse(null);
            String failure = level == null ? "not reached" : failure(objective, level);
            if (!failure.isEmpty()) {
                next = rate;
                why = failure;
                injectorLimited = level != null && !level.overloaded() && !level.injectorLate().isEmpty();
                break;
            }
            found = rate;
        }
        final Integer failed = next;
        return new MaxSustainable.SearchRound(found, next, why, failed == null ? List.of()
                : ladder.stream().filter(l -> l.rate() > failed && holds(objective, l)).map(Ladder.Level::rate).toList(),
                objective.minRateRps() > 0 ? Boolean.valueOf(found > objective.minRateRps()) : null, injectorLimited ? Boolean.TRUE : null);
    }
}
