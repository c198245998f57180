package io.gatewaybench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gatewaybench.harness.analyse.Analysis;
import io.gatewaybench.harness.analyse.RunComparison;
import io.gatewaybench.harness.model.Summary;
import io.gatewaybench.harness.plan.Repo;
import io.gatewaybench.harness.report.CompareHtml;
import io.gatewaybench.harness.report.CompareTable;
import io.gatewaybench.harness.report.HtmlReport;
import io.gatewaybench.harness.report.RunSummary;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The safety net under every change to how a run is analysed or written: each committed run of {@code results/}, rendered
 * again by {@code ./bench report} from what it measured alone, gives byte for byte the summary.json, summary.md,
 * details.md and report.html committed beside it, the summary's format line excepted. A change that is meant to alter
 * a report re-renders the committed runs in the same commit ({@code ./bench report results/<run>}), so the diff shows
 * what it altered; a change that is not meant to alter one (moving code, types) must leave them as they are.
 */
class CommittedRunsRenderTest {
    /** What {@code ./bench report} reads: a run's summary.json, or a JMH run's own output. */
    private static final List<String> INPUTS = List.of("summary.json", "jmh.json", "environment");
    /** The line a new summary format may change in a re-analysed summary.json, and nothing else. */
    private static final String FORMAT_LINE = "\"format\" : ";

    @Test
    void everyCommittedRunRendersAgainByteForByte(@TempDir Path work) throws IOException {
        List<Path> runs = committedRuns();
        assertTrue(runs.size() >= 13, "committed runs found: " + runs);
        List<String> differences = new ArrayList<>();
        for (Path run : runs) {
            differences.addAll(differences(run, render(run, work.resolve(run.getFileName().toString()))));
        }
        assertTrue(differences.isEmpty(), "rendered again, committed runs differ from what is committed (if the change is meant, "
                + "./bench report results/<run> for each and commit them with it):\n" + String.join("\n", differences));
    }

    /** The check is seen to fail: one round's throughput planted 1 req/s higher in a committed summary changes its report. */
    @Test
    void aPlantedChangeInWhatWasMeasuredIsCaught(@TempDir Path work) throws IOException {
        Path run = Repo.root().resolve("results/20261124-035143");
        Path planted = Files.createDirectories(work.resolve("planted"));
        ObjectMapper json = new ObjectMapper();
        ObjectNode summary = (ObjectNode) json.readTree(run.resolve("summary.json").toFile());
        ObjectNode round = (ObjectNode) summary.get("targets").get(1).get("rounds").get(0);
        round.put("throughput_rps", round.get("throughput_rps").asDouble() + 1);
        json.writeValue(planted.resolve("summary.json").toFile(), summary);
        ReportCommand.report(planted);
        List<String> differences = differences(run, planted);
        for (String file : List.of("summary.json", "summary.md", HtmlReport.FILE)) {
            assertTrue(differences.stream().anyMatch(d -> d.contains("/" + file + " ")), file + " not reported in " + differences);
        }
    }

    /** The check reads every byte: a file that differs only in its last byte, or only in its length, is a difference. */
    @Test
    void aDifferenceInTheLastByteOrTheLengthIsCaught(@TempDir Path work) throws IOException {
        Path a = Files.createDirectories(work.resolve("a"));
        Path b = Files.createDirectories(work.resolve("b"));
        Files.writeString(a.resolve("summary.md"), "line 1\nline 2\n");
        Files.writeString(b.resolve("summary.md"), "line 1\nline 2");
        assertEquals(1, differences(a, b).size(), "a missing last newline");
        Files.writeString(b.resolve("summary.md"), "line 1\nline 3\n");
        assertTrue(differences(a, b).get(0).contains("line 2"), differences(a, b).toString());
        Files.writeString(b.resolve("summary.md"), "line 1\nline 2\n");
        assertTrue(differences(a, b).isEmpty());
        Files.delete(b.resolve("summary.md"));
        assertEquals(1, differences(a, b).size(), "a file not written");
    }

