package io.gatewaybench.harness.analyse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gatewaybench.harness.measure.RequestStats;
import io.gatewaybench.harness.model.Summary;
import io.gatewaybench.harness.plan.Repo;
import io.gatewaybench.harness.quantity.Stats;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The comparison must be able to fail: a run with one target made slower is different, a copy is
 * equivalent, noise is inconclusive rather than "in agreement", and runs that cannot be compared say why.
 */
class RunComparisonTest {
    private static final List<Integer> RATES = List.of(1000, 2000, 3000, 4000);

    /** One target: its closed throughput per round, and per round the P99 it had at each ladder rate (an overload above the last). */
    private record Planted(String name, double[] throughput, double[][] p99ByRound, double[] cpuMsPer1000) {
        Planted(String name, double[] throughput, double[][] p99ByRound) {
            this(name, throughput, p99ByRound, null);
        }
    }

    private static Map<String, Object> level(int round, int rate, double p99) {
        boolean overloaded = p99 < 0;
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("round", round);
        m.put("rate_rps", rate);
        m.put("planned", rate * 3L);
        m.put("sent", overloaded ? rate : rate * 3L);
        m.put("errors", 0);
        m.put("overloaded", overloaded);
        Map<String, Object> latency = new LinkedHashMap<>();
        for (String name : RequestStats.Latency.NAMES) {
            latency.put(name, overloaded ? 900.0 : p99);
        }
        m.put("latency_ms", latency);
        m.put("all_requests_latency_ms", latency);
        m.put("throughput_rps", (double) rate);
        m.put("send_lag_ms", Map.of("p99", 0.5, "max", 1.0));
        return m;
    }

    /** A summary.json as a run writes it, before analysis, its ladder sent by Gatling. */
    private static Summary run(String id, int users, Planted... targets) {
        return run(id, users, null, targets);
    }

    /**
     * The same with the ladder's injector named (null: none, as runs before it was recorded). A target named
     * {@code name:NNkb} has direct under that scenario, {@code direct:NNkb}, as its baseline.
     */
    @SuppressWarnings("unchecked")
    private static Summary run(String id, int users, String injector, Planted... targets) {
        List<Map<String, Object>> list = new ArrayList<>();
        for (Planted p : targets) {
            List<Map<String, Object>> rounds = new ArrayList<>();
            List<Map<String, Object>> fixedRate = new ArrayList<>();
            for (int r = 0; r < p.throughput().length; r++) {
                double tp = p.throughput()[r];
                Map<String, Object> latency = new LinkedHashMap<>();
                for (String name : RequestStats.Latency.NAMES) {
                    latency.put(name, 1.0);
                }
                Map<String, Object> round = new LinkedHashMap<>(Map.of("requests", (long) tp * 10, "errors", 0, "throughput_rps", tp,
                        "latency_ms", latency));
                if (p.cpuMsPer1000() != null) { // the gateway's CPU as a run samples it: over 10 s of the closed load
                    double cpu = p.cpuMsPer1000()[r];
                    round.put("resources", Map.of("gateway", Map.of("cpu_s", cpu * tp * 10 / 1_000_000, "cpu_ms_per_1000_requests", cpu,
                            "cores", cpu * tp / 1_000_000)));
                }
                rounds.add(round);
            }
            for (int i = 0; i < RATES.size(); i++) {
                List<Map<String, Object>> perRound = new ArrayList<>();
                for (int r = 0; r < p.p99ByRound().length; r++) {
                    double[] ladder = p.p99ByRound()[r];
                    if (i < ladder.length) {
                        perRound.add(level(r + 1, RATES.get(i), ladder[i]));
                    }
                }
                fixedRate.add(new LinkedHashMap<>(Map.of("rate_rps", RATES.get(i), "rounds", perRound)));
            }
            Map<String, Object> target = new LinkedHashMap<>(Map.of("name", p.name(), "description", p.name(), "rounds", rounds,
                    "fixed_rate", fixedRate));
            if (p.name().matches(".+:\\d+kb")) {
                target.put("baseline", "direct" + p.name().substring(p.name().indexOf(':')));
            }
            list.add(target);
        }
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("format", Analysis.FORMAT);
        summary.put("run_id", id);
        summary.put("rounds", targets[targets.length - 1].throughput().length);
        summary.put("load", Map.of("model", "closed", "users", users, "warmup_s", 25, "duration_s", 10, "sessions", "shared"));
        Map<String, Object> ladder = new LinkedHashMap<>(Map.of("rates_rps", RATES, "percent_of_direct_capacity", List.of(), "absolute_rps",
                RATES, "level_s", 3, "max_in_flight", 1000, "objectives", List.of(Map.of("name", "p99-10ms", "description", "P99 at most 10 ms"))));
        if (injector != null) {
            ladder.put("injector", injector);
        }
        summary.put("ladder", ladder);
        summary.put("targets", list);
        return Analysis.apply(PlantedSummary.of(summary));
    }

