package io.gatewaybench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Every figure beside the direct baseline of the same run: throughput as a fraction, latency as a multiple. */
class RunSummaryTest {
    private static RequestStats stats(double rps, double... latency) {
        return new RequestStats(1000, 0, rps, new RequestStats.Latency(latency[0], latency[1], latency[2], latency[3], latency[4], latency[5], latency[6]));
    }

    @Test
    @SuppressWarnings("unchecked")
    void relativeFiguresAreAgainstDirect() {
        RequestStats direct = stats(10_000, 1.5, 1, 2, 4, 8, 10, 20);
        RequestStats nginx = stats(9_000, 3, 2, 3, 6, 16, 20, 30);
        List<Map<String, Object>> targets = RunSummary.targets(List.of(
                new RunSummary.TargetOutcome(Target.named("direct"), List.of(direct), Map.of(), null),
                new RunSummary.TargetOutcome(Target.named("nginx"), List.of(nginx), Map.of(), null),
                new RunSummary.TargetOutcome(Target.named("scg"), List.of(), Map.of(), "did not start")));

        Map<String, Object> d = (Map<String, Object>) targets.get(0).get("relative_to_direct");
        assertEquals(1.0, d.get("throughput"));
        ((Map<String, Double>) d.get("latency")).values().forEach(v -> assertEquals(1.0, v));

        Map<String, Object> n = (Map<String, Object>) targets.get(1).get("relative_to_direct");
        assertEquals(0.9, n.get("throughput"));
        Map<String, Double> latency = (Map<String, Double>) n.get("latency");
        assertEquals(2.0, latency.get("mean"));
        assertEquals(2.0, latency.get("p99_9"));
        assertEquals(1.5, latency.get("max"));

        assertEquals("did not start", targets.get(2).get("failure"));
        assertTrue(!targets.get(2).containsKey("throughput_rps"));
    }

