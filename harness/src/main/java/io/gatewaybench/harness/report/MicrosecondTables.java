package io.gatewaybench.harness.report;

import io.gatewaybench.harness.model.AddedUs;
import io.gatewaybench.harness.model.Baseline;
import io.gatewaybench.harness.model.FixedRateLevel;
import io.gatewaybench.harness.model.Interval;
import io.gatewaybench.harness.model.LadderPlan;
import io.gatewaybench.harness.model.LatencyMs;
import io.gatewaybench.harness.model.LevelAddedUs;
import io.gatewaybench.harness.model.LevelLatencyUs;
import io.gatewaybench.harness.model.LevelRound;
import io.gatewaybench.harness.model.MaxSustainable;
import io.gatewaybench.harness.model.Target;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The headline of a run whose ladder Vegeta sent: every target's latency at the same offered rates, to the microsecond, and
 * what it adds over direct at each, with the interval over rounds (analyse.LatencyAdded). Only lays them out.
 */
final class MicrosecondTables {
    /** The shares of direct's maximum sustainable rate the headline shows the latency at. */
    static final double[] SHARES = {0.25, 0.50, 0.75};

    private MicrosecondTables() {
    }

    /** Whether the run's ladder carries microsecond figures (Vegeta sent it): the headline shows them instead of ms multiples. */
    static boolean applies(LadderPlan ladder) {
        return ladder != null && LevelRound.VEGETA.equals(ladder.injector());
    }

    /**
     * The ladder rates the headline shows: those nearest 25, 50 and 75% of direct's maximum sustainable rate under the
     * first objective (each once; of two as near, the higher), or where direct has none, its lowest three levels.
     */
    static List<Integer> headlineRates(LadderPlan ladder, List<Target> targets) {
        List<Integer> rates = ladder.ratesRps();
        Target direct = targets.stream().filter(t -> t.name().equals(Baseline.DIRECT) && t.fixedRate() != null).findFirst().orElse(null);
        MaxSustainable max = direct == null || direct.judged().maxSustainable() == null
                || direct.judged().maxSustainable().isEmpty() ? null
                : direct.judged().maxSustainable().values().iterator().next();
        List<Integer> chosen = new ArrayList<>();
        if (max != null && max.rateRps() > 0) {
            for (double share : SHARES) {
                int rate = rates.stream().min(Comparator.<Integer>comparingDouble(r -> Math.abs(r - share * max.rateRps()))
                        .thenComparing(Comparator.reverseOrder())).orElseThrow(); // of two as near, the higher
                if (!chosen.contains(rate)) {
                    chosen.add(rate);
                }
            }
        } else {
            rates.stream().limit(SHARES.length).forEach(chosen::add);
        }
        return chosen;
    }

    /** Whether some target's added figures were taken from the actual send (runs that kept those figures). */
    static boolean fromSend(List<Target> targets) {
        return targets.stream().filter(t -> t.fixedRate() != null).flatMap(t -> t.fixedRate().stream())
                .anyMatch(l -> l.judged().addedOverDirectUs() != null
                && LevelAddedUs.FROM_SEND.equals(l.judged().addedOverDirectUs().measuredFrom()));
    }

