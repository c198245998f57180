package io.gatewaybench.harness.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report of ./bench jmh on a real JMH 1.37 result file (jmh-sample/jmh.json: a short run of part of
 * Http1CodecBenchmark and of NettyProxyRoutesBenchmark with -prof gc), and its one-line refusals.
 */
class JmhReportTest {

    @TempDir
    Path run;

    @Test
    void eachFigureStandsBesideItsBaselineWithItsAllocation() throws IOException {
        copySample();
        Files.writeString(run.resolve("environment"), """
                started: 2026-11-23T20:40:00Z
                git_commit: 0123abc
                machine.cpu_model: Test CPU
                machine.cpus: 2
                machine.memory_bytes: 25769803776
                machine.kernel: 6.1
                machine.os: Debian GNU/Linux 12 (bookworm)
                load_average: 0.50 0.40 0.30
                jmh_options: -wi 1 -i 3
                """);

        JmhReport.write(run);

        String html = Files.readString(run.resolve(HtmlReport.FILE));
        assertTrue(html.contains("<script type=\"application/json\" id=\"summary\">") && html.contains("jmh-table-"), "report.html with the summary and jmh.js inline");
        List<String> md = Files.readAllLines(run.resolve("summary.md"));
        assertTrue(md.contains("| JMH | 1.37 |"), String.join("\n", md));
        assertTrue(md.contains("| warm-up | 1 x 100 ms |"), String.join("\n", md));
        assertTrue(md.contains("| measurement | 3 x 100 ms |"), String.join("\n", md));
        assertTrue(md.contains("| commit | 0123abc |"), String.join("\n", md));
        assertTrue(md.contains("| machine | Test CPU, 2 CPUs, 24 GiB, Debian GNU/Linux 12 (bookworm), kernel 6.1 |"),
                String.join("\n", md));
        assertEquals(List.of(
                "## Http1CodecBenchmark",
                "",
                "| benchmark | params | score ± error | unit | allocated B/op | baseline | baseline score | minus baseline |",
                "| --- | --- | ---: | --- | ---: | --- | ---: | ---: |",
                "| baselineRequest |  | 233 ± 3,674 | ns/op | 12.2 |  |  |  |",
                "| baselineResponse |  | 98.6 ± 417 | ns/op | 12.2 |  |  |  |",
                "| decodeRequest |  | 104,519 ± 1,878,701 | ns/op | 1,162 | baselineRequest | 233 | 104,286 |",
                "| encodeRequest |  | 4,894 ± 70,999 | ns/op | 370 | baselineRequest | 233 | 4,660 |",
                "| encodeResponse |  | 5,644 ± 67,759 | ns/op | 618 | baselineResponse | 98.6 | 5,546 |",
                "",
                "## NettyProxyRoutesBenchmark",
                "",
                "| benchmark | params | score ± error | unit | allocated B/op | baseline | baseline score | minus baseline |",
                "| --- | --- | ---: | --- | ---: | --- | ---: | ---: |",
                "| baseline | routes=1 | 0.751 ± 2.15 | ns/op | ≈ 0 |  |  |  |",
                "| baseline | routes=1000 | 0.922 ± 2.93 | ns/op | ≈ 0 |  |  |  |",
                "| baseline | routes=5000 | 0.727 ± 1.24 | ns/op | ≈ 0 |  |  |  |",
                "| match | routes=1 | 0.989 ± 1.43 | ns/op | ≈ 0 | baseline | 0.751 | 0.238 |",
                "| match | routes=1000 | 60.8 ± 39.0 | ns/op | 56.0 | baseline | 0.922 | 59.8 |",
                "| match | routes=5000 | 63.5 ± 12.8 | ns/op | 56.0 | baseline | 0.727 | 62.8 |"),
                md.subList(md.indexOf("## Http1CodecBenchmark"), md.size()));

        JsonNode summary = new ObjectMapper().readTree(run.resolve("summary.json").toFile());
        assertEquals("0123abc", summary.path("git_commit").asText());
        assertEquals("2", summary.path("machine").path("cpus").asText());
        assertEquals(11, summary.path("benchmarks").size());
        JsonNode last = summary.path("benchmarks").get(10);
        assertEquals("match", last.path("method").asText());
        assertEquals("5000", last.path("params").path("routes").asText());
        assertEquals(63.479, last.path("score").asDouble(), 0.001);
        assertEquals(56.004, last.path("allocated_bytes_per_op").asDouble(), 0.001);
        assertEquals("baseline", last.path("baseline").asText());
        assertEquals(0.727, last.path("baseline_score").asDouble(), 0.001);
    }

