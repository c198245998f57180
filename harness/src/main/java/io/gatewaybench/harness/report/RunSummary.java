package io.gatewaybench.harness.report;

import io.gatewaybench.harness.analyse.Notes;
import io.gatewaybench.harness.measure.WrkCrossCheck;
import io.gatewaybench.harness.model.Summaries;
import io.gatewaybench.harness.plan.Scenario;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A run's {@code summary.json}, {@code summary.md}, {@code details.md} and {@code report.html}, written from its analysed
 * summary: every target's figures beside the direct baseline of the same run (throughput as a fraction of direct's, each
 * latency as a multiple of direct's), and everything needed to say where the figures came from. Every figure, interval,
 * verdict and note is the analysis's; this class only lays them out.
 */
public final class RunSummary {
    /** Every table summary.md leaves out, as text. */
    public static final String DETAILS = "details.md";

    private RunSummary() {
    }

    /** Writes summary.json, summary.md, details.md and report.html of an analysed summary into the run folder. */
    public static void write(Path runDir, Map<String, Object> summary) throws IOException {
        // in the records' key order, and refused if it is not what the model describes
        Files.writeString(runDir.resolve("summary.json"), Summaries.toJson(Summaries.fromMap(summary)));
        Files.writeString(runDir.resolve("summary.md"), markdown(summary));
        Files.writeString(runDir.resolve(DETAILS), details(summary));
        HtmlReport.write(runDir, summary, Notes.of(Summaries.fromMap(summary)));
    }

    /** Each role's host, address, CPUs and memory (runs from before topologies recorded only the summary line). */
    @SuppressWarnings("unchecked")
    private static void placement(StringBuilder md, Map<String, Object> placement) {
        List<String> roles = List.of("injector", "gateway", "backend");
        if (!roles.stream().allMatch(r -> placement.get(r) instanceof Map)) {
            return;
        }
        md.append("| host | runs | address | CPUs | memory | network namespace |\n|---|---|---|---|---|---|\n");
        for (String r : roles) {
            Map<String, Object> h = (Map<String, Object>) placement.get(r);
            md.append("| ").append(r).append(" | ").append(h.get("runs"))
                    .append(h.containsKey("workers") ? " (workers: " + h.get("workers") + ")" : "").append(" | ")
                    .append(h.get("address")).append(" | ").append(h.get("cpus")).append(" | ").append(h.get("memory")).append(" | ")
                    .append(h.getOrDefault("namespace", "-")).append(" |\n");
        }
        if (placement.containsKey("split")) {
            md.append("\nCPU split: ").append(placement.get("split")).append(".\n");
        }
        md.append("\n");
    }

