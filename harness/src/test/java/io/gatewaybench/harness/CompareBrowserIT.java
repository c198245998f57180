package io.gatewaybench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gatewaybench.harness.HeadlessChromium.Rendered;
import io.gatewaybench.harness.analyse.Analysis;
import io.gatewaybench.harness.analyse.RunComparison;
import io.gatewaybench.harness.plan.Repo;
import io.gatewaybench.harness.report.CompareHtmlTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;

/**
 * compare.html as a reader sees it: {@code ./bench compare --html=...} on committed runs (one run
 * with itself, two runs of other commits, and a run against a copy with one target planted at 60%
 * of its throughput), rendered by headless Chromium. The page must draw with no script error, a
 * chart per figure, and in its table every row of RunComparison with RunComparison's verdict; the
 * planted target must read "different". Screenshots: {@code harness/target/compare-it/*.png}.
 */
class CompareBrowserIT {
    private static final Path OUT = Path.of("target", "compare-it").toAbsolutePath();

    /** The exit status, stderr and page of {@code ./bench compare a b --html=<name>.html}. */
    private record Compared(int exit, String err, Path html) {
    }

    private static Compared bench(Path a, Path b, String name) throws IOException, InterruptedException {
        Files.createDirectories(OUT);
        Path html = OUT.resolve(name + ".html");
        Files.deleteIfExists(html);
        Path out = OUT.resolve(name + ".md");
        Path err = OUT.resolve(name + ".err");
        Process p = new ProcessBuilder(Repo.root().resolve("bench").toString(), "compare", a.toString(), b.toString(), "--html=" + html)
                .directory(Repo.root().toFile()).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(2, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            p.waitFor(30, TimeUnit.SECONDS);
            throw new AssertionError("./bench compare " + a + " " + b + " was still running after 2 min");
        }
        return new Compared(p.exitValue(), Files.readString(err).strip(), html);
    }

    /** Renders the page of a and b and checks it against RunComparison's result; returns the page. */
    private static Rendered check(Path a, Path b, String name) throws Exception {
        RunComparison.Result result = RunComparison.compare(Analysis.read(a), Analysis.read(b), RunComparison.MARGIN);
        Compared c = bench(a, b, name);
        assertEquals(result.exit(), c.exit(), c.err());
        assertTrue(c.err().contains("bench: wrote " + c.html()), c.err());
        Rendered page = HeadlessChromium.render(c.html(), OUT, name);
        assertEquals(List.of(), page.problems(), name);

        List<String> figures = figuresAsDrawn(result);
        assertEquals(figures.size(), page.dom().select("div.chart[id^=figure-]").size(), name + ": a chart per figure");
        for (int f = 0; f < figures.size(); f++) {
            Element chart = page.dom().getElementById("figure-" + f);
            assertNotNull(chart, name + ": no chart #figure-" + f);
            assertFalse(chart.select("svg").isEmpty(), name + ": chart #" + chart.id() + " has no <svg>");
            String figure = figures.get(f);
            List<RunComparison.Row> rows = result.rows().stream().filter(r -> r.figure().equals(figure)).toList();
            assertEquals(List.of(), drawnProblems(JSON.readTree(chart.attr("data-series")), rows), name + ": chart of " + figure);
        }

        Element differences = page.dom().getElementById("differences");
        assertNotNull(differences, name + ": no plot of the differences");
        assertEquals(List.of(), differencesProblems(JSON.readTree(differences.attr("data-series")), result.rows()), name + ": the differences");

        List<Element> rows = page.dom().select("#comparison-table tbody tr");
        assertEquals(result.rows().size(), rows.size(), name + ": table rows");
        for (int i = 0; i < rows.size(); i++) {
            RunComparison.Row r = result.rows().get(i);
            Element tr = rows.get(i);
            String where = name + " row " + i + " (" + r.target() + " " + r.figure() + ")";
            assertEquals(r.target(), tr.attr("data-target"), where);
            assertEquals(r.figure(), tr.attr("data-figure"), where);
            Element verdict = tr.selectFirst("td.verdict");
            assertNotNull(verdict, where + ": no verdict cell");
            assertEquals(r.test().verdict().name(), verdict.attr("data-verdict"), where);
            assertEquals(r.test().verdict().name().toLowerCase(java.util.Locale.ROOT), verdict.text(), where);
            assertTrue(verdict.hasClass("verdict-" + r.test().verdict().name()), where + ": verdict cell not coloured as its verdict");
            assertEquals(r.test().difference(), Double.parseDouble(tr.selectFirst("td[data-figure=difference]").attr("data-value")), where);
            // the interval "different" is read off, beside the verdict
            assertEquals(r.test().ciFamily()[0], Double.parseDouble(tr.selectFirst("td[data-figure=family-interval]").attr("data-value")), where);
            Element rounds = tr.selectFirst("td[data-figure=rounds]");
            assertEquals(r.test().roundsForEquivalence(), Integer.parseInt(rounds.attr("data-value")), where);
            assertEquals(r.test().verdict() == RunComparison.Verdict.INCONCLUSIVE, !rounds.text().equals("-"), where + ": rounds shown " + rounds.text());
        }
        for (RunComparison.Verdict v : RunComparison.Verdict.values()) {
            Element count = page.dom().selectFirst("#summary-line span[data-verdict=" + v.name() + "]");
            assertNotNull(count, name + ": no count of " + v);
            assertEquals(result.rows().stream().filter(r -> r.test().verdict() == v).count(), Long.parseLong(count.attr("data-count")),
                    name + ": count of " + v);
        }
        assertTrue(page.dom().getElementById("summary-line").text().contains("Exit status " + result.exit()), name);
        return page;
    }

