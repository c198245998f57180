package io.gatewaybench.harness.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where the roles run, and how a command reaches each host. */
class TopologyTest {

    @Test
    void loopbackRunsEverythingHereAsItIs() {
        Topology t = Topology.loopback();
        assertEquals(List.of("nginx", "-v"), t.gateway().command(List.of("nginx", "-v")));
        assertEquals(List.of("nginx", "-v"), t.gateway().server(List.of("nginx", "-v")));
        assertEquals(Runtime.getRuntime().availableProcessors(), t.gatewayCpus());
        io.gatewaybench.harness.model.Placement d = t.describe(2);
        assertEquals(io.gatewaybench.harness.model.Placement.Topology.LOOPBACK, d.topology());
        assertEquals(2, ((io.gatewaybench.harness.model.RolePlacement.OnHost) d.gateway()).host().workers());
    }

    @Test
    void cpuListsAreCounted() {
        assertEquals(1, Topology.cpuCount("1"));
        assertEquals(4, Topology.cpuCount("0-3"));
        assertEquals(3, Topology.cpuCount("0,2-3"));
        assertEquals(0, Topology.cpuCount("not confined: no cpuset cgroup"));
    }

    @Test
    void netnsWithoutItsHostsSaysHowToSetThemUp(@TempDir Path dir) {
        String message = assertThrows(IllegalStateException.class, () -> Topology.netns(dir.resolve("netns.state"))).getMessage();
        assertTrue(message.contains("./bench run --topology netns"), message);
    }

    @Test
    void hostsFromTheDeployedDescription(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("hosts.properties");
        Files.writeString(file, """
                topology=hosts
                ssh=ssh -o BatchMode=yes -i /opt/gb/.ssh/id_ed25519 -l root
                injector.address=127.0.0.1
                injector.home=/opt/gb
                injector.cpus=2
                injector.memory_mb=4096
                gateway.address=192.0.2.20
                gateway.home=/srv/gateway bench
                gateway.java=java
                gateway.cpus=2
                gateway.port=8000
                backend.address=192.0.2.30
                backend.home=/opt/gb
                backend.port=8080
                """);
        Topology t = Topology.hosts(file);
        assertFalse(t.injector().remote(), "the harness runs on the injector itself");
        Topology.Host gateway = t.gateway();
        assertTrue(gateway.remote());
        assertEquals(8000, gateway.listenPort());
        assertEquals(2, t.gatewayCpus());
        // ssh hands the remote shell one string: every word quoted where the shell would split or expand it
        // and on the connection to that host every command shares, where one is open (launch.SshConnections)
        assertEquals(List.of("ssh", "-o", "ControlMaster=no", "-o", "ControlPath=" + Topology.SSH_CONNECTIONS + "/%C",
                        "-o", "BatchMode=yes", "-i", "/opt/gb/.ssh/id_ed25519", "-l", "root", "192.0.2.20",
                        "nginx -g 'daemon off;' -p '/srv/gateway bench/x'"),
                gateway.command(List.of("nginx", "-g", "daemon off;", "-p", "/srv/gateway bench/x")));
        assertTrue(gateway.sharesConnection(), "OpenSSH reaches it: its commands share the run's connection");
        assertFalse(t.injector().sharesConnection(), "the harness's own host is reached by no connection");
        assertEquals("'/srv/gateway bench/infra/hosts/attached' haproxy -db",
                gateway.server(List.of("haproxy", "-db")).get(12));
        // a run folder keeps its place in the suite on the other host
        Path local = Repo.root().resolve("results/run-1/targets/nginx-round1");
        assertEquals(Path.of("/srv/gateway bench/results/run-1/targets/nginx-round1"), gateway.pathOf(local));
        assertThrows(IllegalArgumentException.class, () -> gateway.pathOf(Path.of("/elsewhere/run")));
    }