    @SuppressWarnings("unchecked")
    static String markdown(Map<String, Object> s) {
        StringBuilder md = new StringBuilder();
        md.append("# Gateway benchmark run ").append(s.get("run_id")).append("\n\n");
        Map<String, Object> machine = (Map<String, Object>) s.get("machine");
        Map<String, Object> load = (Map<String, Object>) s.get("load");
        md.append("Started ").append(s.get("started")).append(", commit `").append(s.get("git_commit")).append("`, ")
                .append(machine.get("cpus")).append(" CPUs (").append(machine.get("cpu_model")).append("), ")
                .append(String.format(Locale.ROOT, "%.1f GiB", ((Number) machine.get("memory_bytes")).doubleValue() / (1L << 30)))
                .append(", ").append(machine.get("os")).append(", kernel ").append(machine.get("kernel")).append(".\n\n");
        md.append("Every figure as charts and tables: [").append(HtmlReport.FILE).append("](").append(HtmlReport.FILE)
                .append(") (one file, opens offline in any browser). Every table as text: [").append(DETAILS).append("](").append(DETAILS)
                .append("). The data: `summary.json`.\n\n");
        md.append("Load: ").append(describeLoad(load)).append(" Rounds: ").append(s.get("rounds")).append(". ")
                .append("Placement: ").append(((Map<String, Object>) s.get("placement")).get("summary")).append(".\n\n");
        if (Boolean.FALSE.equals(s.get("complete"))) {
            md.append(Notes.incomplete(Summaries.fromMap(s))).append("\n\n");
        }
        if (s.get("reanalysed") instanceof Map<?, ?> again) {
            md.append("**Re-analysed** from a summary of format `").append(again.get("from_format")).append("` under the current rules. Redone: ")
                    .append(again.get("redone")).append(". Not redone (the raw logs were not kept): ").append(again.get("not_redone")).append(".\n\n");
        }

        List<Map<String, Object>> targets = (List<Map<String, Object>>) s.get("targets");
        md.append("## Relative to direct (the 2019 study's view)\n\n");
        md.append("Throughput as % of direct's; each latency as a multiple of direct's, from the same run. ")
                .append("With several rounds, figures are medians over rounds, and the throughput shows in brackets its lowest and highest ")
                .append("ratio to direct paired round by round (to the mean of direct's runs just before and just after the round, when ")
                .append("direct ran once more after the last round). ≈: within the noise of direct, the difference is not established (their ")
                .append("throughput ranges over rounds overlap, or the 95% interval of the paired ratio holds 100%).\n\n");
        boolean scenarios = s.get("scenarios") instanceof Map<?, ?>;
        if (scenarios) {
            md.append("Under the plain scenario; the other scenarios have their tables below (## Scenarios).\n\n");
        }
        md.append("| target | throughput | mean | P50 | P90 | P99 | P99.9 | P99.99 | max | errors |\n");
        md.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (Map<String, Object> t : targets) {
            if (scenarios && !Scenario.PLAIN.equals(t.getOrDefault("scenario", Scenario.PLAIN))) {
                continue; // under the other scenarios: their tables below
            }
            md.append("| ").append(t.get("name"));
            Map<String, Object> rel = (Map<String, Object>) t.get("relative_to_direct");
            if (t.containsKey("failure") || rel == null) {
                md.append(" | not measured: ").append(t.getOrDefault("failure", "no direct baseline")).append(" |||||||||\n");
                continue;
            }
            Double tp = (Double) rel.get("throughput");
            md.append(" | ").append(tp == null ? "n/a" : String.format(Locale.ROOT, "%.1f%%", tp * 100));
            Map<String, Object> spread = (Map<String, Object>) t.get("spread");
            if (spread != null && spread.get("throughput_relative_to_direct") != null) {
                Map<String, Double> r = (Map<String, Double>) spread.get("throughput_relative_to_direct");
                md.append(String.format(Locale.ROOT, " (%.1f-%.1f)", r.get("min") * 100, r.get("max") * 100));
            }
            if (rel.get("within_noise_of_direct") != null) {
                md.append(" ≈");
            }
            for (Object v : ((Map<String, Object>) rel.get("latency")).values()) {
                md.append(" | ").append(v == null ? "n/a" : String.format(Locale.ROOT, "%.2fx", (Double) v));
            }
            md.append(" | ").append(t.get("errors")).append(" |\n");
        }
        LadderTables.maxSustainable(s, targets, md);
        MatrixTables.profiles(s, md);
        MatrixTables.scenarios(s, md);
        MatrixTables.workers(s, md);
        md.append("\n## Notes\n\n");
        for (String note : Notes.of(Summaries.fromMap(s))) {
            md.append("- ").append(note).append('\n');
        }
        return md.toString();
    }

