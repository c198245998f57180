package io.gatewaybench.harness.analyse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gatewaybench.harness.measure.Ladder;
import io.gatewaybench.harness.measure.MeasuredSummary;
import io.gatewaybench.harness.measure.RequestStats;
import io.gatewaybench.harness.quantity.Stats;
import io.gatewaybench.harness.model.FixedRateLevel;
import io.gatewaybench.harness.model.GatewayCpu;
import io.gatewaybench.harness.model.Interval;
import io.gatewaybench.harness.model.JvmProfiles;
import io.gatewaybench.harness.model.LadderPlan;
import io.gatewaybench.harness.model.LatencyMs;
import io.gatewaybench.harness.model.LatencyMultiples;
import io.gatewaybench.harness.model.LatencySpread;
import io.gatewaybench.harness.model.LevelRound;
import io.gatewaybench.harness.model.MaxSustainable;
import io.gatewaybench.harness.model.Precision;
import io.gatewaybench.harness.model.Reanalysed;
import io.gatewaybench.harness.model.RelativeToDirect;
import io.gatewaybench.harness.model.Round;
import io.gatewaybench.harness.model.Scenarios;
import io.gatewaybench.harness.model.Spread;
import io.gatewaybench.harness.model.Summaries;
import io.gatewaybench.harness.model.Summary;
import io.gatewaybench.harness.model.Target;
import io.gatewaybench.harness.model.WorkersSweep;
import io.gatewaybench.harness.plan.Objective;
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
        boolean ladder = !older.path("ladder").path("rates_rps").isEmpty();
        for (JsonNode t : older.path("targets")) {
            if (ladder && !t.path("rounds").isEmpty() && t.has("fixed_rate")) {
                // judged again under the strict search: what the older rules found is not read
                ((ObjectNode) t).remove("max_sustainable");
                t.path("fixed_rate").forEach(level -> ((ObjectNode) level).putObject("rounds_meeting"));
            }
        }
        Summary s = apply(Summaries.parse(older.toString()));
        return with(s, s.targets(), s.jvmProfiles(), s.workersSweep(), s.scenarios(),
                new Reanalysed(from, REANALYSED_FROM_1.redone(), REANALYSED_FROM_1.notRedone()));
    }

    /**
     * The summary with the judged figures of every target derived from its {@code rounds} and its ladder levels, and the
     * JVM profile, scenario and workers matrices of the run; everything measured is kept as it is.
     */
    public static Summary apply(Summary measured) {
        List<Target> targets = measured.targets();
        List<Integer> rates = measured.ladder() == null ? List.of() : measured.ladder().ratesRps();
        List<Objective> objectives = measured.ladder() == null ? List.of() : objectives(measured.ladder());
        List<Target> judged = new ArrayList<>();
        for (Target t : targets) {
            judged.add(t.rounds() == null || t.rounds().isEmpty() ? t : judge(t, targets, rates, objectives));
        }
        judged = markDirectCeiling(judged);
        // the matrices judge the targets' judged figures
        Summary s = with(measured, List.copyOf(judged), measured.jvmProfiles(), measured.workersSweep(), measured.scenarios(),
                measured.reanalysed());
        return with(s, s.targets(), ProfileMatrix.apply(s), WorkersMatrix.apply(s), ScenarioMatrix.apply(s), s.reanalysed());
    }

    /**
     * Each target's maximum sustainable rate marked where it is at or above its baseline's (direct's) under the same objective:
     * the setup's ceiling, where the injector and the origin give out, so no gateway can be shown to go higher.
     */
    static List<Target> markDirectCeiling(List<Target> targets) {
        List<Target> marked = new ArrayList<>();
        for (Target t : targets) {
            Target direct = baseline(targets, t.baseline() == null ? "direct" : t.baseline());
            if (direct == null || direct == t || direct.maxSustainable() == null || t.maxSustainable() == null) {
                marked.add(t);
                continue;
            }
            Map<String, MaxSustainable> found = new LinkedHashMap<>();
            t.maxSustainable().forEach((objective, f) -> {
                MaxSustainable d = direct.maxSustainable().get(objective);
                found.put(objective, d != null && d.rateRps() > 0 && f.rateRps() >= d.rateRps() ? f.withDirectCeiling(d.rateRps()) : f);
            });
            marked.add(t.withMaxSustainable(found));
        }
        return marked;
    }

    /** The summary with what the analysis derives replaced; everything measured as it is. */
    private static Summary with(Summary s, List<Target> targets, JvmProfiles jvmProfiles, WorkersSweep workersSweep, Scenarios scenarios,
            Reanalysed reanalysed) {
        return new Summary(s.format(), s.runId(), s.started(), s.finished(), s.gitCommit(), s.machine(), s.components(), s.jvmFlags(),
                s.jvmProfile(), jvmProfiles, s.placement(), s.origin(), workersSweep, scenarios, s.load(), s.ladder(), s.rounds(), s.quick(), s.complete(),
                s.incompleteBecause(), s.hostileInput(), targets, reanalysed);
    }

    /** One measured target with its judged figures (those that cannot be derived keep what it had). */
    private static Target judge(Target t, List<Target> targets, List<Integer> rates, List<Objective> objectives) {
        long requests = t.rounds().stream().mapToLong(Round::requests).sum();
        long errors = t.rounds().stream().mapToLong(Round::errors).sum();
        Optional<Double> errorShare = requests == 0 ? Optional.empty() : Optional.of(Precision.round((double) errors / requests));
        // The baseline: direct, or direct under the target's scenario where that asks the origin for another page.
        Target direct = baseline(targets, t.baseline() == null ? "direct" : t.baseline());
        double[] directThroughput = direct == null ? new double[0] : throughputs(direct);
        LatencyMs directLatency = direct == null ? null : medianLatency(direct);
        double[] throughput = throughputs(t);
        LatencyMs latency = medianLatency(t);
        double[] paired = t == direct ? ones(throughput.length) : pairedRatios(throughput, directThroughput);
        RelativeToDirect relative = null;
        if (direct != null) {
            relative = new RelativeToDirect(paired.length == 0 ? null : Precision.round(Stats.median(paired)),
                    multiples(latency, directLatency),
                    t != direct ? Optional.ofNullable(withinNoiseOfDirect(paired)) : null);
        }
        Spread spread = throughput.length > 1 ? spread(t, paired) : t.spread();
        Map<String, MaxSustainable> maxSustainable = t.maxSustainable();
        List<FixedRateLevel> fixedRate = t.fixedRate();
        if (!rates.isEmpty() && t.fixedRate() != null) {
            List<List<Ladder.Level>> ladders = ladders(t);
            maxSustainable = maxSustainable(ladders, rates, objectives);
            fixedRate = new ArrayList<>();
            for (FixedRateLevel level : t.fixedRate()) {
                int rate = level.rateRps();
                Map<String, Integer> held = new LinkedHashMap<>();
                objectives.forEach(o -> held.put(o.name(), (int) ladders.stream().flatMap(List::stream)
                        .filter(l -> l.rate() == rate && ObjectiveJudge.holds(o, l)).count()));
                // the latency over the rounds that measured the target at the rate, from each round's level (a level of a
                // summary from before its rounds were kept keeps its figures)
                MeasuredSummary.LevelLatency atRate = level.rounds().isEmpty() ? null
                        : MeasuredSummary.levelLatency(level.rounds().stream().map(Ladder.Level::of).toList());
                fixedRate.add(new FixedRateLevel(level.rateRps(), level.roundsReached(), level.roundsOverloaded(), level.sent(), level.errors(),
                        level.errorShare(), atRate == null ? level.latencyMs() : atRate.ms(), atRate == null ? level.latencyMsSpread() : atRate.spread(),
                        level.sendLagP99MsMax(), level.probeUs(), level.rounds(),
                        held, level.injectorCpuMsPer1000Requests(), direct == null || t == direct ? null : LatencyAdded.at(level, direct),
                        LatencyAdded.overRounds(level), atRate == null ? null : Integer.valueOf(atRate.injectorLimited())));
            }
        }
        return new Target(t.name(), t.description(), requests, errors, errorShare, Precision.round(Stats.median(throughput)), latency,
                Optional.ofNullable(relative), spread, maxSustainable, t.scenario(), t.plain(), t.failure(), t.resources(), gatewayCpu(t), t.probeUs(),
                t.probeAddedUsOverDirect(), fixedRate, t.rounds(), t.baseline(), t.configuration(), t.sweepSeries(), t.sweepWorkers(),
                t.gateway(), t.runFolder(), t.workers(), t.jvmProfile(), t.java(), t.jvmFlags(), t.gatewayArgs(), t.jfrRecording(),
                t.rateLimitCheck(), t.gatling(), t.wrkCrossCheck(), notWarmRounds(t), t.notSampled());
    }

    /**
     * The rounds whose closed load never served 90% of its measured rate for 3 s in a row within the warm-up ({@code
     * steady_after_s} null), so that part of the measured window was still warming up; null where no round recorded it.
     */
    static Integer notWarmRounds(Target t) {
        List<Optional<Integer>> steady = t.rounds() == null ? List.of() : t.rounds().stream()
                .filter(r -> r.runtime() != null && r.runtime().steadyAfterS() != null).map(r -> r.runtime().steadyAfterS()).toList();
        return steady.isEmpty() ? null : (int) steady.stream().filter(Optional::isEmpty).count();
    }

    /** The measured target of that name, or null. */
    private static Target baseline(List<Target> targets, String name) {
        return targets.stream().filter(t -> name.equals(t.name()) && measured(t)).findFirst().orElse(null);
    }

    /** The target ran and has rounds to judge. */
    static boolean measured(Target t) {
        return t.failure() == null && t.rounds() != null && !t.rounds().isEmpty();
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
        double[] ms = t.rounds().stream().map(Round::resources).filter(r -> r != null && r.gateway() != null)
                .mapToDouble(r -> r.gateway().cpuMsPer1000Requests()).filter(v -> v > 0).toArray();
        return ms.length == 0 ? null
                : new GatewayCpu(Stats.interval(ms), Stats.interval(Arrays.stream(ms).map(v -> 1_000_000 / v).toArray()));
    }

    /** One figure of every round of a target. */
    static double[] perRound(Target target, ToDoubleFunction<Round> figure) {
        return target.rounds().stream().mapToDouble(figure).toArray();
    }

    /** Each latency percentile of a round, in {@link RequestStats.Latency#NAMES}' order. */
    private static double[] latencies(LatencyMs l) {
        return new double[] {l.mean(), l.p50(), l.p90(), l.p99(), l.p99_9(), l.p99_99(), l.max()};
    }

    /** Every round's latency at percentile {@code index} ({@link #latencies}' order), ms. */
    private static double[] roundLatency(Target target, int index) {
        return perRound(target, r -> latencies(r.latencyMs())[index]);
    }

    private static LatencyMs medianLatency(Target target) {
        double[] m = new double[RequestStats.Latency.NAMES.length];
        for (int i = 0; i < m.length; i++) {
            m[i] = Precision.round(Stats.median(roundLatency(target, i)));
        }
        return new LatencyMs(m[0], m[1], m[2], m[3], m[4], m[5], m[6]);
    }

    /**
     * Each round's throughput divided by direct's in the same round: drift of the machine between rounds cancels, and
     * each of direct's runs serves one ratio, so the ratios are as independent as the rounds. (Until 2026-11-27 a round
     * was divided by the mean of direct's runs just before and just after it, where direct ran once more after the last
     * round: consecutive ratios then shared a direct run, and their interval, made as if they were independent, missed
     * far more often than 5%; AnalysisTest simulates both.) Direct's run after the last round, in the runs that have one,
     * still counts in its own figures.
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
        double[] mine = latencies(latency);
        double[] base = latencies(directLatency);
        Double[] m = new Double[mine.length];
        for (int i = 0; i < m.length; i++) {
            m[i] = base[i] > 0 ? Double.valueOf(Precision.round(mine[i] / base[i])) : mine[i] == base[i] ? Double.valueOf(1.0) : null;
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
        Interval[] latency = new Interval[RequestStats.Latency.NAMES.length];
        for (int i = 0; i < latency.length; i++) {
            latency[i] = Stats.interval(roundLatency(target, i));
        }
        return new Spread(target.rounds().size(), Stats.interval(throughputs(target)),
                new LatencySpread(latency[0], latency[1], latency[2], latency[3], latency[4], latency[5], latency[6]),
                paired.length > 1 ? Stats.interval(paired) : null,
                paired.length > 1 ? "direct's run of the same round" : null);
    }

    /**
     * Each round's ladder, back from the target's {@code fixed_rate} levels. Levels carry their round;
     * in a summary from before they did, a round's levels are found by the ladder's own rule: every
     * round starts at the lowest level and goes on to the next only if the level was not overloaded.
     */
    static List<List<Ladder.Level>> ladders(Target target) {
        int rounds = target.rounds().size();
        List<List<Ladder.Level>> ladders = new ArrayList<>();
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
                seen.forEach(s -> ladders.get(s.round() - 1).add(Ladder.Level.of(s)));
                continue;
            }
            if (seen.size() > active.size()) {
                throw new IllegalStateException(target.name() + ": " + seen.size() + " rounds reached " + level.rateRps()
                        + " req/s but only " + active.size() + " went on from the level below; cannot tell the rounds apart");
            }
            List<Integer> next = new ArrayList<>();
            for (int k = 0; k < seen.size(); k++) {
                Ladder.Level l = Ladder.Level.of(seen.get(k));
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
    static Map<String, MaxSustainable> maxSustainable(List<List<Ladder.Level>> ladders, List<Integer> rates, List<Objective> objectives) {
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
        Map<String, MaxSustainable> found = target.maxSustainable();
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
