package io.gatewaybench.harness.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gatewaybench.harness.model.JvmProfiles;
import io.gatewaybench.harness.model.Scenarios;
import io.gatewaybench.harness.model.Summaries;
import io.gatewaybench.harness.model.WorkersSweep;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The matrices' tables show what the analysis judged, as it judged it: each row's figures, its interval and its
 * verdict, the rows that were not measured or not available, and no table where the run had no matrix. The judging
 * itself is tested with the matrices (ProfileMatrixTest, ScenarioMatrixTest, WorkersMatrixTest).
 */
class MatrixTablesTest {

    @Test
    void theProfileTableRanksWhatTheAnalysisJudged() {
        Map<String, Object> slow = map("profile", "slow", "target", "scg@slow", "throughput_rps", 840.0, "throughput_relative", 0.8,
                "throughput_relative_spread", interval(0.8, 0.75, 0.85), "p99_ms", 6.0,
                "p99_relative_spread", map("median", 1.5, "min", 1.5, "max", 1.5), "gateway_cpu_ms_per_1000_requests", 100.0, "gateway_peak_pss_mb", 302.0,
                "gc_pauses", 3.0, "gc_pause_total_ms", 3.0, "gc_pause_max_ms", 2.5, "gc_pause_p99_ms", 2.0, "allocated_bytes_per_request",
                2048.0, "first_answer_ms", 1500.0, "steady_after_s", null, "verdict", "less throughput");
        Map<String, Object> broken = map("profile", "broken", "target", "scg@broken", "failure", "not measured");
        Map<String, Object> unavailable = map("gateway", "zuul2", "profile", "io_uring", "reason", "zuul2 has no io_uring transport");
        Map<String, Object> summary = map("jvm_profiles", map("reference", "default", "profiles", List.of(), "by_gateway",
                map("scg", List.of(slow, broken)), "not_available", List.of(unavailable)));
        String md = profiles(summary);
        assertTrue(md.contains("\n| slow | 840 | 80.0% (75.0-85.0) | less throughput | 6.0 | 1.50x | 100 | 302 | 3 | 3.0 | 2.50 | 2.00 "
                + "| 2.0 | 1500 | - |\n"), md);
        assertTrue(md.contains("\n| broken | not measured: not measured |"), md);
        assertTrue(md.contains("hold together at 95% (each at 1 - 0.05/k, Bonferroni)"), md);
        assertTrue(md.contains("- zuul2 under `io_uring`: zuul2 has no io_uring transport"), md);
        assertEquals("", profiles(map("targets", List.of())), "a run of one profile has no profile table");
    }

    @Test
    void theScenarioTablesShowEachScenarioAndWhatItCostsEachGateway() {
        Map<String, Object> jwt = map("target", "gw:jwt", "baseline", "direct", "throughput_rps", 3060.0,
                "throughput_relative_to_direct", 0.3, "within_noise_of_direct", null, "p99_ms_at_rate", map(),
                "gateway_cpu_ms_per_1000_requests", 203.0);
        Map<String, Object> other = map("target", "other", "not_available", "it has no JWT module");
        Map<String, Object> cost = map("scenario", "jwt", "target", "gw:jwt", "throughput_rps", 3060.0, "throughput_relative", 0.6,
                "throughput_relative_spread", interval(0.6, 0.55, 0.65), "verdict", "less throughput",
                "gateway_cpu_ms_per_1000_requests", 203.0, "cpu_per_request_relative", 2.04,
                "cpu_per_request_relative_spread", interval(2.04, 1.9, 2.2),
                "cpu_verdict", "more CPU per request");
        Map<String, Object> summary = map("scenarios", map("list", List.of(), "credentials", "none", "probes", "none", "conformance", "checked", "by_scenario", map("jwt", List.of(jwt, other)),
                "cost_vs_plain", map("gw", List.of(cost)),
                "not_available", List.of(map("target", "other", "scenario", "jwt", "reason", "it has no JWT module"))));
        StringBuilder md = new StringBuilder();
        MatrixTables.scenarios(as(summary.get("scenarios"), Scenarios.class), null, List.of(), List.of(), md);
        String text = md.toString();
        assertTrue(text.contains("\n| gw:jwt | 3060 | 30.0% | - | 203 |\n"), text);
        assertTrue(text.contains("\n| other | not available: it has no JWT module |"), text);
        assertTrue(text.contains("\n| jwt | 3060 | 60.0% (55.0-65.0) | less throughput | 203 | 2.04x (1.90-2.20) "
                + "| more CPU per request |\n"), text);
        assertTrue(text.contains("- other under `jwt`: it has no JWT module"), text);
    }

    @Test
    void theWorkersTableShowsEachCountAgainstTheFewest() {
        Map<String, Object> one = map("workers", 1, "target", "fast-w1", "event_loops_or_workers", 1, "throughput_rps", 2000.0,
                "throughput_relative_to_direct", 0.2, "throughput_relative", 1.0, "per_worker_relative", 1.0, "verdict", "reference",
                "p99_ms_at_rate", map(), "gateway_cpu_ms_per_1000_requests", 100.0);
        Map<String, Object> two = map("workers", 2, "target", "fast-w2", "event_loops_or_workers", 2, "throughput_rps", 4000.0,
                "throughput_relative_to_direct", 0.4, "throughput_relative", 2.0,
                "throughput_relative_spread", interval(2.0, 1.9, 2.1), "verdict", "more throughput",
                "per_worker_relative", 1.0, "p99_ms_at_rate", map(), "gateway_cpu_ms_per_1000_requests", 100.0);
        Map<String, Object> gone = map("workers", 2, "target", "gone-w2", "event_loops_or_workers", 2, "failure", "not ready within 60 s");
        Map<String, Object> summary = map("workers_sweep", map("counts", List.of(1, 2), "by_gateway",
                map("fast", List.of(one, two), "gone", List.of(gone))));
        StringBuilder md = new StringBuilder();
        MatrixTables.workers(as(summary.get("workers_sweep"), WorkersSweep.class), List.of(), List.of(), md);
        String text = md.toString();
        assertTrue(text.contains("## Workers sweep"), text);
        assertTrue(text.contains("### fast"), text);
        assertTrue(text.contains("\n| 2 | 4000 | 40.0% | 200.0% (190.0-210.0) | more throughput | 1.00 | 100 |\n"), text);
        assertTrue(text.contains("\n| 2 | not measured: not ready within 60 s |"), text);
        StringBuilder none = new StringBuilder();
        MatrixTables.workers(as(map("targets", List.of()).get("workers_sweep"), WorkersSweep.class), List.of(), List.of(), none);
        assertEquals("", none.toString(), "a run without a sweep has no table");
    }

    private static String profiles(Map<String, Object> summary) {
        StringBuilder md = new StringBuilder();
        MatrixTables.profiles(as(summary.get("jvm_profiles"), JvmProfiles.class), List.of(), md);
        return md.toString();
    }

    /** The part of the summary as its record, read as strictly as summary.json is. */
    private static <T> T as(Object part, Class<T> type) {
        return Summaries.mapper().convertValue(part, type);
    }

    /** A spread over rounds with the interval the analysis judged it to have. */
    private static Map<String, Object> interval(double median, double low, double high) {
        return map("median", median, "min", low, "max", high, "ci_low", low, "ci_high", high, "ci_level", 0.95, "ci_method", "t");
    }

    /** A map in the order given, as the analysed summary holds it; values may be null. */
    private static Map<String, Object> map(Object... keysAndValues) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            m.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return m;
    }
}