    @Test
    void countsAreSumsOverRoundsSoTheirRatioIsTheErrorShare() {
        RequestStats.Latency l = new RequestStats.Latency(1, 1, 1, 1, 1, 1, 1);
        List<Map<String, Object>> targets = RunSummary.targets(List.of(
                new RunSummary.TargetOutcome(Target.named("direct"), List.of(stats(1000, 1, 1, 1, 1, 1, 1, 1)), Map.of(), null),
                new RunSummary.TargetOutcome(Target.named("nginx"), List.of(new RequestStats(1000, 50, 950, l),
                        new RequestStats(1100, 55, 1045, l), new RequestStats(900, 45, 855, l)), Map.of(), null)));
        assertEquals(3000L, targets.get(1).get("requests"));
        assertEquals(150L, targets.get(1).get("errors"));
        assertEquals(0.05, targets.get(1).get("error_share"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void aLatencyDirectRoundsToZeroHasNoMultiple() {
        RequestStats direct = stats(10_000, 0.4, 0, 1, 1, 2, 2, 5);
        Map<String, Object> rel = RunSummary.relative(stats(8_000, 1.2, 1, 2, 3, 4, 5, 9), direct);
        assertNull(((Map<String, Double>) rel.get("latency")).get("p50"));
        assertEquals(1.0, ((Map<String, Double>) RunSummary.relative(direct, direct).get("latency")).get("p50"));
    }

    @Test
    void summaryMarkdownRendersAgainFromItsJson(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        Map<String, Object> run = new java.util.LinkedHashMap<>();
        run.put("run_id", "test");
        run.put("started", "2026-11-22T00:00:00Z");
        run.put("git_commit", "abc");
        run.put("machine", Map.of("cpus", 2, "cpu_model", "x", "memory_bytes", 1L << 30, "os", "Debian", "kernel", "6"));
        run.put("components", Map.of("jdk", "17"));
        run.put("jvm_flags", Map.of("tomcat", "-Xmx1g"));
        run.put("placement", Map.of("summary", "shared"));
        run.put("load", Map.of("model", "closed", "users", 16, "warmup_s", 30, "duration_s", 60, "sessions", "shared"));
        run.put("rounds", 1);
        RunSummary.write(dir, run, List.of(
                new RunSummary.TargetOutcome(Target.named("direct"), List.of(stats(10_000, 1.5, 1, 2, 4, 8, 10, 20)), Map.of(), null),
                new RunSummary.TargetOutcome(Target.named("nginx"), List.of(stats(9_000, 3, 2, 3, 6, 16, 20, 30)), Map.of(), null)));
        String written = java.nio.file.Files.readString(dir.resolve("summary.md"));
        assertTrue(written.contains("| direct | 100.0% | 1.00x"), written);
        assertTrue(written.contains("| nginx | 90.0% | 2.00x"), written);
        RunSummary.rerender(dir);
        assertEquals(written, java.nio.file.Files.readString(dir.resolve("summary.md")));
    }

    @Test
    @SuppressWarnings("unchecked")
    void spreadOverRoundsPairsEachRoundWithDirect() {
        List<RequestStats> direct = List.of(stats(1000, 1, 1, 1, 1, 1, 1, 1), stats(800, 1, 1, 1, 1, 1, 1, 1), stats(900, 1, 1, 1, 1, 1, 1, 1));
        List<RequestStats> nginx = List.of(stats(500, 2, 2, 2, 2, 2, 2, 2), stats(480, 2, 2, 2, 2, 2, 2, 2), stats(450, 2, 2, 2, 3, 2, 2, 2));
        Map<String, Object> spread = RunSummary.spread(nginx, direct);
        Map<String, Double> tp = (Map<String, Double>) spread.get("throughput_rps");
        assertEquals(480.0, tp.get("median"));
        assertEquals(450.0, tp.get("min"));
        assertEquals(500.0, tp.get("max"));
        // mean 476.667, sd 25.166, t(2) = 4.303: half width 62.52
        assertEquals(414.15, tp.get("ci95_low"), 0.01);
        assertEquals(539.18, tp.get("ci95_high"), 0.01);
        Map<String, Double> ratio = (Map<String, Double>) spread.get("throughput_relative_to_direct");
        assertEquals(0.5, ratio.get("min")); // 450/900 and 500/1000
        assertEquals(0.6, ratio.get("max")); // 480/800
        assertEquals(3.0, ((Map<String, Map<String, Double>>) spread.get("latency_ms")).get("p99").get("max"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void withDirectOnceMoreAfterTheLastRoundEachRoundIsPairedWithTheDirectRunsAroundIt() {
        List<RequestStats> direct = List.of(stats(1000, 1, 1, 1, 1, 1, 1, 1), stats(800, 1, 1, 1, 1, 1, 1, 1), stats(1200, 1, 1, 1, 1, 1, 1, 1));
        List<RequestStats> nginx = List.of(stats(450, 2, 2, 2, 2, 2, 2, 2), stats(500, 2, 2, 2, 2, 2, 2, 2));
        Map<String, Object> spread = RunSummary.spread(nginx, direct);
        Map<String, Double> ratio = (Map<String, Double>) spread.get("throughput_relative_to_direct");
        assertEquals(0.5, ratio.get("min")); // 450 / mean(1000, 800)
        assertEquals(0.5, ratio.get("max")); // 500 / mean(800, 1200)
        assertTrue(((String) spread.get("paired_with")).contains("before and after"));
        Map<String, Double> self = (Map<String, Double>) RunSummary.spread(direct, direct).get("throughput_relative_to_direct");
        assertEquals(1.0, self.get("min"));
        assertEquals(1.0, self.get("max"));
    }

    @Test
    void overlappingTargetsAreFlaggedAsWithinTheNoise() {
        List<RequestStats> direct = List.of(stats(1000, 1, 1, 1, 1, 1, 1, 1), stats(1100, 1, 1, 1, 1, 1, 1, 1));
        List<Map<String, Object>> targets = RunSummary.targets(List.of(
                new RunSummary.TargetOutcome(Target.named("direct"), direct, Map.of(), null),
                new RunSummary.TargetOutcome(Target.named("nginx"), List.of(stats(700, 1, 1, 1, 1, 1, 1, 1), stats(760, 1, 1, 1, 1, 1, 1, 1)), Map.of(), null),
                new RunSummary.TargetOutcome(Target.named("haproxy"), List.of(stats(740, 1, 1, 1, 1, 1, 1, 1), stats(800, 1, 1, 1, 1, 1, 1, 1)), Map.of(), null)));
        List<String> notes = RunSummary.overlaps(targets);
        assertEquals(1, notes.size(), notes.toString());
        assertTrue(notes.get(0).contains("nginx and haproxy"), notes.get(0));
    }

    @Test
    void medianOverRounds() {
        RunSummary.TargetOutcome o = new RunSummary.TargetOutcome(Target.named("nginx"),
                List.of(stats(100, 1, 1, 1, 1, 1, 1, 1), stats(300, 3, 3, 3, 3, 3, 3, 3), stats(200, 2, 2, 2, 2, 2, 2, 2)), Map.of(), null);
        assertEquals(200, o.median().throughputRps());
        assertEquals(2, o.median().latency().p99());
    }
}
