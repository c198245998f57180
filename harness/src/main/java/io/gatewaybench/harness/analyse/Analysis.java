package io.gatewaybench.harness.analyse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gatewaybench.harness.model.FixedRateLevel;
import io.gatewaybench.harness.model.Flat;
import io.gatewaybench.harness.model.GatewayCpu;
import io.gatewaybench.harness.model.Interval;
import io.gatewaybench.harness.model.LadderPlan;
import io.gatewaybench.harness.model.LatencyMs;
import io.gatewaybench.harness.model.LatencyMultiples;
import io.gatewaybench.harness.model.LatencySpread;
import io.gatewaybench.harness.model.LevelRound;
import io.gatewaybench.harness.model.Matrices;
import io.gatewaybench.harness.model.MaxSustainable;
import io.gatewaybench.harness.model.Decimals;
import io.gatewaybench.harness.model.ProbeAdded;
import io.gatewaybench.harness.model.ProbeResult;
import io.gatewaybench.harness.model.ProbeUs;
import io.gatewaybench.harness.model.Reanalysed;
import io.gatewaybench.harness.model.RelativeToDirect;
import io.gatewaybench.harness.model.Round;
import io.gatewaybench.harness.model.Spread;
import io.gatewaybench.harness.model.Summaries;
import io.gatewaybench.harness.model.Summary;
import io.gatewaybench.harness.model.Target;
import io.gatewaybench.harness.plan.Objective;
import io.gatewaybench.harness.quantity.Stats;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.ToDoubleFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Every figure of a run that is judged across rounds, derived from the per-round figures in its
 * summary (as summary.json holds them): counts, medians, the throughput relative to direct paired
 * round by round, each figure's spread, and the strict maximum sustainable rate. A run, {@code
 * ./bench report} (which re-analyses a committed run under the current rules) and {@code ./bench
 * compare} all go through here, so one rule gives one figure wherever it is shown.
 */
public final class Analysis {
    /** The summary layout this class writes; 1 was written before these rules. */
    static final String FORMAT = Summary.FORMAT;
    private static final Pattern P99_OBJECTIVE = Pattern.compile("p99-(\\d+)ms");
    private static final Reanalysed REANALYSED_FROM_1 = new Reanalysed("gateway-bench summary 1",
            "counts summed over rounds, throughput relative to direct paired round by round, intervals on a log "
                    + "scale, the strict maximum-rate search (injector-late levels are not passes)",
            "percentiles keep the rank rule of the run's commit (P99.9 one rank high where the count is a "
                    + "multiple of 1,000), the closed window keeps its tail, the probe keeps its millisecond pacing; failed "
                    + "requests' times were not recorded (levels with failures are not judged)");

    private Analysis() {
    }