    private static double[] scaled(double[] v, double by) {
        double[] s = v.clone();
        for (int i = 0; i < s.length; i++) {
            s[i] *= by;
        }
        return s;
    }

    // direct ran once more after the last round: 4 runs for 3 rounds
    private static final double[] DIRECT = {20_000, 20_400, 19_700, 20_100};
    private static final double[][] DIRECT_LADDER = {{1, 1, 2, -1}, {1, 1, 2, -1}, {1, 1, 2, -1}, {1, 1, 2, -1}};
    private static final double[] NGINX = {12_000, 12_250, 11_900};
    private static final double[][] NGINX_LADDER = {{2, 3, -1}, {2, 3, -1}, {2, 3, -1}};

    private static Summary honest(String id) {
        return run(id, 16, new Planted("direct", DIRECT, DIRECT_LADDER), new Planted("nginx", NGINX, NGINX_LADDER));
    }

    private static RunComparison.Verdict verdict(RunComparison.Result result, String target, String figure) {
        return result.rows().stream().filter(r -> r.target().equals(target) && r.figure().startsWith(figure)).findFirst()
                .orElseThrow(() -> new AssertionError("no row " + target + " " + figure + " in " + result.rows())).test().verdict();
    }

    @Test
    void aRunComparedWithItsOwnFiguresIsEquivalentOnEveryFigure() {
        RunComparison.Result result = RunComparison.compare(honest("a"), honest("b"), RunComparison.MARGIN);
        assertEquals(0, result.exit(), result.reason());
        assertTrue(result.rows().size() >= 5, result.rows().toString());
        assertTrue(result.reason().startsWith("equivalent"), result.reason());
        assertTrue(result.rows().stream().anyMatch(r -> r.target().equals("nginx")
                && r.figure().equals("throughput / direct (paired per round)")), result.rows().toString());
        assertEquals(Map.of("EQUIVALENT", (long) result.rows().size(), "DIFFERENT", 0L, "INCONCLUSIVE", 0L), result.counts());
    }

    /**
     * A committed default run compared with itself is equivalent on every figure: its rounds are the same values, not two
     * samples of them. A copy of it under another run id (two runs whose rounds happen to agree, and whose noise the test
     * must still weigh) is not: there the rounds' own spread leaves figures inconclusive, which is what this check is
     * seen to fail on.
     */
    @Test
    void aRunComparedWithItselfIsEquivalentOnEveryFigure(@TempDir Path dir) throws Exception {
        Path committed = Repo.root().resolve("results/20261126-200405");
        Summary run = Analysis.read(committed);
        RunComparison.Result itself = RunComparison.compare(run, run, RunComparison.MARGIN);
        assertEquals(0, itself.exit(), itself.reason());
        assertEquals(Map.of("EQUIVALENT", (long) itself.rows().size(), "DIFFERENT", 0L, "INCONCLUSIVE", 0L), itself.counts());
        assertTrue(itself.rows().size() > 40, itself.rows().toString());
        ObjectNode json = (ObjectNode) new ObjectMapper().readTree(committed.resolve("summary.json").toFile());
        json.put("run_id", "20261126-200405-copy");
        Path copy = Files.createDirectories(dir.resolve("20261126-200405-copy"));
        new ObjectMapper().writeValue(copy.resolve("summary.json").toFile(), json);
        RunComparison.Result twin = RunComparison.compare(run, Analysis.read(copy), RunComparison.MARGIN);
        assertEquals(1, twin.exit(), twin.reason());
        assertTrue(twin.counts().get("INCONCLUSIVE") > 0, twin.counts().toString());
    }

