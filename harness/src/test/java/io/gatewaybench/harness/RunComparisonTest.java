package io.gatewaybench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Two runs agree on a figure when their ranges over rounds overlap. */
class RunComparisonTest {

    private static Map<String, Object> range(double min, double max) {
        return Map.of("median", (min + max) / 2, "min", min, "max", max);
    }

    private static Path run(Path dir, String id, double nginxRatioMin, double nginxRatioMax, double nginxRateMin, double nginxRateMax)
            throws Exception {
        Path run = Files.createDirectories(dir.resolve(id));
        Map<String, Object> direct = Map.of("name", "direct",
                "spread", Map.of("throughput_rps", range(20_000, 24_000), "latency_ms", Map.of("p99", range(3, 4))));
        Map<String, Object> nginx = Map.of("name", "nginx",
                "spread", Map.of("throughput_rps", range(13_000, 15_000), "latency_ms", Map.of("p99", range(4, 5)),
                        "throughput_relative_to_direct", range(nginxRatioMin, nginxRatioMax)),
                "max_sustainable", Map.of("p99-10ms", Map.of("rate_rps", nginxRateMin, "min_rps", nginxRateMin, "max_rps", nginxRateMax)));
        new ObjectMapper().writeValue(run.resolve("summary.json").toFile(), Map.of("targets", List.of(direct, nginx)));
        return run;
    }

    @Test
    void overlappingRangesAgreeAndDisjointOnesAreNamed(@TempDir Path dir) throws Exception {
        Path a = run(dir, "a", 0.60, 0.66, 6000, 8000);
        Path b = run(dir, "b", 0.64, 0.70, 9000, 9000);
        List<RunComparison.Row> rows = RunComparison.compare(a, b);
        assertEquals(List.of("direct throughput req/s", "direct P99 ms (closed)", "nginx throughput / direct", "nginx throughput req/s",
                "nginx P99 ms (closed)", "nginx max rate p99-10ms"), rows.stream().map(r -> r.target() + " " + r.figure()).toList());
        assertTrue(rows.get(2).agrees(), "0.60-0.66 and 0.64-0.70 overlap");
        assertFalse(rows.get(5).agrees(), "6000-8000 and 9000 do not");
        String md = RunComparison.markdown(a, b, rows);
        assertTrue(md.contains("| nginx | max rate p99-10ms | 6000-8000 | 9000-9000 | **no** |"), md);
        assertTrue(md.contains("1 of 6 figures disagree"), md);
    }
}
