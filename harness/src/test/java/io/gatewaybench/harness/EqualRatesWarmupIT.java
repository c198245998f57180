package io.gatewaybench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gatewaybench.harness.model.EqualRates;
import io.gatewaybench.harness.model.Summaries;
import io.gatewaybench.harness.plan.Repo;
import io.gatewaybench.harness.report.RunSummary;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * {@code ./bench run} at equal rates lowers its warm-up's rate where a target cannot hold it: a proxy that answers at
 * most 150 a second (src/test/resources/planted-other/planted-cap) warmed at 300 req/s queues its answers past the P99
 * objective, so after the cold chunks the rate is lowered by three quarters while it is not held two chunks in a row
 * (300, 225, 169, then 127, under the cap: three lowerings, each naming the plant), and the run reports where it
 * started and what it warmed at, in summary.json and in details.md's warm-up table. The P99 objective is 100 ms: the
 * plant's queue misses it by far above its cap (890 ms at 169 req/s), and a machine busy with other suites does not
 * (at 10 ms, direct missed it at 127 req/s beside two other ITs, and the plant at 95). About 2.5 minutes.
 */
class EqualRatesWarmupIT {
    private static final String CAP = "harness/src/test/resources/planted-other/planted-cap.properties";
    /** The plant's cap, req/s. */
    private static final int CAP_RPS = 150;

    @Test
    void aRateTheTargetCannotHoldIsLoweredBelowItsCap() throws Exception {
        Path results = Path.of("target", "equal-rates-warmup-it").toAbsolutePath();
        String out = QuickRun.bench(results, 0, "run", "--targets=" + CAP, "--warm-rate=300", "--slice=1",
                "--warmup-cap=72", "--p99-objective=100", "--percents=50", "--slices=3", "--rounds=1", "--warmup=2",
                "--duration=3", "--cross-check=none", "--results=" + results);
        Path run = QuickRun.newest(results);
        SummarySchemaTest.assertMatchesSchema(run);
        EqualRates.Warmup warmup = Summaries.read(run.resolve("summary.json")).setup().equalRates().warmup();
        assertEquals(300, warmup.loweredFromRps(), "lowered from the rate asked for: " + warmup);
        assertTrue(warmup.rateRps() < CAP_RPS, "warmed at " + warmup.rateRps() + " req/s, not under the cap of "
                + CAP_RPS + ":\n" + out);
        // every target that did not hold a chunk is named: the plant in each lowering, whatever else the machine did
        assertEquals(3, out.lines().filter(l -> l.contains(" req/s each not held 2 times in a row (")
                && l.contains("planted-cap: P99")).count(), out);
        String details = Files.readString(run.resolve(RunSummary.DETAILS));
        assertTrue(details.contains("at " + warmup.rateRps() + " req/s each, for ")
                && details.contains(", lowered from 300 req/s where some target did not hold that twice in a row"),
                details);
    }

    static {
        Repo.root(); // fails early, naming the fix, where the suite's folder is not found
    }
}
