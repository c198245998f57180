package io.gatewaybench.harness.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The records of {@code io.gatewaybench.harness.model} hold every committed {@code results/*}/summary.json of format
 * {@code gateway-bench summary 2} whole: each reads with no key left over (the mapper fails on an unknown one), and
 * written back by the same mapper gives the same JSON tree as the file. And they are not vacuous: a summary with a
 * planted unknown key, a figure of the wrong type, a missing key or a word no type knows fails to read, with a message
 * that names the key where it was planted.
 */
class SummaryModelTest {
    private static final ObjectMapper JSON = Summaries.mapper();
    /** A run written in format 2 by the harness itself, with scenarios, a ladder and judged intervals: the plants go here. */
    private static final String NATIVE = "20261124-080355";
    /** A run written in format 1 and re-analysed since ({@code reanalysed}). */
    private static final String REANALYSED = "20261122-165139";
    /** A run that stopped before its end, with a target that failed. */
    private static final String INCOMPLETE = "20261124-063244";

    /** An invalid variant: what is wrong, in which committed run, the pointer the error must name, and the change. */
    private record Plant(String what, String run, String pointer, Consumer<ObjectNode> change) {
    }

    private static List<Plant> plants() {
        return List.of(
                new Plant("an unknown top-level key", NATIVE, "/comment", s -> s.put("comment", "added by hand")),
                new Plant("a misspelt key in a target (run_foldr)", NATIVE, "/targets/1/run_foldr",
                        s -> node(s, "/targets/1").set("run_foldr", node(s, "/targets/1").remove("run_folder"))),
                // Jackson checks a record's required keys when its object ends, before the keys it did not know: a misspelt
                // required key shows as that key missing.
                new Plant("a misspelt required key in a round (errros)", NATIVE, "/targets/1/rounds/0/errors",
                        s -> node(s, "/targets/1/rounds/0").set("errros", node(s, "/targets/1/rounds/0").remove("errors"))),
                new Plant("an unknown key deep in a ladder level's probe", NATIVE, "/targets/1/fixed_rate/0/rounds/0/probe_us/p75",
                        s -> node(s, "/targets/1/fixed_rate/0/rounds/0/probe_us").put("p75", 300)),
                new Plant("a throughput given as a string", NATIVE, "/targets/1/throughput_rps",
                        s -> node(s, "/targets/1").put("throughput_rps", s.at("/targets/1/throughput_rps").asText())),
                new Plant("a count given as a fraction", NATIVE, "/targets/1/requests", s -> node(s, "/targets/1").put("requests", 1.5)),
                new Plant("a name given as a number", NATIVE, "/targets/1/name", s -> node(s, "/targets/1").put("name", 7)),
                new Plant("a required name given as null", NATIVE, "/targets/1/name", s -> node(s, "/targets/1").putNull("name")),
                new Plant("a round without its errors", NATIVE, "/targets/1/rounds/0/errors",
                        s -> node(s, "/targets/1/rounds/0").remove("errors")),
                new Plant("a latency percentile missing (a round's P99.9)", NATIVE, "/targets/1/rounds/0/latency_ms/p99_9",
                        s -> node(s, "/targets/1/rounds/0/latency_ms").remove("p99_9")),
                new Plant("one end of a 95% interval alone", NATIVE, "/targets/1/spread/throughput_rps",
                        s -> node(s, "/targets/1/spread/throughput_rps").remove("ci95_high")),
                new Plant("a judged interval without its bounds (ci_low, ci_high)", NATIVE,
                        "/scenarios/cost_vs_plain/nginx/0/throughput_relative_spread",
                        s -> node(s, "/scenarios/cost_vs_plain/nginx/0/throughput_relative_spread").remove(List.of("ci_low", "ci_high"))),
                new Plant("a resource role nobody samples", NATIVE, "/targets/1/resources/database",
                        s -> node(s, "/targets/1/resources").set("database", s.at("/targets/1/resources/gateway").deepCopy())),
                new Plant("a cost with both peak PSS and peak RSS", NATIVE, "/targets/1/resources/gateway",
                        s -> node(s, "/targets/1/resources/gateway").put("peak_rss_mb", 12.5)),
                new Plant("a verdict in words the harness never writes", NATIVE, "/scenarios/cost_vs_plain/nginx/0/verdict",
                        s -> node(s, "/scenarios/cost_vs_plain/nginx/0").put("verdict", "faster")),
                new Plant("a ratio in words other than n/a", NATIVE, "/scenarios/cost_vs_plain/nginx/0/throughput_relative",
                        s -> node(s, "/scenarios/cost_vs_plain/nginx/0").put("throughput_relative", "none")),
                new Plant("a P99 at a rate in words other than overloaded or not reached", NATIVE,
                        "/scenarios/by_scenario/plain/0/p99_ms_at_rate/1000",
                        s -> node(s, "/scenarios/by_scenario/plain/0/p99_ms_at_rate").put("1000", "slow")),
                new Plant("a topology the harness does not know", NATIVE, "/placement/topology",
                        s -> node(s, "/placement").put("topology", "cloud")),
                new Plant("a misspelt key in a re-analysed summary (orign)", REANALYSED, "/placement/orign",
                        s -> node(s, "/placement").set("orign", node(s, "/placement").remove("origin"))));
    }

    @TestFactory
    Stream<DynamicTest> everyCommittedSummaryReadsWholeAndWritesBackTheSameTree() throws IOException {
        Map<String, Path> runs = committed();
        assertTrue(runs.size() >= 12, "expected the 12 committed summaries of format 2 in results/, found " + runs.keySet());
        assertTrue(runs.containsKey(NATIVE) && runs.containsKey(REANALYSED) && runs.containsKey(INCOMPLETE),
                "the committed runs " + runs.keySet() + " should hold " + NATIVE + ", " + REANALYSED + " and " + INCOMPLETE);
        return runs.entrySet().stream().map(e -> dynamicTest(e.getKey(), () -> {
            Path file = e.getValue();
            Summary summary = Summaries.read(file); // fails on any key no record has
            // Both trees come from the same mapper parsing JSON text, so a number is an IntNode, LongNode or DoubleNode by how
            // it is written, on either side alike: 4 and 4.0 stay different, and no normalisation of numbers is needed.
            JsonNode committed = JSON.readTree(file.toFile());
            JsonNode written = JSON.readTree(Summaries.toJson(summary));
            String difference = firstDifference("", committed, written);
            assertNull(difference, file + " written back from the records differs: " + difference);
            assertEquals(committed, written, file + " written back from the records differs");
        }));
    }

    @TestFactory
    Stream<DynamicTest> plantedInvalidVariantsFailToReadNamingTheKey() throws IOException {
        Map<String, Path> runs = committed();
        return plants().stream().map(p -> dynamicTest(p.what(), () -> {
            Path file = runs.get(p.run());
            assertNotNull(file, "results/" + p.run() + "/summary.json, where '" + p.what() + "' is planted, is not committed");
            ObjectNode planted = (ObjectNode) JSON.readTree(file.toFile());
            Summaries.parse(JSON.writeValueAsString(planted)); // as committed it reads: the failure below is the plant's
            p.change().accept(planted);
            InvalidSummaryException e = assertThrows(InvalidSummaryException.class, () -> Summaries.parse(JSON.writeValueAsString(planted)),
                    p.run() + " with " + p.what() + ": read without complaint");
            String key = p.pointer().substring(p.pointer().lastIndexOf('/') + 1);
            assertEquals(p.pointer(), e.pointer(), p.run() + " with " + p.what() + ": failed elsewhere: " + e.getMessage());
            assertTrue(e.getMessage().contains("'" + p.pointer() + "'") && e.getMessage().contains(key),
                    p.run() + " with " + p.what() + ": the message does not name '" + key + "' at " + p.pointer() + ": " + e.getMessage());
        }));
    }

    /** The comparison is not vacuous either: a throughput written as an integer reads, but is written back as a double. */
    @Test
    void aFigureOfAnotherNumberKindShowsAsADifference() throws IOException {
        ObjectNode planted = (ObjectNode) JSON.readTree(committed().get(NATIVE).toFile());
        node(planted, "/targets/1").put("throughput_rps", (int) planted.at("/targets/1/throughput_rps").asDouble());
        Summary summary = Summaries.parse(JSON.writeValueAsString(planted));
        JsonNode written = JSON.readTree(Summaries.toJson(summary));
        assertTrue(planted.at("/targets/1/throughput_rps").isInt() && written.at("/targets/1/throughput_rps").isDouble(),
                "the planted integer throughput should be written back as a double");
        String difference = firstDifference("", planted, written);
        assertNotNull(difference, "an integer written back as a double went unnoticed");
        assertTrue(difference.startsWith("/targets/1/throughput_rps"), difference);
        assertFalse(planted.equals(written));
    }

    /** The typed figures of a committed run: the shapes a number or a word, absent or null, measured or failed take. */
    @Test
    void theTypedFiguresOfCommittedRuns() throws IOException {
        Summary run = Summaries.read(committed().get(NATIVE));
        Target direct = run.targets().get(0);
        Target nginx = run.targets().get(1);
        assertEquals("direct", direct.name());
        assertNull(direct.judged().relativeToDirect().withinNoiseOfDirect(),
                "the baseline itself has no within_noise_of_direct");
        assertEquals(Optional.of("its paired 95% interval holds 100%"),
                nginx.judged().relativeToDirect().withinNoiseOfDirect());
        assertNull(nginx.judged().relativeToDirect().latency().p50(), "direct's P50 is 0 ms: nginx's multiple is null");
        assertEquals(28121.25, nginx.judged().throughputRps());
        assertEquals(11378.86, nginx.judged().spread().throughputRps().low());
        assertEquals(Optional.empty(), nginx.measured().probeUs().unloaded().sendLagUs(),
                "the unloaded probe keeps no schedule");
        assertEquals(908L, nginx.measured().probeUs().underLoad().sendLagUs().orElseThrow().p99());
        assertEquals(4000, nginx.judged().maxSustainable().get("p99-10ms").rateRps());
        ScenarioRow.Measured plain = assertInstanceOf(ScenarioRow.Measured.class,
                run.matrices().scenarios().byScenario().get("plain").get(0));
        assertEquals(new P99AtRate.Value(3.0), plain.p99MsAtRate().get(1000));
        assertInstanceOf(ComponentVersion.Line.class, run.run().components().get("nginx"));
        assertInstanceOf(ComponentVersion.Libraries.class, run.run().components().get("netty-proxy"));
        assertInstanceOf(RolePlacement.OnHost.class, run.placement().injector());
        CostRow.Measured cost = assertInstanceOf(CostRow.Measured.class,
                run.matrices().scenarios().costVsPlain().get("nginx").get(0));
        assertInstanceOf(Ratio.Value.class, cost.throughputRelative());
        assertNotNull(assertInstanceOf(RatioSpread.Formed.class, cost.throughputRelativeSpread()).interval().ciMethod());

        Summary incomplete = Summaries.read(committed().get(INCOMPLETE));
        assertEquals(Boolean.FALSE, incomplete.run().complete());
        assertInstanceOf(ScenarioRow.Failed.class,
                incomplete.matrices().scenarios().byScenario().get("ratelimit").stream()
                .filter(r -> r.target().equals("zuul2:ratelimit")).findFirst().orElseThrow());
        Target failed = incomplete.targets().stream().filter(t -> t.measured().failure() != null)
                .findFirst().orElseThrow();
        assertNull(failed.measured().rounds());
        assertNull(failed.judged(), "a target that was not measured is not judged: it has no error_share key");

        Summary reanalysed = Summaries.read(committed().get(REANALYSED));
        assertNotNull(reanalysed.reanalysed());
        assertInstanceOf(RolePlacement.InWords.class, reanalysed.placement().injector());
        assertNull(reanalysed.targets().get(1).measured().probeUs().unloaded().sendLagUs(),
                "format 1 had no send lag key");
        assertNotNull(reanalysed.targets().get(1).measured().resources().gateway().peakRssMb());
    }

    /** The first place where two trees differ, as a JSON pointer with both values; null where they are equal. */
    private static String firstDifference(String at, JsonNode file, JsonNode written) {
        if (file.isObject() && written.isObject()) {
            TreeSet<String> keys = new TreeSet<>();
            file.fieldNames().forEachRemaining(keys::add);
            written.fieldNames().forEachRemaining(keys::add);
            for (String key : keys) {
                String pointer = at + "/" + key.replace("~", "~0").replace("/", "~1");
                if (!written.has(key)) {
                    return pointer + ": in the file, not written";
                }
                if (!file.has(key)) {
                    return pointer + ": written, not in the file";
                }
                String d = firstDifference(pointer, file.get(key), written.get(key));
                if (d != null) {
                    return d;
                }
            }
            return null;
        }
        if (file.isArray() && written.isArray()) {
            if (file.size() != written.size()) {
                return at + ": " + file.size() + " elements in the file, " + written.size() + " written";
            }
            Iterator<JsonNode> a = file.elements();
            Iterator<JsonNode> b = written.elements();
            for (int i = 0; a.hasNext(); i++) {
                String d = firstDifference(at + "/" + i, a.next(), b.next());
                if (d != null) {
                    return d;
                }
            }
            return null;
        }
        return file.equals(written) ? null : at + ": " + file + " (" + file.getNodeType() + ", " + file.numberType() + ") in the file, "
                + written + " (" + written.getNodeType() + ", " + written.numberType() + ") written";
    }

    /** The object at {@code pointer}, to change in place. */
    private static ObjectNode node(ObjectNode summary, String pointer) {
        JsonNode n = summary.at(pointer);
        if (!(n instanceof ObjectNode o)) {
            throw new IllegalStateException("no object at " + pointer + " to plant in");
        }
        return o;
    }

    /** Every committed run's summary.json of format 2, by run folder name. */
    private static Map<String, Path> committed() throws IOException {
        Map<String, Path> runs = new TreeMap<>();
        try (Stream<Path> dirs = Files.list(root().resolve("results"))) {
            for (Path dir : dirs.filter(d -> Files.isRegularFile(d.resolve("summary.json"))).toList()) {
                Path file = dir.resolve("summary.json");
                if (Summary.FORMAT.equals(JSON.readTree(file.toFile()).path("format").asText())) {
                    runs.put(dir.getFileName().toString(), file);
                }
            }
        }
        return runs;
    }

    /** The repository: {@code -Dbench.root} (as Maven sets it), or the nearest folder above with {@code results/}. */
    private static Path root() {
        String configured = System.getProperty("bench.root");
        if (configured != null && !configured.isBlank()) {
            return Path.of(configured).toAbsolutePath().normalize();
        }
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isDirectory(p.resolve("results")) && Files.isDirectory(p.resolve("harness"))) {
                return p;
            }
        }
        throw new IllegalStateException("no repository with results/ above " + Path.of("").toAbsolutePath());
    }
}
