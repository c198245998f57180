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

    /** A spread entry with the 95% interval half as wide again as the range on each side. */
    private static Map<String, Object> range(double min, double max) {
        double half = (max - min) / 2;
        return Map.of("median", (min + max) / 2, "min", min, "max", max, "ci95_low", min - half, "ci95_high", max + half);
    }

    private static Map<String, Object> search(int... foundAndNext) {
        List<Map<String, Object>> rounds = new java.util.ArrayList<>();
        for (int i = 0; i < foundAndNext.length; i += 2) {
            Map<String, Object> round = new java.util.HashMap<>();
            round.put("rate_rps", foundAndNext[i]);
            round.put("next_level_rps", foundAndNext[i + 1] == 0 ? null : foundAndNext[i + 1]);
            rounds.add(round);
        }
        return Map.of("rounds", rounds);
    }

    private static Path run(Path dir, String id, double nginxRatioMin, double nginxRatioMax, Map<String, Object> nginxSearch)
            throws Exception {
        Path run = Files.createDirectories(dir.resolve(id));
        Map<String, Object> direct = Map.of("name", "direct",
                "spread", Map.of("throughput_rps", range(20_000, 24_000), "latency_ms", Map.of("p99", range(3, 4))));
        Map<String, Object> nginx = Map.of("name", "nginx",
                "spread", Map.of("throughput_rps", range(13_000, 15_000), "latency_ms", Map.of("p99", range(4, 5)),
                        "throughput_relative_to_direct", range(nginxRatioMin, nginxRatioMax)),
                "max_sustainable", Map.of("p99-10ms", nginxSearch));
        new ObjectMapper().writeValue(run.resolve("summary.json").toFile(), Map.of("targets", List.of(direct, nginx)));
        return run;
    }

    @Test
    void intervalsAndBracketsThatOverlapAgreeAndTheStricterRangeTestIsShownBeside(@TempDir Path dir) throws Exception {
        // nginx's ratio: ranges 0.60-0.64 and 0.66-0.70 miss each other; their 95% intervals (0.58-0.66, 0.64-0.72) overlap
        Path a = run(dir, "a", 0.60, 0.64, search(6000, 8000, 8000, 10000));
        Path b = run(dir, "b", 0.66, 0.70, search(9000, 12000, 9000, 12000));
        List<RunComparison.Row> rows = RunComparison.compare(a, b);
        assertEquals(List.of("direct throughput req/s", "direct P99 ms (closed)", "nginx throughput / direct", "nginx throughput req/s",
                "nginx P99 ms (closed)", "nginx max rate p99-10ms (bracket)"), rows.stream().map(r -> r.target() + " " + r.figure()).toList());
        assertTrue(rows.get(2).agrees() && !rows.get(2).rangesOverlap());
        assertTrue(rows.get(5).agrees(), "6000-10000 and 9000-12000: the maximum may lie in 9000-10000 for both");
        String md = RunComparison.markdown(a, b, rows);
        assertTrue(md.contains("| nginx | max rate p99-10ms (bracket) | 6000-10000 | 9000-12000 | yes |  |"), md);
        assertTrue(md.contains("The runs agree on all 6 figures") && md.contains("overlap on 4 of 5 round figures"), md);
    }

    @Test
    void bracketsThatMissEachOtherDisagreeAndARoundHoldingAtTheTopLeavesItOpen(@TempDir Path dir) throws Exception {
        Path a = run(dir, "a", 0.60, 0.64, search(4000, 5000, 4000, 5000));
        Path b = run(dir, "b", 0.60, 0.64, search(6000, 0, 5500, 7000));
        List<RunComparison.Row> rows = RunComparison.compare(a, b);
        RunComparison.Row rate = rows.get(rows.size() - 1);
        assertFalse(rate.agrees(), "4000-5000 and 5500-top do not overlap");
        assertTrue(RunComparison.markdown(a, b, rows).contains("| 5500-top |"));
        assertTrue(RunComparison.markdown(a, b, rows).contains("1 of 6 figures disagree"));
    }
}
