package io.gatewaybench.harness.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gatewaybench.harness.plan.Repo;
import io.gatewaybench.harness.model.Summaries;
import io.gatewaybench.harness.model.Summary;
import java.io.IOException;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * The verdict at the top of summary.md and report.html: which rows (one per gateway in its plain configuration, whatever
 * matrix the run holds), in which order (best throughput relative to direct first), and which caveat each carries. Read from
 * committed runs, some with a planted change; the figures themselves are the analysis's, and ReportBrowserIT checks the page's
 * cells against summary.json.
 */
class VerdictTableTest {

    @Test
    void theDefaultRunRanksEveryGatewayByThroughputRelativeToDirect() throws IOException {
        VerdictTable.Table table = VerdictTable.of(run("20261126-200405", s -> { }));
        assertEquals(List.of("nginx", "netty-proxy", "haproxy", "zuul2", "scg"), targets(table));
        VerdictTable.Row nginx = table.rows().get(0);
        assertEquals("59.0% (51.6-70.0)", nginx.throughput().text());
        // wrk's 2xx rate through nginx over its rate to direct, both from round 1's cross-check
        assertEquals(0.519, nginx.byWrk().value(), 0.0005);
        assertEquals("+102 (+18 to +187)", nginx.added().text(), "at 6,100 req/s, the rate nearest half of direct's maximum");
        assertEquals("added at P50 at 6100 req/s, µs", table.headers().get(4));
        assertEquals("10000 (71% of direct's 14000)", nginx.maxRate().text());
        assertEquals("Gatling the limit: wrk got 1.21x its rate", nginx.caveat());
        String md = RunSummary.markdown(run("20261126-200405", s -> { }));
        assertTrue(md.indexOf("## Verdict") < md.indexOf("## Relative to direct"), "the verdict comes first");
        assertTrue(md.contains("\n| nginx | 59.0% (51.6-70.0) | 51.9% | 21 (20-22) | +102 (+18 to +187) | 10000 (71% of direct's 14000) "
                + "| Gatling the limit: wrk got 1.21x its rate |\n"), md);
    }

    @Test
    void aGatewayThatGainsMovesUpTheRanking() throws IOException {
        // planted: scg's throughput above nginx's
        VerdictTable.Table table = VerdictTable.of(run("20261126-200405", s -> target(s, "scg").with("relative_to_direct").put("throughput", 0.9)));
        assertEquals(List.of("scg", "nginx", "netty-proxy", "haproxy", "zuul2"), targets(table));
    }

    @Test
    void eachMatrixRunShowsOneRowPerGatewayInItsPlainConfiguration() throws IOException {
        assertEquals(List.of("netty-proxy@default", "zuul2@default", "scg@default"), targets(VerdictTable.of(run("20261123-212433", s -> { }))),
                "the JVM profile run: the default profile of each");
        assertEquals(List.of("nginx", "haproxy", "netty-proxy", "zuul2", "scg"), targets(VerdictTable.of(run("20261124-080355", s -> { }))),
                "the scenario run: the plain scenario of each");
        assertEquals(List.of("nginx-w2", "haproxy-w2", "netty-proxy-w2", "zuul2-w2", "scg-w2"),
                targets(VerdictTable.of(run("20261124-085642", s -> { }))), "the workers sweep: the most workers of each");
        assertNull(VerdictTable.of(run("20261126-200405", s -> {
            var kept = ((com.fasterxml.jackson.databind.node.ArrayNode) s.get("targets"));
            for (int i = kept.size() - 1; i > 0; i--) {
                kept.remove(i);
            }
        })), "a run of direct alone has no verdict");
    }

