package io.gatewaybench.harness.report;

import io.gatewaybench.harness.analyse.RunComparison;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code compare.html}: {@code ./bench compare}'s table as a page, with both runs' per-round values
 * charted per figure. Every figure, interval and verdict comes from {@link RunComparison}; the page
 * (report/compare.js in report/page.html, the shell it shares with report.html) only draws them.
 */
public final class CompareHtml {
    public static final String FILE = "compare.html";

    private CompareHtml() {
    }

    /** Writes the page of a comparison that could be made (exit 0 or 1). */
    public static void write(Path out, Map<String, Object> a, Map<String, Object> b, RunComparison.Result result, double margin)
            throws IOException {
        Path parent = out.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Files.writeString(out, render(data(a, b, result, margin)));
    }

    static String render(Map<String, Object> data) throws IOException {
        return HtmlReport.page("Gateway benchmark runs compared", "Drawing the comparison… (it needs JavaScript; the same table is "
                + "what ./bench compare prints)", Map.of("comparison", HtmlReport.inlineJson(data)), "report/compare.js");
    }

    /** What the page shows: both runs' metadata, the margin, the outcome, and every row as RunComparison computed it. */
    static Map<String, Object> data(Map<String, Object> a, Map<String, Object> b, RunComparison.Result result, double margin) {
        if (result.exit() == 2) {
            throw new IllegalArgumentException("runs that cannot be compared have no page: " + result.reason());
        }
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("runs", List.of(run("A", a), run("B", b)));
        data.put("margin", margin);
        data.put("alpha", result.alpha());
        data.put("exit", result.exit());
        data.put("exit_meaning", result.exit() == 0 ? "0: every figure is equivalent" : "1: some figure differs or is inconclusive");
        data.put("reason", result.reason());
        data.put("counts", result.counts());
        List<Map<String, Object>> rows = new ArrayList<>();
        for (RunComparison.Row r : result.rows()) {
            RunComparison.Test t = r.test();
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("target", r.target());
            row.put("figure", r.figure());
            row.put("a", r.a());
            row.put("b", r.b());
            row.put("a_mean_ci95", finite(RunComparison.meanWithInterval95(r.a())));
            row.put("b_mean_ci95", finite(RunComparison.meanWithInterval95(r.b())));
            row.put("margin_abs", r.marginAbs());
            row.put("difference", t.difference());
            row.put("ci90", t.ci90());
            row.put("ci95", t.ci95());
            row.put("p", t.p());
            row.put("detectable", t.detectable());
            row.put("verdict", t.verdict().name());
            rows.add(row);
        }
        data.put("rows", rows);
        return data;
    }

    private static Map<String, Object> run(String label, Map<String, Object> summary) {
        Map<String, Object> run = new LinkedHashMap<>();
        run.put("label", label);
        run.put("run_id", summary.get("run_id"));
        run.put("started", summary.get("started"));
        run.put("git_commit", summary.get("git_commit"));
        run.put("load", summary.get("load"));
        run.put("rounds", summary.get("rounds"));
        return run;
    }

    /** JSON has no NaN: an interval that cannot be computed is null. */
    private static List<Double> finite(double[] v) {
        return Arrays.stream(v).mapToObj(x -> Double.isFinite(x) ? x : null).toList();
    }
}
