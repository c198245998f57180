package io.gatewaybench.harness.analyse;

import io.gatewaybench.harness.model.LatencyMs;
import io.gatewaybench.harness.model.LevelRound;
import io.gatewaybench.harness.model.MaxSustainable;
import io.gatewaybench.harness.plan.InjectorLimit;
import io.gatewaybench.harness.plan.Objective;
import java.util.List;
import java.util.Locale;

/**
 * Measured ladder levels, each one round's level as summary.json holds it, judged: whether the target was measured at
 * the level's rate, whether an {@link Objective} holds there, and the search for a target's maximum sustainable rate
 * under it: the highest ladder level at which the objective holds and holds at every level below. ObjectiveJudgeTest.
 */
public final class ObjectiveJudge {
    private ObjectiveJudge() {
    }

    /**
     * Whether the level meets the objective: measured as planned (complete, the injector on time),
     * errors under 0.1%, and the bounded latency, over every request with failed ones at their full
     * time, inside the bound (Gatling's whole milliseconds and Vegeta's microseconds alike: "under 30" is below 30).
     */
    public static boolean holds(Objective objective, LevelRound level) {
        return failure(objective, level).isEmpty();
    }

    /** Why the level fails the objective, in words ("" when it holds). */
    public static String failure(Objective objective, LevelRound level) {
        if (level.overloaded()) {
            return "overloaded";
        }
        String late = injectorLate(level);
        if (!late.isEmpty()) {
            return "not measured (injector late: " + late + ")";
        }
        if (level.latencyMs() == null || errorShare(level) >= Objective.ERROR_SHARE) {
            return String.format(Locale.ROOT, "errors %.2f%%", errorShare(level) * 100);
        }
        LatencyMs all = allRequests(level);
        if (all == null) {
            return "not judged (failed requests' times not recorded)";
        }
        boolean max = objective.percentile().equals("max");
        double v = max ? all.max() : all.p99();
        if (objective.meets(v)) {
            return "";
        }
        boolean vegeta = LevelRound.VEGETA.equals(level.injector());
        String behind = InjectorLimit.behind(vegeta, level.injectors() == null ? List.of() : level.injectors(),
                level.sendLagMs().p99(), level.rateRps(), level.sent(), level.planned(), level.overloaded());
        String held = behind.isEmpty() ? "" : InjectorLimit.targetHeld(vegeta, level.sendLagMs().p99(),
                fromSendP99Ms(level));
        return String.format(Locale.ROOT, v == Math.rint(v) ? "%s %.0f ms" : "%s %.3f ms", max ? "max" : "P99", v)
                + (held.isEmpty() ? "" : " (sent late, " + behind + ", but " + held + ")");
    }

    /**
     * The strict search over one round's ladder: the highest rate at which the objective holds at
     * that level and at every level below it, and the first level that did not hold (the bracket:
     * the true maximum lies between the two) with the reason. Levels above that one that held
     * anyway are listed ({@code held_above}): they are not counted, since a level that failed below
     * says the objective is not met every time up to there. {@code rate_rps} 0: the lowest level failed.
     * A level the injector could not deliver ({@link #injectorLate}) is neither a pass nor a failure of
     * the target: the search stops there too, marked {@code injector_limited}, and the rate found is only a lower bound.
     */
    public static MaxSustainable.SearchRound maxSustainable(Objective objective, List<LevelRound> ladder,
            List<Integer> plannedRates) {
        int found = 0;
        Integer next = null;
        boolean injectorLimited = false;
        String why = "every level held (the maximum lies above the ladder)";
        for (int rate : plannedRates) {
            LevelRound level = ladder.stream().filter(l -> l.rateRps() == rate).findFirst().orElse(null);
            String failure = level == null ? "not reached" : failure(objective, level);
            if (!failure.isEmpty()) {
                next = rate;
                why = failure;
                injectorLimited = level != null && !level.overloaded() && !injectorLate(level).isEmpty();
                break;
            }
            found = rate;
        }
        final Integer failed = next;
        return new MaxSustainable.SearchRound(found, next, why, failed == null ? List.of()
                : ladder.stream().filter(l -> l.rateRps() > failed && holds(objective, l))
                .map(LevelRound::rateRps).toList(),
                objective.minRateRps() > 0 ? Boolean.valueOf(found > objective.minRateRps()) : null, injectorLimited ? Boolean.TRUE : null);
    }

    /** Why the injector, not the target, failed the level ("" where it did not): {@link InjectorLimit#late}. */
    public static String injectorLate(LevelRound level) {
        return InjectorLimit.late(LevelRound.VEGETA.equals(level.injector()), level.injectors() == null ? List.of()
                : level.injectors(),
                level.sendLagMs().p99(), fromSendP99Ms(level), level.rateRps(), level.sent(), level.planned(),
                level.overloaded());
    }

    /** The P99 of a Vegeta level's answers from their actual send, ms; null where it was not kept. */
    static Double fromSendP99Ms(LevelRound level) {
        return level.latencyFromSendUs() == null || level.latencyFromSendUs().p99() == null ? null
                : level.latencyFromSendUs().p99() / 1000.0;
    }

    /**
     * The level measured the target at its rate: not overloaded, and the injector delivered its schedule. Only such a
     * level's latency is the target's at that rate; an overloaded one's is its queue, a late one's the injector's lag.
     */
    public static boolean measuredAtRate(LevelRound level) {
        return !level.overloaded() && injectorLate(level).isEmpty();
    }

    /** Failed requests over those sent, unrounded (0 where none were sent). */
    static double errorShare(LevelRound level) {
        return level.sent() == 0 ? 0 : (double) level.errors() / level.sent();
    }

    /**
     * The latency over every request, failed ones at their full time; where it was not recorded (runs from before it
     * was) the successful requests' latency stands for it when none failed; else null.
     */
    static LatencyMs allRequests(LevelRound level) {
        if (level.allRequestsLatencyMs() != null && level.allRequestsLatencyMs().isPresent()) {
            return level.allRequestsLatencyMs().get();
        }
        return level.errors() == 0 ? level.latencyMs() : null;
    }
}
