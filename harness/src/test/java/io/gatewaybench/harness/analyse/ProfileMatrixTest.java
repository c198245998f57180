package io.gatewaybench.harness.analyse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gatewaybench.harness.measure.Stats;
import io.gatewaybench.harness.model.Precision;
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
    @SuppressWarnings("unchecked")
    void aPlantedSlowerProfileIsSlowerAndAnEqualOneIsWithinTheNoise() {
        Map<String, Object> summary = PlantedSummary.analysed(summary(List.of(
                variant("default", new double[] {1000, 1100, 1050}, 4.0),
                variant("slow", new double[] {800, 880, 840}, 6.0),
                variant("same", new double[] {1020, 1090, 1060}, 4.0),
                failed("broken"))));
        List<Map<String, Object>> rows = (List<Map<String, Object>>) ((Map<String, Object>) ((Map<String, Object>) summary.get("jvm_profiles"))
                .get("by_gateway")).get("scg");
        assertEquals(List.of("same", "default", "slow", "broken"), rows.stream().map(r -> r.get("profile")).toList(),
                "ranked by throughput relative to the reference, the failed one last");
        Map<String, Object> slow = rows.get(2);
        assertEquals(0.8, (Double) slow.get("throughput_relative"), 1e-9);
        assertEquals("less throughput", slow.get("verdict"));
        assertEquals(1.5, (Double) ((Map<String, Object>) slow.get("p99_relative_spread")).get("median"), 1e-9);
        Map<String, Object> same = rows.get(0);
        assertEquals("within the noise", same.get("verdict"), same.toString());
        assertEquals("reference", rows.get(1).get("verdict"));
        assertEquals(3.0, slow.get("gc_pauses"));
        assertEquals(2.5, slow.get("gc_pause_max_ms"));
        assertEquals(2048.0, slow.get("allocated_bytes_per_request"));
        assertEquals(1500.0, slow.get("first_answer_ms"));
        assertNull(slow.get("steady_after_s"), "no round was steady within its warm-up");
        assertEquals("not measured", rows.get(3).get("failure"));
    }

    /**
     * The two-round run's case, planted: 4.7% more in both rounds, the two ratios 0.05% apart. Alone
     * against the reference that is a difference; beside thirteen other profiles whose rounds differ
     * by 8% (the machine's real noise) it is not: their spread is its spread too. A profile at 60% in
     * both rounds, with that noise, is still a difference.
     */
    @Test
    @SuppressWarnings("unchecked")
    void aGainFromTwoAgreeingRoundsIsJudgedAgainstTheNoiseOfAllProfiles() {
        List<Map<String, Object>> two = new ArrayList<>(List.of(
                variant("default", new double[] {6755.7, 7133.5}, 6.0),
                variant("lucky", new double[] {7076.1, 7475.5}, 6.0)));
        Map<String, Object> alone = PlantedSummary.analysed(summary(two));
        assertEquals("more throughput", row(alone, "lucky").get("verdict"), row(alone, "lucky").toString());

        List<Map<String, Object>> many = new ArrayList<>(two);
        for (int i = 0; i < 12; i++) {
            double level = 1 + i / 200.0;
            many.add(variant("other" + i, new double[] {6755.7 * level * 1.04, 7133.5 * level * 0.96}, 6.0));
        }
        many.add(variant("slow", new double[] {6755.7 * 0.6 * 1.04, 7133.5 * 0.6 * 0.96}, 6.0));
        Map<String, Object> matrix = PlantedSummary.analysed(summary(many));
        Map<String, Object> lucky = row(matrix, "lucky");
        assertEquals("within the noise", lucky.get("verdict"), lucky.toString());
        Map<String, Object> spread = (Map<String, Object>) lucky.get("throughput_relative_spread");
        assertEquals(Precision.round(1 - 0.05 / 14), (Double) spread.get("ci_level"), 1e-12);
        assertTrue(spread.get("ci_method").toString().contains("pooled over the gateway's 14 compared profiles (14 degrees of freedom)"),
                spread.toString());
        assertEquals("less throughput", row(matrix, "slow").get("verdict"), row(matrix, "slow").toString());
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> row(Map<String, Object> summary, String profile) {
        return ((List<Map<String, Object>>) ((Map<String, Object>) ((Map<String, Object>) summary.get("jvm_profiles")).get("by_gateway"))
                .get("scg")).stream().filter(r -> profile.equals(r.get("profile"))).findFirst().orElseThrow();
    }

    @Test
    void aRunOfOneProfileHasNoProfileMatrix() {
        assertNull(ProfileMatrix.apply(PlantedSummary.of(Map.of("targets", List.of()))));
        assertNull(PlantedSummary.analysed(Map.of("targets", List.of())).get("jvm_profiles"));
    }

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
