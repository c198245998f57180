package io.gatewaybench.harness;

import io.gatewaybench.harness.plan.InjectorLimit;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gatewaybench.harness.plan.Target;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * Planted answers: one {@code ./bench run} over four test-only targets of known behaviour
 * ({@link PlantedProxy}: a fixed delay, a rate cap, a share of failures, periodic stalls) must report
 * what was planted, within the tolerance stated beside each check. Each check is one the suite judges
 * real gateways by, shown here to fail on a planted difference and not only to pass on real data.
 * The planted values are read from the descriptors ({@code src/test/resources/planted/}), so the
 * test and the targets cannot drift apart. About 2.5 minutes here.
 *
 * <p>{@code -Dplanted.summary=<run folder>} checks an existing run instead of making one: a run of
 * targets with the same names planted with other values must fail these checks (a check that passes
 * whatever was planted proves nothing). {@code -Dplanted.targets=planted-other} makes that run: the
 * same targets planted with values outside every tolerance ({@code src/test/resources/planted-other/}:
 * a 3 ms delay, a cap of 150, 10% failures, 50 ms stalls), judged against the values of
 * {@code planted/}; every test but the three on direct, on counts and on Gatling's report must then fail.
 *
 * <p>The ladder is Vegeta's, the one a run sends by default, so its levels are timed to the microsecond and carry no probe
 * beside them. Every tolerance on a measured figure is a constant here, and {@link NoiseBudgetTest} shows, by a
 * seeded simulation from the noise of a calibration run of this same load with eight rounds
 * ({@code src/test/resources/noise/planted-vegeta/}), that chance fails each check at most 1% of the time; the
 * rates are listed in {@code harness/src/test/README.md}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Isolated("its tolerances were calibrated on a quiet machine: no other ./bench run beside it")
class PlantedTargetsIT {
    private static final String FOLDER = "harness/src/test/resources/planted/";
    /** The descriptors the run starts: {@link #FOLDER}'s, unless {@code -Dplanted.targets} names other plants under the same names. */
    private static final String RUN_FOLDER = "harness/src/test/resources/" + System.getProperty("planted.targets", "planted") + "/";
    private static final List<String> PLANTED = List.of("planted-delay", "planted-cap", "planted-fail", "planted-stall");
    /**
     * The ladder: 100 is the rate the delay is read at, 150 and 200 lie below the cap's 300 per second, 350 above it (the
     * levels have no probe beside them: Vegeta's ladder sends alone); the stalls are read at every rate.
     */
    static final List<Integer> RATES = List.of(100, 150, 200, 350);
    /**
     * One round. On Gatling's ladder it took two, so that a level Gatling sent late in one round (11-19 ms of send lag
     * P99 on CI machines, against a target that holds its answers, sent late once more) left the other round's figure
     * standing. Vegeta's ladder sent none of the calibration's 160 levels late (send lag P99 1.03-1.58 ms; late is over
     * {@code InjectorLimit.VEGETA_LATE_SEND_MS}, 5 ms). {@link NoiseBudgetTest} gives each check's chance failure for
     * one round.
     */
    static final int ROUNDS = 1;
    /**
     * The P99 bound of the maximum-rate objective. Not the default 10 ms: the capped proxy's own P99 is 3.2-8.0 ms at
     * 100-200 req/s in the calibration run (the cap answers one every 3.3 ms), close enough to 10 ms that a busy machine
     * would tip it; over its cap its queue grows by 50 requests a second and its P99 is about half a second (498-503 ms in
     * every calibration round).
     */
    static final int P99_OBJECTIVE_MS = 20;
    static final String P99 = "p99-" + P99_OBJECTIVE_MS + "ms";
    static final String GIGAOM = "gigaom-high-performance";
    /**
     * planted-delay's P50 over direct's, above the planted delay: the proxy's cost and waking from the sleep. 0.39-0.63 ms in
     * the calibration's rounds at 100 req/s; 0.66-0.76 ms in three runs later that day here (20261129), above every
     * calibration round: the hour moves it more than the rounds of one hour show, so 2 ms, not 1.5.
     */
    static final double DELAY_SLACK_MS = 2;
    /** The probe's P50 through planted-delay over its twin's, above the planted delay, one request at a time. */
    static final long PROBE_SLACK_US = 1200;
    /** The planted proxy whose probe P50 is planted-delay's without the delay: the probe's requests pass it untouched. */
    static final String PROBE_TWIN = "planted-stall";
    /** planted-cap's served rate under the closed load (Gatling's and the probe's beside it) around its cap. */
    static final double CAP_SHARE = 0.10;
    /** How far above the planted stall the maximum may lie: the burst of answers it held. */
    static final double STALL_OVER_MS = 30;
    /**
     * The error share of planted-fail under the closed load (6,000-17,000 requests in a round, the probe's beside them), and over the
     * whole ladder (1,600, the ladder's alone: a planted 4% or 6% fails there), around 1/20; at each level,
     * {@link #LEVEL_SHARE}.
     */
    static final double CLOSED_SHARE = 0.005;
    static final double LADDER_SHARE = 0.005;
    /**
     * The error share of planted-fail at each level, around 1/20. One of every 20 requests fails and at a level the ladder's
     * requests are the only ones, so a level's count is its requests / 20 give or take the blocks cut at its two ends: one
     * request either way (4.5-5.5% at 100 req/s, 200 requests, in the calibration; 4.86-5.14% at 350). One point is two
     * requests at the lowest level, and a planted 10% or 2.5% fails at each level.
     */
    static final double LEVEL_SHARE = 0.01;
    /**
     * How far below the stall less an arrival gap the maximum may lie. Vegeta spaces its arrivals evenly (on whole
     * milliseconds: injector/README.md), so the first arrival after a stall begins comes at most one gap later and waits out
     * the rest: the calibration's maxima lay 2.2-3.8 ms above that at every rate.
     */
    static final double STALL_UNDER_MS = 10;

