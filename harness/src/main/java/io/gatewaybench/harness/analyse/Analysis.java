package io.gatewaybench.harness.analyse;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.gatewaybench.harness.measure.Ladder;
import io.gatewaybench.harness.measure.RequestStats;
import io.gatewaybench.harness.measure.Stats;
import io.gatewaybench.harness.model.LadderPlan;
import io.gatewaybench.harness.model.OrderedMap;
import io.gatewaybench.harness.model.Precision;
import io.gatewaybench.harness.model.Summaries;
import io.gatewaybench.harness.model.Summary;
import io.gatewaybench.harness.plan.Objective;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.DoubleSummaryStatistics;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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

    private static final ObjectMapper JSON = new ObjectMapper();

    private Analysis() {
    }

    /**
     * A run's summary.json, analysed under the current rules ({@link #apply}). A summary of the current format is first
     * read strictly as the model describes it ({@link Summaries#read}): a hand edit or a cut copy is refused, naming where
     * it breaks, before any figure is derived from it.
     */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> read(Path runDir) throws IOException {
        Path file = runDir.resolve("summary.json");
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException(runDir + " is not a run folder: it has no summary.json");
        }
        Map<String, Object> summary = JSON.readValue(file.toFile(), Map.class);
        if (FORMAT.equals(summary.get("format"))) {
            // what the harness writes, key for key and type for type: a hand edit or a cut copy is named where it breaks
            Summaries.read(file);
        }
        apply(summary);
        return summary;
    }

    /**
     * Derives the judged figures of every target in {@code summary} in place, from its {@code rounds}
     * and its ladder levels; a summary of the older format is marked as re-analysed, with what could
     * not be redone from it.
     */
    @SuppressWarnings("unchecked")
    public static void apply(Map<String, Object> summary) {
        List<Map<String, Object>> targets = (List<Map<String, Object>>) summary.get("targets");
        Map<String, Object> ladder = (Map<String, Object>) summary.get("ladder");
        List<Integer> rates = ladder == null ? List.of() : ((List<Number>) ladder.get("rates_rps")).stream().map(Number::intValue).toList();
        List<Objective> objectives = ladder == null ? List.of() : objectives(ladder);
        for (int i = 0; i < targets.size(); i++) {
            Map<String, Object> t = targets.get(i);
            if (!(t.get("rounds") instanceof List<?> rounds) || rounds.isEmpty()) {
                continue;
            }
            Map<String, Object> judged = new LinkedHashMap<>();
            judged.put("name", t.get("name"));
            judged.put("description", t.get("description"));
            long requests = (long) Arrays.stream(roundValues(t, "requests")).sum();
            long errors = (long) Arrays.stream(roundValues(t, "errors")).sum();
            judged.put("requests", requests);
            judged.put("errors", errors);
            judged.put("error_share", requests == 0 ? null : Precision.round((double) errors / requests));
            // The baseline: direct, or direct under the target's scenario where that asks the origin for another page.
            Map<String, Object> direct = baseline(targets, String.valueOf(t.getOrDefault("baseline", "direct")));
            double[] directThroughput = direct == null ? new double[0] : roundValues(direct, "throughput_rps");
            Map<String, Double> directLatency = direct == null ? null : medianLatency(direct);
            double[] throughput = roundValues(t, "throughput_rps");
            judged.put("throughput_rps", Precision.round(Stats.median(throughput)));
            Map<String, Double> latency = medianLatency(t);
            judged.put("latency_ms", latency);
            double[] paired = t == direct ? ones(throughput.length) : pairedRatios(throughput, directThroughput);
            Map<String, Object> relative = direct == null ? null : relative(paired, latency, directLatency);
            if (relative != null && t != direct) {
                relative.put("within_noise_of_direct", withinNoiseOfDirect(throughput, directThroughput, paired));
            }
            judged.put("relative_to_direct", relative);
            if (throughput.length > 1) {
                judged.put("spread", spread(t, paired, directThroughput.length == throughput.length + 1));
            }
            if (!rates.isEmpty() && t.get("fixed_rate") instanceof List<?>) {
                List<List<Ladder.Level>> ladders = ladders(t);
                judged.put("max_sustainable", maxSustainable(ladders, rates, objectives));
                for (Map<String, Object> level : (List<Map<String, Object>>) t.get("fixed_rate")) {
                    int rate = ((Number) level.get("rate_rps")).intValue();
                    Map<String, Long> held = new LinkedHashMap<>();
                    objectives.forEach(o -> held.put(o.name(), ladders.stream().flatMap(List::stream)
                            .filter(l -> l.rate() == rate && ObjectiveJudge.holds(o, l)).count()));
                    level.put("rounds_meeting", held);
                }
            }
            t.forEach(judged::putIfAbsent); // everything measured keeps its place after the judged figures
            targets.set(i, judged);
        }
        ProfileMatrix.apply(summary);
        ScenarioMatrix.apply(summary);
        WorkersMatrix.apply(summary);
        if (!FORMAT.equals(summary.get("format"))) {
            summary.put("reanalysed", OrderedMap.of(
                    "from_format", String.valueOf(summary.get("format")),
                    "redone", "counts summed over rounds, throughput relative to direct paired round by round, intervals on a log "
                            + "scale, the strict maximum-rate search (injector-late levels are not passes)",
                    "not_redone", "percentiles keep the rank rule of the run's commit (P99.9 one rank high where the count is a "
                            + "multiple of 1,000), the closed window keeps its tail, the probe keeps its millisecond pacing; failed "
                            + "requests' times were not recorded (levels with failures are not judged)"));
            summary.put("format", FORMAT);
        }
    }

    /** The measured target of that name, or null. */
    private static Map<String, Object> baseline(List<Map<String, Object>> targets, String name) {
        return targets.stream().filter(t -> name.equals(t.get("name")) && !t.containsKey("failure")
                && t.get("rounds") instanceof List<?> r && !r.isEmpty()).findFirst().orElse(null);
    }

    /** The objectives a run's ladder names (their bounds read from the names). */
    @SuppressWarnings("unchecked")
    public static List<Objective> objectives(Map<String, Object> ladder) {
        List<String> names = ((List<Map<String, Object>>) ladder.get("objectives")).stream().map(o -> (String) o.get("name")).toList();
        int p99 = names.stream().map(P99_OBJECTIVE::matcher).filter(Matcher::matches).map(m -> Integer.parseInt(m.group(1)))
                .findFirst().orElse(10);
        return Objective.standard(p99).stream().filter(o -> names.contains(o.name())).toList();
    }

    /** One figure of every round of a target ({@code rounds[].<key>}). */
    @SuppressWarnings("unchecked")
    static double[] roundValues(Map<String, Object> target, String key) {
        return ((List<Map<String, Object>>) target.get("rounds")).stream().mapToDouble(r -> ((Number) r.get(key)).doubleValue()).toArray();
    }

    @SuppressWarnings("unchecked")
    private static double[] roundLatency(Map<String, Object> target, String name) {
        return ((List<Map<String, Object>>) target.get("rounds")).stream()
                .mapToDouble(r -> ((Number) ((Map<String, Object>) r.get("latency_ms")).get(name)).doubleValue()).toArray();
    }

    private static Map<String, Double> medianLatency(Map<String, Object> target) {
        Map<String, Double> m = new LinkedHashMap<>();
        for (String name : RequestStats.Latency.NAMES) {
            m.put(name, Precision.round(Stats.median(roundLatency(target, name))));
        }
        return m;
    }

    /**
     * Each round's throughput divided by direct's around it: with one more direct run than rounds
     * (direct ran again after the last), the mean of the direct runs just before and just after the
     * round; otherwise direct's run of the same round. Drift of the machine between rounds cancels.
     */
    public static double[] pairedRatios(double[] target, double[] direct) {
        if (direct.length < target.length) {
            return new double[0];
        }
        boolean bracketed = direct.length == target.length + 1;
        double[] ratio = new double[target.length];
        for (int i = 0; i < target.length; i++) {
            ratio[i] = target[i] / (bracketed ? (direct[i] + direct[i + 1]) / 2 : direct[i]);
        }
        return ratio;
    }

    private static double[] ones(int n) {
        double[] v = new double[n];
        Arrays.fill(v, 1);
        return v;
    }

    /**
     * Throughput relative to direct: the median of the paired per-round ratios; each latency as a
     * multiple of direct's (medians over rounds). A latency that direct rounds to 0 ms has no
     * defined multiple (null), unless the target's is 0 ms too (1).
     */
    static Map<String, Object> relative(double[] paired, Map<String, Double> latency, Map<String, Double> directLatency) {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("throughput", paired.length == 0 ? null : Precision.round(Stats.median(paired)));
        Map<String, Double> multiples = new LinkedHashMap<>();
        for (String name : RequestStats.Latency.NAMES) {
            double mine = latency.get(name);
            double base = directLatency.get(name);
            multiples.put(name, base > 0 ? Double.valueOf(Precision.round(mine / base)) : mine == base ? Double.valueOf(1.0) : null);
        }
        r.put("latency", multiples);
        return r;
    }

    /**
     * Why a target's throughput cannot be told from direct's, or null where the difference is
     * established or nothing is known (one round): their throughput ranges over rounds overlap, or the
     * 95% interval of the paired ratio (its lowest and highest round where a round measured 0) holds 1.
     * summary.md's headline table and report.html both mark it; the rule lives only here.
     */
    static String withinNoiseOfDirect(double[] throughput, double[] directThroughput, double[] paired) {
        if (throughput.length < 2 || directThroughput.length < 2) {
            return null;
        }
        DoubleSummaryStatistics mine = Arrays.stream(throughput).summaryStatistics();
        DoubleSummaryStatistics direct = Arrays.stream(directThroughput).summaryStatistics();
        if (mine.getMin() <= direct.getMax() && direct.getMin() <= mine.getMax()) {
            return "its throughput range over rounds overlaps direct's";
        }
        if (paired.length < 2) {
            return null;
        }
        Map<String, Object> range = Stats.range(paired);
        boolean ci = range.containsKey("ci95_low");
        double low = ((Number) range.get(ci ? "ci95_low" : "min")).doubleValue();
        double high = ((Number) range.get(ci ? "ci95_high" : "max")).doubleValue();
        return low <= 1 && high >= 1 ? "its paired " + (ci ? "95% interval" : "range over rounds") + " holds 100%" : null;
    }

    private static Map<String, Object> spread(Map<String, Object> target, double[] paired, boolean bracketed) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("rounds", ((List<?>) target.get("rounds")).size());
        m.put("throughput_rps", Stats.range(roundValues(target, "throughput_rps")));
        Map<String, Object> latency = new LinkedHashMap<>();
        for (String name : RequestStats.Latency.NAMES) {
            latency.put(name, Stats.range(roundLatency(target, name)));
        }
        m.put("latency_ms", latency);
        if (paired.length > 1) {
            m.put("throughput_relative_to_direct", Stats.range(paired));
            m.put("paired_with", bracketed ? "the mean of direct's runs before and after each round's" : "direct's run of the same round");
        }
        return m;
    }

    /**
     * Each round's ladder, back from the target's {@code fixed_rate} levels. Levels carry their round;
     * in a summary from before they did, a round's levels are found by the ladder's own rule: every
     * round starts at the lowest level and goes on to the next only if the level was not overloaded.
     */
    @SuppressWarnings("unchecked")
    static List<List<Ladder.Level>> ladders(Map<String, Object> target) {
        int rounds = ((List<?>) target.get("rounds")).size();
        List<List<Ladder.Level>> ladders = new ArrayList<>();
        for (int r = 0; r < rounds; r++) {
            ladders.add(new ArrayList<>());
        }
        List<Integer> active = new ArrayList<>();
        for (int r = 0; r < rounds; r++) {
            active.add(r);
        }
        for (Map<String, Object> level : (List<Map<String, Object>>) target.get("fixed_rate")) {
            List<Map<String, Object>> seen = (List<Map<String, Object>>) level.get("rounds");
            if (!seen.isEmpty() && seen.get(0).containsKey("round")) {
                seen.forEach(s -> ladders.get(((Number) s.get("round")).intValue() - 1).add(Ladder.Level.fromMap(s)));
                continue;
            }
            if (seen.size() > active.size()) {
                throw new IllegalStateException(target.get("name") + ": " + seen.size() + " rounds reached " + level.get("rate_rps")
                        + " req/s but only " + active.size() + " went on from the level below; cannot tell the rounds apart");
            }
            List<Integer> next = new ArrayList<>();
            for (int k = 0; k < seen.size(); k++) {
                Ladder.Level l = Ladder.Level.fromMap(seen.get(k));
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
     * was offered: with an even count the lower of the middle two), the lowest and the highest.
     */
    static Map<String, Object> maxSustainable(List<List<Ladder.Level>> ladders, List<Integer> rates, List<Objective> objectives) {
        Map<String, Object> all = new LinkedHashMap<>();
        for (Objective o : objectives) {
            List<Map<String, Object>> found = ladders.stream().map(l -> ObjectiveJudge.maxSustainable(o, l, rates)).toList();
            double[] values = found.stream().mapToDouble(f -> ((Number) f.get("rate_rps")).doubleValue()).toArray();
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("objective", o.description());
            m.put("rate_rps", (int) Stats.lowerMedian(values));
            m.put("min_rps", (int) Arrays.stream(values).min().orElse(0));
            m.put("max_rps", (int) Arrays.stream(values).max().orElse(0));
            if (o.minRateRps() > 0) {
                m.put("verdict", Stats.lowerMedian(values) > o.minRateRps());
            }
            m.put("rounds", found);
            all.put(o.name(), m);
        }
        return all;
    }

    /** The target's maximum sustainable rate under the ladder's first objective, or null where it has none. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> firstObjective(Map<String, Object> target) {
        Map<String, Object> found = (Map<String, Object>) target.get("max_sustainable");
        return found == null || found.isEmpty() ? null : (Map<String, Object>) found.values().iterator().next();
    }

    /**
     * Each rate of the ladder as a percentage of direct's capacity in the calibration that fixed them, or none where the
     * ladder's rates were not set from a calibration.
     */
    @SuppressWarnings("unchecked")
    public static List<Double> percentOfCapacity(Map<String, Object> ladder) {
        Map<String, Object> calibration = (Map<String, Object>) ladder.get("calibration");
        double capacity = calibration == null ? 0 : ((Number) calibration.get("capacity_rps")).doubleValue();
        if (capacity <= 0) {
            return List.of();
        }
        return ((List<Number>) ladder.get("rates_rps")).stream().map(rate -> rate.intValue() * 100 / capacity).toList();
    }

    // bridge until analyse is typed
    public static Summary apply(Summary summary) { Map<String, Object> m = Summaries.toMap(summary); apply(m); return Summaries.fromMap(m); }

    // bridge until analyse is typed
    @SuppressWarnings("unchecked")
    public static List<Objective> objectives(LadderPlan ladder) { return objectives(JSON.convertValue(Summaries.mapper().valueToTree(ladder), Map.class)); }

    // bridge until analyse is typed
    @SuppressWarnings("unchecked")
    public static List<Double> percentOfCapacity(LadderPlan ladder) { return percentOfCapacity(JSON.convertValue(Summaries.mapper().valueToTree(ladder), Map.class)); }
}
