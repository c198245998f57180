package io.gatewaybench.harness.report;

import com.fasterxml.jackson.annotation.JsonProperty;
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
        Map<String, String> settings = JmhResults.settings(results);
        Files.writeString(run.resolve("summary.md"), markdown(run.getFileName().toString(), rows, env, settings));
        Map<String, String> machine = new LinkedHashMap<>();
        env.forEach((k, v) -> {
            if (k.startsWith("machine.")) {
                machine.put(k.substring("machine.".length()), v);
            }
        });
        List<Figure> figures = new ArrayList<>();
        for (JmhResults.Row r : rows) {
            JmhResults.Row b = JmhResults.baselineOf(r, rows);
            figures.add(new Figure(r.benchmarkClass(), r.method(), r.params(), finite(r.score()), finite(r.error()), r.unit(),
                    r.allocatedBytes(), b == null ? null : b.method(), b == null ? null : finite(b.score())));
        }
        JmhSummary summary = new JmhSummary(JmhSummary.FORMAT, run.getFileName().toString(), env.get("started"),
                env.getOrDefault("git_commit", "unknown (no environment file)"), machine, env.get("load_average"),
                first.path("jmhVersion").asText(),
                first.path("jdkVersion").asText() + " (" + first.path("vmName").asText() + " " + first.path("vmVersion").asText() + ")",
                env.get("jmh_options"), settings, figures);
        JSON.writeValue(run.resolve("summary.json").toFile(), summary);
        Files.writeString(run.resolve(HtmlReport.FILE), html(summary));
    }

    /**
     * A JMH run's {@code summary.json} ({@code gateway-bench jmh summary 1}): the run, where it ran and every figure beside
     * its baseline's. Every key is written, null where it is not known.
     *
     * @param format the summary layout
     * @param runId the run folder's name
     * @param started when the run started, UTC ISO-8601; null: no environment file
     * @param gitCommit the commit the run was made from
     * @param machine the machine's description from the environment file, keyed without the {@code machine.} prefix
     * @param loadAverageAtStart the load average when JMH started
     * @param jmhVersion JMH's version
     * @param jdk the JDK that ran the benchmarks, with its VM
     * @param jmhOptions the options JMH was run with
     * @param settings JMH, JDK and iteration settings, each listed once with the values the results used
     * @param benchmarks every figure, in JMH's order
     */
    record JmhSummary(
            @JsonProperty("format") String format,
            @JsonProperty("run_id") String runId,
            @JsonProperty("started") String started,
            @JsonProperty("git_commit") String gitCommit,
            @JsonProperty("machine") Map<String, String> machine,
            @JsonProperty("load_average_at_start") String loadAverageAtStart,
            @JsonProperty("jmh_version") String jmhVersion,
            @JsonProperty("jdk") String jdk,
            @JsonProperty("jmh_options") String jmhOptions,
            @JsonProperty("settings") Map<String, String> settings,
            @JsonProperty("benchmarks") List<Figure> benchmarks) {
        /** The layout these records describe. */
        static final String FORMAT = "gateway-bench jmh summary 1";
    }

    /**
     * One benchmark with one set of parameters, beside its baseline.
     *
     * @param benchmarkClass the benchmark's class
     * @param method its method
     * @param params its parameters
     * @param score its score, in {@code unit}; null: not finite
     * @param error the score's error, in {@code unit}; null: not finite (one iteration)
     * @param unit the score's unit
     * @param allocatedBytesPerOp bytes allocated per operation; null: no {@code -prof gc}
     * @param baseline its baseline's method; null: none
     * @param baselineScore its baseline's score, in {@code unit}; null: no baseline, or not finite
     */
    record Figure(
            @JsonProperty("class") String benchmarkClass,
            @JsonProperty("method") String method,
            @JsonProperty("params") Map<String, String> params,
            @JsonProperty("score") Double score,
            @JsonProperty("error") Double error,
            @JsonProperty("unit") String unit,
            @JsonProperty("allocated_bytes_per_op") Double allocatedBytesPerOp,
            @JsonProperty("baseline") String baseline,
            @JsonProperty("baseline_score") Double baselineScore) {
    }

    /** report.html of a JMH run: per benchmark class, a chart of each figure beside its baseline, and the table. */
    static String html(JmhSummary summary) throws IOException {
        Map<String, String> data = new LinkedHashMap<>();
        data.put("summary", HtmlReport.inlineJson(summary));
        data.put("duties", HtmlReport.inlineJson(duties(summary.benchmarks())));
        return HtmlReport.page("JMH microbenchmarks", "Drawing the report… (it needs JavaScript; the same figures are in summary.md)",
                data, "report/jmh.js");
    }

    /** The gateways whose own code the benchmarks exercise, by the prefix of the benchmark class's simple name. */
    private static final Map<String, String> GATEWAY_PREFIXES = Map.of("Scg", "scg", "NettyProxy", "netty-proxy", "Zuul2", "zuul2");

    /**
     * One duty of a request measured in a gateway's own code: what it is ("Headers rewriteRequest", "Routes match (routes=1000)"),
     * whose it is, and its time per operation.
     *
     * @param duty the benchmark class without its gateway's prefix, and the method with its parameters
     * @param gateway the gateway whose code it runs
     * @param scoreNs its time per operation, ns
     */
    record Duty(@JsonProperty("duty") String duty, @JsonProperty("gateway") String gateway, @JsonProperty("score_ns") double scoreNs) {
    }

    /**
     * Every benchmark of a gateway's own code in ns per operation, baselines left out, so that the page puts one duty of every
     * gateway on one scale: the same duty's name where classes of two gateways measure the same thing.
     */
    static List<Duty> duties(List<Figure> figures) {
        List<Duty> duties = new ArrayList<>();
        for (Figure f : figures) {
            String simple = f.benchmarkClass().substring(f.benchmarkClass().lastIndexOf('.') + 1);
            String prefix = GATEWAY_PREFIXES.keySet().stream().filter(simple::startsWith).findFirst().orElse(null);
            if (prefix == null || f.method().startsWith("baseline") || f.score() == null || !"ns/op".equals(f.unit())) {
                continue;
            }
            String params = f.params() == null || f.params().isEmpty() ? "" : " (" + String.join(", ", f.params().entrySet().stream()
                    .map(e -> e.getKey() + "=" + e.getValue()).toList()) + ")";
            duties.add(new Duty(simple.substring(prefix.length()).replace("Benchmark", "") + " " + f.method() + params,
                    GATEWAY_PREFIXES.get(prefix), f.score()));
        }
        return duties;
    }

    /** Whether a run folder is a JMH run's (it holds JMH's JSON), which {@code ./bench report} renders with {@link #write}. */
    public static boolean isJmhRun(Path run) {
        return Files.isRegularFile(run.resolve("jmh.json"));
    }

    static String markdown(String runId, List<JmhResults.Row> rows, Map<String, String> env, Map<String, String> settings) {
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