    /**
     * Each verdict reads off the interval printed beside it: *different* exactly when the interval at 1 - alpha/k excludes 0
     * and the estimate lies beyond the margin, *equivalent* when the 90% interval lies inside the margin (or a maximum
     * rate's median rounds found one ladder level), *inconclusive* otherwise; on the two newest committed default runs and
     * on one of them with nginx planted 40% slower. Seen failing with the family interval drawn at 95% while the verdict
     * used 1 - alpha/k.
     */
    @Test
    void everyVerdictReadsOffTheIntervalItNames(@TempDir Path dir) throws Exception {
        Summary a = Analysis.read(Repo.root().resolve("results/20261126-192800"));
        Summary b = Analysis.read(Repo.root().resolve("results/20261126-200405"));
        Summary slowed = Analysis.read(io.gatewaybench.harness.report.CompareHtmlTest.slowedCopy("20261126-200405", "nginx", 0.6, dir.resolve("slowed")));
        for (RunComparison.Result result : List.of(RunComparison.compare(a, b, RunComparison.MARGIN),
                RunComparison.compare(a, slowed, RunComparison.MARGIN, 0.01))) {
            java.util.Set<RunComparison.Verdict> seen = java.util.EnumSet.noneOf(RunComparison.Verdict.class);
            for (RunComparison.Row r : result.rows()) {
                RunComparison.Test t = r.test();
                String where = r.target() + " " + r.figure() + ": " + t;
                assertEquals(1 - result.alpha() / result.rows().size(), t.familyLevel(), 1e-12, where);
                boolean excludesNone = t.ciFamily()[0] > 0 || t.ciFamily()[1] < 0;
                boolean different = excludesNone && Math.abs(t.difference()) > r.marginAbs();
                boolean inside = t.ci90()[0] >= -r.marginAbs() && t.ci90()[1] <= r.marginAbs();
                boolean sameLevel = r.figure().startsWith("max sustainable")
                        && Stats.lowerMedian(r.a()) == Stats.lowerMedian(r.b());
                RunComparison.Verdict expected = inside || sameLevel ? RunComparison.Verdict.EQUIVALENT
                        : different ? RunComparison.Verdict.DIFFERENT : RunComparison.Verdict.INCONCLUSIVE;
                assertEquals(expected, t.verdict(), where);
                seen.add(t.verdict());
            }
            assertTrue(seen.size() >= 2, "too few verdicts to tell anything: " + seen);
        }
    }

    /**
     * The rounds a side a figure needs to be shown equivalent, were the runs alike: with that many rounds, seeded runs alike
     * drawn with the spread measured are *equivalent* about four times in five, and with half as many far less often. Seen
     * failing with t 95% alone in the rule (6 rounds, equivalent in 20% of the draws); here 15 rounds, 82%.
     */
    @Test
    void theRoundsForEquivalenceShowRunsAlikeEquivalentFourTimesInFive() {
        double[] a = {100, 106, 95}; // a spread of about 5.5 a round, a margin of 5: three rounds cannot tell
        double[] b = {103, 97, 100};
        RunComparison.Test three = RunComparison.Test.of(a, b, 5, 0, 12, RunComparison.ALPHA);
        assertEquals(RunComparison.Verdict.INCONCLUSIVE, three.verdict());
        int n = three.roundsForEquivalence();
        assertTrue(n > 3 && n < RunComparison.Test.MOST_ROUNDS, "rounds needed: " + n);
        double sd = Math.sqrt((three.design().varianceA() + three.design().varianceB()) / 2);
        double atN = equivalentShare(n, sd, 5);
        double atHalf = equivalentShare(n / 2, sd, 5);
        assertTrue(atN >= 0.75 && atN <= 0.9, "runs alike of " + n + " rounds a side, equivalent in " + atN);
        assertTrue(atHalf < 0.5, "runs alike of " + n / 2 + " rounds a side, equivalent in " + atHalf);
    }

