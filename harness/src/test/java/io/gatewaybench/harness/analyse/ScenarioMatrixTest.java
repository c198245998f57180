package io.gatewaybench.harness.analyse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gatewaybench.harness.model.CostRow;
import io.gatewaybench.harness.model.FixedRateLevel;
import io.gatewaybench.harness.model.LatencyMs;
import io.gatewaybench.harness.model.P99AtRate;
import io.gatewaybench.harness.model.Ratio;
import io.gatewaybench.harness.model.ScenarioRow;
import io.gatewaybench.harness.model.Scenarios;
import io.gatewaybench.harness.model.Target;
import io.gatewaybench.harness.model.Verdict;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The scenario tables judge planted differences: a duty planted at 60% of plain in every round is "less
 * throughput" at 0.60 and twice plain's CPU per request "more CPU per request", one planted equal within the
 * round-to-round noise is "within the noise" on both, a response size
 * is judged by the share of its own direct the gateway keeps, and a target without the duty shows its reason.
 */
class ScenarioMatrixTest {

    @Test
    void aPlantedCostIsLessThroughputAndAnEqualScenarioIsWithinTheNoise() {
        List<Map<String, Object>> targets = List.of(
                target("direct", "plain", "direct", "direct", new double[] {10000, 11000, 10500, 10000}),
                target("gw", "plain", "gw", "direct", new double[] {5000, 5200, 5100}, new double[] {100, 104, 98}),
                // twice plain's CPU per request in every round, give or take the rounds' noise
                target("gw:jwt", "jwt", "gw", "direct", new double[] {3000, 3120, 3060}, new double[] {196, 212, 200}),
                target("gw:ratelimit", "ratelimit", "gw", "direct", new double[] {5100, 4950, 5250}, new double[] {103, 101, 100}),
                target("direct:4kb", "4kb", "direct:4kb", "direct:4kb", new double[] {20000, 22000, 21000}),
                // half of its direct for 4 KB, where plain keeps about 49% of the book page's direct: no cost
                target("gw:4kb", "4kb", "gw", "direct:4kb", new double[] {10000, 11000, 10500}));
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("targets", new ArrayList<>(targets));
        Map<String, Object> scenarios = new LinkedHashMap<>();
        scenarios.put("list", List.of(Map.of("name", "plain"), Map.of("name", "ratelimit"), Map.of("name", "jwt"), Map.of("name", "4kb")));
        scenarios.put("not_available", List.of(Map.of("target", "other", "scenario", "jwt", "reason", "it has no JWT module")));
        scenarios.put("conformance", "checked");
        summary.put("scenarios", scenarios);
        Scenarios analysed = Analysis.apply(PlantedSummary.of(summary)).matrices().scenarios();

        List<CostRow.Measured> gw = analysed.costVsPlain().get("gw").stream().map(r -> (CostRow.Measured) r).toList();
        assertEquals(List.of("jwt", "ratelimit", "4kb"), gw.stream().map(CostRow::scenario).toList());
        assertEquals(0.6, ((Ratio.Value) gw.get(0).throughputRelative()).ratio(), 1e-9);
        assertEquals(Verdict.LESS_THROUGHPUT, gw.get(0).verdict(), gw.get(0).toString());
        assertEquals(Verdict.WITHIN_THE_NOISE, gw.get(1).verdict(), gw.get(1).toString());
        assertEquals(Verdict.WITHIN_THE_NOISE, gw.get(2).verdict(), gw.get(2).toString());
        assertTrue(Math.abs(((Ratio.Value) gw.get(2).throughputRelative()).ratio() - 1.0) < 0.05, gw.get(2).toString());
        assertEquals(2.0, ((Ratio.Value) gw.get(0).cpuPerRequestRelative()).ratio(), 0.05, gw.get(0).toString());
        assertEquals(CostRow.CpuVerdict.MORE_CPU_PER_REQUEST, gw.get(0).cpuVerdict(), gw.get(0).toString());
        assertEquals(CostRow.CpuVerdict.WITHIN_THE_NOISE, gw.get(1).cpuVerdict(), gw.get(1).toString());

        Map<String, List<ScenarioRow>> byScenario = analysed.byScenario();
        ScenarioRow.Measured fourKb = (ScenarioRow.Measured) byScenario.get("4kb").get(1);
        assertEquals("gw:4kb", fourKb.target());
        assertEquals(0.5, fourKb.throughputRelativeToDirect().orElseThrow(), 1e-9, "relative to direct fetching the same file");
        assertEquals("it has no JWT module", ((ScenarioRow.NotAvailable) byScenario.get("jwt").get(1)).notAvailable());
    }

