package io.gatewaybench.harness.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gatewaybench.harness.analyse.ObjectiveJudge;
import io.gatewaybench.harness.plan.Objective;
import io.gatewaybench.harness.plan.Target;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Gatling's output into the suite's figures, against two real result folders checked in under
 * {@code src/test/resources/gatling-sample/}: {@code ok/} (open model, 200 req/s, 2 s warm-up and
 * 3 s measured against the suite's Tomcat, all OK), {@code failed/} (every response lacked the
 * marker) and {@code ladder/} (closed 1 s, then the ladder 200, 400 and 60,000 req/s of 2 s each with
 * {@code maxInFlight=50}: the last level overloaded the run on this machine; its console lines in
 * {@code console.log}). The expected values were read independently: counts, max and the window from Gatling's
 * own report and a separate decoder of the same file.
 */
class GatlingOutputTest {

    private static Path sample(String name) throws URISyntaxException {
        return Path.of(GatlingOutputTest.class.getResource("/gatling-sample/" + name).toURI());
    }

    @Test
    void measuredRequestsAreSeparateFromWarmUp() throws Exception {
        SimulationLog log = SimulationLog.read(sample("ok").resolve("simulation.log"));
        assertTrue(log.gatlingVersion().startsWith("3.15"), log.gatlingVersion());
        assertEquals(300, log.requests("warm-up").size());
        assertEquals(600, log.requests("book").size());
        int firstMeasured = log.requests("book").stream().mapToInt(SimulationLog.Request::start).min().orElseThrow();
        int lastWarmUp = log.requests("warm-up").stream().mapToInt(SimulationLog.Request::end).max().orElseThrow();
        assertTrue(firstMeasured > lastWarmUp, "measurement began before warm-up ended");
    }

    @Test
    void figuresAreExactNearestRankOverTheMeasuredWindow() throws Exception {
        RequestStats s = SimulationLog.read(sample("ok").resolve("simulation.log")).stats("book");
        assertEquals(600, s.requests());
        assertEquals(0, s.errors());
        assertEquals(600 / 3.026, s.throughputRps(), 1e-6); // first send at 3429 ms, last response at 6455 ms
        assertEquals(5.90, s.latency().mean(), 0.005);
        assertEquals(1, s.latency().p50());
        assertEquals(18, s.latency().p90());
        assertEquals(63, s.latency().p99());
        assertEquals(68, s.latency().p99_9());
        assertEquals(68, s.latency().p99_99());
        assertEquals(68, s.latency().max());
    }

    @Test
    void distributionFileHoldsEverySuccessfulResponse(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path file = dir.resolve("latency-ms.hgrm");
        SimulationLog.read(sample("ok").resolve("simulation.log")).writeDistribution("book", file);
        String text = java.nio.file.Files.readString(file);
        assertTrue(text.contains("Total count    =          600"), text);
        assertTrue(text.contains("Max     =       68.000"), text);
    }

