package io.gatewaybench.harness;

import io.gatewaybench.harness.plan.InjectorLimit;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gatewaybench.harness.analyse.Analysis;
import io.gatewaybench.harness.analyse.RunComparison;
import io.gatewaybench.harness.quantity.Stats;
import io.gatewaybench.harness.measure.VegetaLadder;
import io.gatewaybench.harness.plan.Repo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Tag;

/**
 * How often chance alone fails each assertion of the integration tests that judges a measured figure: a seeded
 * simulation ({@link Noise}) from the round-to-round noise of calibration runs that ran each test's own load with
 * more rounds ({@code src/test/resources/noise/}), through each assertion's own rule and tolerance (the
 * constants of {@link PlantedTargetsIT} and {@link CompareIT}, and {@link RunComparison}'s own test). Each must
 * fail by chance at most 1% of the time; the rates are listed in {@code harness/src/test/README.md}, which must
 * say what this test computes. A check of a planted difference is simulated too, with the plant's calibration:
 * the rate at which it misses its plant.
 */
@Tag(TestGroups.GATEWAY_SUITES) // seconds of simulation on every CPU, no time window of its own: two such classes at a time (harness/pom.xml)
class NoiseBudgetTest {
    /** The most an assertion may fail by chance alone. */
    static final double BUDGET = 0.01;
    private static final Path README = Repo.root().resolve("harness/src/test/README.md");
    private static final String START = "<!-- noise budget: computed by NoiseBudgetTest -->";
    private static final String END = "<!-- end of noise budget -->";

    /** Simulated runs of CompareIT's comparisons: each builds and tests a dozen figures, so fewer (a 1% rate known to +-0.07 points). */
    private static final int COMPARE_DRAWS = 20_000;
    /** Each check's rate, computed once for both tests. */
    private static final java.util.Map<Check, Double> RATES = new java.util.concurrent.ConcurrentHashMap<>();

    /** One assertion, the noise it depends on, and when a simulated run of its test fails it, over {@code draws} simulated runs. */
    record Check(String test, String assertion, List<Noise> noise, int draws, Predicate<RandomGenerator> fails) {
        Check(String test, String assertion, List<Noise> noise, Predicate<RandomGenerator> fails) {
            this(test, assertion, noise, Noise.DRAWS, fails);
        }

        double rate() {
            return RATES.computeIfAbsent(this, c -> Noise.failureRate(fails, draws));
        }
    }

    @Test
    void everyAssertionOnAMeasuredFigureFailsByChanceAtMostOnePercent() {
        List<String> over = new ArrayList<>();
        for (Check c : checks()) {
            double rate = c.rate();
            if (rate > BUDGET) {
                over.add(String.format(Locale.ROOT, "%s, %s: %.2f%%", c.test(), c.assertion(), rate * 100));
            }
        }
        assertTrue(over.isEmpty(), "over the 1% budget: " + over);
    }

    @Test
    void theReadmeListsWhatThisTestComputes() throws IOException {
        String table = table(checks());
        Path written = Files.createDirectories(Path.of("target")).resolve("noise-budget.md");
        Files.writeString(written, table);
        String readme = Files.readString(README);
        int from = readme.indexOf(START);
        int to = readme.indexOf(END);
        assertTrue(from >= 0 && to > from, README + " lacks the markers " + START + " ... " + END);
        assertEquals(table, readme.substring(from + START.length(), to).strip() + "\n",
                README + " does not list what NoiseBudgetTest computes; the computed table is in " + written.toAbsolutePath());
    }

    /** The simulation can fail: PlantedTargetsIT's probe check with 200 us of slack over the planted delay fails by chance far over 1%. */
    @Test
    void aToleranceTooTightForTheNoiseIsCaught() {
        Noise.Calibration planted = Noise.Calibration.of("planted-vegeta");
        Noise delayProbe = planted.probe("planted-delay", "probe-unloaded", 0.50);
        Noise directProbe = planted.probe("direct", "probe-unloaded", 0.50);
        Noise twinProbe = planted.probe(PlantedTargetsIT.PROBE_TWIN, "probe-unloaded", 0.50);
        double tight = Noise.failureRate(r -> probeMisses(r, delayProbe, directProbe, twinProbe, PlantedTargetsIT.ROUNDS,
                PlantedTargetsIT.ROUNDS, 200));
        assertTrue(tight > BUDGET, "a 200 us slack over a noise of " + delayProbe.describe() + " should fail by chance: " + tight);
    }