    /**
     * A run's summary.json, analysed under the current rules ({@link #apply}). A summary of the current format is first
     * read strictly as the model describes it ({@link Summaries#read}): a hand edit or a cut copy is refused, naming where
     * it breaks, before any figure is derived from it. One of the older format is read as a JSON tree, brought to the
     * current layout, and marked as re-analysed, with what could not be redone from it.
     */
    public static Summary read(Path runDir) throws IOException {
        Path file = runDir.resolve("summary.json");
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException(runDir + " is not a run folder: it has no summary.json");
        }
        JsonNode tree = Summaries.mapper().readTree(file.toFile());
        if (FORMAT.equals(tree.path("format").asText(null))) {
            // what the harness writes, key for key and type for type: a hand edit or a cut copy is named where it breaks
            return apply(Summaries.read(file));
        }
        return fromOlderFormat(tree);
    }

    /** A summary of an older format (a JSON tree), analysed under the current rules and marked as re-analysed. */
    static Summary fromOlderFormat(JsonNode tree) throws IOException {
        ObjectNode older = tree.deepCopy();
        String from = older.path("format").asText("null");
        older.put("format", FORMAT);
        // judged again under the current rules: what the older ones found is not read
        for (JsonNode t : older.path("targets")) {
            ((ObjectNode) t).remove(Flat.Keys.of(Target.Judged.class));
            t.path("fixed_rate").forEach(level -> ((ObjectNode) level)
                    .remove(Flat.Keys.of(FixedRateLevel.Judged.class)));
        }
        return apply(Summaries.parse(older.toString())).reanalysedAs(
                new Reanalysed(from, REANALYSED_FROM_1.redone(), REANALYSED_FROM_1.notRedone()));
    }

    /**
     * The summary with every target judged from what it measured (its rounds and its ladder levels' rounds), and the
     * JVM profile, scenario and workers matrices of the run judged over the targets; everything measured is kept as it
     * is, and nothing judged is read: a summary judged before is judged again.
     */
    public static Summary apply(Summary measured) {
        List<Target> targets = measured.targets();
        LadderPlan ladder = measured.setup().ladder();
        List<Integer> rates = ladder == null ? List.of() : ladder.ratesRps();
        List<Objective> objectives = ladder == null ? List.of() : objectives(ladder);
        List<Target> judged = new ArrayList<>();
        for (Target t : targets) {
            judged.add(t.measured().rounds() == null || t.measured().rounds().isEmpty() ? t
                    : judge(t, targets, rates, objectives));
        }
        judged = CostJudge.apply(measured.setup().equalRates(), markDirectCeiling(judged));
        // the matrices judge the targets' judged figures
        Summary s = measured.with(List.copyOf(judged), measured.matrices());
        return s.with(s.targets(), new Matrices(ProfileMatrix.apply(s), WorkersMatrix.apply(s),
                ScenarioMatrix.apply(s)));
    }

    /**
     * Each target's maximum sustainable rate marked where it is at or above its baseline's (direct's) under the same objective:
     * the setup's ceiling, where the injector and the origin give out, so no gateway can be shown to go higher.
     */
    static List<Target> markDirectCeiling(List<Target> targets) {
        List<Target> marked = new ArrayList<>();
        for (Target t : targets) {
            Target direct = baseline(targets, t.about().baselineName());
            Map<String, MaxSustainable> mine = t.judged() == null ? null : t.judged().maxSustainable();
            if (direct == null || direct == t || direct.judged().maxSustainable() == null || mine == null) {
                marked.add(t);
                continue;
            }
            Map<String, MaxSustainable> found = new LinkedHashMap<>();
            mine.forEach((objective, f) -> {
                MaxSustainable d = direct.judged().maxSustainable().get(objective);
                found.put(objective, d != null && d.rateRps() > 0 && f.rateRps() >= d.rateRps() ? f.withDirectCeiling(d.rateRps()) : f);
            });
            marked.add(t.withJudged(t.judged().withMaxSustainable(found), t.fixedRate()));
        }
        return marked;
    }

    /** One measured target judged: its rounds, its ladder's levels, and its figures beside its baseline's. */
    private static Target judge(Target t, List<Target> targets, List<Integer> rates, List<Objective> objectives) {
        List<Round> rounds = t.measured().rounds();
        long requests = rounds.stream().mapToLong(Round::requests).sum();
        long errors = rounds.stream().mapToLong(Round::errors).sum();
        // The baseline: direct, or direct under the target's scenario where that asks the origin for another page.
        Target direct = baseline(targets, t.about().baselineName());
        double[] directThroughput = direct == null ? new double[0] : throughputs(direct);
        LatencyMs directLatency = direct == null ? null : medianLatency(direct);
        double[] throughput = throughputs(t);
        LatencyMs latency = medianLatency(t);
        double[] paired = t == direct ? ones(throughput.length) : pairedRatios(throughput, directThroughput);
        RelativeToDirect relative = direct == null ? null
                : new RelativeToDirect(paired.length == 0 ? null : Decimals.round(Stats.median(paired)),
                multiples(latency, directLatency),
                        t != direct ? Optional.ofNullable(withinNoiseOfDirect(paired)) : null);
        Map<String, MaxSustainable> maxSustainable = null;
        List<FixedRateLevel> levels = t.fixedRate();
        if (!rates.isEmpty() && levels != null) {
            List<List<LevelRound>> ladders = ladders(t);
            maxSustainable = maxSustainable(ladders, rates, objectives);
            levels = levels.stream().map(level -> new FixedRateLevel(level.measured(),
                    judge(level, ladders, objectives, direct == null || t == direct ? null : direct))).toList();
        }
        return t.withJudged(new Target.Judged(requests, errors, requests == 0 ? null
                : Decimals.round((double) errors / requests),
                Decimals.round(Stats.median(throughput)), latency, relative, throughput.length > 1
                        ? spread(t, paired) : null,
                maxSustainable, gatewayCpu(t), probeAdded(t, direct), notWarmRounds(t)), levels);
    }

    /**
     * One level of a target's ladder judged over the rounds that reached it ({@code ladders}: every round's ladder),
     * against {@code direct}'s level at the same rate (null: the target is direct, or direct was not measured).
     */
    static FixedRateLevel.Judged judge(FixedRateLevel level, List<List<LevelRound>> ladders, List<Objective> objectives,
            Target direct) {
        int rate = level.rateRps();
        List<LevelRound> seen = level.rounds();
        Map<String, Integer> held = new LinkedHashMap<>();
        objectives.forEach(o -> held.put(o.name(), (int) ladders.stream().flatMap(List::stream)
                .filter(l -> l.rateRps() == rate && ObjectiveJudge.holds(o, l)).count()));
        LevelLatency atRate = levelLatency(seen);
        long sent = seen.stream().mapToLong(LevelRound::sent).sum();
        long errors = seen.stream().mapToLong(LevelRound::errors).sum();
        return new FixedRateLevel.Judged(seen.size(), (int) seen.stream().filter(LevelRound::overloaded).count(),
                sent, errors,
                sent == 0 ? null : Decimals.round((double) errors / sent), atRate.ms(), atRate.spread(),
                Decimals.round(seen.stream().mapToDouble(l -> l.sendLagMs().p99()).max().orElse(0)), held,
                direct == null ? null : LatencyAdded.at(level, direct), LatencyAdded.overRounds(level),
                seen.isEmpty() ? null : Integer.valueOf(atRate.injectorLimited()));
    }

    /**
     * What the target adds over its baseline per request of the microsecond probe, at P50, P90 and P99 of the probe's
     * pooled requests, us; null where no probe ran or the baseline was not measured. A kind of probe either side has no
     * successful request of is left out.
     */
    static ProbeAdded probeAdded(Target t, Target direct) {
        ProbeUs mine = t.measured().probeUs();
        if (mine == null || direct == null) {
            return null;
        }
        ProbeUs base = direct.measured().probeUs();
        return new ProbeAdded(added(mine.unloaded(), base == null ? null : base.unloaded()),
                added(mine.underLoad(), base == null ? null : base.underLoad()));
    }

    private static ProbeAdded.AddedUs added(ProbeResult r, ProbeResult base) {
        if (r == null || base == null || r.p50() == null || base.p50() == null) {
            return null;
        }
        return new ProbeAdded.AddedUs(r.p50() - base.p50(), r.p90() - base.p90(), r.p99() - base.p99());
    }

    /**
     * The rounds whose closed load never served 90% of its measured rate for 3 s in a row within the warm-up ({@code
     * steady_after_s} null), so that part of the measured window was still warming up; null where no round recorded it.
     */
    static Integer notWarmRounds(Target t) {
        List<Optional<Integer>> steady = t.measured().rounds() == null ? List.of() : t.measured().rounds().stream()
                .filter(r -> r.runtime() != null && r.runtime().steadyAfterS() != null).map(r -> r.runtime().steadyAfterS()).toList();
        return steady.isEmpty() ? null : (int) steady.stream().filter(Optional::isEmpty).count();
    }

    /** The measured target of that name, or null. */
    private static Target baseline(List<Target> targets, String name) {
        return targets.stream().filter(t -> name.equals(t.name()) && t.wasMeasured()).findFirst().orElse(null);
    }

    /** The objectives a run's ladder names (their bounds read from the names). */
    public static List<Objective> objectives(LadderPlan ladder) {
        List<String> names = ladder.objectives().stream().map(LadderPlan.Objective::name).toList();
        int p99 = names.stream().map(P99_OBJECTIVE::matcher).filter(Matcher::matches).map(m -> Integer.parseInt(m.group(1)))
                .findFirst().orElse(10);
        return Objective.standard(p99).stream().filter(o -> names.contains(o.name())).toList();
    }

    /** Every round's throughput of a target, req/s. */
    static double[] throughputs(Target target) {
        return perRound(target, Round::throughputRps);
    }

    /**
     * The gateway's CPU per 1,000 requests over the rounds whose gateway was sampled, and the req/s one core would carry at
     * each round's cost; null where no round has a gateway's cost (direct, or a gateway on another host).
     */
    static GatewayCpu gatewayCpu(Target t) {
        double[] ms = t.measured().rounds().stream().map(Round::resources).filter(r -> r != null && r.gateway() != null)
                .mapToDouble(r -> r.gateway().cpuMsPer1000Requests()).filter(v -> v > 0).toArray();
        return ms.length == 0 ? null
                : new GatewayCpu(Stats.interval(ms), Stats.interval(Arrays.stream(ms).map(v -> 1_000_000 / v).toArray()));
    }

    /** One figure of every round of a target. */
    static double[] perRound(Target target, ToDoubleFunction<Round> figure) {
        return target.measured().rounds().stream().mapToDouble(figure).toArray();
    }

    /** Every round's latency at percentile {@code index} ({@link LatencyMs#NAMES}' order), ms. */
    private static double[] roundLatency(Target target, int index) {
        return perRound(target, r -> r.latencyMs().values()[index]);
    }

    private static LatencyMs medianLatency(Target target) {
        double[] m = new double[LatencyMs.NAMES.size()];
        for (int i = 0; i < m.length; i++) {
            m[i] = Decimals.round(Stats.median(roundLatency(target, i)));
        }
        return LatencyMs.of(m);
    }

    /**
     * A level's latency over rounds: each percentile's median over the rounds that measured the target at the rate (not
     * overloaded, not sent late) and had successful requests, and with two or more, each one's spread ({@code spread},
     * else null); {@code injectorLimited}, the rounds the injector sent late and that were not overloaded.
     */
    record LevelLatency(LatencyMs ms, LatencySpread spread, int injectorLimited) {
    }

    /** The latency of one level over the rounds that reached it ({@code seen}), as {@link LevelLatency} says. */
    static LevelLatency levelLatency(List<LevelRound> seen) {
        List<LatencyMs> measured = seen.stream().filter(ObjectiveJudge::measuredAtRate).map(LevelRound::latencyMs)
                .filter(l -> l != null).toList();
        int late = (int) seen.stream().filter(l -> !l.overloaded() && !ObjectiveJudge.injectorLate(l).isEmpty())
                .count();
        if (measured.isEmpty()) {
            return new LevelLatency(null, null, late);
        }
        double[] medians = new double[LatencyMs.NAMES.size()];
        Interval[] intervals = new Interval[medians.length];
        for (int i = 0; i < medians.length; i++) {
            final int k = i;
            double[] values = measured.stream().mapToDouble(l -> l.values()[k]).toArray();
            medians[i] = Stats.median(values);
            intervals[i] = Stats.interval(values);
        }
        // each percentile's median, min, max and 95% interval over the rounds
        return new LevelLatency(LatencyMs.of(medians), measured.size() < 2 ? null : LatencySpread.of(intervals), late);
    }

    /**
     * Each round's throughput divided by direct's in the same round: drift of the machine between rounds cancels, and
     * each of direct's runs serves one ratio, so the ratios are as independent as the rounds. Dividing by the mean of
     * direct's runs just before and just after a round would make consecutive ratios share a direct run, and their
     * interval, made as if they were independent, would miss far more often than 5% (AnalysisTest simulates both).
     * Direct's run after the last round, in the committed runs that have one, counts in its own figures only.
     */
    public static double[] pairedRatios(double[] target, double[] direct) {
        if (direct.length < target.length) {
            return new double[0];
        }
        double[] ratio = new double[target.length];
        for (int i = 0; i < target.length; i++) {
            ratio[i] = target[i] / direct[i];
        }
        return ratio;
    }

    private static double[] ones(int n) {
        double[] v = new double[n];
        Arrays.fill(v, 1);
        return v;
    }

    /**
     * Each latency as a multiple of direct's (medians over rounds). A latency that direct rounds to 0 ms has no defined
     * multiple (null), unless the target's is 0 ms too (1).
     */
    static LatencyMultiples multiples(LatencyMs latency, LatencyMs directLatency) {
        double[] mine = latency.values();
        double[] base = directLatency.values();
        Double[] m = new Double[mine.length];
        for (int i = 0; i < m.length; i++) {
            m[i] = base[i] > 0 ? Double.valueOf(Decimals.round(mine[i] / base[i])) : mine[i] == base[i] ? Double.valueOf(1.0) : null;
        }
        return new LatencyMultiples(m[0], m[1], m[2], m[3], m[4], m[5], m[6]);
    }

    /**
     * Why a target's throughput cannot be told from direct's, or null where the difference is established or nothing is
     * known (one round): the 95% interval of its paired ratio ({@link Stats#interval}: Student's t on the logarithms of
     * the per-round ratios, rounds - 1 degrees of freedom) holds 1; where a round measured 0 and there is no interval,
     * its lowest and highest round. The interval summary.md prints and report.html draws; the rule lives only here.
     */
    static String withinNoiseOfDirect(double[] paired) {
        if (paired.length < 2) {
            return null;
        }
        Interval range = Stats.interval(paired);
        boolean ci = range.ci95Low() != null;
        double low = ci ? range.ci95Low() : range.min();
        double high = ci ? range.ci95High() : range.max();
        return low <= 1 && high >= 1 ? "its paired " + (ci ? "95% interval" : "range over rounds") + " holds 100%" : null;
    }

    private static Spread spread(Target target, double[] paired) {
        Interval[] latency = new Interval[LatencyMs.NAMES.size()];
        for (int i = 0; i < latency.length; i++) {
            latency[i] = Stats.interval(roundLatency(target, i));
        }
        return new Spread(target.measured().rounds().size(), Stats.interval(throughputs(target)),
                LatencySpread.of(latency),
                paired.length > 1 ? Stats.interval(paired) : null,
                paired.length > 1 ? "direct's run of the same round" : null);
    }

    /**
     * Each round's ladder, back from the target's {@code fixed_rate} levels. Levels carry their round;
     * in a summary from before they did, a round's levels are found by the ladder's own rule: every
     * round starts at the lowest level and goes on to the next only if the level was not overloaded.
     */
    static List<List<LevelRound>> ladders(Target target) {
        int rounds = target.measured().rounds().size();
        List<List<LevelRound>> ladders = new ArrayList<>();
        for (int r = 0; r < rounds; r++) {
            ladders.add(new ArrayList<>());
        }
        List<Integer> active = new ArrayList<>();
        for (int r = 0; r < rounds; r++) {
            active.add(r);
        }
        for (FixedRateLevel level : target.fixedRate()) {
            List<LevelRound> seen = level.rounds();
            if (!seen.isEmpty() && seen.get(0).round() != null) {
                seen.forEach(s -> ladders.get(s.round() - 1).add(s));
                continue;
            }
            if (seen.size() > active.size()) {
                throw new IllegalStateException(target.name() + ": " + seen.size() + " rounds reached " + level.rateRps()
                        + " req/s but only " + active.size() + " went on from the level below; cannot tell the rounds apart");
            }
            List<Integer> next = new ArrayList<>();
            for (int k = 0; k < seen.size(); k++) {
                LevelRound l = seen.get(k);
                ladders.get(active.get(k)).add(l);
                if (!l.overloaded()) {
                    next.add(active.get(k));
                }
            }
            active = next;
        }
        return ladders;
    }

    /**
     * Per objective: each round's strict search, and over the rounds the lower median (a rate that
     * was offered: with an even count the lower of the middle two), the lowest and the highest. A round whose search
     * stopped at a level the injector could not deliver has no conclusion, only a lower bound: it is left out, and counted;
     * where every round is such, the figures are over all of them and the rate is "at least".
     */
    static Map<String, MaxSustainable> maxSustainable(List<List<LevelRound>> ladders, List<Integer> rates,
            List<Objective> objectives) {
        Map<String, MaxSustainable> all = new LinkedHashMap<>();
        for (Objective o : objectives) {
            List<MaxSustainable.SearchRound> found = ladders.stream().map(l -> ObjectiveJudge.maxSustainable(o, l, rates)).toList();
            List<MaxSustainable.SearchRound> concluded = found.stream().filter(r -> !r.limitedByInjector()).toList();
            int limited = found.size() - concluded.size();
            boolean atLeast = concluded.isEmpty() && limited > 0;
            double[] values = (atLeast ? found : concluded).stream().mapToDouble(MaxSustainable.SearchRound::rateRps).toArray();
            double median = Stats.lowerMedian(values);
            Boolean verdict = o.minRateRps() <= 0 ? null : median > o.minRateRps() ? Boolean.TRUE : atLeast ? null : Boolean.FALSE;
            all.put(o.name(), new MaxSustainable(o.description(), (int) median,
                    (int) Arrays.stream(values).min().orElse(0), (int) Arrays.stream(values).max().orElse(0), verdict,
                    limited > 0 ? limited : null, atLeast ? Boolean.TRUE : null, null, found));
        }
        return all;
    }

    /** The target's maximum sustainable rate under the ladder's first objective, or null where it has none. */
    static MaxSustainable firstObjective(Target target) {
        Map<String, MaxSustainable> found = target.judged() == null ? null : target.judged().maxSustainable();
        return found == null || found.isEmpty() ? null : found.values().iterator().next();
    }

    /**
     * Each rate of the ladder as a percentage of direct's capacity in the calibration that fixed them, or none where the
     * ladder's rates were not set from a calibration.
     */
    public static List<Double> percentOfCapacity(LadderPlan ladder) {
        double capacity = ladder.calibration() == null ? 0 : ladder.calibration().capacityRps();
        if (capacity <= 0) {
            return List.of();
        }
        return ladder.ratesRps().stream().map(rate -> rate * 100 / capacity).toList();
    }
}
