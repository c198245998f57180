package io.gatewaybench.harness.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.gatewaybench.harness.analyse.Analysis;
import io.gatewaybench.harness.analyse.RunComparison;
import io.gatewaybench.harness.model.Summary;
import io.gatewaybench.harness.model.SummaryMaps;
import io.gatewaybench.harness.plan.Repo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * compare.html's data is RunComparison's result, row for row: the same figures, samples, intervals
 * and verdicts, and a planted slower target must reach the page as different.
 */
public class CompareHtmlTest {
    public static final String RUN_A = "20261122-194337";
    public static final String RUN_B = "20261123-181040";
    /** The planted fault: this target's throughput in every round of a copy of RUN_B, times this factor. */
    public static final String SLOWED = "nginx";
    public static final double FACTOR = 0.6;
    public static final String THROUGHPUT = "throughput / direct (paired per round)";
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    public static Path run(String id) {
        return Repo.root().resolve("results").resolve(id);
    }

    /** A copy of a committed run's summary.json in {@code into} with one target's per-round throughput scaled. */
    @SuppressWarnings("unchecked")
    public static Path slowedCopy(String runId, String target, double factor, Path into) throws IOException {
        Map<String, Object> summary = JSON.readValue(run(runId).resolve("summary.json").toFile(), Map.class);
        Map<String, Object> t = ((List<Map<String, Object>>) summary.get("targets")).stream()
                .filter(x -> target.equals(x.get("name"))).findFirst().orElseThrow();
        for (Map<String, Object> round : (List<Map<String, Object>>) t.get("rounds")) {
            round.put("throughput_rps", ((Number) round.get("throughput_rps")).doubleValue() * factor);
        }
        summary.put("run_id", runId + "-" + target + "-x" + factor);
        Files.createDirectories(into);
        JSON.writeValue(into.resolve("summary.json").toFile(), summary);
        return into;
    }

    private static void assertSameRows(RunComparison.Result result, CompareHtml.Page data) {
        List<CompareHtml.PageRow> rows = data.rows();
        assertEquals(result.rows().size(), rows.size(), "rows");
        for (int i = 0; i < rows.size(); i++) {
            RunComparison.Row r = result.rows().get(i);
            CompareHtml.PageRow shown = rows.get(i);
            String where = r.target() + " " + r.figure();
            assertEquals(r.target(), shown.target(), where);
            assertEquals(r.figure(), shown.figure(), where);
            assertArrayEquals(r.a(), shown.a(), where);
            assertArrayEquals(r.b(), shown.b(), where);
            assertEquals(r.test().difference(), shown.difference(), where);
            assertArrayEquals(r.test().ci90(), shown.ci90(), where);
            assertArrayEquals(r.test().ciFamily(), shown.ciFamily(), where);
            assertEquals(r.test().familyLevel(), data.familyLevel(), 1e-12, where);
            assertEquals(r.test().p(), shown.p(), where);
            assertEquals(r.marginAbs(), shown.marginAbs(), where);
            assertEquals(r.test().verdict().name(), shown.verdict(), where);
        }
        Map<String, Long> counts = data.counts();
        for (RunComparison.Verdict v : RunComparison.Verdict.values()) {
            assertEquals(result.rows().stream().filter(r -> r.test().verdict() == v).count(), counts.get(v.name()), v.name());
        }
        assertEquals(result.exit(), data.exit());
        assertEquals(result.reason(), data.reason());
    }

    @Test
    @SuppressWarnings("unchecked")
    void everyRowOfTwoCommittedRunsIsOnThePageAsRunComparisonSaysIt() throws IOException {
        Summary a = Analysis.read(run(RUN_A));
        Summary b = Analysis.read(run(RUN_B));
        RunComparison.Result result = RunComparison.compare(a, b, RunComparison.MARGIN);
        assertTrue(result.exit() < 2, result.reason());
        CompareHtml.Page data = CompareHtml.data(a, b, result, RunComparison.MARGIN);
        assertSameRows(result, data);
        List<CompareHtml.Run> runs = data.runs();
        assertEquals(List.of(a.run().runId(), b.run().runId()), runs.stream().map(CompareHtml.Run::runId).toList());
        assertEquals(List.of(a.run().gitCommit(), b.run().gitCommit()),
                runs.stream().map(CompareHtml.Run::gitCommit).toList());

        String page = CompareHtml.render(data);
        assertFalse(page.contains("{{"), "a placeholder left unfilled");
        String json = page.substring(page.indexOf("id=\"comparison\">") + "id=\"comparison\">".length());
        json = json.substring(0, json.indexOf("</script>"));
        Map<String, Object> inlined = JSON.readValue(json, Map.class);
        assertEquals(result.rows().size(), ((List<?>) inlined.get("rows")).size(), "rows inlined in the page");
        assertEquals(SummaryMaps.toMap(a).get("load"), ((List<Map<String, Object>>) inlined.get("runs")).get(0).get("load"),
                "the load as summary.json holds it");
    }

    @Test
    void aTargetPlantedAt60PercentIsDifferentOnThePage() throws IOException {
        Summary a = Analysis.read(run(RUN_B));
        Summary b = Analysis.read(slowedCopy(RUN_B, SLOWED, FACTOR, tmp.resolve("slowed")));
        RunComparison.Result result = RunComparison.compare(a, b, RunComparison.MARGIN);
        CompareHtml.Page data = CompareHtml.data(a, b, result, RunComparison.MARGIN);
        assertSameRows(result, data);
        RunComparison.Row slowed = result.rows().stream().filter(r -> r.target().equals(SLOWED) && r.figure().equals(THROUGHPUT))
                .findFirst().orElseThrow();
        assertEquals(RunComparison.Verdict.DIFFERENT, slowed.test().verdict(), "RunComparison missed the planted fault");
        assertEquals(1, result.exit());
    }

    @Test
    void runsThatCannotBeComparedHaveNoPage() throws IOException {
        Summary a = Analysis.read(run(RUN_B));
        Summary profiles = Analysis.read(run("20261123-212433"));
        RunComparison.Result result = RunComparison.compare(a, profiles, RunComparison.MARGIN);
        assertEquals(2, result.exit(), result.reason());
        assertThrows(IllegalArgumentException.class, () -> CompareHtml.data(a, profiles, result, RunComparison.MARGIN));
    }
}