    private static List<Check> checks;

    static synchronized List<Check> checks() {
        if (checks == null) {
            checks = new ArrayList<>(planted());
            checks.addAll(compare());
        }
        return checks;
    }

    /**
     * One target's figures in one run of CompareIT's load, as {@code ./bench compare} reads them, drawn round by
     * round: the closed load's throughput, and at each ladder rate the P99, the maximum and the injector's send
     * lag, from which each round's maximum sustainable rate under both objectives follows.
     */
    private record Drawn(Noise throughput, Noise[] p99, Noise[] max, Noise[] lag, Noise cpu) {
        static Drawn of(Noise.Calibration c, String target) {
            int n = CompareIT.RATES.size();
            Noise[] p99 = new Noise[n];
            Noise[] max = new Noise[n];
            Noise[] lag = new Noise[n];
            for (int i = 0; i < n; i++) {
                p99[i] = c.level(target, CompareIT.RATES.get(i), "all_requests_latency_ms/p99", 1);
                max[i] = c.level(target, CompareIT.RATES.get(i), "all_requests_latency_ms/max", 1);
                lag[i] = c.level(target, CompareIT.RATES.get(i), "send_lag_ms/p99", 0);
            }
            // the gateway's CPU per request: direct has no gateway
            Noise cpu = target.equals("direct") ? null : c.closed(target, "resources/gateway/cpu_ms_per_1000_requests", 0);
            return new Drawn(c.closed(target, "throughput_rps", 0), p99, max, lag, cpu);
        }

        List<Noise> all() {
            List<Noise> all = new ArrayList<>(List.of(throughput));
            for (int i = 0; i < p99.length; i++) {
                all.addAll(List.of(p99[i], max[i], lag[i]));
            }
            if (cpu != null) {
                all.add(cpu);
            }
            return all;
        }

        /**
         * {@code rounds} rounds: [round][0] throughput, [round][1 + level] P99 or NaN where the injector was late, then
         * the two maximum rates, NaN where the round's search stopped at a level the injector sent late (injector-limited:
         * left out), then the same two rates as lower bounds, kept also where the injector stopped the search, then the
         * gateway's CPU per 1,000 requests (NaN for direct).
         */
        double[][] draw(RandomGenerator r, int rounds) {
            int n = p99.length;
            double[][] v = new double[rounds][];
            for (int k = 0; k < rounds; k++) {
                double[] round = new double[n + 6];
                round[n + 5] = cpu == null ? Double.NaN : cpu.draw(r);
                round[0] = throughput.drawPositive(r); // a round that served nothing failed: not a value compare is given
                double[] rate = new double[2];
                boolean[] searching = {true, true};
                boolean[] limited = new boolean[2];
                Tries tries = new Tries();
                for (int i = 0; i < n; i++) {
                    boolean late = tries.late(lag[i], r);
                    double p = p99[i].draw(r);
                    double m = max[i].draw(r);
                    round[1 + i] = late ? Double.NaN : p;
                    boolean[] held = {p <= CompareIT.P99_OBJECTIVE_MS, m <= 29};
                    for (int o = 0; o < 2; o++) {
                        if (searching[o]) { // as ObjectiveJudge: a late level stops the search, the injector's doing, not the target's
                            limited[o] = late;
                            searching[o] = !late && held[o];
                            rate[o] = searching[o] ? CompareIT.RATES.get(i) : rate[o];
                        }
                    }
                }
                for (int o = 0; o < 2; o++) {
                    round[n + 1 + o] = limited[o] ? Double.NaN : rate[o];
                    round[n + 3 + o] = rate[o];
                }
                v[k] = round;
            }
            return v;
        }
    }

    /** A figure of every round: column {@code i} of the drawn rounds, rounds where it is NaN left out. */
    private static double[] column(double[][] rounds, int i) {
        return java.util.Arrays.stream(rounds).mapToDouble(r -> r[i]).filter(v -> !Double.isNaN(v)).toArray();
    }

