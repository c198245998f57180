package io.gatewaybench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The main job end to end: {@code ./bench run --quick} over all six targets, then its newest summary.json. */
class BenchQuickRunIT {
    private static final List<String> FIELDS = List.of("name", "requests", "errors", "throughput_rps", "latency_ms", "relative_to_direct");
    private static final List<String> LATENCY = List.of("mean", "p50", "p90", "p99", "p99_9", "p99_99", "max");

    @Test
    void quickRunMeasuresAllSixTargetsAgainstDirect() throws Exception {
        Path results = Path.of("target", "bench-it").toAbsolutePath();
        Path log = Files.createDirectories(results).resolve("bench.log");
        Process bench = new ProcessBuilder(Repo.root().resolve("bench").toString(), "run", "--quick", "--results=" + results)
                .directory(Repo.root().toFile()).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!bench.waitFor(20, TimeUnit.MINUTES)) {
            bench.descendants().forEach(ProcessHandle::destroy);
            bench.destroy();
            throw new AssertionError("./bench run --quick was still running after 20 min; see " + log);
        }
        assertEquals(0, bench.exitValue(), "./bench run --quick failed: " + Files.readString(log));

        JsonNode summary = new ObjectMapper().readTree(newest(results).resolve("summary.json").toFile());
        for (String key : List.of("run_id", "started", "git_commit", "machine", "components", "jvm_flags", "placement", "load", "ladder")) {
            assertNotNull(summary.get(key), "summary.json lacks " + key);
        }
        JsonNode targets = summary.get("targets");
        assertEquals(List.of("direct", "nginx", "haproxy", "netty-proxy", "scg", "zuul2"),
                Stream.iterate(0, i -> i + 1).limit(targets.size()).map(i -> targets.get(i).get("name").asText()).toList());
        for (JsonNode t : targets) {
            String name = t.get("name").asText();
            FIELDS.forEach(f -> assertTrue(t.hasNonNull(f), name + " lacks " + f + ": " + t));
            assertTrue(t.get("requests").asLong() > 0, name + " made no requests");
            assertEquals(0, t.get("errors").asLong(), name + " had errors");
            LATENCY.forEach(f -> assertTrue(t.get("latency_ms").hasNonNull(f), name + " lacks latency " + f));
            // the ladder: both quick levels (25% and 50% of direct's capacity) reached with their spectrum, and a search per objective
            JsonNode levels = t.get("fixed_rate");
            assertEquals(2, levels.size(), name + ": " + levels);
            assertTrue(levels.get(0).get("rounds_reached").asInt() == 1 && levels.get(0).get("latency_ms").hasNonNull("p99_99"),
                    name + " lacks the lowest level's spectrum: " + levels.get(0));
            for (String objective : List.of("p99-10ms", "gigaom-high-performance")) {
                assertTrue(t.get("max_sustainable").get(objective).has("rate_rps"), name + " lacks the search under " + objective);
            }
        }
        assertEquals(summary.get("ladder").get("rates_rps").size(), 2);
        assertTrue(summary.get("ladder").get("calibration").get("capacity_rps").asDouble() > 0);
        JsonNode direct = targets.get(0).get("relative_to_direct");
        assertEquals(1.0, direct.get("throughput").asDouble());
        LATENCY.forEach(f -> assertEquals(1.0, direct.get("latency").get(f).asDouble(), "direct's relative " + f));
        String md = Files.readString(newest(results).resolve("summary.md"));
        assertTrue(md.contains("| direct | 100.0% |"));
        assertTrue(md.contains("## Fixed rates") && md.contains("## Maximum sustainable rate"), "summary.md lacks the ladder's sections");
    }

    private static Path newest(Path results) throws IOException {
        try (Stream<Path> runs = Files.list(results)) {
            return runs.filter(Files::isDirectory).max(Comparator.comparing(p -> p.getFileName().toString())).orElseThrow();
        }
    }
}
