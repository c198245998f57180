package io.gatewaybench.harness.analyse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.gatewaybench.harness.measure.Ladder;
import io.gatewaybench.harness.model.Cost;
import io.gatewaybench.harness.model.GatewayCpu;
import io.gatewaybench.harness.model.MaxSustainable;
import io.gatewaybench.harness.model.Resources;
import io.gatewaybench.harness.model.Round;
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

    /**
     * The gateway's CPU per request over rounds: planted costs of 100, 125 and 160 ms per 1,000 requests (geometric mean 125.99),
     * a round whose gateway was not sampled left out, and the req/s one core carries at each round's cost.
     */
    @Test
    void theGatewaysCpuPerRequestHasItsIntervalAndTheRateOneCoreCarries() {
        List<Round> rounds = new java.util.ArrayList<>();
        for (Double ms : java.util.Arrays.asList(100.0, null, 125.0, 160.0)) {
            Resources r = new Resources(ms == null ? null : new Cost(ms, ms, 1, 10.0, null), null, null);
            rounds.add(new Round(1000, 0, 1000, null, r, null, null));
        }
        Target t = new Target("planted", "", 0L, 0L, java.util.Optional.empty(), 0.0, null, java.util.Optional.empty(), null, null, null,
                null, null, null, null, null, null, null, rounds, null, null, null, null, null, null, null, null, null, null, null, null,
                null, null, null, null);
        GatewayCpu cpu = Analysis.gatewayCpu(t);
        assertEquals(List.of(100.0, 125.0, 160.0), cpu.msPer1000Requests().values());
        assertEquals(125, cpu.msPer1000Requests().median());
        double mean = Math.log(2_000_000) / 3; // (log 100 + log 125 + log 160) / 3 = log 2,000,000 / 3
        double sd = Math.sqrt((Math.pow(Math.log(100) - mean, 2) + Math.pow(Math.log(125) - mean, 2) + Math.pow(Math.log(160) - mean, 2)) / 2);
        double half = 4.302652729911275 * sd / Math.sqrt(3); // Student's t, 2 degrees of freedom, 97.5%
        assertEquals(Math.exp(mean - half), cpu.msPer1000Requests().ci95Low(), 1e-4);
        assertEquals(Math.exp(mean + half), cpu.msPer1000Requests().ci95High(), 1e-4);
        // one core kept busy carries 1,000,000 / (ms per 1,000 requests) req/s: 10,000, 8,000 and 6,250, the interval inverted
        assertEquals(List.of(10_000.0, 8_000.0, 6_250.0), cpu.requestsPerCoreSecond().values());
        assertEquals(8_000, cpu.requestsPerCoreSecond().median());
        assertEquals(1_000_000 / cpu.msPer1000Requests().ci95High(), cpu.requestsPerCoreSecond().ci95Low(), 1e-2);
        assertEquals(1_000_000 / cpu.msPer1000Requests().ci95Low(), cpu.requestsPerCoreSecond().ci95High(), 1e-2);
        // direct, whose gateway is no process: no figure
        List<Round> direct = List.of(new Round(1000, 0, 1000, null, new Resources(null, null, null), null, null));
        assertEquals(null, Analysis.gatewayCpu(new Target("direct", "", 0L, 0L, java.util.Optional.empty(), 0.0, null, java.util.Optional.empty(),
                null, null, null, null, null, null, null, null, null, null, direct, null, null, null, null, null, null, null, null, null, null,
                null, null, null, null, null, null)));
    }

    /**
     * No target is shown at or above direct's maximum sustainable rate without the mark: planted direct at 9,700 req/s, one
     * target at it, one above it (noise), one below, and one under a scenario whose baseline is another direct.
     */
    @Test
    void aMaximumRateAtOrAboveDirectsIsMarkedAsTheSetupsCeiling() {
        List<Target> judged = Analysis.markDirectCeiling(List.of(found("direct", null, 9_700), found("nginx", null, 9_700),
                found("haproxy", null, 12_000), found("scg", null, 1_900), found("direct:1kb", "direct:1kb", 5_000),
                found("nginx:1kb", "direct:1kb", 5_800)));
        List<Integer> ceilings = judged.stream().map(t -> t.maxSustainable().get("p99-10ms").directCeilingRps()).toList();
        assertEquals(java.util.Arrays.asList(null, 9_700, 9_700, null, null, 5_000), ceilings);
        assertEquals("at direct's ceiling: a lower bound", judged.get(1).maxSustainable().get("p99-10ms").directCeilingText());
        assertEquals("above direct's ceiling of 9700: not established", judged.get(2).maxSustainable().get("p99-10ms").directCeilingText());
        assertEquals("", judged.get(3).maxSustainable().get("p99-10ms").directCeilingText());
    }

    /** A round never steady within the warm-up counts as not warm; a round that did not record it counts as nothing. */
    @Test
    void theRoundsNotWarmAreCounted() {
        java.util.function.Function<java.util.Optional<Integer>, Round> round = steady -> new Round(1000, 0, 1000, null, null,
                steady == null ? null : new io.gatewaybench.harness.model.RoundRuntime(10L, 1, "epoll", steady, null, null), null);
        java.util.function.Function<List<Round>, Target> target = rounds -> new Target("t", "", 0L, 0L, java.util.Optional.empty(), 0.0,
                null, java.util.Optional.empty(), null, null, null, null, null, null, null, null, null, null, rounds, null, null, null, null,
                null, null, null, null, null, null, null, null, null, null, null, null);
        assertEquals(2, Analysis.notWarmRounds(target.apply(List.of(round.apply(java.util.Optional.of(7)),
                round.apply(java.util.Optional.empty()), round.apply(java.util.Optional.empty())))));
        assertEquals(0, Analysis.notWarmRounds(target.apply(List.of(round.apply(java.util.Optional.of(7))))));
        assertEquals(null, Analysis.notWarmRounds(target.apply(List.of(round.apply(null)))), "no round recorded it");
    }

    private static Target found(String name, String baseline, int rate) {
        MaxSustainable f = new MaxSustainable("P99 at most 10 ms", rate, rate, rate, null, null, null, null,
                List.of(new MaxSustainable.SearchRound(rate, null, null, List.of(), null, null)));
        return new Target(name, "", 0L, 0L, java.util.Optional.empty(), 0.0, null, java.util.Optional.empty(), null, Map.of("p99-10ms", f),
                null, null, null, null, null, null, null, null, List.of(new Round(1000, 0, 1000, null, null, null, null)), baseline, null, null, null, null, null, null, null, null, null,
                null, null, null, null, null, null);
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
