package io.gatewaybench.harness.report;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import io.gatewaybench.harness.analyse.RunComparison;
import io.gatewaybench.harness.model.Summaries;
import io.gatewaybench.harness.model.Summary;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
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
    public static void write(Path out, Summary a, Summary b, RunComparison.Result result, double margin) throws IOException {
        Path parent = out.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Files.writeString(out, render(data(a, b, result, margin)));
    }

    static String render(Page data) throws IOException {
        return HtmlReport.page("Gateway benchmark runs compared", "Drawing the comparison… (it needs JavaScript; the same table is "
                + "what ./bench compare prints)", Map.of("comparison", HtmlReport.inlineJson(data)), "report/compare.js");
    }

    /**
     * What the page shows (its JSON, for report/compare.js): both runs' metadata, the margin, the outcome, and every row as
     * RunComparison computed it.
     *
     * @param runs run A's and run B's metadata
     * @param margin the equivalence margin, share of A's mean
     * @param alpha the family's chance of a false "different", share 0-1
     * @param familyLevel the level of each row's {@code ci_family}: 1 - alpha/k for the k figures compared, share 0-1
     * @param mostRounds the most rounds a side a row's {@code rounds_for_equivalence} counts to; one more: more than that
     * @param latencyResolutionMs the step the ladder's latencies were recorded in, ms (1: Gatling's; 0.001: Vegeta's)
     * @param exit the exit status of ./bench compare
     * @param exitMeaning that status in words
     * @param reason the one-line verdict
     * @param counts figures per verdict, count
     * @param rows every figure compared
     */
    record Page(
            @JsonProperty("runs") List<Run> runs,
            @JsonProperty("margin") double margin,
            @JsonProperty("alpha") double alpha,
            @JsonProperty("family_level") double familyLevel,
            @JsonProperty("most_rounds") int mostRounds,
            @JsonProperty("latency_resolution_ms") double latencyResolutionMs,
            @JsonProperty("exit") int exit,
            @JsonProperty("exit_meaning") String exitMeaning,
            @JsonProperty("reason") String reason,
            @JsonProperty("counts") Map<String, Long> counts,
            @JsonProperty("rows") List<PageRow> rows) {
    }

    /**
     * One run's metadata on the page.
     *
     * @param label A or B
     * @param runId the run's id
     * @param started when it started
     * @param gitCommit the commit it ran
     * @param load its load, as summary.json holds it
     * @param rounds rounds per target, count
     */
    record Run(
            @JsonProperty("label") String label,
            @JsonProperty("run_id") String runId,
            @JsonProperty("started") String started,
            @JsonProperty("git_commit") String gitCommit,
            @JsonProperty("load") JsonNode load,
            @JsonProperty("rounds") int rounds) {
    }

    /**
     * One figure of one target as RunComparison compared it.
     *
     * @param target the target
     * @param figure the figure, with its unit
     * @param a run A's per-round values
     * @param b run B's per-round values
     * @param aMeanCi95 run A's mean and its 95% interval (null where it cannot be computed)
     * @param bMeanCi95 run B's mean and its 95% interval
     * @param marginAbs the equivalence margin, in the figure's unit
     * @param difference B - A, in the figure's unit
     * @param ci90 the 90% interval of the difference
     * @param ciFamily the interval of the difference at 1 - alpha/k (the page's {@code family_level}), which decides "different"
     * @param p the two-sided p-value
     * @param detectable the smallest difference detectable with 80% power, in the figure's unit
     * @param roundsForEquivalence rounds a side that would show the figure equivalent with 80% power were the runs alike, count
     * @param verdict EQUIVALENT, DIFFERENT or INCONCLUSIVE
     */
    record PageRow(
            @JsonProperty("target") String target,
            @JsonProperty("figure") String figure,
            @JsonProperty("a") double[] a,
            @JsonProperty("b") double[] b,
            @JsonProperty("a_mean_ci95") List<Double> aMeanCi95,
            @JsonProperty("b_mean_ci95") List<Double> bMeanCi95,
            @JsonProperty("margin_abs") double marginAbs,
            @JsonProperty("difference") double difference,
            @JsonProperty("ci90") double[] ci90,
            @JsonProperty("ci_family") double[] ciFamily,
            @JsonProperty("p") double p,
            @JsonProperty("detectable") double detectable,
            @JsonProperty("rounds_for_equivalence") int roundsForEquivalence,
            @JsonProperty("verdict") String verdict) {
    }

    /** What the page shows: both runs' metadata, the margin, the outcome, and every row as RunComparison computed it. */
    static Page data(Summary a, Summary b, RunComparison.Result result, double margin) {
        if (result.exit() == 2) {
            throw new IllegalArgumentException("runs that cannot be compared have no page: " + result.reason());
        }
        List<PageRow> rows = new ArrayList<>();
        for (RunComparison.Row r : result.rows()) {
            RunComparison.Test t = r.test();
            rows.add(new PageRow(r.target(), r.figure(), r.a(), r.b(), finite(r.aMeanCi95()),
                    finite(r.bMeanCi95()), r.marginAbs(), t.difference(), t.ci90(), t.ciFamily(), t.p(), r.detectable(),
                    t.roundsForEquivalence(), t.verdict().name()));
        }
        return new Page(List.of(run("A", a), run("B", b)), margin, result.alpha(), 1 - result.figureAlpha(), RunComparison.Test.MOST_ROUNDS,
                result.latencyResolutionMs(),
                result.exit(),
                result.exit() == 0 ? "0: every figure is equivalent" : "1: some figure differs or is inconclusive", result.reason(),
                result.counts(), rows);
    }

    private static Run run(String label, Summary summary) {
        return new Run(label, summary.run().runId(), summary.run().started(), summary.run().gitCommit(),
                Summaries.mapper().valueToTree(summary.setup().load()),
                summary.setup().rounds());
    }

    /** JSON has no NaN: an interval that cannot be computed is null. */
    private static List<Double> finite(double[] v) {
        return Arrays.stream(v).mapToObj(x -> Double.isFinite(x) ? x : null).toList();
    }
}
