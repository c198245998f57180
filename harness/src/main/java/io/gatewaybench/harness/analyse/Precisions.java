package io.gatewaybench.harness.analyse;

import io.gatewaybench.harness.measure.Stats;
import io.gatewaybench.harness.model.Interval;
import io.gatewaybench.harness.plan.RunPlan;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** How precisely a run knows each target's throughput relative to its baseline: the half-width of the headline's interval. */
public final class Precisions {
    private Precisions() {
    }

    /**
     * The half-width of the 95% interval of the paired ratios ({@link Stats#interval}), as a share of the ratio: exp of half
     * the interval's width in log ratio, less 1 (±5% is 0.05); NaN where there is no interval (one round, a round at 0).
     */
    public static double halfWidth(double[] paired) {
        if (paired.length < 2) {
            return Double.NaN;
        }
        Interval i = Stats.interval(paired);
        return i.ci95Low() == null || i.ci95Low() <= 0 ? Double.NaN : Math.exp((Math.log(i.ci95High()) - Math.log(i.ci95Low())) / 2) - 1;
    }

    /** The targets not yet within ±{@code precision}, each with what it reached ("nginx ±12.3%", "scg no interval yet"). */
    public static List<String> notReached(Map<String, double[]> ratios, RunPlan.Precision precision) {
        List<String> short_ = new ArrayList<>();
        ratios.forEach((name, paired) -> {
            double half = halfWidth(paired);
            if (Double.isNaN(half)) {
                short_.add(name + " no interval yet");
            } else if (Math.log1p(half) > Math.log1p(precision.share())) {
                short_.add(String.format(Locale.ROOT, "%s ±%.1f%%", name, half * 100));
            }
        });
        return short_;
    }

    /**
     * Why {@code --precision} adds no round after the {@code roundsMade} so far, or null when it adds one: every target is
     * known within ±P ({@code notReached} empty), or the most rounds were made, or the next round, {@code nextRoundSeconds}
     * long, would end past the budget ({@code elapsedSeconds} from the run's start). A round that would end just at the
     * budget is begun.
     */
    public static String noMoreRounds(List<String> notReached, RunPlan.Precision precision, int roundsMade, double elapsedSeconds,
                                      double nextRoundSeconds) {
        if (notReached.isEmpty()) {
            return String.format(Locale.ROOT, "every target is known within ±%.1f%%", precision.share() * 100);
        }
        if (roundsMade >= precision.maxRounds()) {
            return "the most rounds, " + precision.maxRounds() + ", were made";
        }
        if (elapsedSeconds + nextRoundSeconds > precision.budgetMinutes() * 60.0) {
            return "another round would end past the budget of " + precision.budgetMinutes() + " min";
        }
        return null;
    }
}