    private static final com.fasterxml.jackson.databind.ObjectMapper JSON = new com.fasterxml.jackson.databind.ObjectMapper();

    /** The figures in the order compare.html charts them: as the rows first name them, throughput's first. */
    private static List<String> figuresAsDrawn(RunComparison.Result result) {
        List<String> figures = new ArrayList<>(new LinkedHashSet<>(result.rows().stream().map(RunComparison.Row::figure).toList()));
        figures.sort(java.util.Comparator.comparing(f -> !f.startsWith("throughput")));
        return figures;
    }

    /**
     * What a figure's chart holds (its ECharts instance's series, as the page leaves them in data-series) against
     * RunComparison's rows of that figure, one target per x position: the margin band around A's mean, each run's rounds,
     * and each run's mean with its 95% interval, both cut at 0. Empty when they agree.
     */
    static List<String> drawnProblems(com.fasterxml.jackson.databind.JsonNode series, List<RunComparison.Row> rows) {
        List<String> problems = new ArrayList<>();
        java.util.Map<String, com.fasterxml.jackson.databind.JsonNode> byName = new java.util.HashMap<>();
        series.forEach(s -> byName.put(s.path("name").asText(), s.path("data")));
        List<double[]> margin = new ArrayList<>();
        java.util.Map<String, List<double[]>> expected = new java.util.LinkedHashMap<>();
        for (String run : List.of("A", "B")) {
            List<double[]> points = new ArrayList<>();
            List<double[]> means = new ArrayList<>();
            double offset = run.equals("A") ? -0.15 : 0.15;
            for (int i = 0; i < rows.size(); i++) {
                RunComparison.Row r = rows.get(i);
                for (double v : run.equals("A") ? r.a() : r.b()) {
                    points.add(new double[] {i + offset - 0.05, v});
                }
                double[] ci = run.equals("A") ? r.aMeanCi95() : r.bMeanCi95();
                means.add(new double[] {i + offset + 0.05, ci[0], Math.max(0, ci[1]), Math.max(0, ci[2])});
                if (run.equals("A")) {
                    margin.add(new double[] {i, Math.max(0, ci[0] - r.marginAbs()), ci[0] + r.marginAbs()});
                }
            }
            expected.put(run + ": rounds", points);
            expected.put(run + ": mean, 95% interval", means);
        }
        expected.put("margin around A's mean", margin);
        expected.forEach((name, points) -> problems.addAll(differ(name, byName.get(name), points)));
        return problems;
    }

    /** Where a series' drawn points ({@code drawn}: its data, null for no series) are not {@code points} (NaN: drawn as null). */
    private static List<String> differ(String name, com.fasterxml.jackson.databind.JsonNode drawn, List<double[]> points) {
        List<String> problems = new ArrayList<>();
        if (drawn == null || drawn.size() != points.size()) {
            problems.add(name + ": " + (drawn == null ? "no series" : drawn.size() + " points drawn") + ", " + points.size() + " expected");
            return problems;
        }
        for (int i = 0; i < points.size(); i++) {
            for (int k = 0; k < points.get(i).length; k++) {
                double want = points.get(i)[k];
                com.fasterxml.jackson.databind.JsonNode got = drawn.get(i).get(k);
                boolean same = Double.isNaN(want) ? got == null || got.isNull() : got != null && got.isNumber()
                        && Math.abs(got.asDouble() - want) <= 1e-9 * Math.max(1, Math.abs(want));
                if (!same) {
                    problems.add(name + " point " + i + " value " + k + ": drawn " + got + ", expected " + want);
                }
            }
        }
        return problems;
    }

