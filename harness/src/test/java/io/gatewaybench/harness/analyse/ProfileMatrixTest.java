package io.gatewaybench.harness.analyse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gatewaybench.harness.measure.Stats;
import io.gatewaybench.harness.model.Interval;
import io.gatewaybench.harness.model.Precision;
import io.gatewaybench.harness.model.ProfileRow;
import io.gatewaybench.harness.model.Ratio;
import io.gatewaybench.harness.model.RatioSpread;
import io.gatewaybench.harness.model.Summary;
import io.gatewaybench.harness.model.Verdict;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The profile table judges planted differences: a profile planted 20% slower in every round is
 * "less throughput" at 0.80, one planted equal within round-to-round noise is "within the noise",
 * and the GC and start figures are the medians of what each round recorded.
 */
class ProfileMatrixTest {

    @Test
    void aPlantedSlowerProfileIsSlowerAndAnEqualOneIsWithinTheNoise() {
        Summary summary = Analysis.apply(PlantedSummary.of(summary(List.of(
                variant("default", new double[] {1000, 1100, 1050}, 4.0),
                variant("slow", new double[] {800, 880, 840}, 6.0),
                variant("same", new double[] {1020, 1090, 1060}, 4.0),
                failed("broken")))));
        List<ProfileRow> rows = summary.jvmProfiles().byGateway().get("scg");
        assertEquals(List.of("same", "default", "slow", "broken"), rows.stream().map(ProfileRow::profile).toList(),
                "ranked by throughput relative to the reference, the failed one last");
        ProfileRow.Measured slow = (ProfileRow.Measured) rows.get(2);
        assertEquals(0.8, ((Ratio.Value) slow.throughputRelative()).ratio(), 1e-9);
        assertEquals(Verdict.LESS_THROUGHPUT, slow.verdict());
        assertEquals(1.5, ((RatioSpread.Formed) slow.p99RelativeSpread()).interval().median(), 1e-9);
        ProfileRow.Measured same = (ProfileRow.Measured) rows.get(0);
        assertEquals(Verdict.WITHIN_THE_NOISE, same.verdict(), same.toString());
        assertEquals(Verdict.REFERENCE, ((ProfileRow.Measured) rows.get(1)).verdict());
        assertEquals(3.0, slow.gcPauses());
        assertEquals(2.5, slow.gcPauseMaxMs());
        assertEquals(2048.0, slow.allocatedBytesPerRequest());
        assertEquals(1500.0, slow.firstAnswerMs());
        assertNull(slow.steadyAfterS(), "no round was steady within its warm-up");
        assertEquals("not measured", ((ProfileRow.Failed) rows.get(3)).failure());
    }

    /**
     * The two-round run's case, planted: 4.7% more in both rounds, the two ratios 0.05% apart. Alone
     * against the reference that is a difference; beside thirteen other profiles whose rounds differ
     * by 8% (the machine's real noise) it is not: their spread is its spread too. A profile at 60% in
     * both rounds, with that noise, is still a difference.
     */
    @Test
    void aGainFromTwoAgreeingRoundsIsJudgedAgainstTheNoiseOfAllProfiles() {
        List<Map<String, Object>> two = new ArrayList<>(List.of(
                variant("default", new double[] {6755.7, 7133.5}, 6.0),
                variant("lucky", new double[] {7076.1, 7475.5}, 6.0)));
        Summary alone = Analysis.apply(PlantedSummary.of(summary(two)));
        assertEquals(Verdict.MORE_THROUGHPUT, row(alone, "lucky").verdict(), row(alone, "lucky").toString());

        List<Map<String, Object>> many = new ArrayList<>(two);
        for (int i = 0; i < 12; i++) {
            double level = 1 + i / 200.0;
            many.add(variant("other" + i, new double[] {6755.7 * level * 1.04, 7133.5 * level * 0.96}, 6.0));
        }
        many.add(variant("slow", new double[] {6755.7 * 0.6 * 1.04, 7133.5 * 0.6 * 0.96}, 6.0));
        Summary matrix = Analysis.apply(PlantedSummary.of(summary(many)));
        ProfileRow.Measured lucky = row(matrix, "lucky");
        assertEquals(Verdict.WITHIN_THE_NOISE, lucky.verdict(), lucky.toString());
        Interval spread = ((RatioSpread.Formed) lucky.throughputRelativeSpread()).interval();
        assertEquals(Precision.round(1 - 0.05 / 14), spread.ciLevel(), 1e-12);
        assertTrue(spread.ciMethod().contains("pooled over the gateway's 14 compared profiles (14 degrees of freedom)"), spread.toString());
        assertEquals(Verdict.LESS_THROUGHPUT, row(matrix, "slow").verdict(), row(matrix, "slow").toString());
    }

    private static ProfileRow.Measured row(Summary summary, String profile) {
        return (ProfileRow.Measured) summary.jvmProfiles().byGateway().get("scg").stream().filter(r -> profile.equals(r.profile()))
                .findFirst().orElseThrow();
    }

    @Test
    void aRunOfOneProfileHasNoProfileMatrix() {
        assertNull(ProfileMatrix.apply(PlantedSummary.of(Map.of("targets", List.of()))));
        assertNull(Analysis.apply(PlantedSummary.of(Map.of("targets", List.of()))).jvmProfiles());
    }

    /** A planted summary.json of a run of several profiles (what the test is about; PlantedSummary completes the rest). */
    private static Map<String, Object> summary(List<Map<String, Object>> targets) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("targets", targets);
        Map<String, Object> profiles = new LinkedHashMap<>();
        profiles.put("reference", "default");
        profiles.put("not_available", List.of(Map.of("gateway", "zuul2", "profile", "io_uring", "reason", "zuul2 has no io_uring transport")));
        s.put("jvm_profiles", profiles);
        return s;
    }

    private static Map<String, Object> variant(String profile, double[] throughput, double p99) {
        Map<String, Object> t = new LinkedHashMap<>();
        t.put("name", "scg@" + profile);
        t.put("gateway", "scg");
        t.put("jvm_profile", profile);
        t.put("throughput_rps", Stats.median(throughput));
        t.put("latency_ms", Map.of("p99", p99));
        List<Map<String, Object>> rounds = new ArrayList<>();
        for (int i = 0; i < throughput.length; i++) {
            Map<String, Object> runtime = new LinkedHashMap<>();
            runtime.put("first_answer_ms", 1000 + 500 * i);
            runtime.put("steady_after_s", null);
            runtime.put("allocated_bytes_per_request", 1024.0 * (i + 1));
            runtime.put("jfr", Map.of("pauses", Map.of("count", 2 + i, "total_ms", 3.0, "max_ms", 2.0 + i * 0.5, "p99_ms", 2.0)));
            rounds.add(Map.of("throughput_rps", throughput[i], "latency_ms", Map.of("p99", p99),
                    "resources", Map.of("gateway", Map.of("cpu_ms_per_1000_requests", 100.0, "peak_pss_mb", 300.0 + i)),
                    "runtime", runtime));
        }
        t.put("rounds", rounds);
        return t;
    }

    private static Map<String, Object> failed(String profile) {
        Map<String, Object> t = new LinkedHashMap<>();
        t.put("name", "scg@" + profile);
        t.put("gateway", "scg");
        t.put("jvm_profile", profile);
        t.put("failure", "not measured");
        return t;
    }
}
