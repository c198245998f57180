package io.gatewaybench.harness.analyse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.gatewaybench.harness.model.Ratio;
import io.gatewaybench.harness.model.Verdict;
import io.gatewaybench.harness.model.WorkersRow;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The workers table judges planted sweeps: a gateway planted to carry twice as much with two workers in every round
 * scales ("more throughput" at 2.0, 1.0 per worker); one planted equal within the rounds' noise is "within the noise"
 * at 0.5 per worker; one planted slower with two is "less throughput"; a step that failed keeps its row.
 */
class WorkersMatrixTest {

    @Test
    void aPlantedDoublingScalesAndAnEqualPairIsWithinTheNoise() {
        List<Map<String, Object>> targets = new ArrayList<>(List.of(
                target("direct", null, 0, new double[] {10000, 10400, 9800}),
                // listed out of order: the table sorts by workers
                target("fast-w2", "fast", 2, new double[] {4000, 4180, 3900}),
                target("fast-w1", "fast", 1, new double[] {2000, 2050, 1980}),
                target("flat-w1:jwt", "flat:jwt", 1, new double[] {3000, 3100, 2950}),
                target("flat-w2:jwt", "flat:jwt", 2, new double[] {3030, 3050, 2990}),
                target("worse-w1", "worse", 1, new double[] {3000, 3100, 2950}),
                target("worse-w2", "worse", 2, new double[] {1800, 1850, 1790})));
        Map<String, Object> failed = target("gone-w2", "gone", 2, new double[0]);
        failed.put("failure", "not ready within 60 s");
        targets.add(target("gone-w1", "gone", 1, new double[] {3000, 3100, 2950}));
        targets.add(failed);
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("targets", targets);
        summary.put("workers_sweep", new LinkedHashMap<>(Map.of("counts", List.of(1, 2))));
        Map<String, List<WorkersRow>> byGateway = Analysis.apply(PlantedSummary.of(summary)).matrices()
                .workersSweep().byGateway();
        assertEquals(List.of("fast", "flat:jwt", "worse", "gone"), List.copyOf(byGateway.keySet()));

        List<WorkersRow> fast = byGateway.get("fast");
        assertEquals(List.of(1, 2), fast.stream().map(WorkersRow::workers).toList());
        assertEquals(Verdict.REFERENCE, measured(fast.get(0)).verdict());
        WorkersRow.Measured two = measured(fast.get(1));
        assertEquals(2.0, ((Ratio.Value) two.throughputRelative()).ratio(), 0.05, two.toString());
        assertEquals(Verdict.MORE_THROUGHPUT, two.verdict(), two.toString());
        assertEquals(1.0, two.perWorkerRelative(), 0.03, two.toString());

        WorkersRow.Measured flat = measured(byGateway.get("flat:jwt").get(1));
        assertEquals(Verdict.WITHIN_THE_NOISE, flat.verdict(), flat.toString());
        assertEquals(0.5, flat.perWorkerRelative(), 0.02, flat.toString());

        assertEquals(Verdict.LESS_THROUGHPUT, measured(byGateway.get("worse").get(1)).verdict(), byGateway.get("worse").get(1).toString());
        assertEquals("not ready within 60 s", ((WorkersRow.Failed) byGateway.get("gone").get(1)).failure());
    }

    private static WorkersRow.Measured measured(WorkersRow row) {
        return (WorkersRow.Measured) row;
    }

    @Test
    void aRunWithoutASweepHasNoSweep() {
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("targets", new ArrayList<>(List.of(target("direct", null, 0, new double[] {10000, 10400}))));
        assertNull(Analysis.apply(PlantedSummary.of(summary)).matrices().workersSweep());
    }

    private static Map<String, Object> target(String name, String series, int workers, double[] throughput) {
        Map<String, Object> t = new LinkedHashMap<>();
        t.put("name", name);
        if (series != null) {
            t.put("sweep_series", series);
            t.put("sweep_workers", workers);
            t.put("workers", workers);
        }
        List<Map<String, Object>> rounds = new ArrayList<>();
        for (double tp : throughput) {
            Map<String, Object> r = new LinkedHashMap<>();
            r.put("requests", (long) (tp * 10));
            r.put("errors", 0L);
            r.put("throughput_rps", tp);
            r.put("latency_ms", Map.of("mean", 1.0, "p50", 1.0, "p90", 1.0, "p99", 2.0, "p99_9", 3.0, "p99_99", 4.0, "max", 5.0));
            r.put("resources", Map.of("gateway", Map.of("cpu_ms_per_1000_requests", 100.0)));
            rounds.add(r);
        }
        t.put("rounds", rounds);
        return t;
    }
}