    /**
     * Each committed comparison, {@code results/comparisons/<run A>-vs-<run B>.md} and {@code .html}, is what
     * {@code ./bench compare results/<run A> results/<run B>} prints and writes of the committed runs today, byte for byte:
     * a change to the comparison's rules or layout compares them again in the same commit. Seen to fail with one round of
     * run B planted 1 req/s faster.
     */
    @Test
    void everyCommittedComparisonComparesAgainByteForByte(@TempDir Path work) throws IOException {
        List<Path> tables;
        try (Stream<Path> files = Files.list(Repo.root().resolve("results/comparisons"))) {
            tables = files.filter(f -> f.getFileName().toString().endsWith(".md")).sorted().toList();
        }
        assertFalse(tables.isEmpty(), "no committed comparison under results/comparisons");
        for (Path md : tables) {
            String[] ids = md.getFileName().toString().replaceFirst("\\.md$", "").split("-vs-");
            Summary a = Analysis.read(Repo.root().resolve("results").resolve(ids[0]));
            Summary b = Analysis.read(Repo.root().resolve("results").resolve(ids[1]));
            Path html = md.resolveSibling(md.getFileName().toString().replaceFirst("\\.md$", ".html"));
            assertEquals(List.of(), compared(a, b, ids, md, html, work), md + " is not what ./bench compare gives today (if the change "
                    + "is meant, ./bench compare results/" + ids[0] + " results/" + ids[1] + " --html=" + Repo.root().relativize(html)
                    + " > " + Repo.root().relativize(md) + ")");
            ObjectNode planted = (ObjectNode) new ObjectMapper().readTree(Repo.root().resolve("results").resolve(ids[1]).resolve("summary.json")
                    .toFile());
            ObjectNode round = (ObjectNode) planted.get("targets").get(1).get("rounds").get(0);
            round.put("throughput_rps", round.get("throughput_rps").asDouble() + 1);
            Path plantedRun = Files.createDirectories(work.resolve("planted-" + ids[1]));
            new ObjectMapper().writeValue(plantedRun.resolve("summary.json").toFile(), planted);
            assertFalse(compared(a, Analysis.read(plantedRun), ids, md, html, work).isEmpty(), "a planted round of " + ids[1] + " not seen");
        }
    }

    /** Where the comparison of {@code a} and {@code b} differs from the committed table and page: "table", "page", or neither. */
    private static List<String> compared(Summary a, Summary b, String[] ids, Path md, Path html, Path work) throws IOException {
        RunComparison.Result result = RunComparison.compare(a, b, RunComparison.MARGIN);
        Path page = work.resolve(html.getFileName());
        CompareHtml.write(page, a, b, result, RunComparison.MARGIN);
        List<String> differences = new ArrayList<>();
        if (!Files.readString(md).equals(CompareTable.markdown(ids[0], ids[1], result, RunComparison.MARGIN))) {
            differences.add("table");
        }
        if (!Files.readString(html).equals(Files.readString(page))) {
            differences.add("page");
        }
        return differences;
    }

    private static List<Path> committedRuns() throws IOException {
        try (Stream<Path> dirs = Files.list(Repo.root().resolve("results"))) {
            return dirs.filter(d -> Files.isRegularFile(d.resolve("summary.json"))).sorted().toList();
        }
    }

    /** Copies what {@code ./bench report} reads from {@code run} into {@code into}, and renders it there. */
    private static Path render(Path run, Path into) throws IOException {
        Files.createDirectories(into);
        for (String input : INPUTS) {
            if (Files.isRegularFile(run.resolve(input))) {
                Files.copy(run.resolve(input), into.resolve(input));
            }
        }
        ReportCommand.report(into);
        return into;
    }

    /** Each file of {@code committed} that {@code ./bench report} writes and that {@code rendered} does not hold byte for byte. */
    private static List<String> differences(Path committed, Path rendered) throws IOException {
        List<String> out = new ArrayList<>();
        for (String file : List.of("summary.json", "summary.md", RunSummary.DETAILS, HtmlReport.FILE)) {
            Path expected = committed.resolve(file);
            if (!Files.isRegularFile(expected)) {
                continue;
            }
            String where = committed.getFileName() + "/" + file + " ";
            Path actual = rendered.resolve(file);
            if (!Files.isRegularFile(actual)) {
                out.add(where + "was not written");
                continue;
            }
            String e = Files.readString(expected);
            String a = Files.readString(actual);
            if (file.equals("summary.json")) {
                e = withoutFormatLine(e);
                a = withoutFormatLine(a);
            }
            if (!e.equals(a)) {
                out.add(where + firstDifference(e, a));
            }
        }
        return out;
    }

    private static String withoutFormatLine(String json) {
        return String.join("\n", Stream.of(json.split("\n", -1)).filter(l -> !l.strip().startsWith(FORMAT_LINE)).toList());
    }

    private static String firstDifference(String expected, String actual) {
        String[] e = expected.split("\n", -1);
        String[] a = actual.split("\n", -1);
        for (int i = 0; i < Math.min(e.length, a.length); i++) {
            if (!e[i].equals(a[i])) {
                int column = 0;
                while (column < Math.min(e[i].length(), a[i].length()) && e[i].charAt(column) == a[i].charAt(column)) {
                    column++;
                }
                return "differs first at line " + (i + 1) + ", column " + (column + 1) + ":\n  committed: " + around(e[i], column)
                        + "\n  rendered:  " + around(a[i], column);
            }
        }
        return "differs in length: " + e.length + " lines committed, " + a.length + " rendered (a last newline counts as a line)";
    }

    /** The part of a long line around {@code column}. */
    private static String around(String line, int column) {
        int from = Math.max(0, column - 60);
        int to = Math.min(line.length(), column + 140);
        return (from > 0 ? "..." : "") + line.substring(from, to) + (to < line.length() ? "..." : "");
    }
}
