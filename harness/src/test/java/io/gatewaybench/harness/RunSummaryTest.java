package io.gatewaybench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gatewaybench.harness.analyse.Analysis;
import io.gatewaybench.harness.measure.LatencyProbe;
import io.gatewaybench.harness.measure.MeasuredSummary;
import io.gatewaybench.harness.measure.RequestStats;
import io.gatewaybench.harness.measure.TargetDetails;
import io.gatewaybench.harness.measure.WrkCrossCheck;
import io.gatewaybench.harness.model.Setup;
import io.gatewaybench.harness.model.Summaries;
import io.gatewaybench.harness.model.Summary;
import io.gatewaybench.harness.model.WrkCheck;
import io.gatewaybench.harness.plan.Repo;
import io.gatewaybench.harness.plan.Target;
import io.gatewaybench.harness.report.RunSummary;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Every figure beside the direct baseline of the same run: throughput as a fraction, latency as a multiple. */
class RunSummaryTest {
    private static RequestStats stats(double rps, double... latency) {
        return new RequestStats(1000, 0, rps, new RequestStats.Latency(latency[0], latency[1], latency[2], latency[3], latency[4], latency[5], latency[6]));
    }

    /** The targets as a run writes them: measured, then judged by {@link Analysis} from their JSON form. */
    @SuppressWarnings("unchecked")
    static List<Map<String, Object>> judged(List<MeasuredSummary.TargetOutcome> outcomes) {
        return (List<Map<String, Object>>) io.gatewaybench.harness.analyse.PlantedSummary.analysed(
                Map.of("format", Summary.FORMAT, "rounds", 1, "targets", MeasuredSummary.targets(outcomes))).get("targets");
    }

    private static MeasuredSummary.TargetOutcome outcome(String name, List<RequestStats> rounds) {
        return new MeasuredSummary.TargetOutcome(Target.named(name), rounds, TargetDetails.NONE, null);
    }

    @Test
    @SuppressWarnings("unchecked")
    void relativeFiguresAreAgainstDirect() {
        RequestStats direct = stats(10_000, 1.5, 1, 2, 4, 8, 10, 20);
        RequestStats nginx = stats(9_000, 3, 2, 3, 6, 16, 20, 30);
        List<Map<String, Object>> targets = judged(List.of(
                new MeasuredSummary.TargetOutcome(Target.named("direct"), List.of(direct), TargetDetails.NONE, null),
                new MeasuredSummary.TargetOutcome(Target.named("nginx"), List.of(nginx), TargetDetails.NONE, null),
                new MeasuredSummary.TargetOutcome(Target.named("scg"), List.of(), TargetDetails.NONE, "did not start")));

        Map<String, Object> d = (Map<String, Object>) targets.get(0).get("relative_to_direct");
        assertEquals(1.0, d.get("throughput"));
        ((Map<String, Double>) d.get("latency")).values().forEach(v -> assertEquals(1.0, v));

        Map<String, Object> n = (Map<String, Object>) targets.get(1).get("relative_to_direct");
        assertEquals(0.9, n.get("throughput"));
        Map<String, Double> latency = (Map<String, Double>) n.get("latency");
        assertEquals(2.0, latency.get("mean"));
        assertEquals(2.0, latency.get("p99_9"));
        assertEquals(1.5, latency.get("max"));

        assertEquals("did not start", targets.get(2).get("failure"));
        assertTrue(!targets.get(2).containsKey("throughput_rps"));
    }