    /**
     * {@code -Dplanted.second.attempt=true} makes the second attempt whatever the first delivered: to see that path run (the
     * first's run and console kept, the second's checked), which a quiet machine never takes.
     */
    private static final boolean FORCE_SECOND_ATTEMPT = Boolean.getBoolean("planted.second.attempt");

    private JsonNode summary;
    private Path runDir;

    @BeforeAll
    void run() throws Exception {
        String existing = System.getProperty("planted.summary", "");
        runDir = existing.isBlank() ? newRun() : Path.of(existing);
        summary = new ObjectMapper().readTree(runDir.resolve("summary.json").toFile());
        List<String> names = new ArrayList<>();
        summary.get("targets").forEach(t -> names.add(t.get("name").asText()));
        List<String> expected = new ArrayList<>(List.of("direct"));
        expected.addAll(PLANTED);
        assertEquals(expected, names);
        for (JsonNode t : summary.get("targets")) {
            assertFalse(t.has("failure"), t.get("name") + " was not measured: " + t.get("failure"));
            assertEquals(ROUNDS, t.get("rounds").size(), t.get("name") + "'s rounds");
            assertEquals(RATES, rates(t), t.get("name") + " did not reach every level");
        }
    }

    /**
     * The run, and once more where the injector could not deliver a level of it ({@link QuickRun#deliveredOrOnceMore}): with
     * one round no other round stands in for a level Vegeta sent late twice. The calibration's 160 levels had none (send lag
     * P99 1.03-1.58 ms); a noisy spell of this machine (20261129) sent eight levels of one run late, and four of them late
     * again (send lag P99 5.2-9.0 ms), direct's 150 req/s among them. What was late is in
     * {@code target/planted-it/first-attempt.txt}, the first attempt's console in {@code first-attempt-bench.log}.
     */
    private Path newRun() throws Exception {
        Path results = Path.of("target", "planted-it").toAbsolutePath();
        return QuickRun.deliveredOrOnceMore(results, FORCE_SECOND_ATTEMPT ? "-Dplanted.second.attempt" : "", () -> newRun(results));
    }

