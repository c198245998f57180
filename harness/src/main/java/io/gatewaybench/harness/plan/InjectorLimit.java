package io.gatewaybench.harness.plan;

import io.gatewaybench.harness.model.InjectorShare;
import java.util.List;
import java.util.Locale;

/**
 * When a fixed-rate level is the injector's failure, not the target's: it could not keep the level's schedule while the
 * target answered on time. Such a level is neither a pass nor a failure of the target; it is sent once more, and late
 * again it ends the round's search for the maximum sustainable rate as "at least" the level below. Where the target
 * held its answers instead (a stall: its answers timed from their actual send, none of the injector's lag in them,
 * slower at P99 than the injector was late), the lateness is the stall's consequence and the level is the target's
 * failure at that rate. Measure applies the rule to a level as it was sent,
 * the analysis to a level read back from summary.json. ObjectiveJudgeTest, VegetaLadderTest and InjectorHostsTest guard
 * it.
 */
public final class InjectorLimit {
    /** Gatling's bound on a level's send lag at P99, ms: its scheduler ticks on whole milliseconds. */
    public static final double GATLING_LATE_SEND_MS = 10;
    /**
     * Vegeta's bound on a level's send lag at P99, ms. Its pacer sleeps on the Go runtime's timer, which wakes on whole
     * milliseconds: alone on a CPU its P99 is about 1.1 ms, sharing the CPUs with what it loads mostly 2-3.5 ms
     * (injector/README.md). Over 5 ms it lost its CPU for longer than a timer's tick explains.
     */
    public static final double VEGETA_LATE_SEND_MS = 5;

    private InjectorLimit() {
    }

    /**
     * Why the injector, not the target, failed a level ("" where it did not). Sent from several hosts ({@code shares}
     * not empty), each host's share is judged on its own and the first late one is named: one host's lag is not diluted
     * by the others' punctual requests. Else the level is late where its send lag P99 is over the injector's bound, or
     * where it sent fewer requests than planned without the target being overloaded: Vegeta stops at the level's
     * duration, so as many may be missing as fall in the send lag it is allowed, at least one; Gatling sends every
     * request.
     *
     * @param vegeta whether Vegeta sent it (else Gatling)
     * @param shares each injector host's share, empty where one host sent it
     * @param sendLagP99Ms the level's send lag at P99, ms
     * @param fromSendP99Ms the P99 of its answers timed from their actual send, ms; null where not known (Gatling, runs
     *     from before it was kept)
     */
    public static String late(boolean vegeta, List<InjectorShare> shares, double sendLagP99Ms, Double fromSendP99Ms,
            int rate, long sent, long planned, boolean overloaded) {
        return targetHeld(vegeta, sendLagP99Ms, fromSendP99Ms).isEmpty()
                ? behind(vegeta, shares, sendLagP99Ms, rate, sent, planned, overloaded) : "";
    }

    /**
     * Where the injector fell behind its schedule, whoever caused it ("" where it did not): {@link #late} without the
     * target's part.
     */
    public static String behind(boolean vegeta, List<InjectorShare> shares, double sendLagP99Ms, int rate, long sent,
            long planned, boolean overloaded) {
        if (!shares.isEmpty()) {
            return shares.stream().filter(s -> s.late() != null).map(s -> s.host() + ": " + s.late())
                    .findFirst().orElse("");
        }
        double bound = vegeta ? VEGETA_LATE_SEND_MS : GATLING_LATE_SEND_MS;
        if (sendLagP99Ms > bound) {
            return String.format(Locale.ROOT, vegeta ? "send lag P99 %.2f ms" : "send lag P99 %.0f ms", sendLagP99Ms);
        }
        long mayMiss = vegeta ? Math.max(1, (long) Math.ceil(rate * VEGETA_LATE_SEND_MS / 1000)) : 0;
        if (!overloaded && sent < planned - mayMiss) {
            return "sent " + sent + " of " + planned + " planned";
        }
        return "";
    }

    /**
     * Why a level's lateness was the target's doing ("" where it was not): its answers, timed from their actual send,
     * were slower at P99 than the injector's bound and than its own send lag at P99, so the target held requests.
     */
    public static String targetHeld(boolean vegeta, double sendLagP99Ms, Double fromSendP99Ms) {
        double bound = vegeta ? VEGETA_LATE_SEND_MS : GATLING_LATE_SEND_MS;
        if (fromSendP99Ms == null || fromSendP99Ms <= Math.max(bound, sendLagP99Ms)) {
            return "";
        }
        return String.format(Locale.ROOT, "the target held its answers: P99 %.2f ms from the actual send",
                fromSendP99Ms);
    }
}