    /**
     * The rows {@code ./bench compare} makes of one target in two runs (RunComparison.compare), each with its
     * figures as drawn: throughput, throughput over direct's around each round (not for direct), the two maximum
     * rates (null where a run has fewer than two rounds the injector did not stop: compare makes no row of them), the
     * P99 at each rate both runs sustained in their lower median, where each run measured it twice, and the gateway's
     * CPU per 1,000 requests (not for direct).
     */
    private static List<double[][]> rows(double[][] a, double[][] b, double[][] directA, double[][] directB, boolean isDirect) {
        int n = CompareIT.RATES.size();
        List<double[][]> rows = new ArrayList<>();
        rows.add(new double[][] {column(a, 0), column(b, 0), {0}});
        if (!isDirect) {
            rows.add(new double[][] {Analysis.pairedRatios(column(a, 0), column(directA, 0)),
                Analysis.pairedRatios(column(b, 0), column(directB, 0)), {0}});
        }
        for (int o = 0; o < 2; o++) {
            double[] ra = column(a, n + 1 + o);
            double[] rb = column(b, n + 1 + o);
            rows.add(ra.length >= 2 && rb.length >= 2 ? new double[][] {ra, rb, {0}} : null);
        }
        double sustainedA = sustained(a, n);
        double sustainedB = sustained(b, n);
        for (int i = 0; i < n && CompareIT.RATES.get(i) <= Math.min(sustainedA, sustainedB); i++) {
            double[] pa = column(a, 1 + i);
            double[] pb = column(b, 1 + i);
            if (pa.length >= 2 && pb.length >= 2) {
                rows.add(new double[][] {pa, pb, {1}});
            }
        }
        if (!isDirect) {
            rows.add(new double[][] {column(a, n + 5), column(b, n + 5), {0}});
        }
        return rows;
    }

    /**
     * The maximum rate under the P99 objective as Analysis gives it: the lower median of the rounds the injector did not
     * stop, or, where it stopped every one, of their lower bounds.
     */
    private static double sustained(double[][] rounds, int n) {
        double[] concluded = column(rounds, n + 1);
        return Stats.lowerMedian(concluded.length > 0 ? concluded : column(rounds, n + 3));
    }

    /**
     * The verdicts of every row of targets a and b (direct first), as RunComparison gives them with k = every row made;
     * null for a row not made.
     */
    private static List<RunComparison.Verdict> verdicts(List<double[][]> rows) {
        long k = rows.stream().filter(java.util.Objects::nonNull).count();
        List<RunComparison.Verdict> verdicts = new ArrayList<>();
        for (double[][] row : rows) {
            if (row == null) {
                verdicts.add(null);
                continue;
            }
            double resolution = row[2][0];
            double margin = Math.max(RunComparison.MARGIN * Math.abs(java.util.Arrays.stream(row[0]).average().orElse(0)), resolution);
            verdicts.add(RunComparison.Test.of(row[0], row[1], margin, resolution, (int) k, CompareIT.ALPHA).verdict());
        }
        return verdicts;
    }

    /**
     * CompareIT: runs of three rounds each of direct and
     * planted-cap; in S, planted-cap answers at 255 instead of 300 a second (S is the second run, B, with its
     * planted-cap-255 read as planted-cap: each comparison below is of two runs drawn apart, as A and B, or A and S,
     * are). The calibration run has both caps, ten rounds each.
     */
    private static List<Check> compare() {
        Noise.Calibration c = Noise.Calibration.of("compare");
        String test = "CompareIT";
        int rounds = 3;
        Drawn direct = Drawn.of(c, "direct");
        Drawn cap = Drawn.of(c, "planted-cap");
        Drawn slower = Drawn.of(c, "planted-cap-255");
        List<Noise> honest = new ArrayList<>(direct.all());
        honest.addAll(cap.all());
        List<Noise> planted = new ArrayList<>(honest);
        planted.addAll(slower.all());
        List<Check> checks = new ArrayList<>();
        checks.add(new Check(test, "two runs of one commit: no figure is different (compare --alpha=" + CompareIT.ALPHA + ")", honest,
                COMPARE_DRAWS, r -> {
            double[][] da = direct.draw(r, rounds);
            double[][] db = direct.draw(r, rounds);
            List<double[][]> rows = rows(da, db, da, db, true);
            rows.addAll(rows(cap.draw(r, rounds), cap.draw(r, rounds), da, db, false));
            return verdicts(rows).contains(RunComparison.Verdict.DIFFERENT);
        }));
        // A against S: the planted target must come out different (in its throughput or a maximum rate: every row
        // but its P99s), direct must not.
        checks.add(new Check(test, "planted-cap made 15% slower: some throughput or maximum-rate figure of it is different (fails: none is)",
                planted, COMPARE_DRAWS, r -> !slowerRun(r, direct, cap, slower, rounds)[0]));
        checks.add(new Check(test, "planted-cap made 15% slower: no figure of direct is different", planted, COMPARE_DRAWS,
                r -> slowerRun(r, direct, cap, slower, rounds)[1]));
        return checks;
    }

