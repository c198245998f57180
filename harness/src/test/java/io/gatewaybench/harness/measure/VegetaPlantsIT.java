package io.gatewaybench.harness.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gatewaybench.harness.Origins;
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
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
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
 *   <li>a proxy that holds every answer 200 us ({@code planted/planted-park-200}), beside its twin that holds nothing, is
 *       recovered at P50 within {@link #P50_TOLERANCE_US} of the hold the proxy itself measured, at two rates. Beside: one
 *       level sends to both in turn and their requests are read apart, so both meet the machine in the same state. Sent
 *       one after the other, as a run measures targets, the same twins differed by 44-100 us (standard deviation) from one
 *       pair of 5 s levels to the next here: that is the noise a run's intervals over rounds carry, not the instrument's;</li>
 *   <li>a 100 ms stall every second shows in P99, and in the share of requests that waited for it (about 10%);</li>
 *   <li>the injector itself stopped 100 ms every second (SIGSTOP, SIGCONT): its latency from each request's intended send
 *       shows the stops, from the actual send it would not, and the level is sent once more and, late again, is
 *       injector-limited, neither a pass nor a failure of the target.</li>
 * </ul>
 * {@code -Dplanted.twin.park.us=N} makes the twin hold N us too, a plant this test must then fail (seen: N=100 fails the
 * P50 check at both rates). About 3 minutes; alone, since the twins are compared level by level over minutes of a quiet
 * machine.
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
     * How far below the hold the proxy measured the recovered hold (median over rounds of the P50 differences) may lie. In the
     * calibration (12 rounds at each rate, 20261126: harness/src/test/README.md) every round's difference lay within 40 us
     * of the hold at 250 req/s and all but one within 50 at 500.
     */
    static final long P50_TOLERANCE_US = 50;
    /**
     * How far above it: more, since the hold's side pays a parked thread's wake-up and a cold write on top of what the proxy
     * counts, and more so on a busy machine. Quiet, the calibration recovered the hold 4 us under what the proxy counted on
     * average; in six fresh-clone CI runs of 20261126-27, 2 to 42 us over, and on a busy day (ci6, every test 15-30% slower
     * than the day before) 52 and 62 us over; on ci11 (20261127, the proxy's own holds 298-301 us at P50 against the
     * planted 200) 40 and 102 over on the first attempt and 83 and 136 on the second, which failed at +100. At 1,000 req/s
     * in all it was 147 over, the plant no longer a pure delay. The plant this test is seen to fail on lies below, not
     * above (the twin holding 100 us too: 88 and 30 us recovered against about 300).
     */
    static final long P50_OVER_US = 150;
    /**
     * The same at P99, stated from the twin's own round-to-round spread there: its P99 moved between 1.5 and 5.7 ms from
     * one 5 s level to the next in the calibration, and the P99 differences between -1.3 and +1.4 ms. A hold of a few
     * hundred microseconds lies inside that: at P99 this machine resolves milliseconds, and the check only bounds them.
     */
    static final long P99_TOLERANCE_US = 2500;
    private static final Pattern HELD = Pattern.compile("held us: n=(\\d+) p50=(\\d+) p99=(\\d+) max=(\\d+)");

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

    private static RunPlan.LadderPlan ladder(int seconds) {
        return new RunPlan.LadderPlan(List.of(), List.of(), seconds, 1000, 10, RunPlan.LadderPlan.VEGETA);
    }

    private TargetProcess start(String descriptor, String name, String... extra) {
        Target t = Target.named(PLANTED + descriptor);
        if (extra.length > 0) { // the same proxy with another plant
            java.util.Map<String, String> keys = new java.util.LinkedHashMap<>(t.keys());
            keys.put("command", keys.get("command").replaceFirst("--park-us=\\d+", extra[0]));
            t = new Target(t.name(), t.description(), keys, t.file());
        }
        return TargetProcess.start(t, Launch.onLoopback(RUNS.resolve(name), Ports.free(), origin, 1, JvmProfile.load("default").flags()));
    }

    /** The proxy's own count of its holds, from the line it prints when stopped: n, P50, P99, max, us. */
    private static long[] held(TargetProcess proxy) throws IOException {
        proxy.close();
        String out = Files.readString(proxy.launch().dir().resolve("stdout.log"));
        Matcher m = HELD.matcher(out);
        assertTrue(m.find(), "no count of holds in " + out);
        return new long[] {Long.parseLong(m.group(1)), Long.parseLong(m.group(2)), Long.parseLong(m.group(3)), Long.parseLong(m.group(4))};
    }

    /** A measurement that may be made twice ({@link #twice}). */
    private interface Attempt {
        void run(int attempt) throws IOException;
    }

    /**
     * Runs {@code attempt}, and once more, with new processes, if its checks fail: a plant measured wrong twice running
     * fails, one a busy machine disturbed once does not. The checks are the plants' own (a hold a planted twin shares, a
     * stall planted shorter, fail both attempts alike), while a busy spell of this shared machine is a chance event: on
     * 20261127 (ci7) the planted proxy's own parked holds overshot 200 us by 103 us at P50, the twin's P99 reached 24 ms, and
     * 15.9% of requests to the stall waited over 10 ms, where ten minutes earlier and after every figure was as calibrated.
     * The first attempt's failure is kept in {@code target/vegeta-plants-it/<name>-first-attempt.txt}.
     */
    private static void twice(String name, Attempt attempt) throws IOException {
        try {
            attempt.run(1);
        } catch (AssertionError first) {
            Files.writeString(RUNS.resolve(name + "-first-attempt.txt"), first.getMessage() + "\n");
            try {
                attempt.run(2);
            } catch (AssertionError second) {
                second.addSuppressed(first);
                throw second;
            }
        }
    }

    @Test
    void aHoldOf200MicrosecondsIsRecoveredAtP50AtTwoRates() throws IOException {
        twice("hold", this::hold);
    }

    private void hold(int attempt) throws IOException {
        String twinPlant = System.getProperty("planted.twin.park.us", "");
        long[][] p50 = new long[RATES.size()][ROUNDS];
        long[][] p99 = new long[RATES.size()][ROUNDS];
        long[][] twinP99 = new long[RATES.size()][ROUNDS];
        long[] held;
        long[] twinHeld;
        try (TargetProcess hold = start("planted-park-200.properties", "park-200-" + attempt);
             TargetProcess twin = twinPlant.isEmpty() ? start("planted-park-0.properties", "park-0-" + attempt)
                     : start("planted-park-0.properties", "park-0-" + attempt, "--park-us=" + twinPlant)) {
            List<URI> twins = List.of(hold.launch().url(), twin.launch().url());
            Path targets = RUNS.resolve("twins-targets.txt");
            StringBuilder both = new StringBuilder();
            for (URI base : twins) {
                both.append(Files.readString(VegetaLevel.targets(base, VegetaLadder.paths(request), VegetaLadder.headers(request),
                        RUNS.resolve("targets-" + base.getPort() + ".txt"))));
            }
            Files.writeString(targets, both);
            side(targets, twins, RATES.get(RATES.size() - 1), WARMUP_LEVEL_SECONDS, "warm-up");
            for (int round = 0; round < ROUNDS; round++) {
                for (int r = 0; r < RATES.size(); r++) {
                    List<VegetaLevel.Result> each = side(targets, twins, RATES.get(r), LEVEL_SECONDS, "round" + (round + 1) + "-" + RATES.get(r));
                    Histogram h = each.get(0).fromIntended();
                    Histogram t = each.get(1).fromIntended();
                    p50[r][round] = h.getValueAtPercentile(50) - t.getValueAtPercentile(50);
                    p99[r][round] = h.getValueAtPercentile(99) - t.getValueAtPercentile(99);
                    twinP99[r][round] = t.getValueAtPercentile(99);
                }
            }
            held = held(hold);
            twinHeld = held(twin);
        }
        StringBuilder seen = new StringBuilder(String.format(Locale.ROOT, "held by the proxy: n=%d P50 %d us P99 %d us; by its twin: P50 %d us",
                held[0], held[1], held[2], twinHeld[1]));
        long plant = held[1]; // the twin holds nothing: the hold the proxy measured is what the difference must show
        for (int r = 0; r < RATES.size(); r++) {
            seen.append(String.format(Locale.ROOT, "%n%d req/s: P50 differences %s us (median %d), P99 differences %s us, the twin's P99 %s us",
                    RATES.get(r), Arrays.toString(p50[r]), median(p50[r]), Arrays.toString(p99[r]), Arrays.toString(twinP99[r])));
        }
        Files.writeString(RUNS.resolve("recovered.txt"), seen + "\n");
        // The plant itself: a timer that overshoots is no plant. Parked, the thread wakes some tens of us late.
        assertTrue(held[1] >= HOLD_US && held[1] <= HOLD_US + 100, "the proxy's own holds are not the planted " + HOLD_US + " us: " + seen);
        for (int r = 0; r < RATES.size(); r++) {
            long recovered = median(p50[r]);
            assertTrue(recovered >= plant - P50_TOLERANCE_US && recovered <= plant + P50_OVER_US, String.format(Locale.ROOT,
                    "at %d req/s the hold is recovered as %d us at P50 (median over %d rounds), the proxy held %d us (the twin nothing), "
                            + "tolerance -%d/+%d us:%n%s", RATES.get(r), recovered, ROUNDS, plant, P50_TOLERANCE_US, P50_OVER_US, seen));
            long recovered99 = median(p99[r]);
            assertTrue(Math.abs(recovered99 - plant) <= P99_TOLERANCE_US, String.format(Locale.ROOT,
                    "at %d req/s the hold shows at P99 as %d us, %d us planted, tolerance ±%d us:%n%s",
                    RATES.get(r), recovered99, plant, P99_TOLERANCE_US, seen));
        }
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

    private void stall(int attempt) throws IOException {
        try (TargetProcess stall = TargetProcess.start(Target.named(PLANTED + "planted-stall.properties"),
                Launch.onLoopback(RUNS.resolve("stall-" + attempt), Ports.free(), origin, 1, JvmProfile.load("default").flags()))) {
            Path raw = Files.createDirectories(RUNS.resolve("stall-levels-" + attempt));
            Path targets = VegetaLevel.targets(stall.launch().url(), VegetaLadder.paths(request), VegetaLadder.headers(request),
                    raw.resolve("targets.txt"));
            VegetaLevel.Result r = VegetaLevel.run(targets, 500, VegetaLadder.WARMUP_SECONDS, LEVEL_SECONDS, 1000, VegetaLadder.TIMEOUT_SECONDS,
                    raw.resolve("vegeta-500.bin"), new VegetaLevel.Expect(request.marker(), -1, true));
            Ladder.Level l = VegetaLadder.level(r, ladder(LEVEL_SECONDS), null);
            assertEquals(0, l.errors(), "every answer the book page: " + l);
            Histogram h = r.fromIntended();
            // A request that arrives during a stall waits for its end: on a schedule, 10% of them arrive in one; a tenth of
            // those within the stall's last 10 ms.
            double waited = 1 - h.getPercentileAtOrBelowValue(10_000) / 100;
            String seen = String.format(Locale.ROOT, "P90 %d us, P99 %d us, %.1f%% over 10 ms", l.vegeta().latencyUs().p90(),
                    l.vegeta().latencyUs().p99(), waited * 100);
            Files.writeString(RUNS.resolve("stall.txt"), seen + "\n");
            assertTrue(l.vegeta().latencyUs().p99() >= 80_000, "the stall at P99: " + seen);
            assertTrue(waited >= 0.07 && waited <= 0.11, "about 9% of requests waited over 10 ms for a stall: " + seen);
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
            try (Throttle ignored = new Throttle()) {
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
        assertNotNull(l.vegeta().firstTry(), "the first try's lag is kept");
        VegetaLevel.Result last = sent.get(1);
        long intended = last.fromIntended().getValueAtPercentile(99);
        long actual = last.fromSend().getValueAtPercentile(99);
        Files.writeString(RUNS.resolve("throttled.txt"), String.format(Locale.ROOT, "P99 from the intended send %d us, from the actual "
                + "send %d us; first try's send lag P99 %d us; %s%n", intended, actual, l.vegeta().firstTry().p99(), l.injectorLate()));
        assertTrue(intended >= 50_000, "from the intended send, P99 shows the 100 ms stops: " + intended + " us");
        assertTrue(actual < 20_000, "from the actual send it would not: " + actual + " us");
        // Neither a pass nor a failure: the search stops there, marked injector-limited, with no rate found.
        MaxSustainable.SearchRound search = ObjectiveJudge.maxSustainable(Objective.standard(10).get(0), levels, List.of(500));
        assertTrue(search.limitedByInjector(), "injector-limited: " + search);
    }

    /** Stops every {@code vegeta attack} under this JVM for 100 ms each second while open. */
    private static final class Throttle implements AutoCloseable {
        private final AtomicBoolean on = new AtomicBoolean(true);
        private final Thread thread;

        Throttle() {
            thread = new Thread(() -> {
                while (on.get()) {
                    List<Long> vegeta = ProcessHandle.current().descendants()
                            .filter(p -> p.info().command().map(c -> c.endsWith("/vegeta")).orElse(false))
                            .map(ProcessHandle::pid).toList();
                    signal("STOP", vegeta);
                    pause(100);
                    signal("CONT", vegeta);
                    pause(vegeta.isEmpty() ? 10 : 900);
                }
            }, "throttle-vegeta");
            thread.setDaemon(true);
            thread.start();
        }

        private static void signal(String name, List<Long> pids) {
            for (long pid : pids) {
                try {
                    new ProcessBuilder("kill", "-" + name, Long.toString(pid)).start().waitFor(5, TimeUnit.SECONDS);
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }

        private static void pause(long millis) {
            try {
                Thread.sleep(millis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        @Override
        public void close() {
            on.set(false);
            try {
                thread.join(5_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static long median(long[] values) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}
