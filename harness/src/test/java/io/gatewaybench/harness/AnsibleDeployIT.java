package io.gatewaybench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.gatewaybench.harness.plan.Repo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * The Ansible deployment (infra/ansible/) against three local hosts, each a network namespace with
 * its own sshd (infra/ansible/test/run.sh): site.yml deploys, bench.yml runs a quick run from the
 * injector with the gateway and Tomcat started on the other two over ssh, and brings it back.
 */
@ResourceLock("infra/netns") // the emulated hosts: one user at a time
@Order(1) // begun first: the two netns tests, one after the other, are the longest chain of the phase (harness/pom.xml)
class AnsibleDeployIT {
    /**
     * A native gateway and a JVM gateway, the two ways a target is deployed and started on its host, with the quick ladder
     * (direct's capacity calibrated, Vegeta's two levels); all six targets run end to end on the same emulated hosts in
     * BenchNetnsRunIT, without a ladder.
     */
    private static final List<String> TARGETS = List.of("direct", "nginx", "netty-proxy");

    @BeforeAll
    static void asRoot() {
        Leftovers.requireRoot();
    }

    @Test
    void playbooksDeployRunAndBringTheResultsBack() throws Exception {
        Path work = Path.of("target", "ansible-it").toAbsolutePath();
        if (Files.exists(work)) {
            try (var old = Files.walk(work)) {
                old.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
        Files.createDirectories(work);
        String output = QuickRun.run(List.of("bash", Repo.root().resolve("infra/ansible/test/run.sh").toString(), work.toString(), "--quick",
                "--targets=" + String.join(",", TARGETS.subList(1, TARGETS.size()))), work.resolve("../ansible-it.log"), 30);
        Path run = Path.of(output.strip().lines().reduce((a, b) -> b).orElseThrow().trim());
        assertTrue(run.startsWith(work.resolve("results")), "the run came back into the controller's results folder: " + run);
        JsonNode summary = QuickRun.checkSummary(run, TARGETS, true);

        // the harness ran on the injector host and started the gateway and Tomcat on the other two
        JsonNode placement = summary.get("placement");
        assertEquals("hosts", placement.get("topology").asText());
        java.util.Properties conf = Repo.properties(Repo.root().resolve("infra/netns/topology.conf"), "netns settings");
        for (String role : List.of("injector", "gateway", "backend")) {
            assertEquals(conf.getProperty(role.toUpperCase() + "_ADDRESS"), placement.get(role).get("address").asText(), role);
        }
        assertEquals("1", placement.get("gateway").get("cpus").asText(), "the gateway host's CPUs, as Ansible found them");
        // each remote target's configuration was rendered for, and copied to, its own host's folder
        String nginxConf = Files.readString(work.resolve("gateway/gateway-bench/results").resolve(run.getFileName())
                .resolve("targets/nginx-round1/nginx.conf"));
        assertTrue(nginxConf.contains(conf.getProperty("GATEWAY_ADDRESS") + ":"), "nginx listens on the gateway host's address");
        assertTrue(nginxConf.contains(work.resolve("gateway/gateway-bench").toString()), "nginx's paths are the gateway host's");
        // nginx writes its error log into its folder on the host it runs on: the gateway's, not the injector's
        String nginxDir = "results/" + run.getFileName() + "/targets/nginx-round1/error.log";
        assertTrue(Files.exists(work.resolve("gateway/gateway-bench").resolve(nginxDir)), "nginx did not run in the gateway host's folder");
        assertFalse(Files.exists(work.resolve("injector/gateway-bench").resolve(nginxDir)), "nginx ran in the injector's folder");
        Leftovers.assertNone(work);
    }
}