    /** The share of 4,000 seeded pairs of runs alike, {@code n} rounds a side of spread {@code sd}, called equivalent at {@code margin}. */
    private static double equivalentShare(int n, double sd, double margin) {
        java.util.SplittableRandom random = new java.util.SplittableRandom(20261127);
        int equivalent = 0;
        for (int i = 0; i < 4000; i++) {
            double[] a = new double[n];
            double[] b = new double[n];
            for (int j = 0; j < n; j++) {
                a[j] = 100 + sd * gaussian(random);
                b[j] = 100 + sd * gaussian(random);
            }
            equivalent += RunComparison.Test.of(a, b, margin, 0, 12, RunComparison.ALPHA).verdict() == RunComparison.Verdict.EQUIVALENT ? 1 : 0;
        }
        return equivalent / 4000.0;
    }

    private static double gaussian(java.util.SplittableRandom random) {
        return Math.sqrt(-2 * Math.log(1 - random.nextDouble())) * Math.cos(2 * Math.PI * random.nextDouble());
    }

    @Test
    void oneTargetMade15PercentSlowerIsDifferentAnd40PercentToo() {
        for (double slower : new double[] {0.85, 0.60}) {
            // not an exact scaled copy: the slower run's rounds vary in their own way
            double[] nginx = scaled(new double[] {12_150, 12_300, 11_800}, slower);
            Summary b = run("b", 16, new Planted("direct", DIRECT, DIRECT_LADDER), new Planted("nginx", nginx, NGINX_LADDER));
            RunComparison.Result result = RunComparison.compare(honest("a"), b, RunComparison.MARGIN);
            assertEquals(1, result.exit(), result.reason());
            assertEquals(RunComparison.Verdict.DIFFERENT, verdict(result, "nginx", "throughput / direct"), "made " + slower + " as fast");
            assertEquals(RunComparison.Verdict.DIFFERENT, verdict(result, "nginx", "throughput req/s"), "made " + slower + " as fast");
            assertEquals(RunComparison.Verdict.EQUIVALENT, verdict(result, "direct", "throughput req/s"));
            assertEquals(RunComparison.Verdict.EQUIVALENT, verdict(result, "direct", "max sustainable"));
            assertTrue(result.reason().startsWith("different: 2 of"), result.reason());
            assertEquals(2L, result.counts().get("DIFFERENT"), result.rows().toString());
        }
    }

    @Test
    void aLowerMaximumRateAndAHigherTailAtEqualRatesAreDifferent() {
        double[][] capped = {{2, -1}, {2, -1}, {2, -1}}; // overloaded at 2000 in every round: 1000 instead of 2000
        Summary b = run("b", 16, new Planted("direct", DIRECT, DIRECT_LADDER), new Planted("nginx", NGINX, capped));
        RunComparison.Result result = RunComparison.compare(honest("a"), b, RunComparison.MARGIN);
        assertEquals(RunComparison.Verdict.DIFFERENT, verdict(result, "nginx", "max sustainable rate req/s, p99-10ms"));

        double[][] slowTail = {{5, 3, -1}, {5, 3, -1}, {6, 3, -1}}; // P99 at 1000 req/s: 5-6 ms instead of 2
        Summary c = run("c", 16, new Planted("direct", DIRECT, DIRECT_LADDER), new Planted("nginx", NGINX, slowTail));
        RunComparison.Result tail = RunComparison.compare(honest("a"), c, RunComparison.MARGIN);
        assertEquals(RunComparison.Verdict.DIFFERENT, verdict(tail, "nginx", "P99 ms at 1000 req/s"));
        assertEquals(RunComparison.Verdict.EQUIVALENT, verdict(tail, "nginx", "P99 ms at 2000 req/s"), "3 ms in every round of both");
    }

