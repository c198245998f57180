package io.gatewaybench.harness.analyse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.gatewaybench.harness.measure.Ladder;
import io.gatewaybench.harness.model.MaxSustainable;
import io.gatewaybench.harness.model.Summaries;
import io.gatewaybench.harness.model.Summary;
import io.gatewaybench.harness.model.Target;
import io.gatewaybench.harness.plan.Objective;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Exact ranks, and a committed run of the older format analysed again under the strict rules. */
class AnalysisTest {

    @Test
    void aCommittedRunOfTheOlderFormatIsJudgedAgainUnderTheStrictSearch() throws Exception {
        JsonNode older = Summaries.mapper().readTree(getClass().getResource("/summary-format1.json"));
        assertEquals("gateway-bench summary 1", older.get("format").asText());
        Summary summary = Analysis.fromOlderFormat(older);
        assertEquals(Analysis.FORMAT, summary.format());
        assertEquals("gateway-bench summary 1", summary.reanalysed().fromFormat());
        assertTrue(summary.reanalysed().notRedone().contains("rank"));
        List<Integer> rates = summary.ladder().ratesRps();
        List<Objective> objectives = Analysis.objectives(summary.ladder());
        int checked = 0;
        for (Target t : summary.targets()) {
            List<List<Ladder.Level>> ladders = Analysis.ladders(t);
            assertEquals(t.rounds().size(), ladders.size());
            for (Map.Entry<String, MaxSustainable> e : t.maxSustainable().entrySet()) {
                int median = e.getValue().rateRps();
                assertTrue(median == 0 || rates.contains(median), t.name() + ": " + median + " was never offered");
                List<MaxSustainable.SearchRound> rounds = e.getValue().rounds();
                Objective o = objectives.stream().filter(x -> x.name().equals(e.getKey())).findFirst().orElseThrow();
                for (int r = 0; r < rounds.size(); r++) {
                    int rate = rounds.get(r).rateRps();
                    for (Ladder.Level l : ladders.get(r)) { // strict: every level up to the rate found held
                        assertTrue(l.rate() > rate || ObjectiveJudge.holds(o, l),
                                t.name() + " round " + (r + 1) + ": " + l.rate() + " failed below " + rate);
                        checked++;
                    }
                }
            }
        }
        assertTrue(checked > 100, "levels checked: " + checked);
        // haproxy was reported at 7,100 req/s (5,700-14,000) although lower levels failed; strictly: 5,700 (5,700-7,100)
        MaxSustainable p99 = summary.targets().get(2).maxSustainable().get("p99-10ms");
        assertEquals(List.of(5700, 7100), List.of(p99.minRps(), p99.maxRps()));
    }

    /** The one rule behind the "≈ direct" marks of summary.md and report.html, on planted rounds. */
    @Test
    void withinTheNoiseOfDirectOnlyWhereTheDifferenceIsNotEstablished() {
        double[] direct = {10_000, 10_400, 9_800};
        double[] slower = {6_000, 6_200, 5_900}; // 60% of direct, every round
        assertEquals(null, Analysis.withinNoiseOfDirect(slower, direct, Analysis.pairedRatios(slower, direct)));
        double[] same = {9_900, 10_300, 10_000};
        assertEquals("its throughput range over rounds overlaps direct's",
                Analysis.withinNoiseOfDirect(same, direct, Analysis.pairedRatios(same, direct)));
        // below direct's range in every round, but the paired ratios scatter: 0.97, 0.78, 1.02 cannot exclude 100%
        double[] scattered = {9_700, 8_100, 9_990};
        double[] wide = {10_000, 10_400, 10_000};
        assertEquals(null, Analysis.withinNoiseOfDirect(scattered, wide, new double[0]), "no overlap and no pairing: not within the noise");
        assertEquals("its paired 95% interval holds 100%", Analysis.withinNoiseOfDirect(scattered, wide, Analysis.pairedRatios(scattered, wide)));
        // 90% in every round: established
        double[] tight = {9_000, 9_360, 9_000};
        assertEquals(null, Analysis.withinNoiseOfDirect(tight, wide, Analysis.pairedRatios(tight, wide)));
        assertEquals(null, Analysis.withinNoiseOfDirect(new double[] {10_000}, new double[] {10_000}, new double[] {1}), "one round: nothing is known");
    }
}
