package io.gatewaybench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gatewaybench.harness.plan.Repo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * {@code ./bench run --topology netns}: the three emulated hosts (network namespaces, CPU sets,
 * memory limits), as root. A quick run over all six targets must record where each role ran and
 * leave nothing behind; so must a run stopped part-way.
 */
@ResourceLock("infra/netns") // the emulated hosts: one user at a time
class BenchNetnsRunIT {

    @BeforeAll
    static void asRoot() {
        Leftovers.requireRoot();
    }

    @Test
    void quickRunAcrossTheEmulatedHostsRecordsThePlacementAndLeavesNothing() throws Exception {
        Path results = Path.of("target", "bench-netns-it").toAbsolutePath();
        QuickRun.bench(results, "run", "--quick", "--topology", "netns", "--results=" + results);
        JsonNode summary = QuickRun.checkSummary(QuickRun.newest(results));
        JsonNode placement = summary.get("placement");
        assertEquals("netns", placement.get("topology").asText());
        java.util.Properties conf = Repo.properties(Repo.root().resolve("infra/netns/topology.conf"), "netns settings");
        for (String role : List.of("injector", "gateway", "backend")) {
            String key = role.toUpperCase();
            assertEquals(conf.getProperty(key + "_ADDRESS"), placement.get(role).get("address").asText(), role);
            assertEquals(conf.getProperty(key + "_CPUS"), placement.get(role).get("cpus").asText(), role + "'s CPU set, as read from its cgroup");
            // the memory limit where the kernel has the memory controller; otherwise the reason it has none
            String memory = placement.get(role).get("memory").asText();
            assertTrue(memory.equals(conf.getProperty("MEMORY_LIMIT_MB") + " MB limit") || memory.startsWith("not confined: "), role + ": " + memory);
        }
        // one worker per CPU of the gateway's host, in the descriptor of each gateway too
        assertEquals(1, placement.get("gateway").get("workers").asInt());
        for (JsonNode t : summary.get("targets")) {
            if (!t.get("name").asText().equals("direct")) {
                assertEquals(1, t.get("workers").asInt(), t.get("name") + "'s workers");
            }
        }
        Leftovers.assertNone(results);
    }

    @Test
    void runStoppedPartWayLeavesNothing() throws Exception {
        Path results = Files.createDirectories(Path.of("target", "bench-netns-stopped-it").toAbsolutePath());
        Path log = results.resolve("bench.log");
        // no ladder and no cross-check: the signal comes while nginx is measured, and what it must leave is the emulated
        // hosts' (their namespaces, cgroups and processes), which the ladder's calibration of direct adds nothing to
        Process bench = new ProcessBuilder(Repo.root().resolve("bench").toString(), "run", "--quick", "--topology=netns",
                "--targets=nginx", "--levels=none", "--cross-check=none", "--results=" + results)
                .directory(Repo.root().toFile()).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
        while (!Files.readString(log).contains("nginx: verified")) {
            assertTrue(bench.isAlive(), "./bench ended before nginx was measured: " + Files.readString(log));
            assertTrue(System.nanoTime() < deadline, "nginx was not under load within 5 min: " + Files.readString(log));
            Thread.sleep(200);
        }
        bench.destroy(); // SIGTERM to ./bench, as a kill or a CI timeout would send it
        assertTrue(bench.waitFor(2, TimeUnit.MINUTES), "./bench did not stop within 2 min of SIGTERM: " + Files.readString(log));
        assertNotEquals(0, bench.exitValue());
        Leftovers.assertNone(results);
        // what was measured before the signal (direct) is kept, and the run says it is incomplete
        JsonNode summary = new ObjectMapper().readTree(QuickRun.newest(results).resolve("summary.json").toFile());
        assertFalse(summary.get("complete").asBoolean(), summary.toString());
        assertTrue(summary.get("incomplete_because").get(0).asText().startsWith("stopped by SIGTERM during nginx"), summary.get("incomplete_because").toString());
    }
}