    /** summary.md's section: per target and headline rate, its percentiles and what it adds over direct. */
    static void headline(LadderPlan ladder, List<Target> targets, StringBuilder md) {
        List<Integer> rates = headlineRates(ladder, targets);
        md.append("\n## Latency at equal offered rates, in microseconds\n\n");
        md.append("Every target was offered the same fixed rates by Vegeta (open model), each request timed from its intended send instant ")
                .append("to its complete response, ").append(io.gatewaybench.harness.measure.VegetaLevel.RESOLUTION)
                .append("; the injector's own lateness stays in the figure and is reported apart ")
                .append("(details.md). Shown at the ladder rates nearest 25, 50 and 75% of direct's maximum sustainable rate. Percentiles: ")
                .append("the median over the rounds whose level was measured as planned, with the 95% interval of their geometric mean ")
                .append("(Student's t on the logarithms; none with one round). *Added*: the mean over rounds of the target's figure less direct's ")
                .append("in the same round")
                .append(fromSend(targets) ? ", each request timed from the instant Vegeta sent it: Vegeta's own lateness differs from one "
                        + "target's level to another's (details.md, send lag), and from the intended send it would be counted as the "
                        + "target's" : "")
                .append(", with its 95% interval (Student's t over rounds), counting only rounds in which both were ")
                .append("measured as planned. A level sent late (injector-limited), overloaded or failing is left out of both and named. Every level: ")
                .append("details.md.\n\n");
        md.append("| target | rate req/s | P50 µs | P90 µs | P99 µs | P99.9 µs | max µs | added at P50 µs | added at P99 µs | rounds counted |\n");
        md.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---|\n");
        for (Target t : targets) {
            if (t.measured().failure() != null || t.fixedRate() == null) {
                continue;
            }
            for (int rate : rates) {
                FixedRateLevel l = t.fixedRate().stream().filter(f -> f.rateRps() == rate).findFirst().orElse(null);
                md.append("| ").append(t.name()).append(" | ").append(rate);
                if (l == null) {
                    md.append(" | not reached (a lower level overloaded) ||||||||\n");
                    continue;
                }
                LevelLatencyUs us = l.judged().latencyUsOverRounds();
                if (us != null) {
                    for (Interval v : new Interval[] {us.p50(), us.p90(), us.p99(), us.p99_9(), us.max()}) {
                        md.append(" | ").append(percentile(v));
                    }
                } else { // a run analysed before the level's own rounds were counted: medians over every round that reached it
                    LatencyMs ms = l.judged().latencyMs();
                    for (Double v : ms == null ? new Double[5] : new Double[] {ms.p50(), ms.p90(), ms.p99(), ms.p99_9(), ms.max()}) {
                        md.append(" | ").append(v == null ? "-" : String.format(Locale.ROOT, "%.0f", v * 1000));
                    }
                }
                LevelAddedUs added = l.judged().addedOverDirectUs();
                md.append(" | ").append(added == null ? "" : added(added.p50()))
                        .append(" | ").append(added == null ? "" : added(added.p99()))
                        .append(" | ").append(counted(l, us, added)).append(" |\n");
            }
        }
    }

    /** "+51 (+32 to +70)": the mean with its 95% interval; "-" where no round counted. */
    static String added(AddedUs a) {
        if (a == null) {
            return "-";
        }
        return a.ci95Low() == null ? String.format(Locale.ROOT, "%+.0f", a.mean())
                : String.format(Locale.ROOT, "%+.0f (%+.0f to %+.0f)", a.mean(), a.ci95Low(), a.ci95High());
    }

    /** "613 (580-650)": the median over the rounds counted with the 95% interval of their geometric mean; "-" where none counted. */
    static String percentile(Interval v) {
        if (v == null) {
            return "-";
        }
        return v.ci95Low() == null ? String.format(Locale.ROOT, "%.0f", v.median())
                : String.format(Locale.ROOT, "%.0f (%.0f-%.0f)", v.median(), v.ci95Low(), v.ci95High());
    }

    /**
     * The rounds the percentiles count, "3 of 3" or "2 of 3 (round 1: overloaded)", and where the added figures count fewer
     * (direct's level of a round was not as planned), theirs: "; added: 1 (round 2: direct injector-limited ...)".
     */
    private static String counted(FixedRateLevel l, LevelLatencyUs us, LevelAddedUs added) {
        if (us == null) { // a run analysed before the level's own rounds were counted
            return added == null ? l.judged().roundsReached() + " reached"
            : of(added.roundsCounted(), l.judged().roundsReached(), added.roundsLeftOut());
        }
        String own = of(us.roundsCounted(), l.judged().roundsReached(), us.roundsLeftOut());
        if (added == null || added.roundsCounted() == us.roundsCounted()) {
            return own;
        }
        List<String> direct = added.roundsLeftOut().stream().filter(w -> !w.contains("the target")).toList();
        return own + "; added: " + added.roundsCounted() + (direct.isEmpty() ? "" : " (" + String.join("; ", direct) + ")");
    }

    private static String of(int counted, int reached, List<String> leftOut) {
        String of = counted + " of " + reached;
        return leftOut.isEmpty() ? of : of + " (" + String.join("; ", leftOut) + ")";
    }
}