    /** A level at {@code rate} with its P99 (null: none), as summary.json holds it after the analysis. */
    private static FixedRateLevel level(int rate, int reached, int overloaded, Integer injectorLimited, Double p99) {
        LatencyMs ms = p99 == null ? null : new LatencyMs(1.0, 1.0, 1.0, p99, p99, p99, p99);
        return new FixedRateLevel(new FixedRateLevel.Measured(rate, null, List.of(), null),
                new FixedRateLevel.Judged(reached, overloaded, 1000, 0, 0.0, ms, null, 1, Map.of(), null,
                null, injectorLimited));
    }

    /**
     * A P99 at a rate is the measured rounds' or says why there is none: a level overloaded in some round reads overloaded
     * (a P99 of its other rounds would flatter it), one every round of which the injector sent late reads injector-limited.
     */
    @Test
    void aP99AtARateSaysWhyThereIsNone() {
        Target t = new Target(Target.About.of("gw", ""), null,
                List.of(level(1000, 2, 0, 1, 4.0), level(2000, 2, 0, 2, null), level(3000, 2, 1, 0, 6.0),
                level(4000, 0, 0, 0, null)));
        Map<Integer, P99AtRate> p99 = ScenarioMatrix.p99AtRates(t, List.of(1000, 2000, 3000, 4000, 5000));
        assertEquals(new P99AtRate.Value(4.0), p99.get(1000), "one round measured, one sent late: the measured round's");
        assertEquals(P99AtRate.Missing.INJECTOR_LIMITED, p99.get(2000));
        assertEquals(P99AtRate.Missing.OVERLOADED, p99.get(3000), "overloaded in one of two rounds");
        assertEquals(P99AtRate.Missing.NOT_REACHED, p99.get(4000));
        assertEquals(P99AtRate.Missing.NOT_REACHED, p99.get(5000), "no level at that rate");
    }

    private static Map<String, Object> target(String name, String scenario, String plain, String baseline, double[] throughput) {
        double[] cpu = new double[throughput.length];
        java.util.Arrays.fill(cpu, 100);
        return target(name, scenario, plain, baseline, throughput, cpu);
    }

    private static Map<String, Object> target(String name, String scenario, String plain, String baseline, double[] throughput,
                                              double[] cpuMsPer1000) {
        Map<String, Object> t = new LinkedHashMap<>();
        t.put("name", name);
        t.put("scenario", scenario);
        t.put("plain", plain);
        t.put("baseline", baseline);
        List<Map<String, Object>> rounds = new ArrayList<>();
        for (int i = 0; i < throughput.length; i++) {
            double tp = throughput[i];
            Map<String, Object> r = new LinkedHashMap<>();
            r.put("requests", (long) (tp * 10));
            r.put("errors", 0L);
            r.put("throughput_rps", tp);
            r.put("latency_ms", Map.of("mean", 1.0, "p50", 1.0, "p90", 1.0, "p99", 2.0, "p99_9", 3.0, "p99_99", 4.0, "max", 5.0));
            r.put("resources", Map.of("gateway", Map.of("cpu_ms_per_1000_requests", cpuMsPer1000[i])));
            rounds.add(r);
        }
        t.put("rounds", rounds);
        return t;
    }
}