    private Path newRun(Path results) throws Exception {
        // Exit 1: planted-fail had errors and the run must say so; the summary is written all the same.
        // --quick only shortens the single-request probe (300 requests per target and round instead of
        // 3,000); every other setting is given.
        QuickRun.bench(results, 1, "run", "--design=rounds", "--quick",
                "--targets=" + PLANTED.stream().map(n -> RUN_FOLDER + n + ".properties").collect(Collectors.joining(",")),
                "--rounds=" + ROUNDS, "--users=4", "--warmup=3", "--duration=5", "--levels=none",
                "--rates=" + RATES.stream().map(String::valueOf).collect(Collectors.joining(",")), "--level-duration=2",
                "--cross-check=none", "--p99-objective=" + P99_OBJECTIVE_MS, "--results=" + results);
        SummarySchemaTest.assertMatchesSchema(QuickRun.newest(results));
        return QuickRun.newest(results);
    }

    /**
     * Gatling wrote its HTML report once in the run, in its first measurement, where the decoder's count was checked against
     * it (GatlingRun.REPORT_CHECKED), and only its simulation.log in every other (-nr): the report cost each of them
     * 1.4 CPU-seconds. A run that checks every cell (planted: 10 reports), or none, fails here.
     */
    @Test
    void gatlingWroteItsReportOnceInTheRun() throws IOException {
        List<Path> logs;
        try (java.util.stream.Stream<Path> files = Files.walk(runDir.resolve("raw"))) {
            logs = files.filter(f -> f.getFileName().toString().equals("simulation.log")).sorted().toList();
        }
        List<Path> reported = logs.stream().filter(l -> Files.isRegularFile(l.resolveSibling("index.html"))).toList();
        assertEquals(ROUNDS * (PLANTED.size() + 1), logs.stream().filter(l -> !l.toString().contains("ladder-again")).count(),
                "a simulation.log for each target and round: " + logs);
        assertEquals(1, reported.size(), "Gatling's reports: " + reported);
        assertTrue(reported.get(0).toString().contains("/raw/direct-round1/"), "the first measurement's: " + reported);
    }

    /** The baseline is clean and meets both objectives at the lowest rate: a planted target's 0 is the plant's doing. */
    @Test
    void directHasNoErrorsAndMeetsTheObjectives() {
        JsonNode direct = target("direct");
        assertEquals(0, direct.get("errors").asLong(), "direct had errors");
        for (String objective : List.of(P99, GIGAOM)) {
            assertTrue(maxRate(direct, objective) >= RATES.get(0), "direct itself misses " + objective + " at "
                    + RATES.get(0) + " req/s: " + direct.get("max_sustainable").get(objective));
        }
    }

    /** Counts are sums over rounds, so that errors / requests is the error share (it was once a sum over a median). */
    @Test
    void requestsAndErrorsAreSumsOverRounds() {
        for (JsonNode t : summary.get("targets")) {
            long requests = 0;
            long errors = 0;
            for (JsonNode r : t.get("rounds")) {
                requests += r.get("requests").asLong();
                errors += r.get("errors").asLong();
            }
            assertEquals(requests, t.get("requests").asLong(), t.get("name") + ": requests");
            assertEquals(errors, t.get("errors").asLong(), t.get("name") + ": errors");
        }
    }

    @Test
    void aFixedDelayIsRecovered() {
        double delayMs = planted("planted-delay", "delay-ms");
        JsonNode t = target("planted-delay");
        int rate = RATES.get(0);
        double p50 = level(t, rate).get("latency_ms").get("p50").asDouble();
        double directP50 = level(target("direct"), rate).get("latency_ms").get("p50").asDouble();
        // Vegeta times each request to the microsecond, and no request that slept 5 ms takes less: P50 at least the delay,
        // exactly. At most direct's + 5 + 2: the proxy's cost and waking from the sleep (0.39-0.76 ms over direct's,
        // DELAY_SLACK_MS; direct's own about 1 ms). A planted 3 ms (P50 4.53 ms seen) or 7 ms (about 8.7) fails.
        assertTrue(p50 >= delayMs && p50 <= directP50 + delayMs + DELAY_SLACK_MS,
                "planted-delay P50 at " + rate + " req/s is " + p50 + " ms, direct's " + directP50 + " ms; planted " + delayMs + " ms");
        // The microsecond probe, one request at a time on an idle target. At least the delay over direct: the
        // sleep cannot end early. At most the delay and PROBE_SLACK_US over its twin, the same proxy with nothing
        // planted on the probe's requests, in the same run (planted-stall: its stalls hold a tenth of each second,
        // below its P50). So the proxy's own cost (182-625 us over direct at P50, in the calibration and on the
        // fresh-clone CI runs of 20261127) is not in the slack; what is left is waking from the sleep, 380-750 us on
        // those CI runs (5,380-5,748 us over the twin). Over direct alone the slack held the proxy's cost too, and one
        // of those runs read 6,220 us (its twin 472). A planted 4 ms fails the first bound, a planted 6 ms the second.
        long added = t.get("probe_added_us_over_direct").get("unloaded").get("p50").asLong();
        long twin = target(PROBE_TWIN).get("probe_added_us_over_direct").get("unloaded").get("p50").asLong();
        long planted = (long) (delayMs * 1000);
        assertTrue(added >= planted, "planted-delay adds " + added + " us over direct at P50 one request at a time; planted " + planted + " us");
        assertTrue(added - twin <= planted + PROBE_SLACK_US, "planted-delay adds " + (added - twin) + " us over its twin " + PROBE_TWIN
                + " at P50 one request at a time (" + added + " and " + twin + " over direct); planted " + planted + " us");
    }