    /**
     * A difference under the default margin is *different* only at a smaller one: planted-cap's throughput in A and the
     * cap made 8% slower in B, as CompareIT measured them on the fresh-clone CI of faaf08b (one of CompareIT's 12 figures,
     * at compare's 5%). Under the default 10% the estimate lies inside the margin and the 90% interval reaches past it.
     */
    @Test
    void aDifferenceUnderTheMarginIsDifferentOnlyAtASmallerMargin() {
        double[] a = {249.2, 248.8, 244.8};
        double[] b = {223.2, 222.8, 226.0};
        double mean = Arrays.stream(a).average().orElseThrow();
        RunComparison.Test atFive = RunComparison.Test.of(a, b, 0.05 * mean, 0, 12, RunComparison.ALPHA);
        assertEquals(RunComparison.Verdict.DIFFERENT, atFive.verdict(), atFive.toString());
        RunComparison.Test atTen = RunComparison.Test.of(a, b, RunComparison.MARGIN * mean, 0, 12, RunComparison.ALPHA);
        assertEquals(RunComparison.Verdict.INCONCLUSIVE, atTen.verdict(), atTen.toString());
    }

    /**
     * The case that failed CompareIT by chance: direct, run alike twice, with P99s of 4, 5, 4, 4 and 3, 2, 4, 3 ms.
     * Alone at 95% it reads "different"; as one of the 11 figures CompareIT compares, held together at 5%, or at
     * CompareIT's 1%, it does not. Equal whole milliseconds carry their rounding: 4, 4, 4 against 3, 3, 3 is no
     * exact difference, while 6, 6, 6 against 3, 3, 3 still is one.
     */
    @Test
    void differentHoldsOverEveryFigureAndWholeMillisecondsKeepTheirRounding() {
        double[] a = {4, 5, 4, 4};
        double[] b = {3, 2, 4, 3};
        assertEquals(RunComparison.Verdict.DIFFERENT, RunComparison.Test.of(a, b, 1, 1, 1, 0.05).verdict());
        assertEquals(RunComparison.Verdict.INCONCLUSIVE, RunComparison.Test.of(a, b, 1, 1, 11, 0.05).verdict());
        assertEquals(RunComparison.Verdict.INCONCLUSIVE, RunComparison.Test.of(a, b, 1, 1, 11, 0.01).verdict());
        double[] three = {3, 3, 3};
        assertEquals(RunComparison.Verdict.DIFFERENT, RunComparison.Test.of(new double[] {4, 4, 4}, three, 0.5, 0, 11, 0.05).verdict(),
                "exact values: the difference is known");
        assertEquals(RunComparison.Verdict.INCONCLUSIVE, RunComparison.Test.of(new double[] {4, 4, 4}, three, 0.5, 1, 11, 0.05).verdict(),
                "whole milliseconds: 4 is anything from 3.5 to 4.5");
        assertEquals(RunComparison.Verdict.DIFFERENT, RunComparison.Test.of(new double[] {6, 6, 6}, three, 1, 1, 11, 0.05).verdict());
        assertEquals(0.01, RunComparison.alpha("1%"), 1e-12);
        assertEquals(0.05, RunComparison.alpha("0.05"), 1e-12);
        for (String bad : List.of("0", "0.6", "x", "-1%")) {
            assertTrue(org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> RunComparison.alpha(bad))
                    .getMessage().contains("--alpha"), bad);
        }
    }

    /**
     * A maximum rate is a ladder level, known to one step: where both runs' median round found the same level it is
     * equivalent, rounds that found others notwithstanding, in a run compared with itself too; a median one level lower is not.
     */
    @Test
    void maximumRatesAreJudgedAtTheLaddersResolution() {
        double[] held = {2, 3, 4, -1}; // up to 3000 req/s, overloaded at 4000
        double[] missed = {2, 3, 20, -1}; // P99 20 ms at 3000: up to 2000
        Summary a = run("a", 16, new Planted("direct", DIRECT, DIRECT_LADDER), new Planted("nginx", NGINX, new double[][] {held, missed, held}));
        Summary b = run("b", 16, new Planted("direct", DIRECT, DIRECT_LADDER), new Planted("nginx", NGINX, new double[][] {missed, held, held}));
        String max = "max sustainable rate req/s, p99-10ms";
        for (Summary other : List.of(a, b)) {
            RunComparison.Result result = RunComparison.compare(a, other, RunComparison.MARGIN);
            RunComparison.Row row = result.rows().stream().filter(r -> r.target().equals("nginx") && r.figure().equals(max)).findFirst().orElseThrow();
            assertEquals(RunComparison.Verdict.EQUIVALENT, row.test().verdict(), "3000 in the median round of both: " + row);
            // against another run the interval alone would not say so (against itself the difference is 0 exactly)
            assertTrue(other == a || row.test().ci90()[1] - row.test().ci90()[0] > 2 * row.marginAbs(), "the interval alone would not say so: " + row);
        }
        Summary lower = run("c", 16, new Planted("direct", DIRECT, DIRECT_LADDER), new Planted("nginx", NGINX, new double[][] {missed, missed, held}));
        assertNotEquals(RunComparison.Verdict.EQUIVALENT, verdict(RunComparison.compare(a, lower, RunComparison.MARGIN), "nginx", max),
                "a median round at 2000 against 3000");
    }

    /**
     * Vegeta times the ladder to the microsecond: a P99 0.3 ms (15%) higher in every round is a difference there, where
     * Gatling's whole milliseconds (a margin of at least 1 ms, and no variance below a millisecond's rounding) cannot tell.
     */
    @Test
    void ladderLatencyFromVegetaIsJudgedToTheMicrosecond() {
        double[][] fast = {{2.00, 3, -1}, {2.02, 3, -1}, {2.01, 3, -1}};
        double[][] slow = {{2.30, 3, -1}, {2.31, 3, -1}, {2.32, 3, -1}};
        String p99 = "P99 ms at 1000 req/s";
        RunComparison.Result vegeta = RunComparison.compare(
                run("a", 16, "vegeta", new Planted("direct", DIRECT, DIRECT_LADDER), new Planted("nginx", NGINX, fast)),
                run("b", 16, "vegeta", new Planted("direct", DIRECT, DIRECT_LADDER), new Planted("nginx", NGINX, slow)), RunComparison.MARGIN);
        assertEquals(RunComparison.Verdict.DIFFERENT, verdict(vegeta, "nginx", p99), vegeta.rows().toString());
        assertEquals(0.001, vegeta.latencyResolutionMs());
        RunComparison.Result gatling = RunComparison.compare(
                run("a", 16, "gatling", new Planted("direct", DIRECT, DIRECT_LADDER), new Planted("nginx", NGINX, fast)),
                run("b", 16, new Planted("direct", DIRECT, DIRECT_LADDER), new Planted("nginx", NGINX, slow)), RunComparison.MARGIN);
        assertNotEquals(RunComparison.Verdict.DIFFERENT, verdict(gatling, "nginx", p99), gatling.rows().toString());
        assertEquals(1, gatling.latencyResolutionMs());
    }

    /**
     * The gateway's CPU per request has a row of its own: 30% more in every round of B is different, the same rounds again
     * equivalent, and direct, which has no gateway, has no such row.
     */
    @Test
    void aGatewayPlantedCostlierPerRequestIsDifferentInItsCpuRow() {
        double[] cpu = {20.0, 21.0, 20.5};
        String row = "gateway CPU ms / 1,000 req (closed load)";
        Summary a = run("a", 16, new Planted("direct", DIRECT, DIRECT_LADDER), new Planted("nginx", NGINX, NGINX_LADDER, cpu));
        Summary same = run("b", 16, new Planted("direct", DIRECT, DIRECT_LADDER), new Planted("nginx", NGINX, NGINX_LADDER, cpu.clone()));
        Summary costlier = run("c", 16, new Planted("direct", DIRECT, DIRECT_LADDER),
                new Planted("nginx", NGINX, NGINX_LADDER, new double[] {26.2, 27.1, 26.8}));
        assertEquals(RunComparison.Verdict.EQUIVALENT, verdict(RunComparison.compare(a, same, RunComparison.MARGIN), "nginx", row));
        RunComparison.Result result = RunComparison.compare(a, costlier, RunComparison.MARGIN);
        assertEquals(RunComparison.Verdict.DIFFERENT, verdict(result, "nginx", row), result.rows().toString());
        assertTrue(result.rows().stream().noneMatch(r -> r.target().equals("direct") && r.figure().equals(row)), result.rows().toString());
    }

    /** A size scenario's throughput is paired with direct under that scenario, the baseline its own summary uses. */
    @Test
    void aSizeScenarioIsPairedWithItsOwnBaseline() {
        double[] direct0kb = {40_000, 40_800, 39_400, 40_200};
        double[] nginx0kb = {20_000, 20_000, 20_000};
        Summary a = run("a", 16, new Planted("direct", DIRECT, DIRECT_LADDER), new Planted("direct:0kb", direct0kb, DIRECT_LADDER),
                new Planted("nginx:0kb", nginx0kb, NGINX_LADDER));
        RunComparison.Result result = RunComparison.compare(a, a, RunComparison.MARGIN);
        RunComparison.Row row = result.rows().stream().filter(r -> r.target().equals("nginx:0kb") && r.figure().startsWith("throughput /"))
                .findFirst().orElseThrow(() -> new AssertionError(result.rows().toString()));
        assertEquals("throughput / direct:0kb (paired per round)", row.figure());
        assertEquals(20_000 / 40_000.0, row.a()[0], 1e-9, "round 1 over direct:0kb's run of round 1");
        assertEquals(20_000 / 40_800.0, row.a()[1], 1e-9, "round 2 over direct:0kb's run of round 2");
        assertTrue(result.rows().stream().noneMatch(r -> r.target().equals("direct:0kb") && r.figure().startsWith("throughput /")),
                "a baseline is not paired with itself: " + result.rows());
    }

    /**
     * "Detectable" means what it says: rounds whose spread is exactly the noise's (3 a side, standard deviation 5) give a
     * size, and a true difference of that size is called different in 80% of seeded comparisons with that noise (one of 8
     * figures at 5%): 81% here at 38.1. The textbook shortcut (the larger of the margin and the t bound, plus t 80% standard
     * errors, 25.3) was called different in 49%, and the figure printed before this ((t 97.5% + t 80%) standard errors, 15.2)
     * in 16%: each fails this check.
     */
    @Test
    void aDifferenceOfTheDetectableSizeIsCalledDifferentFourTimesInFive() {
        double margin = 10;
        double[] spreadOfTheNoise = {95, 100, 105}; // standard deviation 5
        double size = RunComparison.Test.of(spreadOfTheNoise, spreadOfTheNoise, margin, 0, 8, 0.05).detectable();
        java.util.Random random = new java.util.Random(20261127);
        int draws = 8000;
        int different = 0;
        for (int i = 0; i < draws; i++) {
            if (RunComparison.Test.of(rounds(random, 100), rounds(random, 100 + size), margin, 0, 8, 0.05).verdict() == RunComparison.Verdict.DIFFERENT) {
                different++;
            }
        }
        double power = (double) different / draws; // known to about +-0.5 point (binomial, 8,000 draws), the size to about +-1
        assertTrue(power >= 0.76 && power <= 0.84, "a true difference of " + size + " (detectable) called different in " + power);
    }

    private static double[] rounds(java.util.Random random, double mean) {
        return new double[] {mean + 5 * random.nextGaussian(), mean + 5 * random.nextGaussian(), mean + 5 * random.nextGaussian()};
    }

    @Test
    void noisyRoundsAreInconclusiveNotInAgreement() {
        // the same mean, but rounds 30% apart: 3 rounds cannot show a 10% margin either way
        double[] noisy = {9_000, 15_000, 12_000};
        Summary b = run("b", 16, new Planted("direct", DIRECT, DIRECT_LADDER), new Planted("nginx", noisy, NGINX_LADDER));
        RunComparison.Result result = RunComparison.compare(honest("a"), b, RunComparison.MARGIN);
        assertEquals(RunComparison.Verdict.INCONCLUSIVE, verdict(result, "nginx", "throughput / direct"));
        assertEquals(1, result.exit());
        assertTrue(result.reason().startsWith("not shown equivalent"), result.reason());
    }

    @Test
    void runsThatCannotBeComparedSayWhyAndExit2() {
        // two rounds: one degree of freedom per figure, too few (and in either place)
        Summary twoRounds = run("quick", 16, new Planted("direct", new double[] {20_000, 21_000}, new double[][] {{1, 1}, {1, 1}}),
                new Planted("nginx", new double[] {12_000, 12_500}, new double[][] {{2, 3}, {2, 3}}));
        for (RunComparison.Result few : List.of(RunComparison.compare(honest("a"), twoRounds, RunComparison.MARGIN),
                RunComparison.compare(twoRounds, honest("a"), RunComparison.MARGIN))) {
            assertEquals(2, few.exit());
            assertTrue(few.reason().startsWith("too few rounds: run quick has 2; a comparison needs at least 3"), few.reason());
        }

        Summary other = run("b", 16, new Planted("direct", DIRECT, DIRECT_LADDER), new Planted("haproxy", NGINX, NGINX_LADDER));
        RunComparison.Result targets = RunComparison.compare(honest("a"), other, RunComparison.MARGIN);
        assertEquals(2, targets.exit());
        assertTrue(targets.reason().contains("different targets measured"), targets.reason());

        Summary load = run("b", 32, new Planted("direct", DIRECT, DIRECT_LADDER), new Planted("nginx", NGINX, NGINX_LADDER));
        assertEquals(2, RunComparison.compare(honest("a"), load, RunComparison.MARGIN).exit());
    }

    @Test
    void welchsTestOnKnownSamples() {
        // a = 1,2,3 and b = 4,5,6: difference 3, se = sqrt(1/3 + 1/3) = 0.8165, df = 4; t(4, 0.975) = 2.776; t = 3.674, p = 0.0213
        RunComparison.Test t = RunComparison.Test.of(new double[] {1, 2, 3}, new double[] {4, 5, 6}, 0.2);
        assertEquals(3, t.difference(), 1e-12);
        assertEquals(3 - 2.7764 * 0.8165, t.ciFamily()[0], 1e-3); // one figure at 5%: the 95% interval
        assertEquals(0.95, t.familyLevel(), 1e-12);
        assertEquals(0.0213, t.p(), 1e-4);
        assertEquals(RunComparison.Verdict.DIFFERENT, t.verdict());
        assertEquals(RunComparison.Verdict.EQUIVALENT, RunComparison.Test.of(new double[] {5, 5}, new double[] {5, 5}, 0.5).verdict(),
                "no spread and no difference");
        assertEquals(RunComparison.Verdict.DIFFERENT, RunComparison.Test.of(new double[] {5, 5}, new double[] {6, 6}, 0.5).verdict(),
                "no spread and a difference beyond the margin");
        assertEquals(0.10, RunComparison.margin("10%"), 1e-12);
        assertEquals(0.05, RunComparison.margin("0.05"), 1e-12);
    }
}
