package io.gatewaybench.harness.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gatewaybench.harness.Origins;
import io.gatewaybench.harness.PlantedProxy;
import io.gatewaybench.harness.analyse.ObjectiveJudge;
import io.gatewaybench.harness.launch.Launch;
import io.gatewaybench.harness.launch.TargetProcess;
import io.gatewaybench.harness.model.MaxSustainable;
import io.gatewaybench.harness.plan.JvmProfile;
import io.gatewaybench.harness.plan.Objective;
import io.gatewaybench.harness.plan.Ports;
import io.gatewaybench.harness.plan.RunPlan;
import io.gatewaybench.harness.plan.Target;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * The fixed-rate injector against answers planted to the microsecond, as the ladder sends it ({@link VegetaLadder}) in
 * front of real Tomcat over loopback:
 * <ul>
 *   <li>a proxy that holds every answer 200 us ({@code planted/planted-park-200}), beside its twin that parks every answer
 *       1 us ({@code planted-park-1}: the same parked thread's wake-up, about 85 us here, so that what sets the two apart
 *       is the planted hold and not a wake-up only one side pays, which a busy machine makes dear), is recovered at P50
 *       within -{@link #P50_UNDER_US}/+{@link #P50_OVER_US} us of what the proxies themselves counted, level by level: each
 *       answer's time from its handler's start to its last byte written ({@link PlantedProxy#COUNTS_PATH}), at two rates.
 *       One level sends to both in turn and their requests are read apart, so both meet the machine in the same state.
 *       Sent one after the other, as a run measures targets, the same twins differed by 44-100 us (standard deviation)
 *       from one pair of 5 s levels to the next here: that is the noise a run's intervals over rounds carry, not the
 *       instrument's;</li>
 *   <li>a hold of 5 ms beside the same twin is recovered at P99 within {@link #P99_TOLERANCE_US} of what the proxies
 *       served (the 200 us hold lies inside P99's noise here, so its P99 is only bounded);</li>
 *   <li>a 100 ms stall every second shows in P99, and in the share of requests that waited for it (about 10%);</li>
 *   <li>the injector itself stopped 100 ms every second (SIGSTOP, SIGCONT): its latency from each request's intended send
 *       shows the stops, from the actual send it would not, and the level is sent once more and, late again, is
 *       injector-limited, neither a pass nor a failure of the target.</li>
 * </ul>
 * {@code -Dplanted.twin.unseen.us=N} makes the twin park N us more before its clock starts, a wait the proxies' count
 * misses, which this test must then fail (seen: N=50 fails the P50 check, -145 and -129 us at 250 req/s on the two
 * attempts, -111 at 500; N=1, a wake-up of about 40 us unseen, passes). {@code -Dplanted.twin.park.us=N} makes the twin
 * hold N us instead of 1, a plant the check of the plant itself must fail (seen: N=100, the proxies' holds differing by
 * 102 us at 250 req/s on both attempts, where Vegeta's check passed). About 2 minutes; alone, since the twins are
 * compared level by level.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Isolated("twins compared level by level: no other load beside them")
@ExtendWith(Origins.Resolver.class)
class VegetaPlantsIT {
    private static final Path RUNS = Path.of("target", "vegeta-plants-it").toAbsolutePath();
    private static final String PLANTED = "harness/src/test/resources/planted/";
    /** The planted hold, us, as planted-park-200 declares it. */
    static final int HOLD_US = 200;
    /**
     * The two rates the holds are read at, in all (each twin gets half): well inside what this machine carries. At 1,000 req/s
     * in all the hold's side was 420 us slower at P50 (262-581 over 12 rounds), not the 279 it held: there the plant is no
     * longer a pure delay (why is not established; a parked thread's wake-up that waits for a busy CPU would do it).
     */
    static final List<Integer> RATES = List.of(250, 500);
    /** Rounds of both twins at both rates; {@code -Dvegeta.plants.rounds=N} for a calibration of the noise. */
    static final int ROUNDS = Integer.getInteger("vegeta.plants.rounds", 5);
    static final int LEVEL_SECONDS = 5;
    /** Each twin's first level, not read: the proxies' and Vegeta's first seconds (JIT, connections) are not what is measured. */
    static final int WARMUP_LEVEL_SECONDS = 10;
    /**
     * How far the P50 difference Vegeta saw (the median over rounds, each round's less what the proxies served in the same
     * level) may lie under and over what they served. Over: the hold's side pays a little the proxies do not count (an idle
     * CPU woken to deliver its answer): medians of 5 rounds +23 to +40 us on a quiet machine here; in the calibration
     * (20261127, 12 rounds, harness/src/test/README.md) +4 to +110 per round at 250 req/s, -7 to +81 at 500, and a median of
     * 5 drawn from them leaves these bounds 0.5% of the time at 250, never at 500. Under: with a busy loop on one of the two CPUs beside
     * the test, -23 and -6. The plant the test fails on: the twin's answers 50 us parked before its count (-145, -129, -111).
     */
    static final long P50_UNDER_US = 75;
    /** See {@link #P50_UNDER_US}. */
    static final long P50_OVER_US = 100;
    /**
     * How far the proxies' own holds may differ from the planted 200 us, the hold's less the twin's (median over rounds):
     * both park and wake late alike, so the difference is the plant (201-212 us here, quiet or busy), where one proxy's
     * holds alone are 280-300 us and more on a busy machine (301 on ci11, 20261127, when the twin parked nothing).
     */
    static final long HELD_TOLERANCE_US = 50;
    /**
     * The same at P99, stated from the twin's own round-to-round spread there: its P99 moved between 1.5 and 5.7 ms from
     * one 5 s level to the next in the calibration, and the P99 differences between -1.3 and +1.4 ms. A hold of a few
     * hundred microseconds lies inside that: at P99 this machine resolves milliseconds, so the 200 us hold's P99 is
     * only bounded, and a hold of {@link #P99_HOLD_US} is what P99 must show (a P99 without it lies twice this away).
     */
    static final long P99_TOLERANCE_US = 2500;
    /** The hold the P99 check is planted with, us: twice {@link #P99_TOLERANCE_US}. */
    static final int P99_HOLD_US = 5000;
    /** Rounds of the P99 check, at the first of {@link #RATES}. */
    static final int P99_ROUNDS = 3;
    private static final Pattern HELD = Pattern.compile("held us: n=(\\d+) p50=(\\d+) p99=(\\d+) max=(\\d+)");
    private static final Pattern SERVED = Pattern.compile("served us: n=(\\d+) p50=(\\d+) p99=(\\d+) max=(\\d+)");

    private final List<String> progress = new ArrayList<>();
    private URI origin;
    private GatlingRun.Request request;

    @BeforeAll
    void origin(Origins origins) throws IOException {
        origin = origins.tomcatUrl();
        Files.createDirectories(RUNS);
        // As a run asks for the page: one Tomcat session shared by every request, no new session per request.
        request = new GatlingRun.Request(io.gatewaybench.harness.plan.Scenario.BOOK_PATH, io.gatewaybench.harness.plan.Scenario.BOOK_MARKER,
                -1, 0, "", "", ScenarioCheck.sessionCookie(origin));
    }

    private static RunPlan.LadderSpec ladder(int seconds) {
        return new RunPlan.LadderSpec(List.of(), List.of(), seconds, 1000, 10, RunPlan.LadderSpec.VEGETA);
    }

    private TargetProcess start(String descriptor, String name, String... extra) {
        Target t = Target.named(PLANTED + descriptor);
        if (extra.length > 0) { // the same proxy with another plant
            java.util.Map<String, String> keys = new java.util.LinkedHashMap<>(t.keys());
            String option = extra[0].substring(0, extra[0].indexOf('=') + 1);
            keys.put("command", keys.get("command").replaceFirst(option + "\\d+", extra[0]));
            t = new Target(t.name(), t.description(), keys, t.file());
        }
        return TargetProcess.start(t, Launch.onLoopback(RUNS.resolve(name), Ports.free(), origin, 1, JvmProfile.load("default").flags()));
    }

    /** A measurement that may be made twice ({@link #twice}). */
    private interface Attempt {
        void run(int attempt) throws IOException;
    }

    /**
     * Runs {@code attempt}, and once more, with new processes, if its checks fail: a plant measured wrong twice running
     * fails, one a busy machine disturbed once does not. The checks are the plants' own (a wait the proxies do not count, a
     * stall planted shorter, fail both attempts alike), while a busy spell of this shared machine is a chance event: on
     * 20261127 (ci7) the planted proxy's own parked holds overshot 200 us by 103 us at P50, the twin's P99 reached 24 ms, and
     * 15.9% of requests to the stall waited over 10 ms, where ten minutes earlier and after every figure was as calibrated.
     * The chance this hides: a defect that fails a check in a share q of attempts passes 1 - q^2 of runs (q = 0.5: 75%;
     * q = 0.9: 19%); a defect of the kind these plants stand for fails every attempt, and so every run. The first
     * attempt's failure is printed and kept in {@code target/vegeta-plants-it/<name>-first-attempt.txt}, so that a run
     * that needed the second says so.
     */
    private static void twice(String name, Attempt attempt) throws IOException {
        try {
            attempt.run(1);
        } catch (AssertionError first) {
            Files.writeString(RUNS.resolve(name + "-first-attempt.txt"), first.getMessage() + "\n");
            System.out.println("VegetaPlantsIT " + name + ": first attempt failed, measured once more: "
                    + first.getMessage());
            try {
                attempt.run(2);
            } catch (AssertionError second) {
                second.addSuppressed(first);
                throw second;
            }
        }
    }

    /**
     * A hold of {@link #P99_HOLD_US} beside its twin: the P99 difference Vegeta saw (the median over {@link
     * #P99_ROUNDS} levels) lies within {@link #P99_TOLERANCE_US} of the one the proxies served, so a P99 that does not
     * show the hold fails. {@code -Dplanted.twin.unseen.us=5000} makes the twin hold 5 ms before its count starts:
     * Vegeta's P99 then shows no difference where the proxies served one, and the check must fail.
     */
    @Test
    void aHoldOf5MillisecondsShowsAtP99() throws IOException {
        twice("p99", this::holdAtP99);
    }

    private void holdAtP99(int attempt) throws IOException {
        String unseen = System.getProperty("planted.twin.unseen.us", "");
        String plant = System.getProperty("planted.p99.hold.us", String.valueOf(P99_HOLD_US));
        long[] recovered = new long[P99_ROUNDS];
        long[] served = new long[P99_ROUNDS];
        try (TargetProcess hold = start("planted-park-200.properties", "p99-hold-" + attempt, "--park-us=" + plant);
             TargetProcess twin = start("planted-park-1.properties", "p99-twin-" + attempt,
                     "--park-us=1" + (unseen.isEmpty() ? "" : " --unseen-park-us=" + unseen))) {
            List<URI> twins = List.of(hold.launch().url(), twin.launch().url());
            Path targets = RUNS.resolve("p99-targets.txt");
            StringBuilder both = new StringBuilder();
            for (URI base : twins) {
                both.append(Files.readString(VegetaLevel.targets(base, VegetaLadder.paths(request),
                        VegetaLadder.headers(request), RUNS.resolve("p99-targets-" + base.getPort() + ".txt"))));
            }
            Files.writeString(targets, both);
            side(targets, twins, RATES.get(0), WARMUP_LEVEL_SECONDS, "p99-warm-up");
            counts(twins.get(0));
            counts(twins.get(1));
            for (int round = 0; round < P99_ROUNDS; round++) {
                List<VegetaLevel.Result> each = side(targets, twins, RATES.get(0), LEVEL_SECONDS, "p99-" + (round + 1));
                Counts h = counts(twins.get(0));
                Counts t = counts(twins.get(1));
                recovered[round] = each.get(0).fromIntended().getValueAtPercentile(99)
                        - each.get(1).fromIntended().getValueAtPercentile(99);
                served[round] = h.servedP99() - t.servedP99();
            }
        }
        String seen = String.format(Locale.ROOT, "the hold of %s us less its twin at %d req/s, P99 us: as Vegeta saw "
                + "it %s, as the proxies served it %s", plant, RATES.get(0), Arrays.toString(recovered),
                Arrays.toString(served));
        Files.writeString(RUNS.resolve("p99-recovered.txt"), seen + "\n");
        assertTrue(Math.abs(median(recovered) - median(served)) <= P99_TOLERANCE_US, String.format(Locale.ROOT,
                "the hold shows at P99 as %d us (median), %d us served, tolerance ±%d us: %s", median(recovered),
                median(served), P99_TOLERANCE_US, seen));
    }

    @Test
    void aHoldOf200MicrosecondsIsRecoveredAtP50AtTwoRates() throws IOException {
        twice("hold", this::hold);
    }

    private void hold(int attempt) throws IOException {
        String unseen = System.getProperty("planted.twin.unseen.us", "");
        String twinPark = System.getProperty("planted.twin.park.us", "1");
        long[][] recovered = new long[RATES.size()][ROUNDS];
        long[][] served = new long[RATES.size()][ROUNDS];
        long[][] held = new long[RATES.size()][ROUNDS];
        long[][] p99 = new long[RATES.size()][ROUNDS];
        long[][] twinP99 = new long[RATES.size()][ROUNDS];
        try (TargetProcess hold = start("planted-park-200.properties", "park-200-" + attempt);
             TargetProcess twin = start("planted-park-1.properties", "park-1-" + attempt,
                     "--park-us=" + twinPark + (unseen.isEmpty() ? "" : " --unseen-park-us=" + unseen))) {
            List<URI> twins = List.of(hold.launch().url(), twin.launch().url());
            Path targets = RUNS.resolve("twins-targets.txt");
            StringBuilder both = new StringBuilder();
            for (URI base : twins) {
                both.append(Files.readString(VegetaLevel.targets(base, VegetaLadder.paths(request), VegetaLadder.headers(request),
                        RUNS.resolve("targets-" + base.getPort() + ".txt"))));
            }
            Files.writeString(targets, both);
            side(targets, twins, RATES.get(RATES.size() - 1), WARMUP_LEVEL_SECONDS, "warm-up");
            counts(twins.get(0));
            counts(twins.get(1));
            for (int round = 0; round < ROUNDS; round++) {
                for (int r = 0; r < RATES.size(); r++) {
                    List<VegetaLevel.Result> each = side(targets, twins, RATES.get(r), LEVEL_SECONDS, "round" + (round + 1) + "-" + RATES.get(r));
                    Counts h = counts(twins.get(0));
                    Counts t = counts(twins.get(1));
                    Histogram fromH = each.get(0).fromIntended();
                    Histogram fromT = each.get(1).fromIntended();
                    recovered[r][round] = fromH.getValueAtPercentile(50) - fromT.getValueAtPercentile(50);
                    served[r][round] = h.servedP50() - t.servedP50();
                    held[r][round] = h.heldP50() - t.heldP50();
                    p99[r][round] = fromH.getValueAtPercentile(99) - fromT.getValueAtPercentile(99);
                    twinP99[r][round] = fromT.getValueAtPercentile(99);
                }
            }
        }
        StringBuilder seen = new StringBuilder((unseen.isEmpty() ? "" : "planted: the twin parks " + unseen + " us before its clock starts")
                + (twinPark.equals("1") ? "" : "planted: the twin holds " + twinPark + " us"));
        for (int r = 0; r < RATES.size(); r++) {
            seen.append(String.format(Locale.ROOT, "%n%d req/s, the hold less its twin, P50 us: as Vegeta saw it %s (median %d); "
                            + "served, as the proxies counted %s; held %s; at P99 as Vegeta saw it %s, the twin's P99 %s",
                    RATES.get(r), Arrays.toString(recovered[r]), median(recovered[r]), Arrays.toString(served[r]), Arrays.toString(held[r]),
                    Arrays.toString(p99[r]), Arrays.toString(twinP99[r])));
        }
        Files.writeString(RUNS.resolve("recovered.txt"), seen + "\n");
        for (int r = 0; r < RATES.size(); r++) {
            // The plant itself: both threads park and wake late alike, and what sets their holds apart is the 200 us planted.
            assertTrue(Math.abs(median(held[r]) - HOLD_US) <= HELD_TOLERANCE_US, String.format(Locale.ROOT,
                    "at %d req/s the proxies' own holds differ by %d us (median), not the planted %d:%s", RATES.get(r), median(held[r]),
                    HOLD_US, seen));
            long[] error = new long[ROUNDS];
            for (int i = 0; i < ROUNDS; i++) {
                error[i] = recovered[r][i] - served[r][i];
            }
            long off = median(error);
            assertTrue(off >= -P50_UNDER_US && off <= P50_OVER_US, String.format(Locale.ROOT,
                    "at %d req/s the P50 difference Vegeta saw lies %+d us (median over %d rounds) from the one the proxies served, "
                            + "tolerance -%d/+%d us:%s", RATES.get(r), off, ROUNDS, P50_UNDER_US, P50_OVER_US, seen));
            long recovered99 = median(p99[r]);
            long plant = median(served[r]);
            assertTrue(Math.abs(recovered99 - plant) <= P99_TOLERANCE_US, String.format(Locale.ROOT,
                    "at %d req/s the hold shows at P99 as %d us, %d us served, tolerance ±%d us:%s",
                    RATES.get(r), recovered99, plant, P99_TOLERANCE_US, seen));
        }
    }

    /** A proxy's own figures since it was last asked, us: each answer's time in it (P50, P99) and each hold's (P50). */
    private record Counts(long servedP50, long servedP99, long heldP50) {
    }

    private static Counts counts(URI proxy) throws IOException {
        String text;
        try (Http1Client c = new Http1Client(proxy, 10_000)) {
            text = c.get(PlantedProxy.COUNTS_PATH).text();
        }
        Matcher served = SERVED.matcher(text);
        Matcher held = HELD.matcher(text);
        assertTrue(served.find(), "no count of answers served in " + text);
        return new Counts(Long.parseLong(served.group(2)), Long.parseLong(served.group(3)),
                held.find() ? Long.parseLong(held.group(2)) : 0);
    }

    /**
     * One level at {@code rate} in all over both twins in turn (each at half of it), as the ladder sends a level: its first
     * second on the same schedule left out, every answer checked. The hold's requests and the twin's, read apart.
     */
    private List<VegetaLevel.Result> side(Path targets, List<URI> twins, int rate, int seconds, String name) throws IOException {
        Path raw = Files.createDirectories(RUNS.resolve(name));
        List<VegetaLevel.Result> each = VegetaLevel.runEach(targets, twins, rate, VegetaLadder.WARMUP_SECONDS, seconds, 1000,
                VegetaLadder.TIMEOUT_SECONDS, raw.resolve("vegeta.bin"), new VegetaLevel.Expect(request.marker(), -1, true));
        for (VegetaLevel.Result r : each) {
            assertEquals(0, r.sent() - r.good(), "every answer the book page: " + r.failures());
            assertEquals(r.planned(), r.sent(), 1, "half of the level each");
        }
        return each;
    }

    @Test
    void aStallOf100MillisecondsEverySecondShowsInP99AndInTheShareThatWaited() throws IOException {
        twice("stall", this::stall);
    }

    /**
     * A request that arrives during a stall waits for its end: on a schedule, 10% of them arrive in one, and a tenth of those
     * within the stall's last 10 ms, so at least 9% wait over 10 ms, counted from their intended send (from the actual send
     * the stall hides: the check this fails). More wait while the proxy drains the stall's backlog, how many depends on how
     * fast this machine serves at that moment: 7-11% on quiet days; on the fresh-clone CI of 2d0df03, 11.3% then 19.0%; the
     * same hour here 10.6, 13.5, 21.7 and 21.2% (the proxy's P90 50-60 ms), where the same proxy without a stall showed
     * 0.5-4.9% (P99 8-44 ms). So only the least is checked: {@link #STALL_SHARE_LEAST}. The plant the test fails on:
     * {@code -Dplanted.stall.name=planted-park-1}, a proxy without a stall in its place (0.8% over 10 ms, P99 9 ms; in a
     * noisy second: 12.0%, and P99 41 ms, which the P99 check fails).
     */
    private void stall(int attempt) throws IOException {
        Level stalled = overTenMs(System.getProperty("planted.stall.name", "planted-stall"), attempt);
        Files.writeString(RUNS.resolve("stall.txt"), stalled.seen() + "\n");
        assertTrue(stalled.p99() >= 80_000, "the stall at P99: " + stalled.seen());
        assertTrue(stalled.share() >= STALL_SHARE_LEAST, "at least 7% of requests waited over 10 ms for a stall: " + stalled.seen());
    }

    /** The least share of requests over 10 ms a stall of 100 ms each second must show: 9% by the schedule, less a margin. */
    static final double STALL_SHARE_LEAST = 0.07;

    private record Level(double share, long p99, String seen) {
    }

    /** One level of 500 req/s against the planted proxy {@code name}: its share of requests over 10 ms from their intended send. */
    private Level overTenMs(String name, int attempt) throws IOException {
        try (TargetProcess proxy = TargetProcess.start(Target.named(PLANTED + name + ".properties"),
                Launch.onLoopback(RUNS.resolve(name + "-" + attempt), Ports.free(), origin, 1, JvmProfile.load("default").flags()))) {
            Path raw = Files.createDirectories(RUNS.resolve(name + "-levels-" + attempt));
            Path targets = VegetaLevel.targets(proxy.launch().url(), VegetaLadder.paths(request), VegetaLadder.headers(request),
                    raw.resolve("targets.txt"));
            VegetaLevel.Result r = VegetaLevel.run(targets, 500, VegetaLadder.WARMUP_SECONDS, LEVEL_SECONDS, 1000, VegetaLadder.TIMEOUT_SECONDS,
                    raw.resolve("vegeta-500.bin"), new VegetaLevel.Expect(request.marker(), -1, true));
            Ladder.Level l = VegetaLadder.level(r, ladder(LEVEL_SECONDS), null);
            assertEquals(0, l.errors(), name + ": every answer the book page: " + l);
            double share = 1 - r.fromIntended().getPercentileAtOrBelowValue(10_000) / 100;
            return new Level(share, l.vegeta().latencyUs().p99(), String.format(Locale.ROOT, "P90 %d us, P99 %d us, %.1f%% over 10 ms",
                    l.vegeta().latencyUs().p90(), l.vegeta().latencyUs().p99(), share * 100));
        }
    }

    /**
     * An injector that cannot keep its schedule: Vegeta stopped 100 ms every second. From the intended send the stops
     * show; from the actual send they do not (so a latency taken from the actual send fails here); the level is sent
     * again, late again, and is then injector-limited: the search stops there without a pass or a failure.
     */
    @Test
    void aLevelTheInjectorSentLateIsSentAgainAndThenNeitherPassNorFailure() throws IOException {
        Path raw = Files.createDirectories(RUNS.resolve("throttled"));
        VegetaLevel.Expect expect = new VegetaLevel.Expect(request.marker(), -1, true);
        Path targets = VegetaLevel.targets(origin, VegetaLadder.paths(request), VegetaLadder.headers(request), raw.resolve("targets.txt"));
        List<VegetaLevel.Result> sent = new ArrayList<>();
        VegetaLadder.Sender throttled = (rate, suffix) -> {
            try (Throttle ignored = Throttle.vegeta()) {
                VegetaLevel.Result r = VegetaLevel.run(targets, rate, VegetaLadder.WARMUP_SECONDS, LEVEL_SECONDS, 1000,
                        VegetaLadder.TIMEOUT_SECONDS, raw.resolve("vegeta-" + rate + suffix + ".bin"), expect);
                sent.add(r);
                return r;
            }
        };
        List<Ladder.Level> levels = VegetaLadder.run(throttled, List.of(500), ladder(LEVEL_SECONDS), progress::add);
        assertEquals(2, sent.size(), "the late level sent once more: " + progress);
        Ladder.Level l = levels.get(0);
        assertFalse(l.injectorLate().isEmpty(), "late on its second try too: " + l.injectorLate());
        assertNotNull(l.firstTry(), "the first try's lag is kept");
        // the figure the ladder reports for the level (summary.json's fixed_rate[].latency_us), not the decoder's
        long reported = l.vegeta().latencyUs().p99();
        long actual = sent.get(1).fromSend().getValueAtPercentile(99);
        Files.writeString(RUNS.resolve("throttled.txt"), String.format(Locale.ROOT, "P99 reported %d us, from the "
                + "actual send %d us; first try's send lag P99 %d us; %s%n", reported, actual, l.firstTry().p99(),
                l.injectorLate()));
        assertTrue(reported >= 50_000, "the level's reported P99 shows the 100 ms stops: " + reported + " us");
        assertTrue(actual < 20_000, "from the actual send it would not: " + actual + " us");
        assertEquals(reported, l.measuredIn(1).latencyUs().p99(), "summary.json's figure is the level's");

        // Neither a pass nor a failure: the search stops there, marked injector-limited, with no rate found.
        MaxSustainable.SearchRound search = ObjectiveJudge.maxSustainable(Objective.standard(10).get(0),
                levels.stream().map(level -> level.measuredIn(1)).toList(), List.of(500));
        assertTrue(search.limitedByInjector(), "injector-limited: " + search);
    }

    private static long median(long[] values) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}
