package io.gatewaybench.harness.analyse;

import io.gatewaybench.harness.model.CostRow;
import io.gatewaybench.harness.model.Estimate;
import io.gatewaybench.harness.model.ProfileCost;
import io.gatewaybench.harness.model.RateLevel;
import io.gatewaybench.harness.model.RateSlice;
import io.gatewaybench.harness.model.Summary;
import io.gatewaybench.harness.model.Target;
import io.gatewaybench.harness.model.TargetCost;
import io.gatewaybench.harness.plan.Scenario;
import io.gatewaybench.harness.quantity.SliceEstimate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * A gateway's JVM profiles measured at equal rates, all at once, judged against the reference profile in the same
 * slices: each profile's CPU per request over the reference's at each rate, its interval at the family's level
 * (Bonferroni over the gateway's k comparisons, every profile at every rate, so that all hold together at 95%), and a
 * verdict from the Holm-adjusted p-value of "the same cost"; the P99 it adds over the reference's. The reference's
 * second instance, its twin, is one of the comparisons: it is the A/A pair, equivalent where at every rate its 90%
 * interval lies within 1 ± {@link #AA_MARGIN} (Schuirmann's two one-sided tests at 5% each rate, all rates required,
 * an intersection-union test that needs no adjustment). A matrix too large to run at once is measured in batches,
 * each with the reference and its twin: every profile is judged over its own batch's reference, all of them one
 * family. Beside the CPU, where they were read: the part of it the collection spent, as a difference from the
 * reference's (a collector works in bursts, nothing in some slices), and the bytes allocated per request, as a ratio
 * at the family's level. ProfileCostsTableTest plants the shapes.
 */
final class ProfileCosts {
    /** The family's error: the chance that any of a gateway's comparisons is wrong. */
    static final double FAMILY_ERROR = 0.05;
    /** How far the A/A pair's interval may reach from 1 for the pair to be called equivalent. */
    static final double AA_MARGIN = 0.05;
    /** Each one-sided test's error in the A/A pair's equivalence. */
    static final double AA_ERROR = 0.05;

    private ProfileCosts() {
    }

    /**
     * Per gateway, its profiles (the reference first, then the others as the run named them, the twin among them);
     * null where no gateway ran several profiles at equal rates.
     */
    static Map<String, List<ProfileCost>> apply(Summary summary, String reference) {
        Map<String, List<Target>> byGateway = new LinkedHashMap<>();
        for (Target t : summary.targets()) {
            if (t.about().gateway() != null && t.about().jvmProfile() != null && t.cost() != null
                    && t.measured().equalRates() != null
                    && Scenario.PLAIN.equals(t.about().scenario() == null ? Scenario.PLAIN : t.about().scenario())) {
                byGateway.computeIfAbsent(t.about().gateway(), k -> new ArrayList<>()).add(t);
            }
        }
        Map<String, List<ProfileCost>> judged = new LinkedHashMap<>();
        byGateway.forEach((gateway, variants) -> {
            Map<Integer, List<Target>> byBatch = new LinkedHashMap<>();
            variants.forEach(v -> byBatch.computeIfAbsent(v.measured().equalRates().batch(), k -> new ArrayList<>())
                    .add(v));
            List<Batch> batches = new ArrayList<>();
            byBatch.forEach((batch, members) -> members.stream()
                    .filter(v -> reference.equals(v.about().jvmProfile())).findFirst()
                    .filter(base -> members.size() > 1)
                    .ifPresent(base -> batches.add(new Batch(batch, base, members))));
            if (!batches.isEmpty()) {
                judged.put(gateway, judge(batches));
            }
        });
        return judged.isEmpty() ? null : judged;
    }

    /**
     * The variants measured beside one reference ({@code base}, among {@code variants}): every target where all ran at
     * once, or one batch of a matrix too large for that ({@code batch}; null where there are no batches).
     */
    record Batch(Integer batch, Target base, List<Target> variants) {
        List<Target> others() {
            return variants.stream().filter(v -> v != base).toList();
        }
    }

    /**
     * Each batch's reference row and every other variant's over that reference; one family over all of them, so
     * that a matrix in batches holds its intervals and verdicts together as one measured at once does.
     */
    static List<ProfileCost> judge(List<Batch> batches) {
        // every comparison's p-value, in the order batches x others x rates, for Holm
        List<Double> ps = new ArrayList<>();
        for (Batch b : batches) {
            List<Integer> rates = rates(b.base());
            for (Target other : b.others()) {
                for (int rate : rates) {
                    RateLevel mine = level(other, rate);
                    RateLevel theirs = level(b.base(), rate);
                    ps.add(mine == null || theirs == null ? Double.NaN : SliceEstimate.pSame(cpu(mine), cpu(theirs)));
                }
            }
        }
        double[] p = ps.stream().mapToDouble(Double::doubleValue).toArray();
        long k = Arrays.stream(p).filter(x -> !Double.isNaN(x)).count();
        double level = Precisions.costFamilyLevel(k);
        double[] holm = holm(p);
        List<ProfileCost> rows = new ArrayList<>();
        int at = 0;
        for (Batch b : batches) {
            Target base = b.base();
            List<Integer> rates = rates(base);
            rows.add(new ProfileCost(base.about().jvmProfile(), base.name(), false, base.cost().steadyAfterS(),
                    rates.stream().map(rate -> new ProfileCost.AtRate(rate, costAt(base, rate), null, null, null, null,
                            gcAt(base, rate), null, allocatedAt(base, rate), null))
                            .toList(), null, b.batch()));
            for (Target v : b.others()) {
                List<ProfileCost.AtRate> atRates = new ArrayList<>();
                for (int rate : rates) {
                    double q = holm[at++];
                    RateLevel mine = level(v, rate);
                    RateLevel theirs = level(base, rate);
                    if (mine == null || theirs == null) {
                        continue;
                    }
                    Estimate over = SliceEstimate.ratio(cpu(mine), cpu(theirs), level);
                    atRates.add(new ProfileCost.AtRate(rate, costAt(v, rate), over.slices() == 0 ? null : over,
                            Double.isNaN(q) ? null : io.gatewaybench.harness.model.Decimals.round(q),
                            verdict(over, q),
                            SliceEstimate.difference(series(mine, s -> us(s.p99Us())),
                                    series(theirs, s -> us(s.p99Us()))), gcAt(v, rate),
                            gcAt(v, rate) == null || gcAt(base, rate) == null ? null : SliceEstimate.difference(
                                    series(mine, RateSlice::gcCpuUsPerRequest),
                                    series(theirs, RateSlice::gcCpuUsPerRequest)), allocatedAt(v, rate),
                            allocatedAt(v, rate) == null || allocatedAt(base, rate) == null ? null
                                    : SliceEstimate.ratio(series(mine, RateSlice::allocatedPerRequest),
                                    series(theirs, RateSlice::allocatedPerRequest), level)));
                }
                boolean twin = v.about().jvmProfile().equals(base.about().jvmProfile());
                Map<Integer, Estimate> tost = new LinkedHashMap<>();
                for (int rate : rates) {
                    if (twin && level(v, rate) != null && level(base, rate) != null) {
                        tost.put(rate, SliceEstimate.ratio(cpu(level(v, rate)), cpu(level(base, rate)),
                                1 - 2 * AA_ERROR));
                    }
                }
                rows.add(new ProfileCost(v.about().jvmProfile(), v.name(), twin, v.cost().steadyAfterS(),
                        List.copyOf(atRates), twin ? equivalence(tost, atRates) : null, b.batch()));
            }
        }
        return List.copyOf(rows);
    }

    private static List<Integer> rates(Target base) {
        return base.measured().equalRates().levels().stream().map(RateLevel::rateRps).toList();
    }

    /**
     * Holm's step-down adjustment of {@code p} (NaN: no test, left out and left NaN): the i-th smallest of the m
     * p-values times (m - i + 1), never below the one before, at most 1.
     */
    static double[] holm(double[] p) {
        Integer[] order = java.util.stream.IntStream.range(0, p.length).filter(i -> !Double.isNaN(p[i])).boxed()
                .sorted((a, b) -> Double.compare(p[a], p[b])).toArray(Integer[]::new);
        double[] adjusted = new double[p.length];
        Arrays.fill(adjusted, Double.NaN);
        double floor = 0;
        for (int i = 0; i < order.length; i++) {
            floor = Math.max(floor, Math.min(1, (order.length - i) * p[order[i]]));
            adjusted[order[i]] = floor;
        }
        return adjusted;
    }

    private static CostRow.CpuVerdict verdict(Estimate over, double pHolm) {
        if (Double.isNaN(pHolm) || over.ci95Low() == null) {
            return CostRow.CpuVerdict.NO_INTERVAL;
        }
        if (pHolm >= FAMILY_ERROR) {
            return CostRow.CpuVerdict.WITHIN_THE_NOISE;
        }
        return over.value() > 1 ? CostRow.CpuVerdict.MORE_CPU_PER_REQUEST : CostRow.CpuVerdict.LESS_CPU_PER_REQUEST;
    }

    /**
     * The A/A pair: equivalent where every rate's 90% interval ({@code tost}) lies within 1 ± AA_MARGIN; different
     * where the family's verdict told the two apart at some rate ({@code at}).
     */
    static ProfileCost.Equivalence equivalence(Map<Integer, Estimate> tost, List<ProfileCost.AtRate> at) {
        int widest = -1;
        double reach = 0;
        for (Map.Entry<Integer, Estimate> e : tost.entrySet()) {
            Estimate x = e.getValue();
            double r = x.ci95Low() == null ? Double.POSITIVE_INFINITY
                    : Math.max(1 - x.ci95Low(), x.ci95High() - 1);
            if (widest < 0 || r > reach) {
                widest = e.getKey();
                reach = r;
            }
        }
        if (widest < 0 || Double.isInfinite(reach)) {
            return new ProfileCost.Equivalence(false, AA_MARGIN, "no interval: too few slices");
        }
        Estimate e = tost.get(widest);
        String interval = String.format(Locale.ROOT, "the widest 90%% interval %.3f (%.3f-%.3f), at %d req/s",
                e.value(), e.ci95Low(), e.ci95High(), widest);
        boolean different = at.stream().anyMatch(a -> a.verdict() == CostRow.CpuVerdict.MORE_CPU_PER_REQUEST
                || a.verdict() == CostRow.CpuVerdict.LESS_CPU_PER_REQUEST);
        if (different) {
            return new ProfileCost.Equivalence(false, AA_MARGIN, "different: two instances of one profile were told "
                    + "apart, so this run's intervals understate what separates two instances; " + interval);
        }
        return new ProfileCost.Equivalence(reach <= AA_MARGIN, AA_MARGIN, String.format(Locale.ROOT, reach <= AA_MARGIN
                ? "equivalent: at every rate within 1 ± %.0f%%; %s" : "not shown equivalent: an interval reaches past "
                + "1 ± %.0f%%; %s", AA_MARGIN * 100, interval));
    }

    private static RateLevel level(Target t, int rate) {
        return t.measured().equalRates().levels().stream().filter(l -> l.rateRps() == rate).findFirst().orElse(null);
    }

    private static Estimate costAt(Target t, int rate) {
        return t.cost().atRates().stream().filter(a -> a.rateRps() == rate).findFirst()
                .map(TargetCost.AtRate::cpuUsPerRequest).orElse(null);
    }

    private static Estimate allocatedAt(Target t, int rate) {
        return t.cost().atRates().stream().filter(a -> a.rateRps() == rate).findFirst()
                .map(TargetCost.AtRate::allocatedBytesPerRequest).orElse(null);
    }

    private static Estimate gcAt(Target t, int rate) {
        return t.cost().atRates().stream().filter(a -> a.rateRps() == rate).findFirst()
                .map(TargetCost.AtRate::gcCpuUsPerRequest).orElse(null);
    }

    private static double[] cpu(RateLevel level) {
        return series(level, RateSlice::cpuUsPerRequest);
    }

    private static double[] series(RateLevel level, ToDoubleFunction<RateSlice> figure) {
        return level.slices().stream().mapToDouble(figure).toArray();
    }

    private static double us(Long v) {
        return v == null ? Double.NaN : v;
    }
}