    /** One comparison of A with S: {whether a throughput or maximum-rate row of planted-cap is different, whether a row of direct is}. */
    private static boolean[] slowerRun(RandomGenerator r, Drawn direct, Drawn cap, Drawn slower, int rounds) {
        double[][] da = direct.draw(r, rounds);
        double[][] ds = direct.draw(r, rounds);
        List<double[][]> directRows = rows(da, ds, da, ds, true);
        List<double[][]> capRows = rows(cap.draw(r, rounds), slower.draw(r, rounds), da, ds, false);
        List<double[][]> all = new ArrayList<>(directRows);
        all.addAll(capRows);
        List<RunComparison.Verdict> v = verdicts(all);
        boolean directDifferent = v.subList(0, directRows.size()).contains(RunComparison.Verdict.DIFFERENT);
        // planted-cap's rows: throughput, paired throughput, the two maximum rates, then P99s
        boolean capDifferent = v.subList(directRows.size(), directRows.size() + 4).contains(RunComparison.Verdict.DIFFERENT);
        return new boolean[] {capDifferent, directDifferent};
    }

    /**
     * PlantedTargetsIT's probe check, drawn: planted-delay's P50 one request at a time is at least 5,000 us over direct's
     * and at most 5,000 + {@code slackUs} over its twin's (each the mean of its rounds' P50s, as the run pools them).
     */
    private static boolean probeMisses(RandomGenerator r, Noise delay, Noise direct, Noise twin, int rounds, int directRounds, long slackUs) {
        double delayP50 = delay.drawMean(r, rounds);
        return delayP50 - direct.drawMean(r, directRounds) < 5000 || delayP50 - twin.drawMean(r, rounds) > 5000 + slackUs;
    }

    /**
     * A round's ladder as {@code GatlingRun} and {@code VegetaLadder} send it: the first level sent late (send lag P99
     * over the injector's bound, {@link InjectorLimit#GATLING_LATE_SEND_MS} for Gatling,
     * {@link InjectorLimit#VEGETA_LATE_SEND_MS} for Vegeta) is sent once more, with the levels above it; a level late
     * on the second try stays late (injector-limited). Each try's lag is drawn on its own.
     */
    private static final class Tries {
        private final double lateMs;
        private boolean sentAgain;

        Tries() {
            this(InjectorLimit.GATLING_LATE_SEND_MS);
        }

        Tries(double lateMs) {
            this.lateMs = lateMs;
        }

        boolean late(Noise lag, RandomGenerator r) {
            boolean late = lag.draw(r) > lateMs;
            if (late && !sentAgain) {
                sentAgain = true;
                late = lag.draw(r) > lateMs;
            }
            return late;
        }
    }

