package io.gatewaybench.microbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The shaded target/benchmarks.jar runs every benchmark: each class, method and parameter value JMH lists produces
 * a score and an allocation figure (-prof gc's gc.alloc.rate.norm). A smoke run, not a measurement: one 100 ms
 * iteration each, no warm-up, all in one JVM, and no figure is judged.
 */
class MicrobenchSmokeIT {

    private static final Path JAR = Path.of("target/benchmarks.jar");
    private static final Path OUT = Path.of("target/smoke");
    private static final Pattern PARAM = Pattern.compile("\\s+param \"(\\w+)\" = \\{(.*)}");

    @Test
    @Timeout(value = 10, unit = TimeUnit.MINUTES)
    void everyBenchmarkAndParameterProducesAScoreAndAnAllocationFigure() throws Exception {
        assertTrue(Files.isRegularFile(JAR), JAR.toAbsolutePath() + " is missing: the package phase makes it");
        Files.createDirectories(OUT);
        Set<String> expected = listed(run(OUT.resolve("list.txt"), "-lp"));
        assertTrue(expected.size() >= 30, "JMH lists only " + expected);

        Path json = OUT.resolve("jmh.json");
        Files.deleteIfExists(json);
        // -f 0: every benchmark in this one JVM, not a JVM forked for each (12 s instead of 31 here); a smoke run measures
        // nothing, and a benchmark that cannot run outside its own fork fails here as it would there
        String console = run(OUT.resolve("jmh.txt"), "-f", "0", "-wi", "0", "-i", "1", "-r", "100ms", "-w", "100ms",
                "-prof", "gc", "-rf", "json", "-rff", json.toString());
        assertTrue(Files.isRegularFile(json), "JMH wrote no " + json + ":\n" + console);

        Set<String> measured = new TreeSet<>();
        List<String> problems = new ArrayList<>();
        for (JsonNode result : new ObjectMapper().readTree(json.toFile())) {
            String name = result.path("benchmark").asText() + params(result.path("params"));
            measured.add(name);
            double score = result.path("primaryMetric").path("score").asDouble(Double.NaN);
            JsonNode alloc = result.path("secondaryMetrics").path("gc.alloc.rate.norm").path("score");
            if (!(Double.isFinite(score) && score > 0)) {
                problems.add(name + ": score " + result.path("primaryMetric").path("score"));
            }
            if (!alloc.isNumber() || !Double.isFinite(alloc.asDouble())) {
                problems.add(name + ": no gc.alloc.rate.norm");
            }
        }
        assertEquals(expected, measured, "benchmarks without a result (see " + OUT.resolve("jmh.txt") + ")");
        assertEquals(List.of(), problems);
    }

    /** Runs the jar with the JVM running this test; stdout and stderr go to {@code log} and are returned. */
    private static String run(Path log, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar", JAR.toString()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!p.waitFor(8, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError(String.join(" ", command) + " did not finish within 8 minutes");
        }
        String output = Files.readString(log);
        assertEquals(0, p.exitValue(), String.join(" ", command) + " failed:\n" + output);
        return output;
    }

    /** {@code -lp}'s listing as one name per benchmark and parameter combination: {@code a.B.m{routes=1}}. */
    static Set<String> listed(String listing) {
        Set<String> names = new TreeSet<>();
        String benchmark = null;
        List<TreeMap<String, String>> combinations = List.of(new TreeMap<>());
        for (String line : (listing + "\nend").split("\n")) {
            Matcher param = PARAM.matcher(line);
            if (param.matches() && benchmark != null) {
                List<TreeMap<String, String>> more = new ArrayList<>();
                for (TreeMap<String, String> c : combinations) {
                    for (String value : param.group(2).split(",\\s*")) {
                        TreeMap<String, String> next = new TreeMap<>(c);
                        next.put(param.group(1), value);
                        more.add(next);
                    }
                }
                combinations = more;
                continue;
            }
            if (benchmark != null) {
                for (TreeMap<String, String> c : combinations) {
                    names.add(benchmark + c);
                }
            }
            benchmark = line.matches("[\\w.$]+\\.\\w+") ? line.trim() : null;
            combinations = List.of(new TreeMap<>());
        }
        return names;
    }

    private static String params(JsonNode params) {
        TreeMap<String, String> p = new TreeMap<>();
        params.fields().forEachRemaining(e -> p.put(e.getKey(), e.getValue().asText()));
        return p.toString();
    }
}
