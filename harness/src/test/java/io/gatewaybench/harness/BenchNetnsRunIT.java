package io.gatewaybench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gatewaybench.harness.plan.Repo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * {@code ./bench run --topology netns}: the three emulated hosts (network namespaces, CPU sets,
 * memory limits), as root. A quick run over all six targets must record where each role ran and
 * leave nothing behind; so must a run stopped by SIGTERM while a gateway is measured, which must also keep what it
 * measured before, mark the gateway with the reason and say it is incomplete (FaultsIT's other faults, on loopback). The quick run has no ladder: the ladder crosses the emulated
 * network between hosts in AnsibleDeployIT (direct's capacity calibrated, two levels, Vegeta on the injector host). The
 * six targets took 252 s with it on the CI of 20261127, 216 s without it here beside two other integration tests.
 */
@ResourceLock("infra/netns") // the emulated hosts: one user at a time
@Order(2) // begun first: the two netns tests, one after the other, are the longest chain of the phase (harness/pom.xml)
class BenchNetnsRunIT {

    @BeforeAll
    static void asRoot() {
        Leftovers.requireRoot();
    }

    @Test
    void quickRunAcrossTheEmulatedHostsRecordsThePlacementAndLeavesNothing() throws Exception {
        Path results = Path.of("target", "bench-netns-it").toAbsolutePath();
        QuickRun.bench(results, "run", "--quick", "--topology", "netns", "--levels=none", "--results=" + results);
        JsonNode summary = QuickRun.checkSummary(QuickRun.newest(results), QuickRun.ALL_SIX, false);
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
        assertEquals(128 + 15, bench.exitValue(), Files.readString(log));
        Leftovers.assertNone(results);
        // what was measured before the signal (direct) is kept, nginx is marked with the reason, and the run says it is
        // incomplete, in its summary and in one line on the way out
        Path run = QuickRun.newest(results);
        JsonNode summary = new ObjectMapper().readTree(run.resolve("summary.json").toFile());
        assertFalse(summary.get("complete").asBoolean(), summary.toString());
        assertTrue(summary.get("incomplete_because").get(0).asText().startsWith("stopped by SIGTERM during nginx"), summary.get("incomplete_because").toString());
        JsonNode direct = summary.get("targets").get(0);
        assertEquals("direct", direct.get("name").asText());
        assertFalse(direct.has("failure"), "direct: " + direct.get("failure"));
        assertTrue(direct.get("requests").asLong() > 0, "direct made no requests");
        JsonNode nginx = summary.get("targets").get(1);
        assertTrue(nginx.path("failure").asText().contains("the run stopped during its measurement: stopped by SIGTERM during nginx's measurement"),
                nginx.toString());
        assertTrue(Files.readString(run.resolve("summary.md")).contains("**Incomplete run**: "));
        String out = Files.readString(log);
        assertTrue(out.lines().anyMatch(l -> l.startsWith("bench: run incomplete: ") && l.contains("stopped by SIGTERM during nginx")), out);
        assertTrue(out.contains("bench: results in " + run), out);
    }
}
