package io.gatewaybench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.gatewaybench.harness.model.Summaries;
import io.gatewaybench.harness.model.Summary;
import io.gatewaybench.harness.model.Target;
import io.gatewaybench.harness.model.TargetCost;
import io.gatewaybench.harness.plan.Repo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * {@code ./bench run} at equal rates recovers what was planted (src/test/resources/planted-cost: HAProxy, one thread,
 * each request burning CPU time in Lua on the process's CPU clock, the burn it made written to its burnt.txt), read
 * where the run reports it (summary.json's {@code cost}, as summary.md and report.html show it):
 * <ul>
 *   <li>twins burning about 5% and 10% of twin A's cost more per request are found costlier by what they burnt, within
 *     what one instance of a target differs from another: the ratio expected from the burn and the reported costs lies
 *     within {@link #INSTANCE} of the reported ratio; and the 10% twin's interval lies above twin A's;</li>
 *   <li>twin B, the same as twin A, is equivalent to it within {@link #INSTANCE}: the interval of their ratio lies
 *     within that of 1;</li>
 *   <li>a target whose extra cost falls for 60 s after its start is found steady only after its fall, and then costs
 *     what its twins cost;</li>
 *   <li>a target whose cost climbs in a saw-tooth without end is reported as not steady, not measured as if warm.</li>
 * </ul>
 * About 6 minutes, alone (@Isolated). Each started instance of a target has a cost of its own: identical twins differed
 * by 1-4% here from one run to the next, and a twin once 5-6% (docs/figures.md), a difference the slices of one run
 * cannot tell from the target's. So a 5% plant is recovered to within that, not told apart from its twin with one
 * instance each; the run's intervals say what the slices know, and the A/A pair shows what they do not.
 */
@Isolated
class EqualRatesPlantsIT {
    private static final String DIR = "harness/src/test/resources/planted-cost/";
    /** The most two instances of one target differed by in the runs of this plant here: 6% (docs/figures.md). */
    static final double INSTANCE = 0.06;
    private static final List<String> PLANTS = List.of("planted-twin-a", "planted-twin-b", "planted-burn-5pct",
            "planted-burn-10pct",
            "planted-warm", "planted-unsteady");

    @Test
    void whatWasPlantedIsWhatTheRunReports() throws Exception {
        Path results = Path.of("target", "equal-rates-plants-it").toAbsolutePath();
        QuickRun.bench(results, 0, "run", "--targets="
                + PLANTS.stream().map(p -> DIR + p + ".properties").collect(Collectors.joining(",")),
                "--warm-rate=200", "--warmup-cap=120", "--percents=40,80", "--slices=12", "--rounds=1", "--warmup=2",
                        "--duration=3",
                "--cross-check=none", "--results=" + results);
        Path run = QuickRun.newest(results);
        Summary s = Summaries.read(run.resolve("summary.json"));
        Map<String, Target> byName = s.targets().stream().collect(Collectors.toMap(Target::name, t -> t));
        Map<String, Double> burnt = burnt(run);
        for (int rate : s.setup().equalRates().ratesRps()) {
            TargetCost.AtRate a = at(byName.get("planted-twin-a"), rate);
            TargetCost.AtRate b = at(byName.get("planted-twin-b"), rate);
            double aOverCheapest = relative(a);
            // twin B against twin A: equivalent within 5%
            double low = lowOf(b) / (a.relative() == null ? 1 : a.relative().ratio().ci95High());
            double high = highOf(b) / (a.relative() == null ? 1 : a.relative().ratio().ci95Low());
            assertTrue(low >= 1 - INSTANCE && high <= 1 + INSTANCE, rate + " req/s: twin B over twin A " + low + "-"
                    + high
                    + ", not within " + INSTANCE + " of 1");
            for (String planted : List.of("planted-burn-5pct", "planted-burn-10pct")) {
                TargetCost.AtRate p = at(byName.get(planted), rate);
                TargetCost.AtRate cheapest = at(byName.get(p.relative().to()), rate);
                double expected = aOverCheapest + burnt.get(planted) / cheapest.cpuUsPerRequest().value();
                double reported = p.relative().ratio().value();
                assertEquals(expected, reported, INSTANCE * expected, rate + " req/s, " + planted + ": burnt "
                        + burnt.get(planted)
                        + " us a request, expected " + expected + " times " + p.relative().to() + "'s cost, reported "
                        + reported);
                if (planted.equals("planted-burn-10pct")) {
                    assertTrue(p.relative().ratio().ci95Low() > aOverCheapest, rate + " req/s, " + planted
                            + " not told from twin A: "
                            + p.relative().ratio() + " against " + aOverCheapest);
                }
            }
        }
        TargetCost warm = byName.get("planted-warm").cost();
        assertNotNull(warm.steadyAfterS(), "the slow warm-up ended within the cap: " + warm);
        assertTrue(warm.steadyAfterS() >= 45, "steady after " + warm.steadyAfterS()
                + " s, while its extra cost still fell");
        TargetCost unsteady = byName.get("planted-unsteady").cost();
        assertNull(unsteady.steadyAfterS(), "the saw-tooth never settles");
        assertTrue(unsteady.notSteady().startsWith("no steady state within"), unsteady.notSteady());
        String md = Files.readString(run.resolve("summary.md"));
        assertTrue(md.lines().anyMatch(l -> l.startsWith("| planted-unsteady |")
                && l.contains("no steady state within")), md);
        List<Integer> order = s.setup().equalRates().order();
        assertEquals(12, order.size(), "two rates of 12 slices in turns of 2: " + order);
        for (int c = 0; c < order.size(); c += 2) { // each cycle takes both rates
            assertEquals(Set.copyOf(s.setup().equalRates().ratesRps()), Set.copyOf(order.subList(c, c + 2)),
                    "cycle " + (c / 2 + 1) + " of " + order);
        }
        assertTrue(Files.readString(run.resolve("details.md")).contains("measured in turns of 2 slices"),
                "details.md says how the rates were measured");
        JsonNode twin = Summaries.mapper().readTree(run.resolve("summary.json").toFile())
                .at("/targets/1/cost/at_rates/0/cpu_us_per_request");
        assertTrue(twin.path("value").asDouble() > 0, "summary.json has the figure: " + twin);
    }

    private static TargetCost.AtRate at(Target t, int rate) {
        return t.cost().atRates().stream().filter(a -> a.rateRps() == rate).findFirst().orElseThrow();
    }

    /** A target's CPU per request over the cheapest's at the rate (1 for the cheapest itself). */
    private static double relative(TargetCost.AtRate a) {
        return a.relative() == null ? 1 : a.relative().ratio().value();
    }

    private static double lowOf(TargetCost.AtRate a) {
        return a.relative() == null ? 1 : a.relative().ratio().ci95Low();
    }

    private static double highOf(TargetCost.AtRate a) {
        return a.relative() == null ? 1 : a.relative().ratio().ci95High();
    }

    /** Each burning plant's CPU time burnt per request over its life, us, from its burnt.txt ("requests us"). */
    private static Map<String, Double> burnt(Path run) throws Exception {
        Map<String, Double> m = new java.util.HashMap<>();
        for (String p : List.of("planted-burn-5pct", "planted-burn-10pct")) {
            String[] f = Files.readString(run.resolve("targets").resolve(p).resolve("burnt.txt")).strip().split(" ");
            m.put(p, Double.parseDouble(f[1]) / Double.parseDouble(f[0]));
        }
        return m;
    }

    static {
        Repo.root(); // fails early, naming the fix, where the suite's folder is not found
    }
}