    @Test
    void countsAreSumsOverRoundsSoTheirRatioIsTheErrorShare() {
        RequestStats.Latency l = new RequestStats.Latency(1, 1, 1, 1, 1, 1, 1);
        List<Map<String, Object>> targets = judged(List.of(
                new MeasuredSummary.TargetOutcome(Target.named("direct"), List.of(stats(1000, 1, 1, 1, 1, 1, 1, 1)), TargetDetails.NONE, null),
                new MeasuredSummary.TargetOutcome(Target.named("nginx"), List.of(new RequestStats(1000, 50, 950, l),
                        new RequestStats(1100, 55, 1045, l), new RequestStats(900, 45, 855, l)), TargetDetails.NONE, null)));
        assertEquals(3000L, ((Number) targets.get(1).get("requests")).longValue());
        assertEquals(150L, ((Number) targets.get(1).get("errors")).longValue());
        assertEquals(0.05, targets.get(1).get("error_share"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void aLatencyDirectRoundsToZeroHasNoMultiple() {
        List<Map<String, Object>> targets = judged(List.of(outcome("direct", List.of(stats(10_000, 0.4, 0, 1, 1, 2, 2, 5))),
                outcome("nginx", List.of(stats(8_000, 1.2, 1, 2, 3, 4, 5, 9))), outcome("haproxy", List.of(stats(8_000, 1.2, 0, 2, 3, 4, 5, 9)))));
        assertNull(((Map<String, Double>) ((Map<String, Object>) targets.get(1).get("relative_to_direct")).get("latency")).get("p50"));
        assertEquals(1.0, ((Map<String, Double>) ((Map<String, Object>) targets.get(2).get("relative_to_direct")).get("latency")).get("p50"));
    }

    /** A summary that is not what the harness writes (a figure hand-edited into text) is refused, naming where, before analysis. */
    @Test
    void aSummaryEditedOutOfShapeIsRefusedNamingWhere(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
        com.fasterxml.jackson.databind.node.ObjectNode summary = (com.fasterxml.jackson.databind.node.ObjectNode) json.readTree(
                Repo.root().resolve("results/20261124-035143/summary.json").toFile());
        com.fasterxml.jackson.databind.node.ObjectNode nginx = (com.fasterxml.jackson.databind.node.ObjectNode) summary.get("targets").get(1);
        nginx.put("throughput_rps", nginx.get("throughput_rps").asText() + " req/s");
        json.writeValue(dir.resolve("summary.json").toFile(), summary);
        io.gatewaybench.harness.model.InvalidSummaryException e = org.junit.jupiter.api.Assertions.assertThrows(
                io.gatewaybench.harness.model.InvalidSummaryException.class, () -> Analysis.read(dir));
        assertEquals("/targets/1/throughput_rps", e.pointer(), e.getMessage());
        assertTrue(e.getMessage().startsWith(dir.resolve("summary.json") + " is not a summary of format"), e.getMessage());
    }

    @Test
    void summaryMarkdownRendersAgainFromItsJson(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        Summary run = minimalRun();
        RoundsRun.summarise(dir, run, List.of(
                new MeasuredSummary.TargetOutcome(Target.named("direct"), List.of(stats(10_000, 1.5, 1, 2, 4, 8, 10, 20)), TargetDetails.NONE, null),
                new MeasuredSummary.TargetOutcome(Target.named("nginx"), List.of(stats(9_000, 3, 2, 3, 6, 16, 20, 30)), TargetDetails.NONE, null)),
                List.of());
        String written = java.nio.file.Files.readString(dir.resolve("summary.md"));
        assertTrue(written.contains("| direct | 100.0% | - | - | 1.00x"), written);
        assertTrue(written.contains("| nginx | 90.0% | - | - | 2.00x"), written);
        String details = java.nio.file.Files.readString(dir.resolve(RunSummary.DETAILS));
        ReportCommand.report(dir);
        assertEquals(written, java.nio.file.Files.readString(dir.resolve("summary.md")));
        assertEquals(details, java.nio.file.Files.readString(dir.resolve(RunSummary.DETAILS)));
    }

    @Test
    @SuppressWarnings("unchecked")
    void probeSendLagIsPooledOverRoundsAndAbsentFromOlderSummaries(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        List<RequestStats> rounds = List.of(withProbe(stats(10_000, 1.5, 1, 2, 4, 8, 10, 20), 70, 12),
                withProbe(stats(10_000, 1.5, 1, 2, 4, 8, 10, 20), 90, 30));
        RoundsRun.summarise(dir, minimalRun(), List.of(new MeasuredSummary.TargetOutcome(Target.named("direct"), rounds, TargetDetails.NONE, null)),
                List.of());
        // the two rounds' probes pooled: lag P99 is round 2's; less its own lag, 70 - 12 and 90 - 30: P99 60
        String row = "| direct | 70 | 90 | 0 | 0 | 70 | 90 | 90 | 0 | 30 | 60 |";
        // the figures less the probe's own lag say what they are in words the schema knows
        com.fasterxml.jackson.databind.JsonNode less = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(dir.resolve("summary.json").toFile()).at("/targets/0/probe_us/under_load_less_own_lag");
        assertEquals(60, less.get("p99").asLong(), less.toString());
        assertTrue(new com.fasterxml.jackson.databind.ObjectMapper().readTree(io.gatewaybench.harness.plan.Repo.root()
                .resolve("docs/summary.schema.json").toFile()).at("/$defs/probe_result/properties/percentiles_of/enum")
                .toString().contains(less.get("percentiles_of").toString()), less.toString());
        assertTrue(java.nio.file.Files.readString(dir.resolve(RunSummary.DETAILS)).contains(row), java.nio.file.Files.readString(dir.resolve(RunSummary.DETAILS)));

        java.nio.file.Path json = dir.resolve("summary.json");
        // as a summary from before the send lag was recorded: no send_lag_us beside the probe's figures
        com.fasterxml.jackson.databind.ObjectMapper mapper = new com.fasterxml.jackson.databind.ObjectMapper();
        com.fasterxml.jackson.databind.JsonNode older = mapper.readTree(json.toFile());
        older.findParents("send_lag_us").forEach(p -> ((com.fasterxml.jackson.databind.node.ObjectNode) p).remove("send_lag_us"));
        mapper.writeValue(json.toFile(), older);
        ReportCommand.report(dir);
        assertTrue(java.nio.file.Files.readString(dir.resolve(RunSummary.DETAILS))
                .contains("| direct | 70 | 90 | 0 | 0 | 70 | 90 | 90 | 0 | - | 60 |"),
                "a summary from before the send lag was recorded: " + java.nio.file.Files.readString(dir.resolve(RunSummary.DETAILS)));
    }

    @Test
    void anInvalidCrossCheckSaysWhyAndHasNoVerdict(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        WrkCheck invalid = WrkCrossCheck.parse("""
                  29308 requests in 1.10s, 10.45MB read
                  Non-2xx or 3xx responses: 29308
                Requests/sec:  26658.03
                """, 1000, "wrk ...");
        RoundsRun.summarise(dir, minimalRun(), List.of(new MeasuredSummary.TargetOutcome(Target.named("direct"),
                List.of(stats(1000, 1.5, 1, 2, 4, 8, 10, 20)), TargetDetails.NONE.withWrkCheck(invalid), null)), List.of());
        String md = java.nio.file.Files.readString(dir.resolve(RunSummary.DETAILS));
        assertTrue(md.contains("| direct | 1 | 1000 | 0 | 0.00 | 29308 | invalid: wrk saw 29308 non-2xx answers and 0 socket errors |"), md);
        assertTrue(!md.contains("the injector was the limit"), md);
    }

    private static RequestStats withProbe(RequestStats s, long micros, long lagMicros) {
        org.HdrHistogram.Histogram h = new org.HdrHistogram.Histogram(60_000_000L, 3);
        org.HdrHistogram.Histogram lag = new org.HdrHistogram.Histogram(60_000_000L, 3);
        org.HdrHistogram.Histogram less = new org.HdrHistogram.Histogram(60_000_000L, 3);
        h.recordValue(micros);
        lag.recordValue(lagMicros);
        less.recordValue(micros - lagMicros);
        return s.withProbes(Map.of("unloaded", new LatencyProbe.Result(h, 0), "under_load",
                new LatencyProbe.Result(h, 0, lag, less)));
    }

    /**
     * The run's description as a run writes it (machine, components, flags, placement, load), taken from a committed run's
     * summary without its targets and ladder, with one round: summary.json is read back strictly, key for key.
     */
    private static Summary minimalRun() {
        try {
            Summary s = Summaries.read(Repo.root().resolve("results/20261124-035143/summary.json"));
            Setup setup = new Setup(s.setup().jvmProfile(), s.setup().origin(), s.setup().load(), null, null, 1,
                    s.setup().quick());
            return new Summary(s.format(), s.run(), setup, s.placement(), s.matrices(), List.of(), s.reanalysed());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void spreadOverRoundsPairsEachRoundWithDirectAndTheHeadlineIsTheMedianPairedRatio() {
        List<RequestStats> direct = List.of(stats(1000, 1, 1, 1, 1, 1, 1, 1), stats(800, 1, 1, 1, 1, 1, 1, 1), stats(900, 1, 1, 1, 1, 1, 1, 1));
        List<RequestStats> nginx = List.of(stats(500, 2, 2, 2, 2, 2, 2, 2), stats(480, 2, 2, 2, 2, 2, 2, 2), stats(450, 2, 2, 2, 3, 2, 2, 2));
        Map<String, Object> t = judged(List.of(outcome("direct", direct), outcome("nginx", nginx))).get(1);
        Map<String, Object> spread = (Map<String, Object>) t.get("spread");
        Map<String, Object> tp = (Map<String, Object>) spread.get("throughput_rps");
        assertEquals(480.0, tp.get("median"));
        assertEquals(450.0, tp.get("min"));
        assertEquals(500.0, tp.get("max"));
        assertEquals(List.of(500.0, 480.0, 450.0), tp.get("values"));
        // on the logarithms: mean 6.16588, sd 0.05312, t(2) = 4.303: half width 0.13197, exp(...) = 417.3 and 543.4
        assertEquals(417.3, ((Number) tp.get("ci95_low")).doubleValue(), 0.1);
        assertEquals(543.4, ((Number) tp.get("ci95_high")).doubleValue(), 0.1);
        Map<String, Object> ratio = (Map<String, Object>) spread.get("throughput_relative_to_direct");
        assertEquals(List.of(0.5, 0.6, 0.5), ratio.get("values")); // 500/1000, 480/800, 450/900
        // the headline is the median of the paired ratios (0.5), not the ratio of the medians (480 / 900 = 0.533)
        assertEquals(0.5, ((Map<String, Object>) t.get("relative_to_direct")).get("throughput"));
        assertEquals(3000L, ((Number) t.get("requests")).longValue(), "requests and errors are both sums over rounds");
    }

    @Test
    @SuppressWarnings("unchecked")
    void noIntervalFallsBelowZeroHoweverWideTheSpread() {
        // a latency of 1, 1 and 40 ms: Student's t on the values would give -35.8 to 63.8 ms
        List<RequestStats> direct = List.of(stats(1000, 1, 1, 1, 1, 1, 1, 1), stats(1000, 1, 1, 1, 1, 1, 1, 1), stats(1000, 1, 1, 1, 40, 1, 1, 1));
        Map<String, Object> spread = (Map<String, Object>) judged(List.of(outcome("direct", direct))).get(0).get("spread");
        Map<String, Object> p99 = ((Map<String, Map<String, Object>>) spread.get("latency_ms")).get("p99");
        assertTrue(((Number) p99.get("ci95_low")).doubleValue() > 0, p99.toString());
        List<RequestStats> zero = List.of(stats(1000, 1, 0, 1, 1, 1, 1, 1), stats(1000, 1, 1, 1, 1, 1, 1, 1));
        Map<String, Object> p50 = ((Map<String, Map<String, Object>>) ((Map<String, Object>) judged(List.of(outcome("direct", zero))).get(0)
                .get("spread")).get("latency_ms")).get("p50");
        assertFalse(p50.containsKey("ci95_low"), "a 0 ms value has no logarithm: min-max only");
    }

    @Test
    @SuppressWarnings("unchecked")
    void withDirectOnceMoreAfterTheLastRoundEachRoundIsStillPairedWithDirectsRunOfTheSameRound() {
        List<RequestStats> direct = List.of(stats(1000, 1, 1, 1, 1, 1, 1, 1), stats(800, 1, 1, 1, 1, 1, 1, 1), stats(1200, 1, 1, 1, 1, 1, 1, 1));
        List<RequestStats> nginx = List.of(stats(450, 2, 2, 2, 2, 2, 2, 2), stats(500, 2, 2, 2, 2, 2, 2, 2));
        List<Map<String, Object>> targets = judged(List.of(outcome("direct", direct), outcome("nginx", nginx)));
        Map<String, Object> spread = (Map<String, Object>) targets.get(1).get("spread");
        Map<String, Object> ratio = (Map<String, Object>) spread.get("throughput_relative_to_direct");
        // 450 / 1000, 500 / 800: direct's run after the last round counts in direct's figures, and pairs with no round, so
        // no two ratios share a direct run (the mean of the runs around each round, 0.5 and 0.5, did)
        assertEquals(List.of(0.45, 0.625), ratio.get("values"));
        assertEquals("direct's run of the same round", spread.get("paired_with"));
        Map<String, Object> self = (Map<String, Object>) ((Map<String, Object>) targets.get(0).get("spread")).get("throughput_relative_to_direct");
        assertEquals(List.of(1.0, 1.0, 1.0), self.get("values"));
    }

    @Test
    void medianOverRounds() {
        Map<String, Object> t = judged(List.of(outcome("direct", List.of(stats(100, 1, 1, 1, 1, 1, 1, 1), stats(300, 3, 3, 3, 3, 3, 3, 3),
                stats(200, 2, 2, 2, 2, 2, 2, 2))))).get(0);
        assertEquals(200.0, t.get("throughput_rps"));
        assertEquals(2.0, ((Map<?, ?>) t.get("latency_ms")).get("p99"));
    }
}