    /**
     * PlantedTargetsIT: {@link PlantedTargetsIT#ROUNDS} of each planted target and of direct, on Vegeta's ladder; the
     * calibration run had eight rounds of each. Vegeta records microseconds, so nothing is rounded.
     */
    private static List<Check> planted() {
        Noise.Calibration c = Noise.Calibration.of("planted-vegeta");
        String test = "PlantedTargetsIT";
        int rounds = PlantedTargetsIT.ROUNDS;
        double late = InjectorLimit.VEGETA_LATE_SEND_MS;
        List<Check> checks = new ArrayList<>();

        Noise directP99 = c.level("direct", 100, "all_requests_latency_ms/p99", 0);
        Noise directMax = c.level("direct", 100, "all_requests_latency_ms/max", 0);
        Noise directLag = c.level("direct", 100, "send_lag_ms/p99", 0);
        checks.add(new Check(test, "direct meets P99 <= " + PlantedTargetsIT.P99_OBJECTIVE_MS + " ms and max <= 29 ms at 100 req/s "
                + (rounds == 1 ? "(in its one round)" : "(in enough of its " + rounds + " rounds that the lower median does)"),
                List.of(directP99, directMax, directLag), r -> {
                    int held = 0;
                    for (int i = 0; i < rounds; i++) {
                        held += directP99.draw(r) <= PlantedTargetsIT.P99_OBJECTIVE_MS && directMax.draw(r) <= 29
                                && !new Tries(late).late(directLag, r) ? 1 : 0;
                    }
                    return held < rounds - (rounds - 1) / 2; // the lower median of n rounds is the ((n - 1) / 2)-th lowest
                }));

        Noise delayP50 = c.level("planted-delay", 100, "all_requests_latency_ms/p50", 0);
        Noise directP50 = c.level("direct", 100, "all_requests_latency_ms/p50", 0);
        checks.add(new Check(test, "planted-delay's P50 at 100 req/s is at least 5 ms, at most direct's + 5 + "
                + Noise.num(PlantedTargetsIT.DELAY_SLACK_MS) + " ms", List.of(delayP50, directP50), r -> {
                    double p50 = delayP50.drawMean(r, rounds);
                    double direct = directP50.drawMedian(r, rounds);
                    return p50 < 5 || p50 > direct + 5 + PlantedTargetsIT.DELAY_SLACK_MS;
                }));

        Noise delayProbe = c.probe("planted-delay", "probe-unloaded", 0.50);
        Noise directProbe = c.probe("direct", "probe-unloaded", 0.50);
        Noise twinProbe = c.probe(PlantedTargetsIT.PROBE_TWIN, "probe-unloaded", 0.50);
        checks.add(new Check(test, "the probe adds 5,000 us at P50 through planted-delay, at least over direct's, at most "
                + PlantedTargetsIT.PROBE_SLACK_US + " us more over " + PlantedTargetsIT.PROBE_TWIN + "'s",
                List.of(delayProbe, directProbe, twinProbe), r -> probeMisses(r, delayProbe, directProbe, twinProbe, rounds, rounds,
                        PlantedTargetsIT.PROBE_SLACK_US)));

        Noise capThroughput = c.closed("planted-cap", "throughput_rps", 0);
        checks.add(new Check(test, "planted-cap serves its 300 req/s under the closed load (Gatling's and the probe's 50) within "
                + Math.round(PlantedTargetsIT.CAP_SHARE * 100) + "%", List.of(capThroughput),
                r -> Math.abs(capThroughput.drawMean(r, rounds) + 50 - 300) > PlantedTargetsIT.CAP_SHARE * 300));

        List<Noise> capLadder = new ArrayList<>();
        for (int rate : PlantedTargetsIT.RATES) {
            capLadder.add(c.level("planted-cap", rate, "all_requests_latency_ms/p99", 0));
            capLadder.add(c.level("planted-cap", rate, "send_lag_ms/p99", 0));
        }
        checks.add(new Check(test, "planted-cap's maximum under P99 <= " + PlantedTargetsIT.P99_OBJECTIVE_MS + " ms is 200 req/s in "
                + (rounds == 1 ? "its round" : "every round") + ", 350 the first level failed, on its P99 (a level Vegeta sent late, "
                + "twice, ends the search elsewhere: a failure too)", capLadder, r -> {
                    for (int i = 0; i < rounds; i++) {
                        Tries tries = new Tries(late);
                        for (int k = 0; k < capLadder.size(); k += 2) {
                            double p99 = capLadder.get(k).draw(r);
                            boolean over = PlantedTargetsIT.RATES.get(k / 2) > 300;
                            if (tries.late(capLadder.get(k + 1), r) || (p99 > PlantedTargetsIT.P99_OBJECTIVE_MS) != over) {
                                return true;
                            }
                        }
                    }
                    return false;
                }));

        Noise closedShare = c.closedShare("planted-fail");
        checks.add(new Check(test, "planted-fail's error share under the closed load is 5% within "
                + Noise.num(PlantedTargetsIT.CLOSED_SHARE * 100) + " point", List.of(closedShare),
                r -> Math.abs(closedShare.drawMean(r, rounds) - 0.05) > PlantedTargetsIT.CLOSED_SHARE));
        // A level's failures are one in 20 of its requests give or take the block cut at each end: set by the plant to a
        // request, not spread as a normal would (at 100 req/s, 200 requests, a request is half a point): resampled.
        List<Noise> shares = new ArrayList<>();
        List<Double> sent = new ArrayList<>();
        for (int rate : PlantedTargetsIT.RATES) {
            shares.add(c.level("planted-fail", rate, "error_share", 0).resampled());
            sent.add(c.level("planted-fail", rate, "sent", 0).mean());
        }
        checks.add(new Check(test, "planted-fail's error share at each of the 4 levels is 5% within "
                + Noise.num(PlantedTargetsIT.LEVEL_SHARE * 100) + " point", shares, r -> {
                    for (Noise share : shares) {
                        if (Math.abs(share.drawMean(r, rounds) - 0.05) > PlantedTargetsIT.LEVEL_SHARE) {
                            return true;
                        }
                    }
                    return false;
                }));
        checks.add(new Check(test, "planted-fail's error share over the ladder is 5% within " + Noise.num(PlantedTargetsIT.LADDER_SHARE * 100)
                + " point", shares, r -> {
                    double errors = 0;
                    double total = 0;
                    for (int k = 0; k < shares.size(); k++) {
                        errors += shares.get(k).drawMean(r, rounds) * sent.get(k);
                        total += sent.get(k);
                    }
                    return Math.abs(errors / total - 0.05) > PlantedTargetsIT.LADDER_SHARE;
                }));

        List<Noise> stallMax = new ArrayList<>();
        List<Noise> stallP99 = new ArrayList<>();
        List<Noise> directP99s = new ArrayList<>();
        for (int rate : PlantedTargetsIT.RATES) {
            stallMax.add(c.level("planted-stall", rate, "all_requests_latency_ms/max", 0));
            stallP99.add(c.level("planted-stall", rate, "all_requests_latency_ms/p99", 0));
            directP99s.add(c.level("direct", rate, "all_requests_latency_ms/p99", 0));
        }
        checks.add(new Check(test, "planted-stall's max at each level is the 100 ms stall less an arrival gap less "
                + Noise.num(PlantedTargetsIT.STALL_UNDER_MS) + " ms, at most " + Noise.num(PlantedTargetsIT.STALL_OVER_MS) + " ms over it",
                stallMax, r -> {
                    for (int k = 0; k < stallMax.size(); k++) {
                        double max = stallMax.get(k).drawMean(r, rounds);
                        if (max < 100 - 1000.0 / PlantedTargetsIT.RATES.get(k) - PlantedTargetsIT.STALL_UNDER_MS
                                || max > 100 + PlantedTargetsIT.STALL_OVER_MS) {
                            return true;
                        }
                    }
                    return false;
                }));
        List<Noise> p99s = new ArrayList<>(stallP99);
        p99s.addAll(directP99s);
        checks.add(new Check(test, "planted-stall's P99 at each level is at least direct's + 50 ms", p99s, r -> {
            for (int k = 0; k < stallP99.size(); k++) {
                if (stallP99.get(k).drawMean(r, rounds) < directP99s.get(k).drawMedian(r, rounds) + 50) {
                    return true;
                }
            }
            return false;
        }));
        Noise stallProbe = c.probe("planted-stall", "probe-under-load", 0.99);
        checks.add(new Check(test, "the probe under load sees planted-stall's stalls: its P99 at least 50 ms", List.of(stallProbe),
                r -> stallProbe.drawMean(r, rounds) < 50_000));
        return checks;
    }

    /** The table README.md carries: one row per check, its noise and its rate. */
    static String table(List<Check> checks) {
        StringBuilder md = new StringBuilder();
        md.append("| test | assertion | noise it depends on (calibration run) | fails by chance |\n|---|---|---|---:|\n");
        for (Check c : checks) {
            md.append(String.format(Locale.ROOT, "| %s | %s | %s | %s |%n", c.test(), c.assertion(),
                    String.join("; ", c.noise().stream().map(Noise::describe).toList()), percent(c)));
        }
        return md.toString();
    }

    private static String percent(Check c) {
        return c.rate() == 0 ? "0 of " + String.format(Locale.ROOT, "%,d", c.draws()) : String.format(Locale.ROOT, "%.3f%%", c.rate() * 100);
    }
}