    /**
     * The spectrum summary.json carries per round is the .hgrm distribution's rows below 100%: the
     * same percentiles and values, read back from the file HdrHistogram itself wrote.
     */
    @Test
    @SuppressWarnings("unchecked")
    void latencySpectrumIsTheDistributionsRowsBelowTheMaximum(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        SimulationLog log = SimulationLog.read(sample("ok").resolve("simulation.log"));
        Path file = dir.resolve("latency-ms.hgrm");
        log.writeDistribution("book", file);
        List<double[]> rows = java.nio.file.Files.readAllLines(file).stream().map(String::trim)
                .filter(l -> l.matches("[0-9.]+\\s+[0-9.]+\\s+\\d+\\s+\\S+"))
                .map(l -> l.split("\\s+")).map(c -> new double[] {Double.parseDouble(c[1]), Double.parseDouble(c[0])})
                .filter(r -> r[0] < 1).toList();
        RequestStats s = log.stats("book");
        List<double[]> spectrum = s.latencySpectrum();
        assertEquals(rows.size(), spectrum.size());
        for (int i = 0; i < rows.size(); i++) {
            assertEquals(rows.get(i)[0], spectrum.get(i)[0], 1e-9, "fraction of row " + i);
            assertEquals(rows.get(i)[1], spectrum.get(i)[1], 1e-9, "ms of row " + i);
        }
        for (int i = 1; i < spectrum.size(); i++) {
            assertTrue(spectrum.get(i)[0] > spectrum.get(i - 1)[0] && spectrum.get(i)[1] >= spectrum.get(i - 1)[1], "row " + i);
        }
        assertTrue(spectrum.get(spectrum.size() - 1)[1] <= s.latency().max());
        // What a run's summary.json holds in each round: the same pairs, as JSON arrays.
        List<Map<String, Object>> targets = io.gatewaybench.harness.model.Summaries.mapper().convertValue(
                MeasuredSummary.targets(List.of(new MeasuredSummary.TargetOutcome(Target.named("direct"), List.of(s), TargetDetails.NONE, null))),
                List.class);
        List<List<Number>> written = (List<List<Number>>) ((List<Map<String, Object>>) targets.get(0).get("rounds")).get(0).get("latency_spectrum_ms");
        assertEquals(spectrum.size(), written.size());
        for (int i = 0; i < spectrum.size(); i++) {
            assertEquals(spectrum.get(i)[0], written.get(i).get(0).doubleValue(), 0, "fraction of row " + i);
            assertEquals(spectrum.get(i)[1], written.get(i).get(1).doubleValue(), 0, "ms of row " + i);
        }
    }

    @Test
    void reportRowAgreesWithTheLog() throws Exception {
        GatlingReport.Row row = GatlingReport.row(sample("ok"), "book");
        assertEquals(600, row.count("Total"));
        assertEquals(600, row.count("OK"));
        assertEquals(0, row.count("KO"));
        assertEquals(68, row.value("Max"));
        assertEquals(600, GatlingRun.stats(sample("ok"), SimulationLog.read(sample("ok").resolve("simulation.log")), 3).requests());
    }

