package io.gatewaybench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.gatewaybench.harness.plan.Topology;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** What a run on emulated hosts must not leave behind: namespaces (and with them veth pairs), cgroups, processes. */
final class Leftovers {
    private Leftovers() {
    }

    /**
     * Network namespaces and cgroups need root: the test command runs as root (README.md, Run the tests), and a test that needs it fails,
     * saying so, rather than skipping without a word.
     */
    static void requireRoot() {
        assertEquals("root", System.getProperty("user.name"),
                "this test needs root (network namespaces, cgroups): run the test command as root, as CI does (docs/tests.md)");
    }

    /** No gb-* namespace, no state file, no gateway-bench cgroup, no process whose command line names {@code workDir}. */
    static void assertNone(Path workDir) throws IOException, InterruptedException {
        Process list = new ProcessBuilder("ip", "netns", "list").redirectErrorStream(true).start();
        String namespaces = new String(list.getInputStream().readAllBytes());
        list.waitFor();
        assertFalse(namespaces.lines().anyMatch(l -> l.startsWith("gb-")), "namespaces left: " + namespaces);
        assertFalse(Files.exists(Topology.NETNS_STATE.getParent()), Topology.NETNS_STATE.getParent() + " left");
        for (String controller : List.of("cpuset", "memory")) {
            try (Stream<Path> dirs = Files.walk(Path.of("/sys/fs/cgroup", controller), 4)) {
                List<Path> left = dirs.filter(d -> d.getFileName().toString().equals("gateway-bench")).toList();
                assertEquals(List.of(), left, "cgroups left");
            }
        }
        String dir = workDir.toString();
        List<String> processes = ProcessHandle.allProcesses()
                .filter(p -> p.info().commandLine().map(c -> c.contains(dir)).orElse(false))
                .map(p -> p.pid() + " " + p.info().commandLine().orElse("")).toList();
        assertEquals(List.of(), processes, "processes left that name " + dir);
    }
}
