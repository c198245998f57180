package io.gatewaybench.harness.analyse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The results of a {@code ./bench jmh} run as JMH wrote them ({@code jmh.json}: {@code -rf json}, with {@code -prof gc}),
 * each figure paired with its baseline's.
 *
 * <p>Baselines are found by name: in each class, a method {@code baseline<Suffix>} is the baseline of the methods
 * whose names end with {@code <Suffix>} (the longest suffix wins), and a method named just {@code baseline} is the
 * baseline of every other method of its class. A figure is paired with its baseline's figure for the same
 * parameters.
 */
public final class JmhResults {
    /** One benchmark with one set of parameters, as JMH measured it. */
    public record Row(String benchmarkClass, String method, Map<String, String> params, double score, double error,
               String unit, Double allocatedBytes) {

        /** The score less its baseline's: the part the benchmark is about. */
        public double minus(Row baseline) {
            return score - baseline.score();
        }

        boolean isBaseline() {
            return method.startsWith("baseline");
        }

        public String paramsText() {
            return params.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(", "));
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    private JmhResults() {
    }

    /** JMH's JSON, an array of results; a missing, empty or foreign file is refused with what to do about it. */
    public static JsonNode results(Path jmhJson) throws IOException {
        if (!Files.isRegularFile(jmhJson)) {
            throw new IllegalArgumentException(jmhJson + " is missing: JMH writes it with -rf json -rff <file>, as"
                    + " ./bench jmh runs it; run ./bench jmh again");
        }
        JsonNode results;
        try {
            results = Files.size(jmhJson) == 0 ? null : JSON.readTree(jmhJson.toFile());
        } catch (IOException e) {
            throw new IllegalArgumentException(jmhJson + " is not JMH's JSON (" + e.getMessage().lines().findFirst().orElse("")
                    + "); JMH may have been stopped before the end: run ./bench jmh again");
        }
        if (results == null || !results.isArray() || results.isEmpty()) {
            throw new IllegalArgumentException(jmhJson + " holds no results: JMH ran no benchmark (is the benchmark pattern"
                    + " given to ./bench jmh right? see jmh.txt beside it, and java -jar microbench/target/benchmarks.jar -l)");
        }
        return results;
    }

    /** Every result: class, method, parameters, score, error, unit and the bytes allocated per operation. */
    public static List<Row> rows(JsonNode results) {
        List<Row> rows = new ArrayList<>();
        for (JsonNode r : results) {
            String benchmark = r.path("benchmark").asText();
            int dot = benchmark.lastIndexOf('.');
            Map<String, String> params = new TreeMap<>();
            for (Iterator<Map.Entry<String, JsonNode>> it = r.path("params").fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> p = it.next();
                params.put(p.getKey(), p.getValue().asText());
            }
            JsonNode primary = r.path("primaryMetric");
            JsonNode alloc = allocationNorm(r.path("secondaryMetrics"));
            rows.add(new Row(benchmark.substring(0, dot), benchmark.substring(dot + 1), params,
                    primary.path("score").asDouble(Double.NaN), primary.path("scoreError").asDouble(Double.NaN),
                    primary.path("scoreUnit").asText(), alloc == null ? null : alloc.path("score").asDouble(Double.NaN)));
        }
        return rows;
    }

    /** JMH 1.37 names it gc.alloc.rate.norm; releases before 1.33 put a middle dot in front. */
    private static JsonNode allocationNorm(JsonNode secondary) {
        for (String name : List.of("gc.alloc.rate.norm", "\u00b7gc.alloc.rate.norm")) {
            if (secondary.has(name)) {
                return secondary.get(name);
            }
        }
        return null;
    }

    /** The baseline of a figure by the naming rule (see the class comment), with the same parameters; null if none. */
    public static Row baselineOf(Row row, List<Row> rows) {
        if (row.isBaseline()) {
            return null;
        }
        Row best = null;
        int bestSuffix = -1;
        for (Row b : rows) {
            String suffix = b.method().substring(Math.min(b.method().length(), "baseline".length()));
            boolean sameParams = b.params().entrySet().stream().allMatch(e -> e.getValue().equals(row.params().get(e.getKey())));
            if (b.isBaseline() && b.benchmarkClass().equals(row.benchmarkClass()) && sameParams
                    && row.method().endsWith(suffix) && suffix.length() > bestSuffix) {
                best = b;
                bestSuffix = suffix.length();
            }
        }
        return best;
    }

    /** JMH version, JDK and the iteration settings, each listed once with the values the results used. */
    public static Map<String, String> settings(JsonNode results) {
        Map<String, Set<String>> seen = new LinkedHashMap<>();
        for (JsonNode r : results) {
            add(seen, "JMH", r.path("jmhVersion").asText());
            add(seen, "JDK", r.path("jdkVersion").asText() + " (" + r.path("vmName").asText() + " " + r.path("vmVersion").asText() + ")");
            add(seen, "JVM", r.path("jvm").asText());
            add(seen, "JVM options", r.path("jvmArgs").isEmpty() ? "none" : joined(r.path("jvmArgs")));
            add(seen, "mode", r.path("mode").asText() + ", " + r.path("threads").asInt() + " thread(s)");
            add(seen, "forks", r.path("forks").asText());
            add(seen, "warm-up", r.path("warmupIterations").asInt() + " x " + r.path("warmupTime").asText());
            add(seen, "measurement", r.path("measurementIterations").asInt() + " x " + r.path("measurementTime").asText());
        }
        Map<String, String> settings = new LinkedHashMap<>();
        seen.forEach((k, v) -> settings.put(k, String.join("; ", v)));
        return settings;
    }

    private static void add(Map<String, Set<String>> seen, String key, String value) {
        seen.computeIfAbsent(key, k -> new LinkedHashSet<>()).add(value);
    }

    private static String joined(JsonNode array) {
        List<String> parts = new ArrayList<>();
        array.forEach(a -> parts.add(a.asText()));
        return String.join(" ", parts);
    }
}