    @Test
    void aRateCapIsRecovered() {
        double cap = planted("planted-cap", "cap-rps");
        JsonNode t = target("planted-cap");
        assertEquals(0, t.get("errors").asLong(), "planted-cap had errors");
        // The microsecond probe sends its 50 req/s through the same cap beside Gatling's load, so the
        // target serves Gatling's throughput plus the probe's. The probe's rate over the measured
        // windows: its requests there over the windows' length (requests / throughput in each round).
        double windows = 0;
        for (JsonNode r : t.get("rounds")) {
            windows += r.get("requests").asDouble() / r.get("throughput_rps").asDouble();
        }
        double probeRps = t.get("probe_us").get("under_load").get("requests").asDouble() / windows;
        double served = t.get("throughput_rps").asDouble() + probeRps;
        // The cap spaces answers evenly and 4 users keep a request always waiting, so the closed load
        // gets the cap almost exactly (measured 299.3 of 300); 10% leaves room for a window's edges and
        // for the probe's count, which is cut to the window by intended send times.
        assertTrue(Math.abs(served - cap) <= CAP_SHARE * cap, String.format(java.util.Locale.ROOT,
                "planted-cap served %.1f req/s (Gatling %.1f + probe %.1f); planted %.0f", served, t.get("throughput_rps").asDouble(), probeRps, cap));
        // The ladder, Vegeta's, sends alone: no probe beside its levels, so the cap is the ladder's whole. The maximum rate
        // found must be the highest level below the cap, in every round, and the level above it must be the one that
        // failed, on latency: the search brackets the cap between two levels, 200 and 350. Below it (the level at most 70%
        // of the cap, where the calibration's P99 is 3-8 ms against the 20 ms bound) the objective holds; above it the
        // queue grows. A cap of 150 (found 100) or 400 (found 350) fails; a round that stopped on a level Vegeta sent late
        // found no maximum and fails too, as a level sent late is not the plant's doing.
        int below = RATES.stream().filter(r -> r <= 0.7 * cap).max(Integer::compare).orElseThrow();
        int above = RATES.stream().filter(r -> r > cap).min(Integer::compare).orElseThrow();
        assertEquals(RATES.indexOf(below) + 1, RATES.indexOf(above), "the ladder " + RATES + " has a level between "
                + below + " and " + above + " req/s: the cap of " + cap + " is not bracketed by two levels");
        JsonNode found = t.get("max_sustainable").get(P99);
        for (JsonNode round : found.get("rounds")) {
            assertEquals(below, round.get("rate_rps").asInt(), "planted-cap's maximum rate under the P99 objective, planted "
                    + cap + " req/s: " + found);
            assertEquals(above, round.get("next_level_rps").asInt(), "planted-cap's first failed level: " + found);
            assertTrue(round.get("next_level_because").asText().startsWith("P99"), "planted-cap's level at " + above
                    + " req/s failed on something else than its latency: " + found);
        }
    }

