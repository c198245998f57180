package io.gatewaybench.harness.analyse;

import io.gatewaybench.harness.quantity.Stats;
import io.gatewaybench.harness.model.Interval;
import io.gatewaybench.harness.plan.RunPlan;
import io.gatewaybench.harness.plan.Target;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

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

    /**
     * The half-width of the interval at {@code level} of the paired ratios, as {@link #halfWidth(double[])} at 95%: Student's t
     * on their logarithms ({@link ProfileMatrix#logInterval}); the level of a variant of a gateway is its family's
     * (Bonferroni, {@link ProfileMatrix#judge}). NaN where there is none.
     */
    public static double halfWidth(double[] paired, double level) {
        if (paired.length < 2 || Arrays.stream(paired).anyMatch(r -> !(r > 0) || !Double.isFinite(r))) {
            return Double.NaN;
        }
        double[] bounds = ProfileMatrix.logInterval(Arrays.stream(paired).map(Math::log).toArray(), level);
        return Math.exp((bounds[1] - bounds[0]) / 2) - 1;
    }

    /**
     * The level of each interval in a family of {@code k} comparisons of cost at equal rates, as the profiles table
     * states them (Bonferroni: all {@code k} hold together at 95%); {@code --precision} judges a matrix at it.
     */
    public static double costFamilyLevel(long k) {
        return 1 - ProfileCosts.FAMILY_ERROR / Math.max(1, k);
    }

    /** A target's paired throughput ratios, and the level its interval is judged at (0.95, or its family's under Bonferroni). */
    public record Paired(double[] ratios, double level) {
        public static Paired at95(double[] ratios) {
            return new Paired(ratios, 0.95);
        }
    }

    /**
     * What {@code --precision} judges each measured target by, under the name it is shown with: its throughput over its
     * baseline's ({@code baselineOf}: direct, or direct under its scenario), round by round, at 95%. In a run of several
     * JVM profiles ({@code referenceProfile} not null: the first named), each other profile of a gateway is judged as the
     * profiles table judges it: over the same gateway's run under the reference profile in the same scenario, at its
     * family's level, 1 - 0.05/k for the gateway's k other profiles (Bonferroni, {@link ProfileMatrix#judge}), shown as
     * "scg@parallel over scg@default". Targets in {@code failed} are left out; a profile whose reference failed is judged
     * against its baseline.
     */
    public static Map<String, Paired> judged(List<Target> targets, String referenceProfile, Function<String, double[]> throughputs,
                                             Function<Target, String> baselineOf, Set<String> failed) {
        Map<String, Paired> judged = new LinkedHashMap<>();
        for (Target t : targets) {
            if (t.isDirect() || failed.contains(t.name())) {
                continue;
            }
            Target reference = referenceProfile == null || t.profile().isEmpty() || t.profile().get().equals(referenceProfile) ? null
                    : targets.stream().filter(o -> o.gateway().equals(t.gateway()) && o.scenario().equals(t.scenario())
                            && o.profile().equals(Optional.of(referenceProfile)) && !failed.contains(o.name())).findFirst().orElse(null);
            if (reference == null) {
                judged.put(t.name(), Paired.at95(Analysis.pairedRatios(throughputs.apply(t.name()), throughputs.apply(baselineOf.apply(t)))));
            } else {
                long k = targets.stream().filter(o -> o.gateway().equals(t.gateway()) && o.scenario().equals(t.scenario())
                        && o.profile().isPresent() && !o.profile().get().equals(referenceProfile) && !failed.contains(o.name())).count();
                judged.put(t.name() + " over " + reference.name(), new Paired(Analysis.pairedRatios(throughputs.apply(t.name()),
                        throughputs.apply(reference.name())), 1 - ProfileMatrix.FAMILY_ERROR / k));
            }
        }
        return judged;
    }

    /**
     * A half-width as the run and its notes print it: "±12.3%", or "beyond ±1000%" where the interval spans more than three
     * orders of magnitude (one degree of freedom at a family's level: t is 178 for 15 profiles), as the profiles table
     * shows such bounds ("<1.0", ">1000").
     */
    public static String shown(double half) {
        return half * 100 >= 1000 ? "beyond ±1000%" : String.format(Locale.ROOT, "±%.1f%%", half * 100);
    }

    /** The targets not yet within ±{@code precision}, each with what it reached ("nginx ±12.3%", "scg no interval yet"). */
    public static List<String> notReached(Map<String, Paired> ratios, RunPlan.PrecisionSpec precision) {
        List<String> short_ = new ArrayList<>();
        ratios.forEach((name, paired) -> {
            double half = halfWidth(paired.ratios(), paired.level());
            if (Double.isNaN(half)) {
                short_.add(name + " no interval yet");
            } else if (Math.log1p(half) > Math.log1p(precision.share())) {
                short_.add(name + " " + shown(half));
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
    public static String noMoreRounds(List<String> notReached, RunPlan.PrecisionSpec precision, int roundsMade, double elapsedSeconds,
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
