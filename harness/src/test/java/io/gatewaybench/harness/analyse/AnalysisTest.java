package io.gatewaybench.harness.analyse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.gatewaybench.harness.model.Cost;
import io.gatewaybench.harness.model.GatewayCpu;
import io.gatewaybench.harness.model.Interval;
import io.gatewaybench.harness.model.LevelRound;
import io.gatewaybench.harness.model.MaxSustainable;
import io.gatewaybench.harness.model.Resources;
import io.gatewaybench.harness.model.Round;
import io.gatewaybench.harness.model.Summaries;
import io.gatewaybench.harness.model.Summary;
import io.gatewaybench.harness.model.Target;
import io.gatewaybench.harness.plan.Objective;
import io.gatewaybench.harness.quantity.Stats;
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
        List<Integer> rates = summary.setup().ladder().ratesRps();
        List<Objective> objectives = Analysis.objectives(summary.setup().ladder());
        int checked = 0;
        for (Target t : summary.targets()) {
            List<List<LevelRound>> ladders = Analysis.ladders(t);
            assertEquals(t.measured().rounds().size(), ladders.size());
            for (Map.Entry<String, MaxSustainable> e : t.judged().maxSustainable().entrySet()) {
                int median = e.getValue().rateRps();
                assertTrue(median == 0 || rates.contains(median), t.name() + ": " + median + " was never offered");
                List<MaxSustainable.SearchRound> rounds = e.getValue().rounds();
                Objective o = objectives.stream().filter(x -> x.name().equals(e.getKey())).findFirst().orElseThrow();
                for (int r = 0; r < rounds.size(); r++) {
                    int rate = rounds.get(r).rateRps();
                    for (LevelRound l : ladders.get(r)) { // strict: every level up to the rate found held
                        assertTrue(l.rateRps() > rate || ObjectiveJudge.holds(o, l),
                                t.name() + " round " + (r + 1) + ": " + l.rateRps() + " failed below " + rate);
                        checked++;
                    }
                }
            }
        }
        assertTrue(checked > 100, "levels checked: " + checked);
        // haproxy was reported at 7,100 req/s (5,700-14,000) although lower levels failed; strictly: 5,700 (5,700-7,100)
        MaxSustainable p99 = summary.targets().get(2).judged().maxSustainable().get("p99-10ms");
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
            rounds.add(new Round(1000, 0, 1000, null, r, null, null, null));
        }
        GatewayCpu cpu = Analysis.gatewayCpu(measured("planted", null, rounds));
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
        List<Round> direct = List.of(new Round(1000, 0, 1000, null, new Resources(null, null, null), null, null, null));
        assertEquals(null, Analysis.gatewayCpu(measured("direct", null, direct)));
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
        List<Integer> ceilings = judged.stream()
                .map(t -> t.judged().maxSustainable().get("p99-10ms").directCeilingRps()).toList();
        assertEquals(java.util.Arrays.asList(null, 9_700, 9_700, null, null, 5_000), ceilings);
        assertEquals("at direct's ceiling: a lower bound",
                judged.get(1).judged().maxSustainable().get("p99-10ms").directCeilingText());
        assertEquals("above direct's ceiling of 9700: not established",
                judged.get(2).judged().maxSustainable().get("p99-10ms").directCeilingText());
        assertEquals("", judged.get(3).judged().maxSustainable().get("p99-10ms").directCeilingText());
    }

    /** A round never steady within the warm-up counts as not warm; a round that did not record it counts as nothing. */
    @Test
    void theRoundsNotWarmAreCounted() {
        java.util.function.Function<java.util.Optional<Integer>, Round> round = steady -> new Round(1000, 0, 1000, null, null,
                steady == null ? null : new io.gatewaybench.harness.model.RoundRuntime(10L, 1, "epoll", steady, null, null), null, null);
        java.util.function.Function<List<Round>, Target> target = rounds -> measured("t", null, rounds);
        assertEquals(2, Analysis.notWarmRounds(target.apply(List.of(round.apply(java.util.Optional.of(7)),
                round.apply(java.util.Optional.empty()), round.apply(java.util.Optional.empty())))));
        assertEquals(0, Analysis.notWarmRounds(target.apply(List.of(round.apply(java.util.Optional.of(7))))));
        assertEquals(null, Analysis.notWarmRounds(target.apply(List.of(round.apply(null)))), "no round recorded it");
    }

    private static Target found(String name, String baseline, int rate) {
        MaxSustainable f = new MaxSustainable("P99 at most 10 ms", rate, rate, rate, null, null, null, null,
                List.of(new MaxSustainable.SearchRound(rate, null, null, List.of(), null, null)));
        Target t = measured(name, baseline, List.of(new Round(1000, 0, 1000, null, null, null, null, null)));
        return t.withJudged(new Target.Judged(1000, 0, 0.0, 1000, null, null, null, Map.of("p99-10ms", f), null,
                null, null), null);
    }

    /** A target that measured {@code rounds}, paired with {@code baseline} (null: direct), not judged yet. */
    private static Target measured(String name, String baseline, List<Round> rounds) {
        Target.About about = new Target.About(name, "", null, null, baseline, null, null, null, null, null, null,
                null, null, null, null,
                null, null);
        return new Target(about, new Target.Measured(null, null, null, rounds, null, null, null, null), null);
    }

    /** The one rule behind the "≈ direct" marks of summary.md and report.html, on planted rounds. */
    @Test
    void withinTheNoiseOfDirectOnlyWhereTheDifferenceIsNotEstablished() {
        double[] direct = {10_000, 10_400, 9_800};
        double[] slower = {6_000, 6_200, 5_900}; // 60% of direct, every round
        assertEquals(null, Analysis.withinNoiseOfDirect(Analysis.pairedRatios(slower, direct)));
        double[] same = {9_900, 10_300, 10_000};
        assertEquals("its paired 95% interval holds 100%", Analysis.withinNoiseOfDirect(Analysis.pairedRatios(same, direct)));
        // the ranges over rounds overlap (the machine's speed moved by half), but every round is 90% of direct's in the same
        // round: established (the rule before 2026-11-27 called this within the noise, for the overlap)
        double[] drifting = {10_000, 12_000, 8_000};
        double[] ninety = {9_000, 10_800, 7_200};
        assertEquals(null, Analysis.withinNoiseOfDirect(Analysis.pairedRatios(ninety, drifting)));
        // below direct's range in every round, but the paired ratios scatter: 0.97, 0.78, 1.02 cannot exclude 100%
        double[] scattered = {9_700, 8_100, 9_990};
        double[] wide = {10_000, 10_400, 10_000};
        assertEquals("its paired 95% interval holds 100%", Analysis.withinNoiseOfDirect(Analysis.pairedRatios(scattered, wide)));
        assertEquals(null, Analysis.withinNoiseOfDirect(new double[] {1}), "one round: nothing is known");
        // a round that measured 0 leaves no interval: its range over rounds decides
        assertEquals("its paired range over rounds holds 100%", Analysis.withinNoiseOfDirect(new double[] {0, 1.2}));
    }

    /**
     * The headline's interval holds its level: seeded synthetic runs of three rounds, where each round's machine speed moves
     * direct and the target alike (2%) and each run has its own noise, direct's dominant (10% against 2%), as on this
     * machine where the origin alone is the noisier side. The 95% interval of the same-round ratios misses the true ratio
     * 5.0% of the time; the ratios to the mean of direct's runs before and after each round (the rule before 2026-11-27:
     * consecutive ratios share a direct run) miss 10.7% of the time, which is what this check is seen to fail on. (Where
     * the rounds' speed moves more than a run's own noise, 10% against 8%, the bracketed ratios miss 4.3%: sharing a run
     * then matters less than the next round's speed, which the bracketing brings in.)
     */
    @Test
    void thePairedIntervalCoversTheTrueRatioAtItsLevel() {
        java.util.Random random = new java.util.Random(20261127);
        int runs = 4000;
        int rounds = 3;
        double truth = 0.7;
        int sameRoundMisses = 0;
        int bracketedMisses = 0;
        for (int run = 0; run < runs; run++) {
            double[] direct = new double[rounds + 1]; // direct runs once more after the last round
            double[] target = new double[rounds];
            for (int r = 0; r <= rounds; r++) {
                double speed = Math.exp(0.02 * random.nextGaussian());
                direct[r] = 10_000 * speed * Math.exp(0.10 * random.nextGaussian());
                if (r < rounds) {
                    target[r] = truth * 10_000 * speed * Math.exp(0.02 * random.nextGaussian());
                }
            }
            sameRoundMisses += misses(Analysis.pairedRatios(target, direct), truth);
            double[] bracketed = new double[rounds];
            for (int r = 0; r < rounds; r++) {
                bracketed[r] = target[r] / ((direct[r] + direct[r + 1]) / 2);
            }
            bracketedMisses += misses(bracketed, truth);
        }
        double sameRound = (double) sameRoundMisses / runs;
        double before = (double) bracketedMisses / runs;
        // 4,000 runs: a true 5% miss rate lies within 0.035-0.065 with odds far beyond 1,000 to 1
        assertTrue(sameRound > 0.035 && sameRound < 0.065, "the same-round interval missed " + sameRound);
        assertTrue(before > 0.08, "the plant, the bracketed ratios, must miss far more than 5%: " + before);
    }

    private static int misses(double[] ratios, double truth) {
        Interval i = Stats.interval(ratios);
        return i.ci95Low() <= truth && truth <= i.ci95High() ? 0 : 1;
    }
}