    @Test
    void aShareOfFailuresIsRecovered() {
        double share = 1 / planted("planted-fail", "fail-every");
        JsonNode t = target("planted-fail");
        // Exactly one of every 20 requests with a cookie fails; the probe shares those blocks with
        // Gatling, which over a round's 6,000-17,000 measured requests moves Gatling's share by a few hundredths
        // of a point (under 0.1 at 5,000 requests), as do the blocks cut at the windows' edges. Half a point
        // is ample, and a planted 4% or 6% fails.
        double closed = t.has("error_share") ? t.get("error_share").asDouble() : t.get("errors").asDouble() / t.get("requests").asDouble();
        assertTrue(Math.abs(closed - share) <= CLOSED_SHARE, "planted-fail's error share under the closed load is " + closed + ", planted " + share);
        long sent = 0;
        long errors = 0;
        for (JsonNode level : t.get("fixed_rate")) {
            long n = level.get("sent").asLong();
            double levelShare = level.get("error_share").asDouble();
            // One of every 20 fails, and the ladder's requests are the level's only ones: its count is the plant's to
            // within a request at each end of the level (LEVEL_SHARE).
            assertTrue(level.get("probe_us").isNull(), "a probe beside the level at " + level.get("rate_rps") + " req/s: " + level);
            assertTrue(Math.abs(levelShare - share) <= LEVEL_SHARE, "planted-fail's error share at " + level.get("rate_rps")
                    + " req/s is " + levelShare + ", planted " + share + " (allowed +-" + LEVEL_SHARE + ")");
            sent += n;
            errors += level.get("errors").asLong();
        }
        // All levels together: 1,600 requests a round, the blocks cut at each level's ends at most a quarter of a point.
        assertTrue(Math.abs((double) errors / sent - share) <= LADDER_SHARE, "planted-fail's error share over the ladder is "
                + (double) errors / sent + ", planted " + share);
        // Alone, one request at a time, the probe sees the blocks whole: 1/K of its requests, give or take
        // the partial block at each end of each round's series.
        JsonNode alone = t.get("probe_us").get("unloaded");
        double expected = alone.get("requests").asDouble() * share;
        assertTrue(Math.abs(alone.get("errors").asDouble() - expected) <= 2 * t.get("rounds").size(),
                "the single-request probe saw " + alone.get("errors") + " failures of " + alone.get("requests") + "; planted " + share);
        // Gatling's own assertion (no failed "book" request) failed in every round, and the run says so.
        t.get("gatling").forEach(g -> {
            assertTrue(g.get("exit_code").asInt() != 0, "Gatling's exit status with 5% failures: " + g);
            assertTrue(g.get("failed_assertions").toString().contains("count of failed events is 0"), "no failed assertion recorded: " + g);
        });
        target("planted-delay").get("gatling").forEach(g -> assertEquals(0, g.get("failed_assertions").size(), g.toString()));
        // No level with 5% errors may count as sustained, under any objective.
        t.get("max_sustainable").fields().forEachRemaining(o -> {
            assertEquals(0, o.getValue().get("rate_rps").asDouble(), "planted-fail sustained a rate under " + o.getKey() + ": " + o.getValue());
            o.getValue().get("rounds").forEach(r -> assertEquals(0, r.get("rate_rps").asInt(), o.getKey() + ": " + r));
        });
    }