    /**
     * What the differences' plot holds against RunComparison's rows, in their order, those whose A mean is 0 left out: per row
     * B-A, its 90% interval, its family interval and the margin, each as % of A's mean and cut at -100% and +200%, and the
     * verdict (0 equivalent, 1 different, 2 inconclusive). Empty when they agree.
     */
    static List<String> differencesProblems(com.fasterxml.jackson.databind.JsonNode series, List<RunComparison.Row> rows) {
        List<double[]> points = new ArrayList<>();
        for (RunComparison.Row r : rows) {
            double base = Math.abs(java.util.Arrays.stream(r.a()).average().orElse(0));
            if (base == 0) {
                continue;
            }
            java.util.function.DoubleUnaryOperator pct = v -> Double.isFinite(v) ? Math.min(200, Math.max(-100, v / base * 100)) : Double.NaN;
            RunComparison.Test t = r.test();
            points.add(new double[] {points.size(), pct.applyAsDouble(t.difference()), pct.applyAsDouble(t.ci90()[0]),
                    pct.applyAsDouble(t.ci90()[1]), pct.applyAsDouble(t.ciFamily()[0]), pct.applyAsDouble(t.ciFamily()[1]),
                    pct.applyAsDouble(r.marginAbs()), t.verdict().ordinal()});
        }
        String name = "B-A, % of A's mean";
        com.fasterxml.jackson.databind.JsonNode drawn = null;
        for (com.fasterxml.jackson.databind.JsonNode s : series) {
            if (s.path("name").asText().equals(name)) {
                drawn = s.path("data");
            }
        }
        return differ(name, drawn, points);
    }

    @Test
    void aRunComparedWithItself() throws Exception {
        Path run = CompareHtmlTest.run(CompareHtmlTest.RUN_B);
        check(run, run, "self-" + CompareHtmlTest.RUN_B);
    }

    /** Two runs of other commits; on their page, the chart check is seen to fail on a chart planted empty or drawing another figure. */
    @Test
    void twoRunsOfOtherCommits() throws Exception {
        Path a = CompareHtmlTest.run(CompareHtmlTest.RUN_A);
        Path b = CompareHtmlTest.run(CompareHtmlTest.RUN_B);
        Rendered page = check(a, b, CompareHtmlTest.RUN_A + "-vs-" + CompareHtmlTest.RUN_B);
        RunComparison.Result result = RunComparison.compare(Analysis.read(a), Analysis.read(b), RunComparison.MARGIN);
        List<String> figures = figuresAsDrawn(result);
        List<RunComparison.Row> first = result.rows().stream().filter(r -> r.figure().equals(figures.get(0))).toList();
        List<RunComparison.Row> second = result.rows().stream().filter(r -> r.figure().equals(figures.get(1))).toList();
        assertFalse(drawnProblems(JSON.readTree("[]"), first).isEmpty(), "an empty chart passed");
        com.fasterxml.jackson.databind.node.ArrayNode emptySeries = JSON.createArrayNode();
        for (String n : List.of("margin around A's mean", "A: rounds", "A: mean, 95% interval", "B: rounds", "B: mean, 95% interval")) {
            emptySeries.addObject().put("name", n).putArray("data");
        }
        assertFalse(drawnProblems(emptySeries, first).isEmpty(), "a chart with its series and no data passed");
        com.fasterxml.jackson.databind.JsonNode drawnFirst = JSON.readTree(page.dom().getElementById("figure-0").attr("data-series"));
        assertFalse(drawnProblems(drawnFirst, second).isEmpty(), "another figure's chart passed");
        com.fasterxml.jackson.databind.JsonNode drawnDifferences = JSON.readTree(page.dom().getElementById("differences").attr("data-series"));
        assertFalse(differencesProblems(JSON.readTree("[{\"name\": \"B-A, % of A's mean\", \"data\": []}]"), result.rows()).isEmpty(),
                "a plot of the differences with no data passed");
        assertFalse(differencesProblems(drawnDifferences, result.rows().subList(1, result.rows().size())).isEmpty(),
                "a plot of the differences drawing other rows passed");
    }

    /** The falsifiable case: a target planted at 60% of its throughput must read "different" on the page. */
    @Test
    void aTargetPlantedAt60PercentReadsDifferent() throws Exception {
        Path slowed = CompareHtmlTest.slowedCopy(CompareHtmlTest.RUN_B, CompareHtmlTest.SLOWED, CompareHtmlTest.FACTOR,
                OUT.resolve("slowed-" + System.nanoTime()));
        Rendered page = check(CompareHtmlTest.run(CompareHtmlTest.RUN_B), slowed, "planted-" + CompareHtmlTest.SLOWED + "-x0.6");
        Element row = page.dom().select("#comparison-table tbody tr").stream()
                .filter(tr -> tr.attr("data-target").equals(CompareHtmlTest.SLOWED) && tr.attr("data-figure").equals(CompareHtmlTest.THROUGHPUT))
                .findFirst().orElse(null);
        assertNotNull(row, "no row for the planted target's throughput");
        assertEquals("different", row.selectFirst("td.verdict").text());
    }

    @Test
    void runsThatCannotBeComparedWriteNoPage() throws Exception {
        Compared c = bench(CompareHtmlTest.run(CompareHtmlTest.RUN_B), CompareHtmlTest.run("20261123-212433"), "not-comparable");
        assertEquals(2, c.exit(), c.err());
        assertFalse(Files.exists(c.html()), "a page was written for runs that cannot be compared");
    }
}
