package io.gatewaybench.harness;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.SpecificationVersion;
import com.networknt.schema.path.PathType;
import io.gatewaybench.harness.model.Summary;
import io.gatewaybench.harness.plan.Repo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * {@code docs/summary.schema.json} describes what the harness writes as a run's summary.json of format
 * {@code gateway-bench summary 2} ({@code docs/jmh-summary.schema.json}: a JMH run's), and holds against it: every
 * committed {@code results/*}/summary.json of that format validates, those re-analysed from format 1 included; and the
 * schema is not vacuous: invalid variants planted in a committed summary (an unknown key, a misspelt key, a figure of
 * the wrong type, a missing required key, a missing percentile, an interval without its bounds, and more) are each
 * rejected, at the JSON pointer where they were planted. A summary that the harness starts to write differently fails
 * here until the schema says so too.
 */
class SummarySchemaTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String JMH_FORMAT = "gateway-bench jmh summary 1";
    /** A run written in format 2 by the harness itself, with scenarios, a ladder and judged intervals: the plants go here. */
    private static final String NATIVE = "20261124-080355";
    /** A run that stopped before its end (complete: false). */
    private static final String INCOMPLETE = "20261124-063244";
    /** A run written in format 1 and re-analysed since ({@code reanalysed}). */
    private static final String REANALYSED = "20261122-165139";

    /** An invalid variant: what is wrong, in which committed run, the pointer it must be rejected at, and the change. */
    private record Plant(String what, String run, String pointer, Consumer<ObjectNode> change) {
    }

    private static List<Plant> plants() {
        return List.of(
                new Plant("an unknown top-level key", NATIVE, "", s -> s.put("comment", "added by hand")),
                new Plant("a misspelt key inside a target (throughput_rsp)", NATIVE, "/targets/1",
                        s -> node(s, "/targets/1").set("throughput_rsp", node(s, "/targets/1").remove("throughput_rps"))),
                new Plant("a throughput given as a string", NATIVE, "/targets/1/throughput_rps",
                        s -> node(s, "/targets/1").put("throughput_rps", s.at("/targets/1/throughput_rps").asText())),
                new Plant("a round without its errors", NATIVE, "/targets/1/rounds/0",
                        s -> node(s, "/targets/1/rounds/0").remove("errors")),
                new Plant("a latency percentile missing (a round's P99.9)", NATIVE, "/targets/1/rounds/0/latency_ms",
                        s -> node(s, "/targets/1/rounds/0/latency_ms").remove("p99_9")),
                new Plant("a judged interval without its bounds (ci_low, ci_high)", NATIVE,
                        "/scenarios/cost_vs_plain/nginx/0/throughput_relative_spread",
                        s -> node(s, "/scenarios/cost_vs_plain/nginx/0/throughput_relative_spread")
                                .remove(List.of("ci_low", "ci_high"))),
                new Plant("an interval over rounds without its min and max", NATIVE, "/targets/1/spread/throughput_rps",
                        s -> node(s, "/targets/1/spread/throughput_rps").remove(List.of("min", "max"))),
                new Plant("one end of a 95% interval alone", NATIVE, "/targets/1/spread/throughput_rps",
                        s -> node(s, "/targets/1/spread/throughput_rps").remove("ci95_high")),
                new Plant("a count given as a fraction", NATIVE, "/targets/1/requests", s -> node(s, "/targets/1").put("requests", 1.5)),
                new Plant("a resource role nobody samples", NATIVE, "/targets/1/resources",
                        s -> node(s, "/targets/1/resources").set("database", s.at("/targets/1/resources/gateway").deepCopy())),
                new Plant("a maximum sustainable rate under no objective's name", NATIVE, "/targets/1/max_sustainable",
                        s -> node(s, "/targets/1/max_sustainable")
                                .set("p99-10-ms", s.at("/targets/1/max_sustainable/p99-10ms").deepCopy())),
                new Plant("a verdict in words the harness never writes", NATIVE, "/scenarios/cost_vs_plain/nginx/0/verdict",
                        s -> node(s, "/scenarios/cost_vs_plain/nginx/0").put("verdict", "faster")),
                new Plant("format 1's peak RSS in a summary written in format 2", NATIVE, "/targets/1/resources/gateway",
                        s -> node(s, "/targets/1/resources/gateway").set("peak_rss_mb", node(s, "/targets/1/resources/gateway")
                                .remove("peak_pss_mb"))),
                new Plant("a ladder level without its round in a summary written in format 2", NATIVE, "/targets/1/fixed_rate/0/rounds/0",
                        s -> node(s, "/targets/1/fixed_rate/0/rounds/0").remove("round")),
                new Plant("a target of several rounds without its spread", NATIVE, "/targets/1",
                        s -> node(s, "/targets/1").remove("spread")),
                new Plant("an incomplete run without its reasons", INCOMPLETE, "", s -> s.remove("incomplete_because")),
                new Plant("a misspelt key in a re-analysed summary (orign)", REANALYSED, "/placement",
                        s -> node(s, "/placement").set("orign", node(s, "/placement").remove("origin"))));
    }

    @Test
    void everyCommittedSummaryHasAFormatWithASchema() throws IOException {
        Map<String, String> unknown = new TreeMap<>();
        committed().forEach((run, s) -> {
            String format = s.path("format").asText();
            if (!format.equals(Summary.FORMAT) && !format.equals(JMH_FORMAT)) {
                unknown.put(run, format);
            }
        });
        assertTrue(unknown.isEmpty(), "committed runs of a format docs/ has no schema for: " + unknown);
    }

    @TestFactory
    Stream<DynamicTest> everyCommittedSummaryOfFormat2Validates() throws IOException {
        Schema schema = schema("summary.schema.json");
        Map<String, ObjectNode> runs = committed(Summary.FORMAT);
        assertFalse(runs.isEmpty(), "no committed summary of format " + Summary.FORMAT + " in results/");
        assertTrue(runs.values().stream().anyMatch(s -> s.has("reanalysed")) && runs.values().stream().anyMatch(s -> !s.has("reanalysed")),
                "the committed runs " + runs.keySet() + " should hold both a re-analysed summary and one written in format 2");
        return runs.entrySet().stream().map(e -> dynamicTest(e.getKey(), () -> assertValid(schema, e.getKey(), e.getValue())));
    }

    @TestFactory
    Stream<DynamicTest> everyCommittedJmhSummaryValidates() throws IOException {
        Schema schema = schema("jmh-summary.schema.json");
        Map<String, ObjectNode> runs = committed(JMH_FORMAT);
        return runs.entrySet().stream().map(e -> dynamicTest(e.getKey(), () -> assertValid(schema, e.getKey(), e.getValue())));
    }

    @TestFactory
    Stream<DynamicTest> plantedInvalidVariantsAreRejected() throws IOException {
        Schema schema = schema("summary.schema.json");
        Map<String, ObjectNode> runs = committed(Summary.FORMAT);
        return plants().stream().map(p -> dynamicTest(p.what(), () -> {
            ObjectNode summary = runs.get(p.run());
            assertTrue(summary != null, "results/" + p.run() + "/summary.json, where '" + p.what() + "' is planted, is not committed");
            assertValid(schema, p.run(), summary); // as committed it holds: the rejection below is the plant's
            ObjectNode planted = summary.deepCopy();
            p.change().accept(planted);
            List<Error> errors = schema.validate(planted);
            assertFalse(errors.isEmpty(), p.run() + " with " + p.what() + " at '" + p.pointer() + "': accepted by the schema");
            assertTrue(errors.stream().anyMatch(e -> p.pointer().equals(e.getInstanceLocation().toString())),
                    p.run() + " with " + p.what() + ": rejected, but not at '" + p.pointer() + "': " + describe(errors));
        }));
    }

    /** The JMH schema is not vacuous either: a benchmark's score given as a string is rejected where it is. */
    @Test
    void aJmhSummaryWithAScoreAsAStringIsRejected() throws IOException {
        Schema schema = schema("jmh-summary.schema.json");
        Map<String, ObjectNode> runs = committed(JMH_FORMAT);
        assertFalse(runs.isEmpty(), "no committed summary of format " + JMH_FORMAT + " in results/");
        Map.Entry<String, ObjectNode> run = runs.entrySet().iterator().next();
        ObjectNode planted = run.getValue().deepCopy();
        node(planted, "/benchmarks/0").put("score", planted.at("/benchmarks/0/score").asText());
        List<Error> errors = schema.validate(planted);
        assertTrue(errors.stream().anyMatch(e -> "/benchmarks/0/score".equals(e.getInstanceLocation().toString())),
                run.getKey() + " with /benchmarks/0/score as a string: not rejected there: " + describe(errors));
    }

    private static void assertValid(Schema schema, String run, JsonNode summary) {
        assertValid(schema, Path.of("results", run), summary);
    }

    private static void assertValid(Schema schema, Path run, JsonNode summary) {
        List<Error> errors = schema.validate(summary);
        assertTrue(errors.isEmpty(), run.resolve("summary.json") + " does not match docs/summary.schema.json: " + describe(errors));
    }

    /** What a test's own run just wrote holds against the schema too: a new key or type shows before any run is committed. */
    static void assertMatchesSchema(Path run) throws IOException {
        assertValid(schema("summary.schema.json"), run, JSON.readTree(run.resolve("summary.json").toFile()));
    }

    private static String describe(List<Error> errors) {
        return errors.stream().limit(10).map(e -> "'" + e.getInstanceLocation() + "' " + e.getMessage())
                .collect(Collectors.joining("; ")) + (errors.size() > 10 ? "; and " + (errors.size() - 10) + " more" : "");
    }

    /** The object at {@code pointer}, to change in place. */
    private static ObjectNode node(ObjectNode summary, String pointer) {
        JsonNode n = summary.at(pointer);
        if (!(n instanceof ObjectNode o)) {
            throw new IllegalStateException("no object at " + pointer + " to plant in");
        }
        return o;
    }

    /** A schema of {@code docs/}, by the 2020-12 rules, its errors located by JSON pointer, {@code format} asserted. */
    private static Schema schema(String file) throws IOException {
        Path path = Repo.root().resolve("docs").resolve(file);
        SchemaRegistryConfig config = SchemaRegistryConfig.builder().pathType(PathType.JSON_POINTER).formatAssertionsEnabled(true)
                .build();
        SchemaRegistry registry = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12,
                b -> b.schemaRegistryConfig(config));
        return registry.getSchema(JSON.readTree(path.toFile()));
    }

    /** Every committed run's summary, by run folder name. */
    private static Map<String, ObjectNode> committed() throws IOException {
        Map<String, ObjectNode> runs = new TreeMap<>();
        try (Stream<Path> dirs = Files.list(Repo.root().resolve("results"))) {
            for (Path dir : dirs.filter(d -> Files.isRegularFile(d.resolve("summary.json"))).toList()) {
                runs.put(dir.getFileName().toString(), (ObjectNode) JSON.readTree(dir.resolve("summary.json").toFile()));
            }
        }
        return runs;
    }

    private static Map<String, ObjectNode> committed(String format) throws IOException {
        Map<String, ObjectNode> runs = new TreeMap<>(committed());
        runs.values().removeIf(s -> !format.equals(s.path("format").asText()));
        return runs;
    }
}
