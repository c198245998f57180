package io.gatewaybench.harness.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gatewaybench.harness.analyse.Analysis;
import io.gatewaybench.harness.model.Summaries;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * details.md's table at equal rates says what the rules say: a round the injector sent late is neither a pass nor a failure
 * of the target, so it is named in the cell and left out of the median ({@code vegeta-run/summary.json}, 3 rounds of a
 * proxy holding each answer 200 us).
 */
class LadderTablesTest {
    private static final Path RUN = Path.of("src/test/resources/vegeta-run");

    /** The cells of the row of {@code rate} in details.md's table at equal rates. */
    private static List<String> row(String md, int rate) {
        String table = md.substring(md.indexOf("## Fixed rates: the same arrival rates for every target"));
        String line = table.lines().filter(l -> l.startsWith("| " + rate + " |")).findFirst()
                .orElseThrow(() -> new AssertionError("no row " + rate + ":\n" + table));
        return List.of(line.substring(1, line.length() - 1).split("\\|")).stream().map(String::strip).toList();
    }

    /** Planted: round 2 of the holding proxy at 500 req/s sent 9 ms late at P99 (over Vegeta's 5 ms), its P99 90 ms. */
    @Test
    void aRoundSentLateIsNamedAndLeftOutOfTheMedian(@TempDir Path dir) throws Exception {
        JsonNode summary = Summaries.mapper().readTree(RUN.resolve("summary.json").toFile());
        int column = 0;
        for (JsonNode t : summary.get("targets")) {
            column++;
            if (!t.get("name").asText().equals("planted-hold-200")) {
                continue;
            }
            JsonNode rounds = t.get("fixed_rate").get(0).get("rounds");
            ObjectNode late = (ObjectNode) rounds.get(1);
            ((ObjectNode) late.get("send_lag_ms")).put("p99", 9.0);
            ((ObjectNode) late.get("latency_ms")).put("p99", 90.0).put("max", 95.0);
            Files.writeString(dir.resolve("summary.json"), Summaries.mapper().writeValueAsString(summary));
            RunSummary.write(dir, Analysis.read(dir));
            // the median of the other two rounds' P99 and max, to the tenth of a millisecond as the table shows them
            double p99 = (rounds.get(0).get("latency_ms").get("p99").asDouble() + rounds.get(2).get("latency_ms").get("p99").asDouble()) / 2;
            double max = (rounds.get(0).get("latency_ms").get("max").asDouble() + rounds.get(2).get("latency_ms").get("max").asDouble()) / 2;
            String expected = String.format(java.util.Locale.ROOT, "%.1f / %.1f, injector-limited 1/3", p99, max);
            int share = summary.get("ladder").hasNonNull("calibration") ? 1 : 0; // a column for the share of direct's capacity
            assertEquals(expected, row(Files.readString(dir.resolve(RunSummary.DETAILS)), 500).get(column + share),
                    "the cell of planted-hold-200 at 500 req/s");
            return;
        }
        throw new AssertionError("no planted-hold-200 in the run");
    }

    /**
     * Planted: round 2 of the holding proxy at 500 req/s was a second try, its first try (sent 9 ms late at P99, its
     * answers 1.5 ms from their actual send) kept in summary.json: details.md lists that first try as measured.
     */
    @Test
    void aLevelSentAgainListsItsFirstTryAsMeasured(@TempDir Path dir) throws Exception {
        JsonNode summary = Summaries.mapper().readTree(RUN.resolve("summary.json").toFile());
        for (JsonNode t : summary.get("targets")) {
            if (!t.get("name").asText().equals("planted-hold-200")) {
                continue;
            }
            ObjectNode again = (ObjectNode) t.get("fixed_rate").get(0).get("rounds").get(1);
            ObjectNode first = again.deepCopy();
            ((ObjectNode) first.get("send_lag_ms")).put("p99", 9.0);
            ObjectNode fromSend = first.get("latency_us").deepCopy();
            fromSend.remove("send_lag_us");
            first.set("latency_from_send_us", fromSend.put("p99", 1500));
            ((ObjectNode) first.get("latency_us")).put("p99", 10_500).put("max", 12_000);
            again.set("first_try", first);
            Files.writeString(dir.resolve("summary.json"), Summaries.mapper().writeValueAsString(summary));
            RunSummary.write(dir, Analysis.read(dir));
            String md = Files.readString(dir.resolve(RunSummary.DETAILS));
            int rate = again.get("rate_rps").asInt();
            String line = "- planted-hold-200 at " + rate + " req/s, round 2: sent " + first.get("sent").asLong()
                    + " of " + first.get("planned").asLong() + ", " + first.get("errors").asLong() + " errors; send "
                    + "lag P99 9.00 ms; P99 1.500 ms from the actual send, 10.500 ms from the intended send; "
                    + "max 12.000 ms";
            assertEquals(true, md.contains(line), line + "\nin\n" + md);
            return;
        }
        throw new AssertionError("no planted-hold-200 in the run");
    }

    /**
     * Planted: direct's first level in round 1 of a Gatling-ladder run (20261124-035143) as a second try, its first sent 19 ms
     * late at P99. details.md's full table says so in its `reached` cell, and its caption gives the rule; the run as committed
     * says neither (no level of it was sent again).
     */
    @Test
    void aGatlingLevelSentAgainIsCountedAndItsRuleGiven(@TempDir Path dir) throws Exception {
        Path committed = Path.of("..", "results", "20261124-035143");
        JsonNode summary = Summaries.mapper().readTree(committed.resolve("summary.json").toFile());
        JsonNode direct = summary.get("targets").get(0);
        assertEquals("direct", direct.get("name").asText());
        int rate = direct.get("fixed_rate").get(0).get("rate_rps").asInt();
        ((ObjectNode) direct.get("fixed_rate").get(0).get("rounds").get(0)).putObject("first_try_send_lag_us")
                .put("p50", 0).put("p99", 19_000).put("max", 40_000);
        Files.writeString(dir.resolve("summary.json"), Summaries.mapper().writeValueAsString(summary));
        RunSummary.write(dir, Analysis.read(dir));
        String planted = Files.readString(dir.resolve(RunSummary.DETAILS));
        String asCommitted = Files.readString(committed.resolve(RunSummary.DETAILS));
        String rule = "above 10 ms the level was sent once more, with the levels above it, by a second Gatling run";
        assertEquals(true, planted.contains(rule), "the rule, where a level was sent again");
        assertEquals(false, asCommitted.contains(rule), "no rule of a second try in a run that made none");
        String reached = fullRow(planted, "direct", rate).get(2);
        assertEquals(true, reached.endsWith("(sent again 1)"), "direct at " + rate + " req/s: " + reached);
        assertEquals(false, fullRow(asCommitted, "direct", rate).get(2).contains("sent again"));
    }

    /** The cells of {@code target}'s row at {@code rate} in details.md's "Fixed-rate levels in full". */
    private static List<String> fullRow(String md, String target, int rate) {
        String table = md.substring(md.indexOf("## Fixed-rate levels in full"));
        String line = table.lines().filter(l -> l.startsWith("| " + target + " | " + rate + " |")).findFirst()
                .orElseThrow(() -> new AssertionError("no row " + target + " " + rate + ":\n" + table));
        return List.of(line.substring(1, line.length() - 1).split("\\|")).stream().map(String::strip).toList();
    }
}
