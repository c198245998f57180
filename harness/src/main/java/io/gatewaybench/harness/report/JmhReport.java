package io.gatewaybench.harness.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.gatewaybench.harness.analyse.JmhResults;
import io.gatewaybench.harness.measure.JmhEnvironment;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The report of a {@code ./bench jmh} run: its folder's {@code environment} ({@link JmhEnvironment}, written before JMH
 * starts) and {@code jmh.json} ({@link JmhResults}: each figure with its baseline) become {@code summary.md}, one table per
 * benchmark class with each figure beside its baseline, {@code summary.json} and {@code report.html}.
 */
public final class JmhReport {

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private JmhReport() {
    }

    /**
     * {@code jmh-report <run folder>}: writes {@code summary.md}, {@code summary.json} and {@code report.html} after JMH ran;
     * returns the exit status.
     */
    public static int main(List<String> args) {
        if (args.size() < 2) {
            System.err.println("bench: usage: " + args.get(0) + " <run folder>");
            return 2;
        }
        Path run = Path.of(args.get(1));
        try {
            write(run);
            System.out.println("bench: wrote " + run.resolve("summary.md") + ", summary.json and " + HtmlReport.FILE);
            return 0;
        } catch (IllegalArgumentException e) {
            System.err.println("bench: " + e.getMessage());
            return 1;
        } catch (IOException e) {
            System.err.println("bench: cannot write the report of " + run + ": " + e.getMessage());
            return 1;
        }
    }

    /** Reads {@code jmh.json} and the environment, writes {@code summary.md}, {@code summary.json} and {@code report.html}. */
    public static void write(Path run) throws IOException {
        JsonNode results = JmhResults.results(run.resolve("jmh.json"));
        List<JmhResults.Row> rows = JmhResults.rows(results);
        JsonNode first = results.get(0);
        Map<String, String> env = JmhEnvironment.read(run.resolve("environment"));
        Map<String, Object> settings = JmhResults.settings(results);
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
        for (JmhResults.Row r : rows) {
            Map<String, Object> f = new LinkedHashMap<>();
            f.put("class", r.benchmarkClass());
            f.put("method", r.method());
            f.put("params", r.params());
            f.put("score", finite(r.score()));
            f.put("error", finite(r.error()));
            f.put("unit", r.unit());
            f.put("allocated_bytes_per_op", r.allocatedBytes());
            JmhResults.Row b = JmhResults.baselineOf(r, rows);
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
    public static boolean isJmhRun(Path run) {
        return Files.isRegularFile(run.resolve("jmh.json"));
    }

    static String markdown(String runId, List<JmhResults.Row> rows, Map<String, String> env, Map<String, Object> settings) {
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
            for (JmhResults.Row r : rows) {
                if (!r.benchmarkClass().equals(c)) {
                    continue;
                }
                JmhResults.Row b = JmhResults.baselineOf(r, rows);
                md.append("| ").append(r.method()).append(" | ").append(r.paramsText()).append(" | ")
                        .append(number(r.score())).append(" ± ").append(number(r.error())).append(" | ")
                        .append(r.unit()).append(" | ")
                        .append(r.allocatedBytes() == null ? "n/a (no -prof gc)" : bytes(r.allocatedBytes())).append(" | ")
                        .append(b == null ? "" : b.method()).append(" | ")
                        .append(b == null ? "" : number(b.score())).append(" | ")
                        .append(b == null ? "" : number(r.minus(b))).append(" |\n");
            }
        }
        return md.toString();
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
