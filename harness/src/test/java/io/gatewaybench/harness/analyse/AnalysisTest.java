package io.gatewaybench.harness.analyse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.gatewaybench.harness.measure.Ladder;
import io.gatewaybench.harness.plan.Objective;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Exact ranks, and a committed run of the older format analysed again under the strict rules. */
class AnalysisTest {

    @Test
    @SuppressWarnings("unchecked")
    void aCommittedRunOfTheOlderFormatIsJudgedAgainUnderTheStrictSearch() throws Exception {
        Map<String, Object> summary = new ObjectMapper().readValue(getClass().getResource("/summary-format1.json"), Map.class);
        assertEquals("gateway-bench summary 1", summary.get("format"));
        Analysis.apply(summary);
        assertEquals(Analysis.FORMAT, summary.get("format"));
        assertTrue(((Map<String, Object>) summary.get("reanalysed")).get("not_redone").toString().contains("rank"));
        List<Integer> rates = (List<Integer>) ((Map<String, Object>) summary.get("ladder")).get("rates_rps");
        int checked = 0;
        for (Map<String, Object> t : (List<Map<String, Object>>) summary.get("targets")) {
            List<List<Ladder.Level>> ladders = Analysis.ladders(t);
            assertEquals(((List<?>) t.get("rounds")).size(), ladders.size());
            for (Map.Entry<String, Object> e : ((Map<String, Object>) t.get("max_sustainable")).entrySet()) {
                Map<String, Object> found = (Map<String, Object>) e.getValue();
                int median = ((Number) found.get("rate_rps")).intValue();
                assertTrue(median == 0 || rates.contains(median), t.get("name") + ": " + median + " was never offered");
                List<Map<String, Object>> rounds = (List<Map<String, Object>>) found.get("rounds");
                for (int r = 0; r < rounds.size(); r++) {
                    int rate = ((Number) rounds.get(r).get("rate_rps")).intValue();
                    Objective o = Analysis.objectives((Map<String, Object>) summary.get("ladder")).stream()
                            .filter(x -> x.name().equals(e.getKey())).findFirst().orElseThrow();
                    for (Ladder.Level l : ladders.get(r)) { // strict: every level up to the rate found held
                        assertTrue(l.rate() > rate || ObjectiveJudge.holds(o, l),
                                t.get("name") + " round " + (r + 1) + ": " + l.rate() + " failed below " + rate);
                        checked++;
                    }
                }
            }
        }
        assertTrue(checked > 100, "levels checked: " + checked);
        // haproxy was reported at 7,100 req/s (5,700-14,000) although lower levels failed; strictly: 5,700 (5,700-7,100)
        Map<String, Object> haproxy = ((List<Map<String, Object>>) summary.get("targets")).get(2);
        Map<String, Object> p99 = (Map<String, Object>) ((Map<String, Object>) haproxy.get("max_sustainable")).get("p99-10ms");
        assertEquals(List.of(5700, 7100), List.of(p99.get("min_rps"), p99.get("max_rps")));
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
