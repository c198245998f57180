package io.gatewaybench.harness.analyse;

import io.gatewaybench.harness.quantity.Stats;
import io.gatewaybench.harness.model.Cost;
import io.gatewaybench.harness.model.CostRow;
import io.gatewaybench.harness.model.Interval;
import io.gatewaybench.harness.model.JfrResult;
import io.gatewaybench.harness.model.JvmProfiles;
import io.gatewaybench.harness.model.Decimals;
import io.gatewaybench.harness.model.ProfileRow;
import io.gatewaybench.harness.model.Ratio;
import io.gatewaybench.harness.model.RatioSpread;
import io.gatewaybench.harness.model.Round;
import io.gatewaybench.harness.model.RoundRuntime;
import io.gatewaybench.harness.model.Summary;
import io.gatewaybench.harness.model.Target;
import io.gatewaybench.harness.model.Verdict;
import io.gatewaybench.harness.plan.Scenario;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * A run of several JVM profiles, judged per gateway: each profile's throughput and closed-loop P99
 * relative to the reference profile's (the first named), paired round by round as targets are paired
 * with direct, with an interval of the ratio; its CPU and memory cost; and what its JVM showed
 * (start, warm-up, GC pauses and allocation over the measured window). A profile whose throughput
 * interval holds 1 is "within the noise" of the reference.
 *
 * <p>Each variant's interval comes from its own rounds alone ({@link #judge}), and a gateway's k intervals hold
 * together at 95% (Bonferroni). Pooling the round-to-round spread over a gateway's variants, as this did before, took
 * every variant's ratios as independent of the others', but the ratios of one round share that round's reference run:
 * 13 variants of 2 rounds behaved like 3 degrees of freedom, not 13, and their family missed 7.9% of the time
 * (ProfileMatrixTest's simulation).
 */
final class ProfileMatrix {
    /** The chance that any of a gateway's intervals misses, all together. */
    static final double FAMILY_ERROR = 0.05;

    private ProfileMatrix() {
    }

    /** A verdict of a paired figure against its reference ({@link #judge}). */
    enum Judgement {
        /** No interval could be made (one round). */
        NO_INTERVAL,
        /** The interval holds 1. */
        WITHIN_THE_NOISE,
        /** The whole interval lies above 1. */
        ABOVE,
        /** The whole interval lies below 1. */
        BELOW;

        /** As a throughput verdict. */
        Verdict throughput() {
            return switch (this) {
                case NO_INTERVAL -> Verdict.NO_INTERVAL;
                case WITHIN_THE_NOISE -> Verdict.WITHIN_THE_NOISE;
                case ABOVE -> Verdict.MORE_THROUGHPUT;
                case BELOW -> Verdict.LESS_THROUGHPUT;
            };
        }

        /** As a CPU-per-request verdict. */
        CostRow.CpuVerdict cpu() {
            return switch (this) {
                case NO_INTERVAL -> CostRow.CpuVerdict.NO_INTERVAL;
                case WITHIN_THE_NOISE -> CostRow.CpuVerdict.WITHIN_THE_NOISE;
                case ABOVE -> CostRow.CpuVerdict.MORE_CPU_PER_REQUEST;
                case BELOW -> CostRow.CpuVerdict.LESS_CPU_PER_REQUEST;
            };
        }
    }

    /**
     * A row's paired figure after {@link #judge}: its ratios with the family's interval, and the verdict.
     *
     * @param spread the per-round ratios, with the interval judged with the family where one could be made, ratio
     * @param judgement the verdict against the reference
     */
    record Judged(RatioSpread spread, Judgement judgement) {
    }

    /** {@code jvm_profiles} with {@code by_gateway} judged, for a summary whose run had several profiles (else null). */
    static JvmProfiles apply(Summary summary) {
        JvmProfiles profiles = summary.matrices().jvmProfiles();
        if (profiles == null) {
            return null;
        }
        String reference = profiles.reference();
        Map<String, List<Target>> byGateway = new LinkedHashMap<>();
        for (Target t : summary.targets()) {
            // under plain: a scenario's cost is judged by ScenarioMatrix, against the same profile under plain
            if (t.about().gateway() != null && t.about().jvmProfile() != null
                    && Scenario.PLAIN.equals(t.about().scenario() == null ? Scenario.PLAIN : t.about().scenario())) {
                byGateway.computeIfAbsent(t.about().gateway(), k -> new ArrayList<>()).add(t);
            }
        }
        Map<String, List<ProfileRow>> judged = new LinkedHashMap<>();
        byGateway.forEach((gateway, variants) -> {
            if (variants.stream().noneMatch(Target::wasMeasured)
                    && variants.stream().allMatch(v -> v.measured().equalRates() != null)) {
                return; // measured at equal rates only (a matrix in batches): judged by ProfileCosts alone
            }
            Target base = variants.stream().filter(v -> reference.equals(v.about().jvmProfile()) && v.wasMeasured())
                    .findFirst().orElse(null);
            List<RatioSpread> spreads = new ArrayList<>();
            for (Target v : variants) {
                spreads.add(v.wasMeasured() && base != null && base != v
                        ? paired(v, base, Analysis::throughputs) : null);
            }
            List<Judged> verdicts = judge(spreads, "profiles");
            List<ProfileRow> rows = new ArrayList<>();
            for (int i = 0; i < variants.size(); i++) {
                rows.add(row(variants.get(i), base, spreads.get(i), verdicts.get(i)));
            }
            rows.sort(Comparator.comparing((ProfileRow r) -> r instanceof ProfileRow.Measured m && m.throughputRelative() instanceof Ratio.Value n
                    ? -n.ratio() : Double.MAX_VALUE));
            judged.put(gateway, List.copyOf(rows));
        });
        return new JvmProfiles(profiles.reference(), profiles.profiles(), profiles.notAvailable(), judged,
                ProfileCosts.apply(summary, reference));
    }

    private static ProfileRow row(Target v, Target base, RatioSpread spread, Judged judged) {
        if (!v.wasMeasured()) {
            return new ProfileRow.Failed(v.about().jvmProfile(), v.name(), v.measured().failure() == null
                    ? "not measured" : v.measured().failure());
        }
        Ratio relative = null;
        RatioSpread tp = null;
        RatioSpread p99 = null;
        Verdict verdict = null;
        if (base != null && base != v) {
            relative = ratio(spread);
            tp = judged == null ? spread : judged.spread();
            verdict = judged == null ? null : judged.judgement().throughput();
            p99 = paired(v, base, t -> Analysis.perRound(t, round -> round.latencyMs().p99()));
        } else if (base == v) {
            relative = new Ratio.Value(1.0);
            verdict = Verdict.REFERENCE;
        }
        double[] memory = values(v, round -> gatewayCost(round) == null ? null : gatewayCost(round).peakPssMb());
        return new ProfileRow.Measured(v.about().jvmProfile(), v.name(), v.judged().throughputRps(),
                v.judged().latencyMs().p99(), relative, tp, p99, verdict,
                median(cpuPerRound(v)), memory.length == 0 ? null : Decimals.round(Arrays.stream(memory).max().orElseThrow()),
                median(values(v, round -> runtime(round) == null ? null : runtime(round).firstAnswerMs())),
                median(values(v, round -> runtime(round) == null || runtime(round).steadyAfterS() == null ? null
                        : runtime(round).steadyAfterS().orElse(null))),
                median(values(v, round -> pauses(round) == null ? null : pauses(round).count())),
                median(values(v, round -> pauses(round) == null ? null : pauses(round).totalMs())),
                median(values(v, round -> pauses(round) == null ? null : pauses(round).maxMs())),
                median(values(v, round -> pauses(round) == null ? null : pauses(round).p99Ms())),
                median(values(v, round -> runtime(round) == null || runtime(round).allocatedBytesPerRequest() == null ? null
                        : runtime(round).allocatedBytesPerRequest().orElse(null))),
                v.measured().rounds().stream().map(round -> runtime(round) == null ? null : runtime(round).jfr())
                        .filter(j -> j instanceof JfrResult.Unreadable).map(j -> ((JfrResult.Unreadable) j).error()).findFirst().orElse(null));
    }

    /** The median of paired ratios, or n/a where they could not be formed. */
    static Ratio ratio(RatioSpread spread) {
        return spread instanceof RatioSpread.Formed f ? new Ratio.Value(f.interval().median()) : Ratio.NotAvailable.INSTANCE;
    }

    /** The variant's figure over the reference's, round k with round k: both ran in the same round, minutes apart. */
    static RatioSpread paired(Target v, Target base, Function<Target, double[]> figure) {
        double[] mine = figure.apply(v);
        double[] theirs = figure.apply(base);
        int n = Math.min(mine.length, theirs.length);
        double[] ratio = new double[n];
        for (int i = 0; i < n; i++) {
            ratio[i] = theirs[i] == 0 ? Double.NaN : mine[i] / theirs[i];
        }
        if (n == 0 || Arrays.stream(ratio).anyMatch(Double::isNaN)) {
            return RatioSpread.NotFormed.INSTANCE;
        }
        return new RatioSpread.Formed(Stats.interval(ratio));
    }

    /**
     * Each compared variant's interval and verdict, from its own rounds alone: Student's t on the logarithms of its
     * per-round ratios (each round's run over the reference's run of the same round), n - 1 degrees of freedom for n
     * rounds, at 1 - 0.05/k for the gateway's k compared variants (Bonferroni), so that all k hold together at 95%. A
     * variant's ratios are independent from round to round whatever the reference did, so the t interval holds its
     * level; with two rounds that is one degree of freedom, and the interval is as wide as that is. Pooling the spread
     * over the variants would lend each the degrees of freedom of all, but their ratios share each round's reference
     * run: the pooled estimate moves with it, and its intervals missed more often than they said (ProfileMatrixTest).
     *
     * <p>Of a gateway's variants of one kind ({@code variants}: its profiles, its scenarios, its worker counts), one paired
     * figure per row (null: the row has none): per row, the figure judged, or null where it is not (no ratios formed).
     */
    static List<Judged> judge(List<RatioSpread> rows, String variants) {
        long k = rows.stream().filter(r -> r instanceof RatioSpread.Formed f && f.interval().values() != null).count();
        double level = 1 - FAMILY_ERROR / Math.max(1, k);
        List<Judged> judged = new ArrayList<>();
        for (RatioSpread r : rows) {
            if (!(r instanceof RatioSpread.Formed f) || f.interval().values() == null) {
                judged.add(null);
                continue;
            }
            Interval s = f.interval();
            double[] logs = logs(s);
            Interval interval = new Interval(s.median(), s.min(), s.max(), s.values(), null, null, null, null, null, null);
            if (logs.length >= 2 && Arrays.stream(logs).allMatch(Double::isFinite)) {
                double[] bounds = logInterval(logs, level);
                interval = new Interval(s.median(), s.min(), s.max(), s.values(), null, null, Decimals.round(Math.exp(bounds[0])),
                        Decimals.round(Math.exp(bounds[1])), Decimals.round(level), "Student's t on log ratios, this one's own "
                        + logs.length + " rounds (" + (logs.length - 1) + " degrees of freedom), Bonferroni over the gateway's " + k
                        + " compared " + variants);
            }
            judged.add(new Judged(new RatioSpread.Formed(interval), judgement(interval)));
        }
        return judged;
    }

    /** Student's t interval of the mean of {@code logs} at {@code level}, with logs.length - 1 degrees of freedom: {low, high}. */
    static double[] logInterval(double[] logs, double level) {
        double[] mean = Stats.meanInterval(logs, level);
        return new double[] {mean[1], mean[2]};
    }

    private static double[] logs(Interval spread) {
        return spread.values().stream().mapToDouble(v -> v > 0 ? Math.log(v) : Double.NaN).toArray();
    }

    /** Within the noise when the interval of the paired ratio holds 1; above or below otherwise; one round: unknown. */
    private static Judgement judgement(Interval spread) {
        if (spread.ciLow() == null || spread.ciHigh() == null) {
            return Judgement.NO_INTERVAL;
        }
        if (spread.ciLow() <= 1 && spread.ciHigh() >= 1) {
            return Judgement.WITHIN_THE_NOISE;
        }
        return spread.ciLow() > 1 ? Judgement.ABOVE : Judgement.BELOW;
    }

    /** One number of each round where the round has it (null: it has not). */
    static double[] values(Target t, Function<Round, Number> figure) {
        return t.measured().rounds().stream().map(figure).filter(Objects::nonNull)
                .mapToDouble(Number::doubleValue).toArray();
    }

    /** The gateway's CPU per 1,000 requests of each round that measured it. */
    static double[] cpuPerRound(Target t) {
        return values(t, round -> gatewayCost(round) == null ? null : gatewayCost(round).cpuMsPer1000Requests());
    }

    static Double median(double[] values) {
        return values.length == 0 ? null : Decimals.round(Stats.median(values));
    }

    private static Cost gatewayCost(Round round) {
        return round.resources() == null ? null : round.resources().gateway();
    }

    private static RoundRuntime runtime(Round round) {
        return round.runtime();
    }

    private static JfrResult.GcPauses pauses(Round round) {
        return runtime(round) != null && runtime(round).jfr() instanceof JfrResult.Figures f ? f.pauses() : null;
    }
}
