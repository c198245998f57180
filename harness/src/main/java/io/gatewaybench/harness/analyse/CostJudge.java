package io.gatewaybench.harness.analyse;

import io.gatewaybench.harness.model.Baseline;
import io.gatewaybench.harness.model.EqualRates;
import io.gatewaybench.harness.model.Estimate;
import io.gatewaybench.harness.model.RateLevel;
import io.gatewaybench.harness.model.RateSlice;
import io.gatewaybench.harness.model.Target;
import io.gatewaybench.harness.model.TargetCost;
import io.gatewaybench.harness.model.TargetRates;
import io.gatewaybench.harness.plan.SteadyState;
import io.gatewaybench.harness.quantity.SliceEstimate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.ToDoubleFunction;

/**
 * What each target costs at the run's equal rates, from its slices ({@link TargetRates}): its CPU per answer and the
 * cores it kept busy, each with a 95% interval ({@link SliceEstimate}); its CPU over the cheapest gateway's in the same
 * slices, where the machine's drift, common to every target measured at once, cancels; the latency it adds over direct
 * in the same slices; whether the rate met the objective; and the cores it needs per 10,000 req/s at the highest rate
 * that did. A target that was not steady within the warm-up is marked, its figures those of a target still warming.
 * In a matrix run in batches, every comparison of slices stays within a batch: direct runs in the first only, so the
 * latency added over direct is given for that batch's targets.
 */
final class CostJudge {
    /** A rate's errors must stay under this share of its requests for the objective to hold, as the objectives say. */
    static final double ERROR_SHARE = io.gatewaybench.harness.plan.Objective.ERROR_SHARE;

    private CostJudge() {
    }

    /** Each target of {@code targets} that was measured at equal rates, judged; the others as they are. */
    static List<Target> apply(EqualRates design, List<Target> targets) {
        if (design == null) {
            return targets;
        }
        Optional<Target> direct = targets.stream().filter(t -> t.name().equals(Baseline.DIRECT) && rates(t) != null)
                .findFirst();
        List<Target> judged = new ArrayList<>();
        for (Target t : targets) {
            TargetRates mine = rates(t);
            judged.add(mine == null ? t : t.withCost(judge(t.name(), mine, design, targets,
                    direct.map(CostJudge::rates).orElse(null))));
        }
        return judged;
    }

    private static TargetRates rates(Target t) {
        return t.measured().equalRates();
    }

    /** One target's figures at every rate. */
    static TargetCost judge(String name, TargetRates mine, EqualRates design, List<Target> targets,
            TargetRates direct) {
        int from = steadyFrom(mine.warmup());
        Integer steadyAfter = from < 0 ? null : from * design.sliceS();
        String notSteady = from < 0 ? "no steady state within " + warmupS(design, mine.batch()) + " s of warm-up"
                : null;
        boolean beside = direct != null && direct != mine && Objects.equals(direct.batch(), mine.batch());
        List<TargetCost.AtRate> atRates = new ArrayList<>();
        for (RateLevel level : mine.levels()) {
            atRates.add(atRate(name, level, design, targets.stream()
                    .filter(t -> rates(t) != null && Objects.equals(rates(t).batch(), mine.batch())).toList(),
                    beside ? levelAt(direct, level.rateRps()) : null));
        }
        TargetCost.Capacity capacity = atRates.stream().filter(a -> a.objectiveHolds() && a.cpuUsPerRequest() != null)
                .max(Comparator.comparingInt(TargetCost.AtRate::rateRps))
                .map(a -> new TargetCost.Capacity(a.rateRps(), scaled(a.cpuUsPerRequest(), 10_000 / 1e6))).orElse(null);
        return new TargetCost(steadyAfter, notSteady, atRates, capacity);
    }

    /** How long the warm-up of {@code batch} went on (null: the run's one warm-up), s. */
    private static int warmupS(EqualRates design, Integer batch) {
        return batch == null || design.batches() == null ? design.warmup().tookS() : design.batches().stream()
                .filter(b -> b.batch() == batch).mapToInt(EqualRates.Batch::warmupS).findFirst()
                .orElse(design.warmup().tookS());
    }

    /** The first warm-up slice from which the target held steady (plan.SteadyState), or -1. */
    static int steadyFrom(List<RateSlice> warmup) {
        double[] p50 = series(warmup, s -> s.p50Us() == null ? Double.NaN : s.p50Us());
        boolean cpu = warmup.stream().anyMatch(s -> s.cpuMs() != null);
        return SteadyState.RULE.steadyFrom(cpu ? series(warmup, RateSlice::cpuUsPerRequest) : p50, p50);
    }