    @Test
    void theCaveatIsTheOneThatMattersMost() throws IOException {
        // the committed scenario run: every target not warm within its 6 s warm-up, which outranks the rest
        assertEquals("not warm in 2 of 2 rounds", VerdictTable.of(run("20261124-080355", s -> { })).rows().get(0).caveat());
        // planted: errors outrank Gatling being the limit; being not told apart from direct outranks it too
        assertEquals("7 errors", row(run("20261126-200405", s -> target(s, "nginx").put("errors", 7)), "nginx").caveat());
        assertEquals("throughput not told apart from direct's", row(run("20261126-200405",
                s -> target(s, "nginx").with("relative_to_direct").put("within_noise_of_direct", "planted")), "nginx").caveat());
        VerdictTable.Row notMeasured = row(run("20261126-200405", s -> target(s, "zuul2").put("failure", "planted: did not start")), "zuul2");
        assertEquals("not measured: planted: did not start", notMeasured.caveat());
        assertEquals("-", notMeasured.throughput().text());
        assertEquals(List.of("nginx", "netty-proxy", "haproxy", "scg", "zuul2"),
                targets(VerdictTable.of(run("20261126-200405", s -> target(s, "zuul2").put("failure", "planted")))), "not measured: last");
    }

    @Test
    void theHostileInputColumnShowsTheSuitesFindingTheRunRecorded() throws IOException {
        // runs made before the finding was recorded: no such column, the caption points to the suite's page
        VerdictTable.Table before = VerdictTable.of(run("20261126-200405", s -> { }));
        assertTrue(before.headers().stream().noneMatch(h -> h.startsWith("hostile")), before.headers().toString());
        assertNull(before.rows().get(0).hostile());
        assertTrue(before.caption().endsWith("the test suite's finding, not a run's: docs/hostile-input.md."), before.caption());
        // planted: the finding recorded for nginx and scg only (haproxy, say, ran from a descriptor of the user's own)
        Summary planted = run("20261126-200405", s -> {
            ObjectNode suite = s.putObject("hostile_input");
            suite.put("what", "planted");
            ObjectNode by = suite.putObject("by_gateway");
            by.putObject("nginx").put("handled", 68).put("tried", 77).putArray("missed").add("1xx/upgrade: 3 of 7");
            by.putObject("scg").put("handled", 77).put("tried", 77).putArray("missed");
        });
        VerdictTable.Table table = VerdictTable.of(planted);
        assertEquals("hostile input handled (test suite)", table.headers().get(table.headers().size() - 2));
        assertEquals("68/77", row(planted, "nginx").hostile().text());
        assertEquals(68, row(planted, "nginx").hostile().value());
        assertEquals("77/77", row(planted, "scg").hostile().text());
        assertEquals(VerdictTable.Cell.NONE, row(planted, "haproxy").hostile());
        assertTrue(table.caption().endsWith(VerdictTable.HOSTILE), table.caption());
        String md = RunSummary.markdown(planted);
        assertTrue(md.contains("\n| nginx | 59.0% (51.6-70.0) | 51.9% | 21 (20-22) | +102 (+18 to +187) | 10000 (71% of direct's 14000) "
                + "| 68/77 | Gatling the limit: wrk got 1.21x its rate |\n"), md);
        assertTrue(md.contains("| max sustainable req/s (p99-10ms) | hostile input handled (test suite) | caveat |\n|---|---:|---:|---:|---:|---:|---:|---|\n"), md);
    }

    private static Summary run(String id, Consumer<ObjectNode> plant) throws IOException {
        ObjectNode tree = (ObjectNode) Summaries.mapper().readTree(Repo.root().resolve("results").resolve(id).resolve("summary.json").toFile());
        plant.accept(tree);
        return Summaries.parse(Summaries.mapper().writeValueAsString(tree));
    }

    private static ObjectNode target(ObjectNode summary, String name) {
        for (JsonNode t : summary.get("targets")) {
            if (t.get("name").asText().equals(name)) {
                return (ObjectNode) t;
            }
        }
        throw new AssertionError("no target " + name);
    }

    private static VerdictTable.Row row(Summary s, String target) {
        return VerdictTable.of(s).rows().stream().filter(r -> r.target().equals(target)).findFirst().orElseThrow();
    }

    private static List<String> targets(VerdictTable.Table table) {
        return table.rows().stream().map(VerdictTable.Row::target).toList();
    }
}
