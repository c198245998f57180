package io.gatewaybench.harness;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The report of a {@code ./bench jmh} run: its folder's {@code environment} (written before JMH starts) and
 * {@code jmh.json} (JMH's {@code -rf json}, with {@code -prof gc}) become {@code summary.md}, one table per
 * benchmark class with each figure beside its baseline, {@code summary.json} and {@code report.html}.
 *
 * <p>Baselines are found by name: in each class, a method {@code baseline<Suffix>} is the baseline of the methods
 * whose names end with {@code <Suffix>} (the longest suffix wins), and a method named just {@code baseline} is the
 * baseline of every other method of its class. A figure is paired with its baseline's figure for the same
 * parameters.
 */
public final class JmhReport {

    /** One benchmark with one set of parameters, as JMH measured it. */
    record Row(String benchmarkClass, String method, Map<String, String> params, double score, double error,
               String unit, Double allocatedBytes) {

        boolean isBaseline() {
            return method.startsWith("baseline");
        }

        String paramsText() {
            return params.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(", "));
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private JmhReport() {
    }

    /**
     * {@code jmh-environment <run folder> [JMH options]}: writes the folder's {@code environment} before JMH runs;
     * {@code jmh-report <run folder>}: writes {@code summary.md} and {@code summary.json} after. Returns the exit status.
     */
    static int main(List<String> args) {
        if (args.size() < 2) {
            System.err.println("bench: usage: " + args.get(0) + " <run folder>" + (args.get(0).equals("jmh-environment") ? " [JMH options]" : ""));
            return 2;
        }
        Path run = Path.of(args.get(1));
        try {
            if (args.get(0).equals("jmh-environment")) {
                writeEnvironment(run, args.subList(2, args.size()));
            } else {
                write(run);
                System.out.println("bench: wrote " + run.resolve("summary.md") + ", summary.json and " + HtmlReport.FILE);
            }
            return 0;
        } catch (IllegalArgumentException e) {
            System.err.println("bench: " + e.getMessage());
            return 1;
        } catch (IOException e) {
            System.err.println("bench: cannot write the report of " + run + ": " + e.getMessage());
            return 1;
        }
    }

    /** What the run was made on and from, as {@code key: value} lines: written before JMH starts, read by the report. */
    static void writeEnvironment(Path run, List<String> jmhOptions) throws IOException {
        Map<String, Object> env = new LinkedHashMap<>();
        env.put("started", Instant.now().toString());
        env.put("git_commit", Environment.gitCommit());
        env.put("java", System.getProperty("java.home") + " (" + System.getProperty("java.vm.name") + " "
                + System.getProperty("java.vm.version") + ")");
        Environment.machine().forEach((k, v) -> env.put("machine." + k, v));
        env.put("load_average", Environment.loadAverage());
        env.put("jmh_options", String.join(" ", jmhOptions));
        StringBuilder text = new StringBuilder();
        env.forEach((k, v) -> text.append(k).append(": ").append(v == null ? "" : v).append('\n'));
        Files.createDirectories(run);
        Files.writeString(run.resolve("environment"), text);
    }

    /** Reads {@code jmh.json} and the environment, writes {@code summary.md}, {@code summary.json} and {@code report.html}. */
    static void write(Path run) throws IOException {
        JsonNode results = results(run.resolve("jmh.json"));
        List<Row> rows = rows(results);
        JsonNode first = results.get(0);
        Map<String, String> env = readEnvironment(run.resolve("environment"));
        Map<String, Object> settings = settings(results);
        Files.writeString(run.resolve("summary.md"), markdown(run.getFileName().toString(), rows, env, settings));
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("format", "gateway-bench jmh summary 1");
        summary.put("run_id", run.getFileName().toString());
        summary.put("started", env.get("started"));
        summary.put("git_commit", env.getOrDefault("git_commit", "unknown (no environment file)"));
        Map<String, String> machine = new LinkedHashMap<>();
        env.forEach((k, v) -> {
            if (k.startsWith("machine.")) {
                machine.put(k.substring("machine.".length()), v);
            }
        });
        summary.put("machine", machine);
        summary.put("load_average_at_start", env.get("load_average"));
        summary.put("jmh_version", first.path("jmhVersion").asText());
        summary.put("jdk", first.path("jdkVersion").asText() + " (" + first.path("vmName").asText() + " "
                + first.path("vmVersion").asText() + ")");
        summary.put("jmh_options", env.get("jmh_options"));
        summary.put("settings", settings);
        List<Map<String, Object>> figures = new ArrayList<>();
        for (Row r : rows) {
            Map<String, Object> f = new LinkedHashMap<>();
            f.put("class", r.benchmarkClass());
            f.put("method", r.method());
            f.put("params", r.params());
            f.put("score", finite(r.score()));
            f.put("error", finite(r.error()));
            f.put("unit", r.unit());
            f.put("allocated_bytes_per_op", r.allocatedBytes());
            Row b = baselineOf(r, rows);
            f.put("baseline", b == null ? null : b.method());
            f.put("baseline_score", b == null ? null : finite(b.score()));
            figures.add(f);
        }
        summary.put("benchmarks", figures);
        JSON.writeValue(run.resolve("summary.json").toFile(), summary);
        Files.writeString(run.resolve(HtmlReport.FILE), html(summary));
    }

    /** report.html of a JMH run: per benchmark class, a chart of each figure beside its baseline, and the table. */
    static String html(Map<String, Object> summary) throws IOException {
        return HtmlReport.page("JMH microbenchmarks", "Drawing the report… (it needs JavaScript; the same figures are in summary.md)",
                Map.of("summary", HtmlReport.inlineJson(summary)), "report/jmh.js");
    }

    /** Whether a run folder is a JMH run's (it holds JMH's JSON), which {@code ./bench report} renders with {@link #write}. */
    static boolean isJmhRun(Path run) {
        return Files.isRegularFile(run.resolve("jmh.json"));
    }

    /** JMH's JSON, an array of results; a missing, empty or foreign file is refused with what to do about it. */
    static JsonNode results(Path jmhJson) throws IOException {
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
    static List<Row> rows(JsonNode results) {
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
    static Row baselineOf(Row row, List<Row> rows) {
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

    static String markdown(String runId, List<Row> rows, Map<String, String> env, Map<String, Object> settings) {
        StringBuilder md = new StringBuilder();
        md.append("# JMH microbenchmarks, run ").append(runId).append("\n\n");
        md.append("What each benchmark isolates, and how to read this: microbench/README.md. Lower is better; ")
                .append("\"minus baseline\" is the score less its baseline's (same parameters), the part the benchmark is about.\n\n");
        md.append("| | |\n| --- | --- |\n");
        settings.forEach((k, v) -> md.append("| ").append(k).append(" | ").append(v).append(" |\n"));
        md.append("| commit | ").append(env.getOrDefault("git_commit", "unknown (no environment file)")).append(" |\n");
        md.append("| machine | ").append(env.getOrDefault("machine.cpu_model", "?")).append(", ")
                .append(env.getOrDefault("machine.cpus", "?")).append(" CPUs, ")
                .append(gib(env.get("machine.memory_bytes"))).append(", ")
                .append(env.getOrDefault("machine.os", "?")).append(", kernel ").append(env.getOrDefault("machine.kernel", "?"))
                .append(" |\n");
        md.append("| load average at start | ").append(env.getOrDefault("load_average", "?"))
                .append(" (a shared machine: other work competes for the same cores) |\n");
        md.append("| started | ").append(env.getOrDefault("started", "?")).append(" |\n");
        Set<String> classes = new LinkedHashSet<>();
        rows.forEach(r -> classes.add(r.benchmarkClass()));
        for (String c : classes) {
            md.append("\n## ").append(c.substring(c.lastIndexOf('.') + 1)).append("\n\n");
            md.append("| benchmark | params | score ± error | unit | allocated B/op | baseline | baseline score | minus baseline |\n");
            md.append("| --- | --- | ---: | --- | ---: | --- | ---: | ---: |\n");
            for (Row r : rows) {
                if (!r.benchmarkClass().equals(c)) {
                    continue;
                }
                Row b = baselineOf(r, rows);
                md.append("| ").append(r.method()).append(" | ").append(r.paramsText()).append(" | ")
                        .append(number(r.score())).append(" ± ").append(number(r.error())).append(" | ")
                        .append(r.unit()).append(" | ")
                        .append(r.allocatedBytes() == null ? "n/a (no -prof gc)" : bytes(r.allocatedBytes())).append(" | ")
                        .append(b == null ? "" : b.method()).append(" | ")
                        .append(b == null ? "" : number(b.score())).append(" | ")
                        .append(b == null ? "" : number(r.score() - b.score())).append(" |\n");
            }
        }
        return md.toString();
    }

    /** JMH version, JDK and the iteration settings, each listed once with the values the results used. */
    private static Map<String, Object> settings(JsonNode results) {
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
        Map<String, Object> settings = new LinkedHashMap<>();
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

    private static Map<String, String> readEnvironment(Path file) throws IOException {
        Map<String, String> env = new LinkedHashMap<>();
        if (Files.isRegularFile(file)) {
            for (String line : Files.readAllLines(file)) {
                int colon = line.indexOf(": ");
                if (colon > 0) {
                    env.put(line.substring(0, colon), line.substring(colon + 2));
                }
            }
        }
        return env;
    }

    /** Three significant digits at least, no more decimals than that needs; NaN (one iteration: no error) as "n/a". */
    static String number(double x) {
        if (Double.isNaN(x) || Double.isInfinite(x)) {
            return "n/a";
        }
        double a = Math.abs(x);
        String format = a >= 100 ? "%,.0f" : a >= 10 ? "%.1f" : a >= 1 ? "%.2f" : a >= 0.01 ? "%.3f" : "%.1g";
        return a < 1e-9 ? "0" : String.format(Locale.ROOT, format, x);
    }

    /** Bytes per operation; below half a byte it is the profiler's noise (JMH prints ≈ 10⁻⁵), not an allocation. */
    static String bytes(double x) {
        return x < 0.5 ? "≈ 0" : number(x);
    }

    private static Double finite(double x) {
        return Double.isFinite(x) ? x : null;
    }

    private static String gib(String bytes) {
        try {
            return String.format(Locale.ROOT, "%.0f GiB", Long.parseLong(bytes) / (double) (1L << 30));
        } catch (NumberFormatException | NullPointerException e) {
            return "? GiB";
        }
    }
}