    private static TargetCost.AtRate atRate(String name, RateLevel level, EqualRates design, List<Target> targets,
            RateLevel direct) {
        List<RateSlice> s = level.slices();
        boolean cpu = s.stream().allMatch(x -> x.cpuMs() != null);
        Estimate perRequest = cpu ? SliceEstimate.perUnit(series(s, RateSlice::cpuMs),
                series(s, x -> x.good() / 1000.0)) : null;
        Estimate cores = cpu ? SliceEstimate.perUnit(series(s, RateSlice::cpuMs),
                series(s, x -> design.sliceS() * 1000.0)) : null;
        // a collector works in bursts, 0 in some slices: the mean of the slices', not a ratio of logarithms
        Estimate gc = s.stream().allMatch(x -> x.gcCpuMs() != null)
                ? SliceEstimate.mean(series(s, RateSlice::gcCpuUsPerRequest)) : null;
        Estimate allocated = s.stream().allMatch(x -> x.allocatedBytes() != null) ? SliceEstimate.perUnit(
                series(s, x -> x.allocatedBytes()), series(s, RateSlice::good)) : null;
        TargetCost.Relative relative = cpu ? relative(name, level, targets) : null;
        TargetCost.Added added = direct == null ? null
                : new TargetCost.Added(SliceEstimate.difference(series(s, x -> us(x.p50Us())),
                series(direct.slices(), x -> us(x.p50Us()))),
                        SliceEstimate.difference(series(s, x -> us(x.p99Us())),
                        series(direct.slices(), x -> us(x.p99Us()))));
        long sent = s.stream().mapToLong(RateSlice::sent).sum();
        long errors = sent - s.stream().mapToLong(RateSlice::good).sum();
        Long p99 = level.latencyUs().p99();
        boolean holds = sent > 0 && errors < ERROR_SHARE * sent && p99 != null
                && p99 <= design.objectiveP99Ms() * 1000L;
        return new TargetCost.AtRate(level.rateRps(), perRequest, cores, gc, allocated, relative, level.latencyUs(),
                added, errors,
                holds);
    }

    /**
     * This target's CPU per answer over the cheapest gateway's of {@code targets} (those measured beside it) at the
     * same rate, slice by slice (the cheapest by the whole rate's CPU per answer); null for the cheapest itself.
     */
    private static TargetCost.Relative relative(String name, RateLevel level, List<Target> targets) {
        String cheapest = null;
        double least = Double.MAX_VALUE;
        RateLevel theirs = null;
        for (Target t : targets) {
            RateLevel other = rates(t) == null ? null : levelAt(rates(t), level.rateRps());
            if (other == null || other.slices().size() != level.slices().size()
                    || other.slices().stream().anyMatch(x -> x.cpuMs() == null)) {
                continue;
            }
            double cost = other.slices().stream().mapToDouble(RateSlice::cpuMs).sum() / other.slices().stream()
                    .mapToLong(RateSlice::good).sum();
            if (cost < least) {
                least = cost;
                cheapest = t.name();
                theirs = other;
            }
        }
        if (cheapest == null || cheapest.equals(name)) {
            return null;
        }
        return new TargetCost.Relative(cheapest, SliceEstimate.ratio(series(level.slices(), RateSlice::cpuUsPerRequest),
                series(theirs.slices(), RateSlice::cpuUsPerRequest)));
    }

    private static RateLevel levelAt(TargetRates rates, int rate) {
        return rates.levels().stream().filter(l -> l.rateRps() == rate).findFirst().orElse(null);
    }

    private static double us(Long v) {
        return v == null ? Double.NaN : v;
    }

    private static double[] series(List<RateSlice> slices, ToDoubleFunction<RateSlice> figure) {
        return slices.stream().mapToDouble(figure).toArray();
    }

    private static Estimate scaled(Estimate e, double factor) {
        return new Estimate(io.gatewaybench.harness.model.Decimals.round(e.value() * factor),
                e.ci95Low() == null ? null : io.gatewaybench.harness.model.Decimals.round(e.ci95Low() * factor),
                e.ci95High() == null ? null : io.gatewaybench.harness.model.Decimals.round(e.ci95High() * factor),
                        e.slices());
    }

    /** For tests: the judged cost of every target by name. */
    static Map<String, TargetCost> byName(List<Target> judged) {
        Map<String, TargetCost> m = new java.util.LinkedHashMap<>();
        judged.stream().filter(t -> t.cost() != null).forEach(t -> m.put(t.name(), t.cost()));
        return m;
    }
}
