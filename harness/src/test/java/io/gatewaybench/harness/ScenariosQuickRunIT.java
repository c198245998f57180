package io.gatewaybench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.gatewaybench.harness.plan.Scenario;
import io.gatewaybench.harness.report.HtmlReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;

/**
 * {@code ./bench run --quick --scenarios=...} end to end on loopback: NGINX under a scenario of each kind (keys with a
 * limit set low, tokens, many routes, a response size with its own direct), with planted-no-duties beside it, which
 * claims every duty and does none. Every cell of NGINX is measured without an error, each against its own direct
 * baseline; planted-no-duties is refused under each scenario with a duty (the run goes on, and exits 1 for it) and
 * measured under plain and the response size, where it has no duty to skip. The summary has a table per scenario and
 * the cost of each scenario per gateway. Not every scenario: each gateway does each scenario's duties, every scenario,
 * in its own tests ({@code *ScenarioTest}), and {@code --scenarios=all} is that list ({@code ScenarioPlanTest}); what
 * this run adds is the matrix a run makes of them, which one scenario of each kind exercises as all ten do (all ten
 * took 7.3 min on the CI of 20261127, nine cells fewer about half). The fixed-rate ladder runs end to end in the other
 * integration tests, so this run has no ladder.
 *
 * <p>Its load is the open model, 100 requests a second ({@code --model=open --rate=100}), the only integration test that
 * runs it end to end (FaultsIT's runs too); the closed loop runs in all the others. A closed loop takes every CPU it is given,
 * for nothing this test reads: here alone it took 177 CPU-seconds in 101 s, the open load 84 in 92 (20261129), and beside the
 * other integration tests those CPU-seconds slowed every one of them.
 */
class ScenariosQuickRunIT {
    private static final String PLANTED = "harness/src/test/resources/planted/planted-no-duties.properties";
    private static final List<String> DUTIES = List.of("keyauth+ratelimit", "jwt", "routes-1000");
    private static final List<String> SIZES = List.of("4kb");
    /** The scenarios of the run, in Scenario.ALL's order. */
    private static final List<String> SCENARIOS = List.of("plain", "keyauth+ratelimit", "jwt", "routes-1000", "4kb");

    @Test
    void everyScenarioIsMeasuredAgainstItsBaselineAndAGatewayThatSkipsADutyIsRefused() throws Exception {
        Path results = Path.of("target", "scenarios-it").toAbsolutePath();
        String output = QuickRun.bench(results, 1, "run", "--quick", "--scenarios=" + String.join(",", SCENARIOS), "--targets=nginx," + PLANTED,
                "--levels=none", "--cross-check=none", "--model=open", "--rate=100", "--results=" + results);
        Path run = QuickRun.newest(results);
        JsonNode summary = new com.fasterxml.jackson.databind.ObjectMapper().readTree(run.resolve("summary.json").toFile());
        SummarySchemaTest.assertMatchesSchema(run);
        assertEquals(SCENARIOS, names(summary.get("scenarios").get("list"), "name"));
        assertEquals("open", summary.get("load").get("model").asText(), "the load: " + summary.get("load"));
        assertEquals(100, summary.get("load").get("rate_rps").asInt(), "the load: " + summary.get("load"));

        List<String> measured = new ArrayList<>(List.of("direct", "nginx", "planted-no-duties"));
        for (String s : DUTIES) {
            measured.add("nginx:" + s);
        }
        for (String s : SIZES) {
            measured.addAll(List.of("direct:" + s, "nginx:" + s, "planted-no-duties:" + s));
        }
        for (String name : measured) {
            JsonNode t = target(summary, name);
            assertFalse(t.has("failure"), name + " failed: " + t.path("failure"));
            assertTrue(t.get("requests").asLong() > 0, name + " made no requests");
            assertEquals(0, t.get("errors").asLong(), name + " had errors");
            assertTrue(t.get("relative_to_direct").hasNonNull("throughput"), name + " has no ratio to its direct");
        }
        assertEquals("direct:4kb", target(summary, "nginx:4kb").get("baseline").asText());
        assertEquals("direct", target(summary, "nginx:jwt").get("baseline").asText());
        assertEquals(Scenario.LOW_LIMIT, target(summary, "nginx:keyauth+ratelimit").get("rate_limit_check").get("limit_per_s").asInt());
        assertTrue(target(summary, "nginx:keyauth+ratelimit").get("rate_limit_check").get("answered_429").asInt() > 0);
        for (String s : DUTIES) {
            JsonNode refused = target(summary, "planted-no-duties:" + s);
            String why = refused.path("failure").asText();
            assertTrue(why.contains("refusing to measure it"), s + ": " + why);
        }
        assertTrue(output.contains("bench: run incomplete: ") && output.contains("planted-no-duties:jwt was not measured"), output);

        JsonNode tables = summary.get("scenarios").get("by_scenario");
        assertEquals(SCENARIOS, StreamSupport.stream(((Iterable<Map.Entry<String, JsonNode>>) tables::fields).spliterator(), false)
                .map(Map.Entry::getKey).toList());
        JsonNode cost = summary.get("scenarios").get("cost_vs_plain");
        List<String> gateways = new ArrayList<>();
        cost.fieldNames().forEachRemaining(gateways::add);
        assertEquals(List.of("nginx", "planted-no-duties"), gateways, "a gateway refused under a scenario is still one gateway");
        assertTrue(cost.get("planted-no-duties").get(0).get("failure").asText().contains("refusing to measure it"));
        for (String gateway : List.of("nginx")) {
            List<String> scenarios = names(cost.get(gateway), "scenario");
            assertEquals(SCENARIOS.subList(1, SCENARIOS.size()), scenarios, gateway);
            cost.get(gateway).forEach(r -> assertTrue(r.get("throughput_relative").isNumber(), gateway + ": " + r));
        }
        String md = Files.readString(run.resolve("summary.md"));
        assertTrue(md.contains("## Scenarios") && md.contains("### routes-1000") && md.contains("#### nginx"), md);
        assertTrue(md.contains("Load: open model, 100 req/s;"), md);
        assertTrue(Files.size(run.resolve(HtmlReport.FILE)) > 0);
    }

    private static JsonNode target(JsonNode summary, String name) {
        for (JsonNode t : summary.get("targets")) {
            if (t.get("name").asText().equals(name)) {
                return t;
            }
        }
        throw new AssertionError("no target " + name + " in the summary");
    }

    private static List<String> names(JsonNode list, String field) {
        List<String> names = new ArrayList<>();
        list.forEach(n -> names.add(n.get(field).asText()));
        return names;
    }
}