    /**
     * The page's one scale across gateways: each benchmark of a gateway's own code (by its class's prefix) under the duty it
     * measures, the same duty's name for every gateway, baselines and figures in other units left out.
     */
    @Test
    void eachGatewaysDutiesShareOneScale() {
        List<JmhReport.Figure> figures = List.of(
                figure("io.gatewaybench.microbench.ScgHeadersBenchmark", "rewriteRequest", Map.of(), 6750, "ns/op"),
                figure("io.gatewaybench.microbench.ScgHeadersBenchmark", "baselineRequest", Map.of(), 480, "ns/op"),
                figure("io.gatewaybench.nettyproxy.NettyProxyHeadersBenchmark", "rewriteRequest", Map.of(), 151, "ns/op"),
                figure("io.gatewaybench.nettyproxy.NettyProxyRoutesBenchmark", "match", Map.of("routes", "1000"), 42.8, "ns/op"),
                figure("io.gatewaybench.zuul2.Zuul2FilterChainBenchmark", "zuul", Map.of(), 5000, "ns/op"),
                figure("io.gatewaybench.microbench.Http1CodecBenchmark", "decodeRequest", Map.of(), 711, "ns/op"),
                figure("io.gatewaybench.microbench.SimulationLogBenchmark", "read", Map.of(), 88, "us/op"));
        assertEquals(List.of(new JmhReport.Duty("Headers rewriteRequest", "scg", 6750),
                new JmhReport.Duty("Headers rewriteRequest", "netty-proxy", 151),
                new JmhReport.Duty("Routes match (routes=1000)", "netty-proxy", 42.8),
                new JmhReport.Duty("FilterChain zuul", "zuul2", 5000)), JmhReport.duties(figures));
    }

    private static JmhReport.Figure figure(String c, String method, Map<String, String> params, double score, String unit) {
        return new JmhReport.Figure(c, method, params, score, 1.0, unit, null, null, null);
    }

    @Test
    void aMissingResultFileIsNamedWithTheFix() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> JmhReport.write(run));
        assertEquals(run.resolve("jmh.json") + " is missing: JMH writes it with -rf json -rff <file>, as ./bench jmh"
                + " runs it; run ./bench jmh again", e.getMessage());
        assertEquals(1, JmhReport.main(List.of("jmh-report", run.toString())));
    }

    @Test
    void resultsWithoutBenchmarksAreRefused() throws IOException {
        for (String content : List.of("", "[]", "[\n]\n")) {
            Files.writeString(run.resolve("jmh.json"), content);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> JmhReport.write(run));
            assertTrue(e.getMessage().startsWith(run.resolve("jmh.json") + " holds no results: JMH ran no benchmark"),
                    e.getMessage());
        }
    }

    @Test
    void aTruncatedResultFileIsRefused() throws IOException {
        copySample();
        String json = Files.readString(run.resolve("jmh.json"));
        Files.writeString(run.resolve("jmh.json"), json.substring(0, json.length() / 2));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> JmhReport.write(run));
        assertTrue(e.getMessage().contains("is not JMH's JSON"), e.getMessage());
        assertTrue(e.getMessage().endsWith("run ./bench jmh again"), e.getMessage());
    }

    @Test
    void numbersKeepThreeSignificantDigits() {
        assertEquals("104,519", JmhReport.number(104_519.009));
        assertEquals("59.8", JmhReport.number(59.837));
        assertEquals("2.15", JmhReport.number(2.1475));
        assertEquals("0.238", JmhReport.number(0.2381));
        assertEquals("n/a", JmhReport.number(Double.NaN));
        assertEquals("≈ 0", JmhReport.bytes(0.0004));
    }

    private void copySample() throws IOException {
        try (InputStream in = JmhReportTest.class.getResourceAsStream("/jmh-sample/jmh.json")) {
            Files.copy(in, run.resolve("jmh.json"));
        }
    }
}