    @Test
    void aRunWithOnlyWrongPagesHasNoFigures() throws Exception {
        SimulationLog log = SimulationLog.read(sample("failed").resolve("simulation.log"));
        assertEquals(100, log.requests("book").size());
        assertTrue(log.requests("book").stream().noneMatch(SimulationLog.Request::ok));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> log.stats("book"));
        assertTrue(e.getMessage().contains("no successful"), e.getMessage());
        assertEquals(100, GatlingReport.row(sample("failed"), "book").count("KO"));
    }

    @Test
    void missingRequestInTheReportIsNamed() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> GatlingReport.row(sample("ok"), "nope"));
        assertTrue(e.getMessage().contains("'nope'"), e.getMessage());
    }

    @Test
    void ladderLevelsAreReadUpToTheOverloadedOne() throws Exception {
        Path dir = sample("ladder");
        SimulationLog log = SimulationLog.read(dir.resolve("simulation.log"));
        Integer overloadedAt = Ladder.overloadedAt(java.nio.file.Files.readAllLines(dir.resolve("console.log")));
        assertEquals(60000, overloadedAt);
        List<Ladder.Level> levels = Ladder.read(log, List.of(200, 400, 60000), 2, overloadedAt, null);
        assertEquals(List.of(200, 400, 60000), levels.stream().map(Ladder.Level::rate).toList());
        // counts as Gatling's own report gives them
        assertEquals(GatlingReport.row(dir, "rate-200").count("Total"), levels.get(0).sent());
        assertEquals(GatlingReport.row(dir, "rate-400").count("Total"), levels.get(1).sent());
        assertEquals(GatlingReport.row(dir, "rate-60000").count("Total"), levels.get(2).sent());
        assertTrue(levels.get(0).complete() && levels.get(1).complete(), "200 and 400 req/s: every planned request sent");
        assertEquals(400, levels.get(0).planned());
        assertTrue(levels.get(2).overloaded() && !levels.get(2).complete());
        assertTrue(ObjectiveJudge.failure(Objective.standard(10).get(0), levels.get(2).measuredIn(1))
                .equals("overloaded"));
        for (Ladder.Level l : levels) {
            assertTrue(l.sendLagP99Ms() >= 0 && l.sendLagP99Ms() <= l.sendLagMaxMs(), l.toString());
        }
        assertEquals(List.of(200, 400), Ladder.read(log, List.of(200, 400, 60000), 2, null, null).stream()
                .filter(Ladder.Level::complete).map(Ladder.Level::rate).toList(), "complete without the console's word: not overloaded");
    }

    @Test
    void sendLagIsLatenessAgainstAnEvenSchedule() throws Exception {
        SimulationLog log = SimulationLog.read(sample("ladder").resolve("simulation.log"));
        // the closed phase's users send back to back: against a schedule of 1 per second they are early, never late
        assertEquals(0, log.sendLag("book", 1)[1]);
        // against a schedule far faster than they went, they are late by nearly the whole phase
        assertTrue(log.sendLag("book", 1_000_000)[1] > 500, "1 s of sends scheduled into 1 ms");
    }

    @Test
    void nearestRank() {
        int[] v = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
        assertEquals(5, SimulationLog.rank(v, 50));
        assertEquals(9, SimulationLog.rank(v, 90));
        assertEquals(10, SimulationLog.rank(v, 99.99));
        assertEquals(1, SimulationLog.rank(v, 0.01));
    }

    @Test
    void notAGatlingLogIsRejected(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
        Path file = dir.resolve("simulation.log");
        java.nio.file.Files.write(file, new byte[] {7, 0, 0, 0});
        assertThrows(IllegalStateException.class, () -> SimulationLog.read(file));
    }

    @Test
    void gatlingsFailedAssertionsAndExitStatusAreRecorded() throws Exception {
        SimulationLog log = SimulationLog.read(sample("ok").resolve("simulation.log"));
        // lines as Gatling 3.15 printed them for the planted failure target
        GatlingRun.Ending failed = GatlingRun.status(1, List.of("book: count of failed events is 0.0 : false (actual : 720.0)",
                "[ERROR] Failed to execute goal ... Gatling simulation assertions failed !"), log, 3);
        assertEquals(1, failed.exitCode());
        assertEquals(List.of("book: count of failed events is 0.0 (actual 720.0)"), failed.failedAssertions());
        GatlingRun.Ending passed = GatlingRun.status(0, List.of("book: count of failed events is 0.0 : true (actual : 0.0)"), log, 3);
        assertEquals(List.of(), passed.failedAssertions());
        assertEquals(null, passed.cutShort());
        assertTrue(String.valueOf(GatlingRun.status(0, List.of(), log, 10).cutShort()).contains("of the 10 s window"),
                "600 requests over about 3 s cannot fill a 10 s window");
    }

    /** Requests sent in whole seconds [from, to) at {@code perSecond} a second, {@code offset} seconds after the log's start. */
    private static List<SimulationLog.Request> series(String name, int from, int to, int perSecond) {
        List<SimulationLog.Request> list = new java.util.ArrayList<>();
        for (int s = from; s < to; s++) {
            for (int i = 0; i < perSecond; i++) {
                int start = s * 1000 + i * 1000 / perSecond;
                list.add(new SimulationLog.Request(name, start, start + 5, true));
            }
        }
        return list;
    }

    @Test
    void steadyStateIsTheFirstOfThreeSecondsAtNinetyPercentOfTheMeasuredRate() {
        List<SimulationLog.Request> measured = series("book", 10, 15, 100);
        List<SimulationLog.Request> ramp = new java.util.ArrayList<>(series("warm-up", 0, 4, 30));
        ramp.addAll(series("warm-up", 4, 10, 100));
        assertEquals(4, SimulationLog.steadyAfter(ramp, measured, 100, 0.9, 3), "planted: slow for 4 s, then at full rate");
        List<SimulationLog.Request> dip = new java.util.ArrayList<>(series("warm-up", 0, 6, 100));
        dip.addAll(series("warm-up", 6, 7, 50));
        dip.addAll(series("warm-up", 7, 10, 100));
        assertEquals(0, SimulationLog.steadyAfter(dip, measured, 100, 0.9, 3), "steady from the start: a later dip does not undo it");
        List<SimulationLog.Request> late = new java.util.ArrayList<>(series("warm-up", 0, 9, 50));
        late.addAll(series("warm-up", 9, 10, 100));
        assertEquals(9, SimulationLog.steadyAfter(late, measured, 100, 0.9, 3), "steady in the last warm-up second, counting the measured seconds after it");
        assertNull(SimulationLog.steadyAfter(series("warm-up", 0, 10, 50), series("book", 10, 15, 50), 100, 0.9, 3),
                "planted: never at 90% within the warm-up");
        assertNull(SimulationLog.steadyAfter(List.of(), measured, 100, 0.9, 3), "no warm-up, nothing to say");
    }

    @Test
    void nearestRanksAreExactIntegersOnEveryBoundary() {
        // ceil(p/100 * n) - 1; in floating point 99.9 / 100 * 1000 has the ceiling 1000, one rank too high
        assertEquals(998, SimulationLog.rankIndex(1000, 99.9));
        assertEquals(989, SimulationLog.rankIndex(1000, 99));
        assertEquals(999, SimulationLog.rankIndex(1000, 99.99));
        assertEquals(499, SimulationLog.rankIndex(1000, 50));
        assertEquals(26972, SimulationLog.rankIndex(27_000, 99.9));
        assertEquals(26729, SimulationLog.rankIndex(27_000, 99));
        assertEquals(26997, SimulationLog.rankIndex(27_000, 99.99)); // ceil(26997.3) = 26998th value
        assertEquals(0, SimulationLog.rankIndex(1, 50));
        assertEquals(0, SimulationLog.rankIndex(1, 100));
        assertEquals(98, SimulationLog.rankIndex(100, 99)); // exactly 99 values at or below: the 99th
        assertEquals(99, SimulationLog.rankIndex(101, 99)); // 99.99 rounds up to the 100th
        assertEquals(9998, SimulationLog.rankIndex(10_000, 99.99)); // exactly 9,999 values: the 9,999th
        assertEquals(9997, SimulationLog.rankIndex(10_000, 99.98));
        for (int n = 1; n <= 30_000; n++) { // every n: at least p% at or below the rank, fewer below it
            for (double p : new double[] {50, 90, 99, 99.9, 99.99}) {
                int i = SimulationLog.rankIndex(n, p);
                long scaled = Math.round(p * 10_000);
                assertTrue((long) (i + 1) * 1_000_000 >= scaled * n && (long) i * 1_000_000 < scaled * n, "n=" + n + " p=" + p + ": " + i);
            }
        }
        int[] sorted = new int[1000];
        for (int i = 0; i < sorted.length; i++) {
            sorted[i] = i + 1;
        }
        assertEquals(999, SimulationLog.rank(sorted, 99.9));
    }

    /**
     * How a Gatling run ended, from its folder: asked for its report, it failed without index.html; run with -nr, it
     * failed when it exited otherwise than 0 or 2 (an assertion failed), and never without a simulation.log.
     */
    @Test
    void aGatlingRunWithoutItsReportFailsOnlyByItsExitStatus(@org.junit.jupiter.api.io.TempDir Path raw) throws Exception {
        Path folder = java.nio.file.Files.createDirectories(raw.resolve("bookpagesimulation-1"));
        java.nio.file.Files.writeString(raw.resolve("gatling.log"), "Exception in thread main: planted\n");
        assertThrows(IllegalStateException.class, () -> GatlingRun.report(raw, 0, false), "no simulation.log");
        java.nio.file.Files.copy(sample("ok").resolve("simulation.log"), folder.resolve("simulation.log"));
        assertEquals(folder, GatlingRun.report(raw, 0, false));
        assertEquals(folder, GatlingRun.report(raw, 2, false));
        IllegalStateException crashed = assertThrows(IllegalStateException.class, () -> GatlingRun.report(raw, 1, false));
        assertTrue(crashed.getMessage().contains("exited with 1") && crashed.getMessage().contains("planted"), crashed.getMessage());
        assertThrows(IllegalStateException.class, () -> GatlingRun.report(raw, 0, true), "asked for its report, wrote none");
        java.nio.file.Files.copy(sample("ok").resolve("index.html"), folder.resolve("index.html"));
        assertEquals(folder, GatlingRun.report(raw, 0, true));
    }
}
