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
    @SuppressWarnings("unchecked")
    void aLatencyDirectRoundsToZeroHasNoMultiple() {
        RequestStats direct = stats(10_000, 0.4, 0, 1, 1, 2, 2, 5);
        Map<String, Object> rel = RunSummary.relative(stats(8_000, 1.2, 1, 2, 3, 4, 5, 9), direct);
        assertNull(((Map<String, Double>) rel.get("latency")).get("p50"));
        assertEquals(1.0, ((Map<String, Double>) RunSummary.relative(direct, direct).get("latency")).get("p50"));
    }

    @Test
    void medianOverRounds() {
        RunSummary.TargetOutcome o = new RunSummary.TargetOutcome(Target.named("nginx"),
                List.of(stats(100, 1, 1, 1, 1, 1, 1, 1), stats(300, 3, 3, 3, 3, 3, 3, 3), stats(200, 2, 2, 2, 2, 2, 2, 2)), Map.of(), null);
        assertEquals(200, o.median().throughputRps());
        assertEquals(2, o.median().latency().p99());
    }
}
