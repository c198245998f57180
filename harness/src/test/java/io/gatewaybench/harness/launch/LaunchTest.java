package io.gatewaybench.harness.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gatewaybench.harness.plan.Repo;
import io.gatewaybench.harness.plan.Topology;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Where and how one instance of a target runs. */
class LaunchTest {

    /** On another host, the suite's placeholders point into its copy there, and the host's JDK runs it. */
    @Test
    void aLaunchOnAnotherHostUsesItsHomeAndItsJava() {
        Topology.Host gateway = new Topology.Host("gateway", "192.0.2.20", 8000, List.of("ssh", "-l", "root", "192.0.2.20"),
                Path.of("/srv/gateway bench"), "java", null);
        Path local = Repo.root().resolve("results/run-1/targets/nginx-round1");
        Launch launch = Launch.on(gateway, local, null, 2, "");
        assertEquals("/srv/gateway bench", launch.values().get("repo"));
        assertEquals("/srv/gateway bench/results/run-1/targets/nginx-round1", launch.values().get("dir"));
        assertEquals("java", launch.java());
        assertEquals(8000, launch.port());
    }
}