    @Test
    void periodicStallsAreRecovered() {
        double every = planted("planted-stall", "stall-every-ms");
        double stall = planted("planted-stall", "stall-ms");
        JsonNode t = target("planted-stall");
        assertEquals(0, t.get("errors").asLong(), "planted-stall had errors");
        for (int rate : RATES) {
            JsonNode latency = level(t, rate).get("latency_ms");
            assertTrue(latency != null && latency.isObject(), "planted-stall's level at " + rate + " req/s was not measured at its "
                    + "rate in any round (the injector sent it late): " + level(t, rate));
            double directP99 = directP99(rate);
            double max = latency.get("max").asDouble();
            // A level of 2 s holds at least one whole stall (one every 1,000 ms), and Vegeta's next arrival after a
            // stall begins comes at most 1000/rate ms later and waits out the rest: so the maximum is at least the
            // stall less one arrival gap, less STALL_UNDER_MS (the calibration's lowest: 93.8 ms at 100 req/s, against
            // 90 for one gap). At most 30 ms above the stall: the requests it held are answered in a burst afterwards,
            // on a shared 2-CPU machine (the calibration's highest: 103 ms). A planted 50 ms or 150 ms stall fails.
            double low = stall - 1000.0 / rate - STALL_UNDER_MS;
            assertTrue(max >= low && max <= stall + STALL_OVER_MS, "planted-stall's max at " + rate + " req/s is " + max
                    + " ms; planted " + stall + " ms every " + every + " ms, expected " + low + "-" + (stall + STALL_OVER_MS));
            // A tenth of the arrivals (stall / every) fall in a stall and wait up to its end, so the slowest
            // 1% waited most of the stall (measured 83.8-94.5 ms); half of it is a safe floor.
            assertTrue(latency.get("p99").asDouble() >= directP99 + stall / 2, "planted-stall's P99 at " + rate
                    + " req/s is " + latency.get("p99") + " ms, direct's " + directP99 + " ms; planted " + stall + " ms stalls");
        }
        // The probe beside the closed load times from intended send times, so the stalls show in its tail
        // (the closed load's own P99 does not show them: its 4 users simply wait; coordinated omission).
        double probeP99 = t.get("probe_us").get("under_load").get("p99").asDouble() / 1000;
        assertTrue(probeP99 >= stall / 2, "the probe under load has a P99 of " + probeP99 + " ms; planted " + stall + " ms stalls");
        // Max latency under 30 ms (GigaOm) holds at no rate; nor does P99 under 20 ms.
        for (String objective : List.of(GIGAOM, P99)) {
            assertEquals(0, maxRate(t, objective), "planted-stall sustained a rate under " + objective + ": "
                    + t.get("max_sustainable").get(objective));
        }
    }

    /**
     * Direct's P99 at {@code rate}, or where no round measured direct at that rate (its injector sent the level late in every
     * round: on the CI of 20261127, 19 ms of send lag at 150 req/s in the one round PlantedTargetsIT then made), the highest of
     * its P99s at the rates it was measured at: a level the injector sent late is not the origin's figure, and the highest
     * of the others only makes the check against it stricter.
     */
    private double directP99(int rate) {
        JsonNode at = level(target("direct"), rate).get("latency_ms");
        if (at != null && at.isObject()) {
            return at.get("p99").asDouble();
        }
        double highest = Double.NaN;
        for (JsonNode l : target("direct").get("fixed_rate")) {
            JsonNode measured = l.get("latency_ms");
            if (measured != null && measured.isObject()) {
                highest = Double.isNaN(highest) ? measured.get("p99").asDouble() : Math.max(highest, measured.get("p99").asDouble());
            }
        }
        assertFalse(Double.isNaN(highest), "direct was measured at no ladder rate: its injector sent every level late");
        return highest;
    }

    private JsonNode target(String name) {
        for (JsonNode t : summary.get("targets")) {
            if (t.get("name").asText().equals(name)) {
                return t;
            }
        }
        throw new AssertionError("no target " + name + " in the summary");
    }

    private static JsonNode level(JsonNode target, int rate) {
        for (JsonNode l : target.get("fixed_rate")) {
            if (l.get("rate_rps").asInt() == rate) {
                assertEquals(0, l.get("rounds_overloaded").asInt(), target.get("name") + " overloaded at " + rate + " req/s");
                return l;
            }
        }
        throw new AssertionError(target.get("name") + " has no level at " + rate + " req/s");
    }

    /** The ladder rates every round of the target reached. */
    private static List<Integer> rates(JsonNode target) {
        List<Integer> rates = new ArrayList<>();
        int rounds = target.get("rounds").size();
        target.get("fixed_rate").forEach(l -> {
            if (l.get("rounds_reached").asInt() == rounds) {
                rates.add(l.get("rate_rps").asInt());
            }
        });
        return rates;
    }

    private static double maxRate(JsonNode target, String objective) {
        return target.get("max_sustainable").get(objective).get("rate_rps").asDouble();
    }

    /** A planted value, from the descriptor's command line ({@code --name=N}). */
    private static double planted(String target, String flag) {
        Map<String, String> keys = Target.named(FOLDER + target + ".properties").keys();
        Matcher m = Pattern.compile("--" + flag + "=(\\d+)").matcher(keys.get("command"));
        assertTrue(m.find(), target + "'s command has no --" + flag + ": " + keys.get("command"));
        return Double.parseDouble(m.group(1));
    }
}