    /**
     * details.md: every table summary.md leaves out, as text (placement, absolute figures, each ladder
     * level, the microsecond probe, resource cost, JFR frames, wrk, components and JVM flags).
     */
    @SuppressWarnings("unchecked")
    static String details(Map<String, Object> s) {
        StringBuilder md = new StringBuilder();
        md.append("# Gateway benchmark run ").append(s.get("run_id")).append(": every table\n\n");
        md.append("The headline, the maximum sustainable rates and the notes: [summary.md](summary.md); the same as charts: [")
                .append(HtmlReport.FILE).append("](").append(HtmlReport.FILE).append(").\n\n");
        md.append("## Placement\n\n").append(((Map<String, Object>) s.get("placement")).get("summary")).append(".\n\n");
        placement(md, (Map<String, Object>) s.get("placement"));
        List<Map<String, Object>> targets = (List<Map<String, Object>>) s.get("targets");
        md.append("\n## Absolute figures\n\n");
        md.append("| target | requests (all rounds) | req/s | mean ms | P50 | P90 | P99 | P99.9 | P99.99 | max |\n");
        md.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (Map<String, Object> t : targets) {
            if (t.containsKey("failure") || !t.containsKey("latency_ms")) {
                continue;
            }
            md.append("| ").append(t.get("name")).append(" | ").append(t.get("requests"))
                    .append(String.format(Locale.ROOT, " | %.0f", (Double) t.get("throughput_rps")));
            for (Object v : ((Map<String, Object>) t.get("latency_ms")).values()) {
                md.append(String.format(Locale.ROOT, " | %s", trim((Double) v)));
            }
            md.append(" |\n");
        }
        LadderTables.equalRates(s, targets, md);
        LadderTables.levelsInFull(s, targets, md);
        md.append("\n## Single requests, in microseconds\n\n");
        md.append("Gatling's whole milliseconds hide what a proxy adds to one request. A probe sends the book page one request at a time ")
                .append("on one kept-alive connection, timed with nanoTime: *alone* after the load (the target warm and idle), and ")
                .append("*under load* at 50 req/s beside Gatling's measured window, timed from each request's intended send time. ")
                .append("Added = the target's percentile minus direct's. Distributions: `raw/<target>-round<k>/probe-*.hgrm`.\n\n");
        md.append("| target | alone P50 | alone P99 | added P50 | added P99 | under load P50 | under load P99 | under load P99.9 | added P50 under load | probe send lag P99 µs |\n");
        md.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (Map<String, Object> t : targets) {
            Map<String, Map<String, Object>> probe = (Map<String, Map<String, Object>>) t.get("probe_us");
            if (probe == null) {
                continue;
            }
            Map<String, Map<String, Object>> added = (Map<String, Map<String, Object>>) t.get("probe_added_us_over_direct");
            md.append("| ").append(t.get("name"))
                    .append(" | ").append(cell(probe, "unloaded", "p50")).append(" | ").append(cell(probe, "unloaded", "p99"))
                    .append(" | ").append(cell(added, "unloaded", "p50")).append(" | ").append(cell(added, "unloaded", "p99"))
                    .append(" | ").append(cell(probe, "under_load", "p50")).append(" | ").append(cell(probe, "under_load", "p99"))
                    .append(" | ").append(cell(probe, "under_load", "p99_9"))
                    .append(" | ").append(cell(added, "under_load", "p50"))
                    .append(" | ").append(cell((Map<String, Map<String, Object>>) (Map<?, ?>) probe.get("under_load"), "send_lag_us", "p99"))
                    .append(" |\n"); // "-" where an older summary has no send lag
        }
        md.append("\n## Resource cost over the measured window\n\n");
        md.append("CPU time of each role's processes (read from /proc) per 1,000 successful requests, the CPU cores it kept busy, ")
                .append("and the gateway's peak resident memory. The origin does the same work for every target; the injector is Gatling.")
                .append("hosts".equals(((Map<String, Object>) s.get("placement")).get("topology"))
                        ? " The gateway and the origin ran on other hosts, where they were not sampled (-)." : "").append("\n\n");
        md.append("| target | gateway CPU ms / 1000 req | gateway cores | gateway peak memory MB | origin CPU ms / 1000 req | injector CPU ms / 1000 req | injector cores |\n");
        md.append("|---|---:|---:|---:|---:|---:|---:|\n");
        for (Map<String, Object> t : targets) {
            Map<String, Map<String, Object>> res = (Map<String, Map<String, Object>>) t.get("resources");
            if (res == null) {
                continue;
            }
            md.append("| ").append(t.get("name"))
                    .append(" | ").append(cell(res, "gateway", "cpu_ms_per_1000_requests"))
                    .append(" | ").append(cell(res, "gateway", "cores"))
                    .append(" | ").append(cell(res, "gateway", res != null && res.get("gateway") != null && res.get("gateway").containsKey("peak_pss_mb") ? "peak_pss_mb" : "peak_rss_mb"))
                    .append(" | ").append(cell(res, "origin", "cpu_ms_per_1000_requests"))
                    .append(" | ").append(cell(res, "injector", "cpu_ms_per_1000_requests"))
                    .append(" | ").append(cell(res, "injector", "cores")).append(" |\n");
        }
        MatrixTables.topFrames(s, md);
        if (targets.stream().anyMatch(t -> t.containsKey("wrk_cross_check"))) {
            md.append("\n## Injector cross-check\n\n");
            md.append("wrk (a lighter injector, status codes checked, bodies not) against the warm target, with as many connections as Gatling had users. ")
                    .append("Where wrk gets more than ").append(Math.round(WrkCrossCheck.INJECTOR_LIMIT * 100))
                    .append("% above Gatling, Gatling rather than the target was the limit.\n\n");
            md.append("| target | round | Gatling req/s | wrk 2xx req/s | wrk / Gatling | wrk non-2xx | injector-limited |\n|---|---:|---:|---:|---:|---:|---|\n");
            for (Map<String, Object> t : targets) {
                List<Map<String, Object>> checks = (List<Map<String, Object>>) t.get("wrk_cross_check");
                for (int i = 0; checks != null && i < checks.size(); i++) {
                    Map<String, Object> c = checks.get(i);
                    md.append(String.format(Locale.ROOT, "| %s | %d | %.0f | %.0f | %.2f | %s | %s |%n", t.get("name"), i + 1,
                            ((Number) c.get("gatling_rps")).doubleValue(), ((Number) c.get("wrk_rps")).doubleValue(),
                            ((Number) c.get("wrk_over_gatling")).doubleValue(), c.get("non_2xx"),
                            Boolean.FALSE.equals(c.get("valid")) ? "invalid: " + c.get("invalid_because")
                                    : Boolean.TRUE.equals(c.get("injector_limited")) ? "**yes**" : "no"));
                }
            }
        }
        md.append("\n## Components\n\n");
        ((Map<String, Object>) s.get("components")).forEach((k, v) -> md.append("- ").append(k).append(": ").append(v).append('\n'));
        md.append("\n## JVM flags\n\n");
        ((Map<String, Object>) s.get("jvm_flags")).forEach((k, v) -> md.append("- ").append(k).append(": `").append(v).append("`\n"));
        md.append("\nEach target's configuration is the repository's at the commit above (`targets/`, `infra/`, `gateways/`). ")
                .append("The run folder also holds each target's rendered configuration and logs (`targets/`) and Gatling's raw output (`raw/`); ")
                .append("those stay on the machine that ran it and are not committed.\n");
        return md.toString();
    }

    @SuppressWarnings("unchecked")
    private static String describeLoad(Map<String, Object> load) {
        String what = "closed".equals(load.get("model"))
                ? "closed model, " + load.get("users") + " concurrent users"
                : "open model, " + load.get("rate_rps") + " req/s";
        return what + "; warm-up " + load.get("warmup_s") + " s (excluded), measured " + load.get("duration_s")
                + " s per target; sessions " + load.get("sessions") + ".";
    }

    private static String cell(Map<String, Map<String, Object>> res, String role, String key) {
        Map<String, Object> r = res == null ? null : res.get(role);
        if (r == null || r.get(key) == null) {
            return "-";
        }
        double v = ((Number) r.get(key)).doubleValue();
        return key.equals("cores") ? String.format(Locale.ROOT, "%.2f", v) : String.format(Locale.ROOT, "%.0f", v);
    }

    private static String trim(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.1f", v);
    }
}
