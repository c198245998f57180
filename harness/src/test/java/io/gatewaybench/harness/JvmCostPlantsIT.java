package io.gatewaybench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gatewaybench.harness.model.Summaries;
import io.gatewaybench.harness.model.Summary;
import io.gatewaybench.harness.model.Target;
import io.gatewaybench.harness.model.TargetCost;
import io.gatewaybench.harness.plan.Repo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * {@code ./bench run --jfr} at equal rates finds a JVM gateway's planted garbage where it reports it (summary.json's
 * {@code cost}, as summary.md shows it): two instances of {@link PlantedProxy} as JVM gateways
 * (src/test/resources/planted-jvm), one allocating 65,536 bytes more for every request (an array, 65,552 bytes with
 * its header). At each rate the allocation per request reported for the plant is its twin's plus the plant, within
 * {@link #ALLOCATION_SHARE} of the plant; the collection's CPU per request is read for both, and the plant's, whose
 * collector has 65 KB a request more to reclaim, is the higher. About 3.5 minutes; it may run beside other classes,
 * since what it compares are twins measured at once, and the allocation does not move with the machine's load.
 */
class JvmCostPlantsIT {
    private static final String DIR = "harness/src/test/resources/planted-jvm/";
    /** What an array of 65,536 bytes takes on a 64-bit HotSpot: its 16-byte header beside. */
    private static final long PLANTED = 65_536 + 16;
    /**
     * How far the reported difference may lie from the plant, a share of it: the twins' own allocation (the JDK's
     * HTTP server and the proxy's client, a few KB a request) differs a little between two JVMs, and each slice's ends
     * are interpolated between samplings a second apart.
     */
    private static final double ALLOCATION_SHARE = 0.05;

    @Test
    void theRunFindsThePlantedGarbage() throws Exception {
        Path results = Path.of("target", "jvm-cost-plants-it").toAbsolutePath();
        String out = QuickRun.bench(results, 0, "run", "--targets=" + DIR + "planted-alloc-0.properties," + DIR
                        + "planted-alloc-64k.properties", "--jfr", "--warm-rate=100", "--warmup-cap=60",
                "--percents=50,100", "--slices=6", "--rounds=1", "--warmup=2", "--duration=3", "--cross-check=none",
                "--results=" + results);
        Path run = QuickRun.newest(results);
        SummarySchemaTest.assertMatchesSchema(run);
        Summary s = Summaries.read(run.resolve("summary.json"));
        Target twin = target(s, "planted-alloc-0");
        Target plant = target(s, "planted-alloc-64k");
        String md = Files.readString(run.resolve("summary.md"));
        for (int rate : s.setup().equalRates().ratesRps()) {
            TargetCost.AtRate t = at(twin, rate);
            TargetCost.AtRate p = at(plant, rate);
            assertNotNull(t.allocatedBytesPerRequest(), rate + " req/s: the twin's allocation read: " + out);
            assertNotNull(p.allocatedBytesPerRequest(), rate + " req/s: the plant's allocation read");
            double difference = p.allocatedBytesPerRequest().value() - t.allocatedBytesPerRequest().value();
            assertEquals(PLANTED, difference, ALLOCATION_SHARE * PLANTED, rate + " req/s: the plant allocated "
                    + p.allocatedBytesPerRequest() + " bytes a request, its twin " + t.allocatedBytesPerRequest());
            assertNotNull(t.gcCpuUsPerRequest(), rate + " req/s: the twin's collection read");
            assertTrue(p.gcCpuUsPerRequest().value() > t.gcCpuUsPerRequest().value(), rate
                    + " req/s: the collection's CPU of the plant " + p.gcCpuUsPerRequest() + ", its twin's "
                    + t.gcCpuUsPerRequest());
            String cell = String.format(Locale.ROOT, "%.0f (", p.allocatedBytesPerRequest().value());
            assertTrue(md.lines().anyMatch(l -> l.startsWith("| planted-alloc-64k | " + rate + " |")
                    && l.contains(cell)), "summary.md shows the plant's allocation " + cell + " at " + rate + ":\n"
                    + md);
        }
    }

    private static Target target(Summary s, String name) {
        return s.targets().stream().filter(t -> t.name().equals(name)).findFirst().orElseThrow(
                () -> new AssertionError("no target " + name + " in "
                        + s.targets().stream().map(Target::name).toList()));
    }

    private static TargetCost.AtRate at(Target t, int rate) {
        assertNotNull(t.cost(), t.name() + " has no cost");
        return t.cost().atRates().stream().filter(a -> a.rateRps() == rate).findFirst().orElseThrow();
    }

    static {
        Repo.root(); // fails early, naming the fix, where the suite's folder is not found
    }
}
