package io.gatewaybench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
        Map<String, Object> summary = summary(List.of(
                variant("default", new double[] {1000, 1100, 1050}, 4.0),
                variant("slow", new double[] {800, 880, 840}, 6.0),
                variant("same", new double[] {1020, 1090, 1060}, 4.0),
                failed("broken")));
        ProfileMatrix.apply(summary);
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

        StringBuilder md = new StringBuilder();
        ProfileMatrix.markdown(summary, md);
        assertTrue(md.toString().contains("| slow | 840 | 80.0% ("), md.toString());
        assertTrue(md.toString().contains("| less throughput | "), md.toString());
        assertTrue(md.toString().contains("- zuul2 under `io_uring`: zuul2 has no io_uring transport"), md.toString());
    }

    @Test
    void aRunOfOneProfileHasNoProfileTable() {
        Map<String, Object> summary = new LinkedHashMap<>(Map.of("targets", new ArrayList<>()));
        ProfileMatrix.apply(summary);
        StringBuilder md = new StringBuilder();
        ProfileMatrix.markdown(summary, md);
        assertEquals("", md.toString());
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
        t.put("throughput_rps", Analysis.Stats.median(throughput));
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