    /** OpenSSH's command, by any path, shares each host's connection; another command to reach a host is left as it is. */
    @Test
    void onlyOpenSshIsMadeToShareConnections() {
        assertEquals(List.of("/usr/bin/ssh", "-o", "ControlMaster=no", "-o", "ControlPath=" + Topology.SSH_CONNECTIONS + "/%C", "-l", "root"),
                Topology.sharingConnections(List.of("/usr/bin/ssh", "-l", "root")));
        assertEquals(List.of("/opt/bin/remote-shell", "-l", "root"), Topology.sharingConnections(List.of("/opt/bin/remote-shell", "-l", "root")));
        assertEquals(List.of(), Topology.sharingConnections(List.of()));
        Topology.Host other = new Topology.Host("gateway", "192.0.2.20", 0, Topology.sharingConnections(List.of("/opt/bin/remote-shell",
                "-o", "ControlMaster=no")), Path.of("/opt/gb"), null, null);
        assertFalse(other.sharesConnection(), "another command, even with OpenSSH's words in it, opens no shared connection");
        Topology.Host ssh = new Topology.Host("gateway", "192.0.2.20", 0, Topology.sharingConnections(List.of("/usr/bin/ssh", "-l", "root")),
                Path.of("/opt/gb"), null, null);
        assertTrue(ssh.sharesConnection());
    }

    /**
     * The inventory's {@code [injectors]} as site.yml writes them (injector2, injector3, ...): {@code --injectors=N} uses the
     * first N, more than there are is refused with the fix, and a command run there finds the suite's copy on that host.
     */
    @Test
    void moreInjectorHostsFromTheDeployedDescription(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("hosts.properties");
        Files.writeString(file, """
                ssh=ssh -l root
                injector.address=127.0.0.1
                injector.home=/opt/gb
                gateway.address=192.0.2.20
                gateway.home=/opt/gb
                backend.address=192.0.2.30
                backend.home=/opt/gb
                injector2.address=192.0.2.11
                injector2.home=/srv/injector2
                injector3.address=192.0.2.12
                injector3.home=/srv/injector3
                """);
        Topology all = Topology.hosts(file);
        assertEquals(List.of("injector", "injector2", "injector3"), all.injectors().stream().map(Topology.Host::role).toList());
        Topology two = all.withInjectors(2);
        assertEquals(List.of("injector", "injector2"), two.injectors().stream().map(Topology.Host::role).toList());
        assertTrue(two.describe(1).summary().startsWith("4 hosts: injector 127.0.0.1 (unknown CPUs), injector2 192.0.2.11"),
                two.describe(1).summary());
        assertEquals(1, two.describe(1).moreInjectors().size());
        assertEquals(1, all.withInjectors(1).injectors().size());
        String fewer = assertThrows(IllegalStateException.class, () -> all.withInjectors(4)).getMessage();
        assertTrue(fewer.contains("have 3 injector host(s)") && fewer.contains("[injectors] group"), fewer);
        Topology.Host second = two.moreInjectors().get(0);
        assertTrue(second.remote());
        String run = Repo.root().resolve("results/run-1/raw/nginx-round1/injector2").toString();
        assertEquals(List.of("java", "-cp", "/srv/injector2/simulations/target/test-classes:/root/.m2/x.jar", "-rf", "/srv/injector2/results/run-1"
                        + "/raw/nginx-round1/injector2", "-DstartGate=/srv/injector2/results/run-1/raw/nginx-round1/injector2/start-gate"),
                second.localized(List.of("java", "-cp", Repo.root().resolve("simulations/target/test-classes") + ":/root/.m2/x.jar", "-rf", run,
                        "-DstartGate=" + run + "/start-gate")));
        assertEquals(List.of("a", "b"), all.injector().localized(List.of("a", "b")), "the harness's own host runs it as it is");
    }

    @Test
    void hostsMustBeRunOnTheInjector(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("hosts.properties");
        Files.writeString(file, "ssh=ssh\ninjector.address=192.0.2.10\ngateway.address=192.0.2.20\nbackend.address=192.0.2.30\n");
        String message = assertThrows(IllegalStateException.class, () -> Topology.hosts(file)).getMessage();
        assertTrue(message.contains("run the harness on the injector host"), message);
        String missing = assertThrows(IllegalStateException.class, () -> Topology.hosts(dir.resolve("none"))).getMessage();
        assertTrue(missing.contains("infra/ansible/site.yml"), missing);
    }

    @Test
    void shellQuoting() {
        assertEquals("plain/path-1.2:3", Topology.Host.quoted("plain/path-1.2:3"));
        assertEquals("'it'\\''s'", Topology.Host.quoted("it's"));
        assertEquals("''", Topology.Host.quoted(""));
    }
}
