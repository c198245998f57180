package io.gatewaybench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gatewaybench.harness.plan.Repo;
import io.gatewaybench.harness.report.HtmlReport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Faults during a run, on loopback: a gateway that crashes during its measurement, one that never
 * opens its port, the origin killed mid-measurement, SIGINT to {@code ./bench}. Each
 * must end with a one-line reason, the targets measured before it kept in summary.json, the failed
 * target marked with its reason, the run marked incomplete, and no process of the run left; the
 * last run, after them all, must measure its other targets without any cleanup. A port already
 * taken is refused before anything starts (TargetProcessTest); SIGTERM during a gateway's measurement is
 * BenchNetnsRunIT's, where it must also leave no emulated host behind; SIGTERM during the equal rates must keep the
 * rates measured before it, and SIGTERM before any rate must still write the summary. Five runs, about 4.5 minutes
 * here.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class FaultsIT {
    private static final Path RESULTS = Path.of("target", "faults-it").toAbsolutePath();
    private static final String DELAY = "harness/src/test/resources/planted/planted-delay.properties";
    private static final String FAULTS = "harness/src/test/resources/faults/";

    @Test
    @Order(1)
    void theOriginKilledMidMeasurementStopsTheRunWithItsReason() throws Exception {
        Path results = RESULTS.resolve("origin");
        String out = faultAt(results, "planted-delay: verified", bench -> {
            long pid = Long.parseLong(Files.readString(QuickRun.newest(results).resolve("targets/tomcat/pid")).trim());
            ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly); // SIGKILL: no goodbye from the origin
        }, 1, DELAY, FAULTS + "planted-crash.properties");
        assertTrue(out.contains("planted-delay: FAILED, not measured: the origin (Tomcat) exited with status 137 during planted-delay's measurement"), out);
        JsonNode summary = summary(results);
        assertMeasured(summary, "direct");
        assertFailed(summary, "planted-delay", "the origin (Tomcat) exited with status 137");
        assertFailed(summary, "planted-crash", "the run stopped before it: the origin (Tomcat) exited");
        assertIncomplete(results, summary, out, "the origin (Tomcat) exited with status 137 during planted-delay's measurement in round 1");
        assertNothingLeft(results);
    }

    @Test
    @Order(2)
    void sigintWhileDirectIsMeasuredStillWritesTheSummary() throws Exception {
        Path results = RESULTS.resolve("sigint");
        String out = faultAt(results, "direct: verified", bench -> signal(bench, "INT"), 128 + 2, DELAY);
        JsonNode summary = summary(results);
        assertFailed(summary, "direct", "the run stopped during its measurement: stopped by SIGINT during direct's measurement");
        assertFailed(summary, "planted-delay", "the run stopped before it: stopped by SIGINT");
        assertIncomplete(results, summary, out, "stopped by SIGINT during direct's measurement");
        assertNothingLeft(results);
    }

    /**
     * A gateway that crashes during its measurement and one that never opens its port, in one run after every fault above:
     * each is marked with its reason, and the run goes on to measure the targets after them as it is, nothing cleaned up
     * by hand since the faults.
     */
    @Test
    @Order(3)
    void aGatewayThatCrashesOrNeverListensIsMarkedAndTheRunGoesOnAfterTheFaults() throws Exception {
        Path results = RESULTS.resolve("crash-silent");
        String out = QuickRun.bench(results, 1, args(results, FAULTS + "planted-crash.properties", FAULTS + "planted-silent.properties", DELAY));
        assertTrue(out.contains("planted-crash: FAILED, not measured: planted-crash exited with status 3 during its measurement"), out);
        assertTrue(out.contains("within 5 s; stopped it"), out);
        JsonNode summary = summary(results);
        assertMeasured(summary, "direct");
        assertMeasured(summary, "planted-delay"); // after the crash and the silent one, the run went on
        assertFailed(summary, "planted-crash", "exited with status 3 during its measurement");
        assertFailed(summary, "planted-silent", "did not listen on port");
        assertIncomplete(results, summary, out, "planted-crash was not measured: planted-crash exited with status 3");
        assertIncomplete(results, summary, out, "planted-silent was not measured");
        assertNothingLeft(results);
    }

    /**
     * SIGTERM once the first turn of two equal rates is measured (during the next, or the closed load where the search
     * found so low a limit that both rates are one): the summary keeps the warm-up and every turn measured, with its
     * figures, marks the run incomplete with where it stopped, and nothing of the run is left.
     */
    @Test
    @Order(4)
    void sigtermDuringTheEqualRatesKeepsTheRatesMeasured() throws Exception {
        Path results = RESULTS.resolve("sigterm-equal-rates");
        Process bench = start(results, "run", "--targets=" + DELAY, "--warm-rate=100", "--warmup-cap=30", "--slice=1",
                "--percents=50,100", "--slices=5", "--rounds=1", "--warmup=2", "--duration=3", "--cross-check=none",
                "--results=" + results);
        awaitLine(bench, results, " us/answer"); // the first rate's line
        signal(bench, "TERM");
        String out = finish(bench, results, 128 + 15);
        JsonNode summary = summary(results);
        assertIncomplete(results, summary, out, "stopped by SIGTERM during the ");
        JsonNode delay = target(summary, "planted-delay");
        JsonNode first = delay.get("equal_rates").get("levels").get(0);
        assertTrue(first != null, "the first turn kept: " + delay);
        long turns = 0;
        for (JsonNode rate : summary.get("equal_rates").get("order")) {
            turns += rate.asInt() == first.get("rate_rps").asInt() ? 1 : 0;
        }
        assertEquals(2 * turns, first.get("slices").size(),
                "two slices a turn of its rate: " + summary.get("equal_rates"));
        assertTrue(delay.get("cost").get("at_rates").get(0).get("latency_us").get("p50").asLong() > 0,
                "its figures judged: " + delay.get("cost"));
        assertNothingLeft(results);
    }

    /**
     * SIGTERM during the search, before any rate: the summary is still written, the target marked not measured with
     * why, the run incomplete.
     */
    @Test
    @Order(5)
    void sigtermBeforeAnyRateStillWritesTheSummary() throws Exception {
        Path results = RESULTS.resolve("sigterm-search");
        Process bench = start(results, "run", "--targets=" + DELAY, "--warm-rate=100", "--warmup-cap=12", "--slice=1",
                "--percents=50", "--slices=3", "--rounds=1", "--warmup=2", "--duration=3", "--cross-check=none",
                "--results=" + results);
        awaitLine(bench, results, "search: ");
        signal(bench, "TERM");
        String out = finish(bench, results, 128 + 15);
        JsonNode summary = summary(results);
        assertIncomplete(results, summary, out, "stopped by SIGTERM during the equal rates");
        assertFailed(summary, "planted-delay", "not measured: the run stopped before it was");
        assertNothingLeft(results);
    }

    /**
     * One short round, no ladder, no wrk: each step takes about 15 s. An open load of 100 requests a second, not the closed
     * loop that takes every CPU it is given: what is checked is how a fault ends the run, not a figure, and beside the other
     * integration tests a closed loop's CPU slowed them all (the open model's run end to end: ScenariosQuickRunIT).
     */
    private static String[] args(Path results, String... targets) {
        return new String[] {"run", "--design=rounds", "--quick", "--targets=" + String.join(",", targets),
                "--rounds=1", "--model=open", "--rate=100",
            "--warmup=3", "--duration=5", "--levels=none", "--cross-check=none", "--results=" + results};
    }

    /** What a test does to a running ./bench: kill a process of the run, or send ./bench a signal. */
    private interface Fault {
        void apply(Process bench) throws Exception;
    }

    /**
     * Starts ./bench over {@code targets}, applies {@code fault} once the run has printed {@code line},
     * and returns the run's output after it exited with {@code exit}.
     */
    private static String faultAt(Path results, String line, Fault fault, int exit, String... targets) throws Exception {
        Process bench = start(results, args(results, targets));
        awaitLine(bench, results, line);
        fault.apply(bench);
        return finish(bench, results, exit);
    }

    private static Process start(Path results, String... args) throws IOException {
        List<String> argv = new ArrayList<>(List.of(Repo.root().resolve("bench").toString()));
        argv.addAll(List.of(args));
        return new ProcessBuilder(argv).directory(Repo.root().toFile()).redirectErrorStream(true)
                .redirectOutput(Files.createDirectories(results).resolve("bench.log").toFile()).start();
    }

    private static void awaitLine(Process bench, Path results, String line) throws IOException, InterruptedException {
        Path log = results.resolve("bench.log");
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
        while (!Files.readString(log).contains(line)) {
            assertTrue(bench.isAlive(), "./bench ended before '" + line + "': " + Files.readString(log));
            assertTrue(System.nanoTime() < deadline, "no '" + line + "' within 3 min: " + Files.readString(log));
            Thread.sleep(100);
        }
    }

    /** ./bench runs the harness with exec: its PID is the harness JVM's, which gets the signal as a kill would send it. */
    private static void signal(Process bench, String name) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(bench.pid())).inheritIO().start();
        assertEquals(0, kill.waitFor(), "kill -" + name);
    }

    private static String finish(Process bench, Path results, int exit) throws IOException, InterruptedException {
        String log = results.resolve("bench.log").toString();
        assertTrue(bench.waitFor(3, TimeUnit.MINUTES), "./bench did not end within 3 min; see " + log);
        String out = Files.readString(Path.of(log));
        assertEquals(exit, bench.exitValue(), "./bench's exit status: " + out);
        return out;
    }

    private static JsonNode summary(Path results) throws IOException {
        Path run = QuickRun.newest(results);
        assertTrue(Files.isRegularFile(run.resolve("summary.md")) && Files.isRegularFile(run.resolve(HtmlReport.FILE)), run + " lacks its summary");
        SummarySchemaTest.assertMatchesSchema(run); // an incomplete run's summary, its failures included
        return new ObjectMapper().readTree(run.resolve("summary.json").toFile());
    }

    private static JsonNode target(JsonNode summary, String name) {
        for (JsonNode t : summary.get("targets")) {
            if (t.get("name").asText().equals(name)) {
                return t;
            }
        }
        throw new AssertionError("no " + name + " in " + summary.get("targets"));
    }

    private static void assertMeasured(JsonNode summary, String name) {
        JsonNode t = target(summary, name);
        assertFalse(t.has("failure"), name + " failed: " + t.get("failure"));
        assertEquals(1, t.get("rounds").size(), name + "'s rounds");
        assertTrue(t.get("requests").asLong() > 0, name + " made no requests");
    }

    private static void assertFailed(JsonNode summary, String name, String reason) {
        JsonNode t = target(summary, name);
        assertTrue(t.has("failure") && t.get("failure").asText().contains(reason), name + ": expected a failure with '" + reason + "': " + t.get("failure"));
    }

    /** Marked incomplete in summary.json and summary.md, and said in one line on the way out. */
    private static void assertIncomplete(Path results, JsonNode summary, String out, String reason) throws IOException {
        assertFalse(summary.get("complete").asBoolean(), "not marked incomplete");
        assertTrue(summary.get("incomplete_because").toString().contains(reason), summary.get("incomplete_because").toString());
        String md = Files.readString(QuickRun.newest(results).resolve("summary.md"));
        assertTrue(md.contains("**Incomplete run**: "), md);
        assertTrue(out.lines().anyMatch(l -> l.startsWith("bench: run incomplete: ") && l.contains(reason)), out);
    }

    /** No process of the run is left: none named in a pid file of its folder, none whose command line names its folder. */
    private static void assertNothingLeft(Path results) throws IOException, InterruptedException {
        Path run = QuickRun.newest(results);
        List<String> alive = new ArrayList<>();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20); // a process stopped by SIGTERM is given its grace
        do {
            alive.clear();
            try (Stream<Path> files = Files.walk(run.resolve("targets"))) {
                for (Path pid : files.filter(f -> f.getFileName().toString().equals("pid")).toList()) {
                    long n = Long.parseLong(Files.readString(pid).trim());
                    ProcessHandle.of(n).filter(ProcessHandle::isAlive).ifPresent(p -> alive.add(n + " (" + pid + ")"));
                }
            }
            ProcessHandle.allProcesses().filter(p -> p.info().commandLine().map(c -> c.contains(run.toString())).orElse(false))
                    .forEach(p -> alive.add(p.pid() + " " + p.info().commandLine().orElse("")));
            if (!alive.isEmpty()) {
                Thread.sleep(500);
            }
        } while (!alive.isEmpty() && System.nanoTime() < deadline);
        assertEquals(List.of(), alive, "processes of " + run + " left");
    }
}
