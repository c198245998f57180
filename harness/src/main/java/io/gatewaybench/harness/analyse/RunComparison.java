package io.gatewaybench.harness.analyse;

import com.fasterxml.jackson.databind.JsonNode;
import io.gatewaybench.harness.model.Baseline;
import io.gatewaybench.harness.model.LadderPlan;
import io.gatewaybench.harness.model.LevelRound;
import io.gatewaybench.harness.model.MaxSustainable;
import io.gatewaybench.harness.model.Summaries;
import io.gatewaybench.harness.model.Summary;
import io.gatewaybench.harness.model.Target;
import io.gatewaybench.harness.quantity.Stats;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * {@code ./bench compare <run> <run>}: do two runs give the same answer? Both are analysed under
 * the current rules first ({@link Analysis}). Compared per target, on the figures a review acts
 * on, each from its per-round values: the throughput (absolute: it shows where the machine itself
 * changed, which every ratio to direct hides), the throughput relative to the target's own baseline (direct, or
 * direct under the target's scenario where that asks for another page; paired round by round), the maximum
 * sustainable rate under each objective, the P99 at each ladder level both runs sustained, and the gateway's CPU per
 * request under the closed load. Each figure gets
 * Welch's t (unequal variances) from Apache Commons Math and one of three verdicts against an equivalence margin
 * (default 10% of run A's mean; for latency from Gatling's ladder at least 1 ms, its resolution):
 * <ul>
 *   <li><b>equivalent</b>: the 90% interval of the difference lies inside the margin (two one-sided
 *       tests at 5%); a maximum rate also where both runs' median round found the same ladder level, the
 *       ladder's resolution;</li>
 *   <li><b>different</b>: the interval at 1 - 5%/k excludes no difference and the estimate exceeds the
 *       margin, for k figures compared (Bonferroni: a comparison of 10 figures at 95% each would call
 *       one of two honest runs different about every fourth time);</li>
 *   <li><b>inconclusive</b>: neither; the smallest true difference the rounds would call different with 80%
 *       power is shown, so the user knows how many more rounds it would take.</li>
 * </ul>
 * Exit status: 0 when every figure is equivalent, 1 when some figure differs or is inconclusive,
 * 2 when the runs cannot be compared (fewer than {@link #MIN_ROUNDS} rounds, other targets, another load).
 */
public final class RunComparison {
    /** The default equivalence margin, as a share of run A's figure. */
    public static final double MARGIN = 0.10;
    /**
     * The fewest rounds a run must have to be compared: with two, each figure's spread rests on one degree of freedom,
     * its t quantile is 12.7 at 95%, and every interval spans most of the figure (a 40% drop of nginx was inconclusive).
     */
    public static final int MIN_ROUNDS = 3;
    /** The default chance that two runs alike are called different on some figure ({@code --alpha}). */
    public static final double ALPHA = 0.05;

    public enum Verdict { EQUIVALENT, DIFFERENT, INCONCLUSIVE }

    /**
     * One figure of one target in both runs, its per-round values, the test's outcome, and the smallest true difference
     * these rounds would call different with 80% power ({@link Test#detectable()}, simulated once per row: the table and the
     * page both show it).
     */
    public record Row(String target, String figure, double[] a, double[] b, double marginAbs, Test test, double detectable) {
        /** Run A's mean over its rounds. */
        public double aMean() {
            return Stats.mean(a);
        }

        /** Run B's mean over its rounds. */
        public double bMean() {
            return Stats.mean(b);
        }

        /** Run A's mean and its 95% interval ({@link #meanWithInterval95}). */
        public double[] aMeanCi95() {
            return meanWithInterval95(a);
        }

        /** Run B's mean and its 95% interval. */
        public double[] bMeanCi95() {
            return meanWithInterval95(b);
        }
    }

    /**
     * A figure to compare, before its test: the test needs to know how many figures are compared. {@code levels}: its
     * values are levels of one ladder both runs offered (a maximum rate, the same rates in both), judged at the ladder's
     * resolution: where both runs' median round (the lower of the middle two) found the same level, the runs agree as far
     * as the ladder can tell, its step being the resolution, and the figure is equivalent. Ladders calibrated apart (in %
     * of each run's direct) offered other rates: there the rates are tested as they are.
     */
    private record Figure(String target, String figure, double[] a, double[] b, double marginAbs, double resolution, boolean levels) {
        Row test(int k, double alpha, boolean itself) {
            Test t = Test.of(a, b, marginAbs, resolution, k, alpha);
            if (itself && Arrays.equals(a, b)) { // one run's rounds against themselves: the difference is 0, exactly
                t = new Test(0, new double[] {0, 0}, new double[] {0, 0}, 1, Verdict.EQUIVALENT, t.design());
            } else if (levels && Stats.lowerMedian(a) == Stats.lowerMedian(b)) {
                t = t.withVerdict(Verdict.EQUIVALENT);
            }
            return new Row(target, figure, a, b, marginAbs, t, t.detectable());
        }
    }

    /**
     * Welch's test of one figure: the difference of the means (B - A); its 90% interval, which decides <em>equivalent</em>
     * (inside the margin); its interval at {@link #familyLevel()}, 1 - alpha/k for the k figures compared, which decides
     * <em>different</em> (excluding 0, with the estimate beyond the margin), so that each verdict can be read off an
     * interval printed beside it; the two-sided p-value; the verdict; and the design it was made under, which
     * {@link #detectable()} draws from.
     */
    public record Test(double difference, double[] ci90, double[] ciFamily, double p, Verdict verdict, Design design) {
        /** The most rounds a side {@link #roundsForEquivalence()} looks at. */
        public static final int MOST_ROUNDS = 200;

        /** One figure compared alone, its values exact. */
        static Test of(double[] a, double[] b, double margin) {
            return of(a, b, margin, 0, 1, ALPHA);
        }

        /**
         * One of {@code k} figures compared, each value recorded in steps of {@code resolution} (0: exact). A
         * value rounded to its step carries a rounding error of variance step^2/12 that equal rounds hide (4, 4, 4
         * ms is anything from 3.5 to 4.5 each time): no run's variance is taken below it. "Different" holds the
         * family of k figures to {@code alpha} (Bonferroni); "equivalent" is each figure's own two one-sided tests
         * at 5%.
         */
        public static Test of(double[] a, double[] b, double margin, double resolution, int k, double alpha) {
            Design design = new Design(a.length, Stats.variance(a), b.length, Stats.variance(b), margin,
                    resolution * resolution / 12, k, alpha);
            double diff = Stats.mean(b) - Stats.mean(a);
            double se = design.se(design.varianceA(), design.varianceB());
            if (se == 0) { // both runs gave the same exact value every round: the difference is known exactly
                return new Test(diff, new double[] {diff, diff}, new double[] {diff, diff}, diff == 0 ? 1 : 0,
                        Math.abs(diff) <= margin ? Verdict.EQUIVALENT : Verdict.DIFFERENT, design);
            }
            TDistribution t = new TDistribution(design.df(design.varianceA(), design.varianceB()));
            double t95 = t.inverseCumulativeProbability(0.95);
            double tFamily = design.familyQuantile(t);
            double[] ci90 = {diff - t95 * se, diff + t95 * se};
            double[] ciFamily = {diff - tFamily * se, diff + tFamily * se};
            double p = 2 * t.cumulativeProbability(-Math.abs(diff) / se);
            Verdict verdict = ci90[0] >= -margin && ci90[1] <= margin ? Verdict.EQUIVALENT
                    : Math.abs(diff) > design.bound(t, se) ? Verdict.DIFFERENT : Verdict.INCONCLUSIVE;
            return new Test(diff, ci90, ciFamily, p, verdict, design);
        }

        /** The same test with another verdict (a maximum rate judged at the ladder's resolution). */
        Test withVerdict(Verdict other) {
            return new Test(difference, ci90, ciFamily, p, other, design);
        }

        /**
         * How many rounds a side would show this figure <em>equivalent</em> with 80% power were the two runs alike, given the
         * spread these rounds measured (each variance floored as the test floors it): the fewest n whose 90% interval, at
         * Welch's degrees of freedom for n a side, would lie inside the margin four times in five around a true difference
         * of 0, (t 95% + t 90%) standard errors within it (two one-sided tests' sample size). Three rounds measure a spread
         * loosely, so this is a guide to the order of rounds needed, not a promise. {@link #MOST_ROUNDS} + 1: more than that.
         */
        public int roundsForEquivalence() {
            Design d = design;
            for (int n = 2; n <= MOST_ROUNDS; n++) {
                Design more = new Design(n, d.varianceA(), n, d.varianceB(), d.margin(), d.floor(), d.k(), d.alpha());
                double se = more.se(d.varianceA(), d.varianceB());
                if (se == 0) {
                    return n;
                }
                TDistribution t = new TDistribution(more.df(d.varianceA(), d.varianceB()));
                if ((t.inverseCumulativeProbability(0.95) + t.inverseCumulativeProbability(0.90)) * se <= d.margin()) {
                    return n;
                }
            }
            return MOST_ROUNDS + 1;
        }

        /** The level of {@link #ciFamily()}: 1 - alpha/k (Bonferroni over the k figures compared). */
        public double familyLevel() {
            return 1 - design.alpha() / design.k();
        }

        /**
         * The smallest true difference these rounds would call <em>different</em> with 80% power, found by simulating the
         * test itself: rounds drawn with each run's measured variance as the truth (2,000 comparisons from a fixed seed,
         * so the figure is the same every time it is computed), the same variance floor, Welch's degrees of freedom and the
         * family's bound estimated from each draw as the test estimates them, and the difference at which 80% of the draws
         * pass both the margin and that bound, by bisection. With 3 rounds a side the estimated standard error and degrees
         * of freedom move a lot: the textbook shortcut (the larger of the margin and the t bound, plus t 80% standard
         * errors) has 49% power there, and the figure this printed before ((t 97.5% + t 80%) standard errors) 16%
         * (RunComparisonTest's design: 3 rounds a side, spread 5, one of 8 figures).
         */
        public double detectable() {
            Design d = design;
            if (d.se(d.varianceA(), d.varianceB()) == 0) {
                return d.margin(); // the difference is known exactly: anything beyond the margin is called different
            }
            int draws = 2000;
            double[] noise = new double[draws]; // each draw's estimate less the true difference
            double[] bound = new double[draws]; // what the estimate must pass in that draw to be called different
            java.util.SplittableRandom random = new java.util.SplittableRandom(20261127);
            for (int i = 0; i < draws; i++) {
                double[] a = d.draw(random, d.na(), d.varianceA());
                double[] b = d.draw(random, d.nb(), d.varianceB());
                double va = Stats.variance(a);
                double vb = Stats.variance(b);
                double se = d.se(va, vb); // each variance floored as the test floors it
                noise[i] = Stats.mean(b) - Stats.mean(a);
                bound[i] = se == 0 ? d.margin() : d.bound(new TDistribution(d.df(va, vb)), se);
            }
            double low = 0;
            double high = Math.max(d.margin(), d.se(d.varianceA(), d.varianceB()));
            while (power(high, noise, bound) < 0.8) {
                high *= 2;
            }
            for (int i = 0; i < 40; i++) {
                double mid = (low + high) / 2;
                if (power(mid, noise, bound) < 0.8) {
                    low = mid;
                } else {
                    high = mid;
                }
            }
            return high;
        }

        private static double power(double difference, double[] noise, double[] bound) {
            int called = 0;
            for (int i = 0; i < noise.length; i++) {
                called += Math.abs(difference + noise[i]) > bound[i] ? 1 : 0;
            }
            return (double) called / noise.length;
        }
    }

    /**
     * How one figure was tested: each run's rounds and variance, the margin, the variance floor of its resolution, and the
     * family (k figures held to {@code alpha}).
     */
    public record Design(int na, double varianceA, int nb, double varianceB, double margin, double floor, int k, double alpha) {
        /** The standard error of the difference of the means, each variance floored. */
        double se(double va, double vb) {
            return Math.sqrt(Math.max(va, floor) / na + Math.max(vb, floor) / nb);
        }

        /** Welch-Satterthwaite degrees of freedom. */
        double df(double va, double vb) {
            double a = Math.max(va, floor) / na;
            double b = Math.max(vb, floor) / nb;
            return (a + b) * (a + b) / (a * a / (na - 1) + b * b / (nb - 1));
        }

        /** What an estimate must pass to be called different: the margin, and the family's interval of no difference. */
        double bound(TDistribution t, double se) {
            return Math.max(margin, familyQuantile(t) * se);
        }

        /** The t quantile of a two-sided interval at 1 - alpha/k. */
        double familyQuantile(TDistribution t) {
            return t.inverseCumulativeProbability(1 - alpha / 2 / k);
        }

        double[] draw(java.util.SplittableRandom random, int n, double variance) {
            double[] v = new double[n];
            double sd = Math.sqrt(variance);
            for (int i = 0; i < n; i++) {
                v[i] = sd * gaussian(random);
            }
            return v;
        }

        /** A standard normal draw (Box-Muller; SplittableRandom has none in Java 17). */
        private static double gaussian(java.util.SplittableRandom random) {
            return Math.sqrt(-2 * Math.log(1 - random.nextDouble())) * Math.cos(2 * Math.PI * random.nextDouble());
        }
    }

    /**
     * The rounds a side that would show the inconclusive figures equivalent, were the runs alike.
     *
     * @param inconclusive the inconclusive figures, count
     * @param lowerMedian the lower median of their rounds: rounds a side that would show half of them equivalent
     * @param most the figure that needs most rounds (its {@link Test#roundsForEquivalence()})
     */
    public record RoundsNeeded(int inconclusive, int lowerMedian, Row most) {
    }

    /**
     * The outcome: the exit status, its one-line reason, the figures compared, the family error they were held to, and the
     * step the ladder's latencies were recorded in (ms: 1 for Gatling's, 0.001 for Vegeta's).
     */
    public record Result(int exit, String reason, List<Row> rows, double alpha, double latencyResolutionMs) {
        /** An outcome with latencies in Gatling's whole milliseconds. */
        public Result(int exit, String reason, List<Row> rows, double alpha) {
            this(exit, reason, rows, alpha, 1);
        }

        /** The chance each figure's "different" is allowed to be wrong: the family's {@code alpha} shared over the figures (Bonferroni). */
        public double figureAlpha() {
            return alpha / Math.max(rows.size(), 1);
        }

        /**
         * How many rounds a side the inconclusive figures would take to be shown equivalent were the runs alike ({@link
         * Test#roundsForEquivalence()}); null where none is inconclusive.
         */
        public RoundsNeeded roundsNeeded() {
            List<Row> open = rows.stream().filter(r -> r.test().verdict() == Verdict.INCONCLUSIVE).toList();
            if (open.isEmpty()) {
                return null;
            }
            int[] needed = open.stream().mapToInt(r -> r.test().roundsForEquivalence()).sorted().toArray();
            Row most = open.stream().max(Comparator.comparingInt(r -> r.test().roundsForEquivalence())).orElseThrow();
            return new RoundsNeeded(needed.length, needed[(needed.length - 1) / 2], most);
        }

        /** How many figures got each verdict, every verdict named (in {@link Verdict}'s order). */
        public Map<String, Long> counts() {
            Map<String, Long> counts = new LinkedHashMap<>();
            for (Verdict v : Verdict.values()) {
                counts.put(v.name(), rows.stream().filter(r -> r.test().verdict() == v).count());
            }
            return counts;
        }
    }

    private RunComparison() {
    }

    /** Compares two runs' summaries, each as {@link Analysis#read} gives it (analysed under the current rules). */
    public static Result compare(Summary a, Summary b, double margin) {
        return compare(a, b, margin, ALPHA);
    }

    /** The same, with {@code alpha} the chance that two runs alike are called different on some figure. */
    public static Result compare(Summary a, Summary b, double margin, double alpha) {
        String unfit = incomparable(a, b);
        if (unfit != null) {
            return new Result(2, unfit, List.of(), alpha);
        }
        List<Figure> figures = new ArrayList<>();
        for (Target ta : targets(a)) {
            String name = ta.name();
            Target tb = targets(b).stream().filter(t -> name.equals(t.name())).findFirst().orElseThrow();
            figures.add(figure(name, "throughput req/s (closed load)", Analysis.throughputs(ta), Analysis.throughputs(tb), margin, 0));
            String baseline = baseline(ta);
            if (!name.equals(baseline)) { // against the baseline its own summary uses: direct under its scenario's page
                figures.add(figure(name, "throughput / " + baseline + " (paired per round)", paired(a, ta), paired(b, tb), margin, 0));
            }
            Map<String, MaxSustainable> foundA = ta.judged().maxSustainable();
            Map<String, MaxSustainable> foundB = tb.judged().maxSustainable();
            if (foundA != null && foundB != null) {
                foundA.forEach((objective, fa) -> {
                    double[] ra = perRound(fa);
                    double[] rb = perRound(foundB.get(objective));
                    if (ra.length >= 2 && rb.length >= 2) { // fewer rounds reached a conclusion: the injector, not the target, stopped the rest
                        figures.add(figure(name, "max sustainable rate req/s, " + objective, ra, rb, margin, 0,
                                ScenarioMatrix.rates(a).equals(ScenarioMatrix.rates(b))));
                    }
                });
                figures.addAll(p99AtEqualLevels(a, b, ta, tb, margin));
            }
            // what each request cost the gateway's processes, in the rounds that sampled them (none for direct, nor for a
            // gateway on a host the run could not sample)
            double[] cpuA = ProfileMatrix.cpuPerRound(ta);
            double[] cpuB = ProfileMatrix.cpuPerRound(tb);
            if (cpuA.length >= 2 && cpuB.length >= 2) {
                figures.add(figure(name, "gateway CPU ms / 1,000 req (closed load)", cpuA, cpuB, margin, 0));
            }
        }
        // A run compared with itself (the same id and start): each figure's rounds are the same values, not two samples of
        // them, so there is no noise between them to test for.
        boolean itself = a.run().runId().equals(b.run().runId())
                && Objects.equals(a.run().started(), b.run().started());
        List<Row> rows = figures.stream().map(f -> f.test(figures.size(), alpha, itself)).toList();
        long different = rows.stream().filter(r -> r.test().verdict() == Verdict.DIFFERENT).count();
        long inconclusive = rows.stream().filter(r -> r.test().verdict() == Verdict.INCONCLUSIVE).count();
        String reason;
        if (different > 0) {
            reason = String.format(Locale.ROOT, "different: %d of %d figures differ (a difference established over all the figures "
                            + "and an estimate beyond the margin: %s)%s", different, rows.size(),
                    String.join("; ", rows.stream().filter(r -> r.test().verdict() == Verdict.DIFFERENT)
                            .map(r -> r.target() + " " + r.figure()).toList()),
                    inconclusive > 0 ? ", " + inconclusive + " inconclusive" : "");
        } else if (inconclusive > 0) {
            reason = String.format(Locale.ROOT, "not shown equivalent: %d of %d figures inconclusive at ±%.0f%% (more rounds would narrow "
                    + "them; see what each could detect)", inconclusive, rows.size(), margin * 100);
        } else {
            reason = itself ? String.format(Locale.ROOT,
                    "equivalent: run %s compared with itself, all %d figures the same rounds", a.run().runId(),
                    rows.size()) : String.format(Locale.ROOT, "equivalent: all %d figures agree within ±%.0f%%", rows.size(), margin * 100);
        }
        return new Result(different + inconclusive == 0 ? 0 : 1, reason, rows, alpha, latencyResolutionMs(a, b));
    }

    /** Why two runs cannot be compared, or null when they can. */
    static String incomparable(Summary a, Summary b) {
        for (Summary run : List.of(a, b)) {
            int rounds = run.setup().rounds();
            if (rounds < MIN_ROUNDS) {
                return "too few rounds: run " + run.run().runId() + " has " + rounds
                        + "; a comparison needs at least " + MIN_ROUNDS
                        + " in each run, the fewest whose spread says anything about a figure's noise (./bench run --rounds=3)";
            }
        }
        List<String> namesA = targets(a).stream().map(Target::name).toList();
        List<String> namesB = targets(b).stream().map(Target::name).toList();
        if (!new java.util.HashSet<>(namesA).equals(new java.util.HashSet<>(namesB))) {
            return "different targets measured: " + a.run().runId() + " has " + namesA + ", "
                    + b.run().runId() + " has " + namesB
                    + " (a target that failed counts as not measured)";
        }
        if (!Objects.equals(a.setup().load(), b.setup().load())) {
            return "different load: " + described(a.setup().load()) + " vs " + described(b.setup().load());
        }
        LadderPlan la = a.setup().ladder();
        LadderPlan lb = b.setup().ladder();
        List<Function<LadderPlan, Object>> keys = List.of(LadderPlan::percentOfDirectCapacity, LadderPlan::absoluteRps, LadderPlan::levelS,
                LadderPlan::maxInFlight, LadderPlan::objectives);
        List<String> names = List.of("percent_of_direct_capacity", "absolute_rps", "level_s", "max_in_flight", "objectives");
        for (int i = 0; i < keys.size(); i++) {
            Object va = la == null ? null : keys.get(i).apply(la);
            Object vb = lb == null ? null : keys.get(i).apply(lb);
            if (!Objects.equals(va, vb)) {
                return "different ladder: " + names.get(i) + " " + described(va) + " vs " + described(vb);
            }
        }
        return null;
    }

    /** A part of a summary as the reason shows it: as summary.json holds it, in {@code {key=value, ...}} form. */
    private static String described(Object part) {
        return part == null ? "null" : described(Summaries.mapper().valueToTree(part));
    }

    private static String described(JsonNode node) {
        if (node.isObject()) {
            List<String> fields = new ArrayList<>();
            node.fields().forEachRemaining(e -> fields.add(e.getKey() + "=" + described(e.getValue())));
            return "{" + String.join(", ", fields) + "}";
        }
        if (node.isArray()) {
            List<String> items = new ArrayList<>();
            node.forEach(n -> items.add(described(n)));
            return items.toString();
        }
        return node.isTextual() ? node.asText() : node.toString();
    }

    /** The targets that were measured (not failed), in the run's order. */
    private static List<Target> targets(Summary run) {
        return run.targets().stream().filter(Target::wasMeasured).toList();
    }

    /** The target a target's throughput is paired with: direct, or direct under the target's scenario where that asks for another page. */
    private static String baseline(Target target) {
        return target.about().baseline() == null ? Baseline.DIRECT : target.about().baseline();
    }

    private static double[] paired(Summary run, Target target) {
        Target direct = targets(run).stream().filter(t -> baseline(target).equals(t.name())).findFirst().orElseThrow();
        return Analysis.pairedRatios(Analysis.throughputs(target), Analysis.throughputs(direct));
    }

    private static double[] perRound(MaxSustainable found) {
        // a round stopped by the injector measured only a lower bound of the target's maximum: not a value to compare
        return found.rounds().stream().filter(r -> !r.limitedByInjector()).mapToDouble(MaxSustainable.SearchRound::rateRps).toArray();
    }

    /**
     * P99 per round at the ladder levels both runs offered alike (the same rate, or with ladders in %
     * of direct's capacity the same level) and both sustained (at or below both runs' maximum under
     * the first objective): above that P99 measures an overload, not a tail. Rounds that did not
     * measure the level (overloaded, injector late) are left out; at least 2 per run are needed.
     */
    private static List<Figure> p99AtEqualLevels(Summary a, Summary b, Target ta, Target tb, double margin) {
        List<Integer> ratesA = ScenarioMatrix.rates(a);
        List<Integer> ratesB = ScenarioMatrix.rates(b);
        boolean sameRates = ratesA.equals(ratesB);
        if (!sameRates && !a.setup().ladder().absoluteRps().equals(List.of())) {
            return List.of(); // mixed ladders calibrated differently: no level is offered alike
        }
        double sustainedA = firstMax(ta);
        double sustainedB = firstMax(tb);
        List<Figure> rows = new ArrayList<>();
        List<List<LevelRound>> laddersA = Analysis.ladders(ta);
        List<List<LevelRound>> laddersB = Analysis.ladders(tb);
        for (int i = 0; i < Math.min(ratesA.size(), ratesB.size()); i++) {
            int ra = ratesA.get(i);
            int rb = ratesB.get(i);
            if (ra > sustainedA || rb > sustainedB) {
                break;
            }
            double[] pa = p99s(laddersA, ra);
            double[] pb = p99s(laddersB, rb);
            if (pa.length < 2 || pb.length < 2) {
                continue;
            }
            String level = sameRates ? ra + " req/s" : "level " + (i + 1) + " (" + ra + " vs " + rb + " req/s, the same % of each run's direct)";
            rows.add(figure(ta.name(), "P99 ms at " + level, pa, pb, margin, latencyResolutionMs(a, b)));
        }
        return rows;
    }

    private static double firstMax(Target target) {
        MaxSustainable first = Analysis.firstObjective(target);
        return first == null ? 0 : first.rateRps();
    }

    /** The P99 of every round that measured the level as planned (over every request, failed ones at their full time). */
    private static double[] p99s(List<List<LevelRound>> ladders, int rate) {
        return ladders.stream().flatMap(List::stream)
                .filter(l -> l.rateRps() == rate && ObjectiveJudge.measuredAtRate(l)
                && ObjectiveJudge.allRequests(l) != null)
                .mapToDouble(l -> ObjectiveJudge.allRequests(l).p99()).toArray();
    }

    /**
     * The step the ladder's latencies are recorded in, ms: Gatling's whole millisecond where either run's ladder was
     * Gatling's (and in runs from before the injector was recorded, all Gatling's); Vegeta's levels are timed to the
     * microsecond.
     */
    public static double latencyResolutionMs(Summary a, Summary b) {
        boolean microseconds = List.of(a, b).stream()
                .allMatch(r -> r.setup().ladder() != null && "vegeta".equals(r.setup().ladder().injector()));
        return microseconds ? 0.001 : 1;
    }

    /** A figure with its margin: a share of A's mean, at least {@code resolution} (the step its values are recorded in; 0: exact). */
    private static Figure figure(String target, String figure, double[] a, double[] b, double margin, double resolution) {
        return figure(target, figure, a, b, margin, resolution, false);
    }

    /** The same, with {@code levels}: its values are levels of one ladder both runs offered ({@link Figure}). */
    private static Figure figure(String target, String figure, double[] a, double[] b, double margin, double resolution, boolean levels) {
        return new Figure(target, figure, a, b, Math.max(margin * Math.abs(Stats.mean(a)), resolution),
                resolution, levels);
    }

    /** One run's figure: its mean over rounds and the 95% t-interval of that mean, for compare.html's charts. */
    public static double[] meanWithInterval95(double[] v) {
        return Stats.meanInterval(v, 0.95);
    }

    /** Parses {@code --alpha=0.01} or {@code --alpha=1%}: the chance that two runs alike are called different on some figure. */
    public static double alpha(String value) {
        double a = share(value);
        if (!(a > 0 && a <= 0.5)) {
            throw new IllegalArgumentException("--alpha must be a share above 0 and at most 0.5 (0.05) or a percentage (5%), got '" + value + "'");
        }
        return a;
    }

    private static double share(String value) {
        String v = value.trim();
        try {
            return v.endsWith("%") ? Double.parseDouble(v.substring(0, v.length() - 1)) / 100 : Double.parseDouble(v);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    /** Parses {@code --margin=0.10} or {@code --margin=10%}. */
    public static double margin(String value) {
        double m = share(value);
        if (!(m > 0 && m < 1)) {
            throw new IllegalArgumentException("--margin must be a share between 0 and 1 (0.10) or a percentage (10%), got '" + value + "'");
        }
        return m;
    }
}
