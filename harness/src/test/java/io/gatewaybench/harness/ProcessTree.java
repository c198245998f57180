package io.gatewaybench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Every process a command a test starts leaves behind, found by the process tree rather than by a command line
 * (Gatling's is kilobytes long, and a process may not name the run at all): the command starts in a cgroup of its own
 * in the {@code pids} hierarchy, which every descendant inherits and the harness never moves a process out of (its CPU
 * groups are in cpuacct), so what is still in it after the command ended is a leftover. With cgroup v2 only the group
 * is in the unified hierarchy, where the harness's CPU groups take its targets out of it (Leftovers then finds those
 * groups).
 * Not root, the tree is not watched: {@link #watched} says so. ProcessTreeTest plants a leftover.
 */
final class ProcessTree implements AutoCloseable {
    private static final Path PIDS = Path.of("/sys/fs/cgroup/pids");
    /** The unified hierarchy of a machine with cgroup v2 only, as a stock Debian 12 mounts it. */
    private static final Path UNIFIED = Path.of("/sys/fs/cgroup");
    private static final AtomicInteger COUNT = new AtomicInteger();
    /** How long processes of an ended command may take to exit before they count as left, ms. */
    static final long GRACE_MS = 5_000;

    private final Path group;

    private ProcessTree(Path group) {
        this.group = group;
    }

    /** A tree to start a command in: a new group where this machine has the hierarchy and lets it be made. */
    static ProcessTree create() {
        Path root = Files.isDirectory(PIDS) ? PIDS
                : Files.exists(UNIFIED.resolve("cgroup.controllers")) ? UNIFIED : null;
        if (root == null || !"root".equals(System.getProperty("user.name"))) {
            return new ProcessTree(null);
        }
        Path group = root.resolve("gateway-bench-test-" + ProcessHandle.current().pid() + "-"
                + COUNT.incrementAndGet());
        try {
            return new ProcessTree(Files.createDirectories(group));
        } catch (IOException e) {
            return new ProcessTree(null);
        }
    }

    /** Whether the tree is watched here. */
    boolean watched() {
        return group != null;
    }

    /** {@code argv} as started inside the tree: a shell that joins the group, then becomes the command. */
    List<String> wrap(List<String> argv) {
        if (group == null) {
            return argv;
        }
        List<String> wrapped = new ArrayList<>(List.of("sh", "-c",
                "echo $$ > '" + group.resolve("cgroup.procs") + "' && exec \"$@\"", "sh"));
        wrapped.addAll(argv);
        return wrapped;
    }

    /** The processes still in the tree, each as its pid and command line; empty where it is not watched. */
    List<String> left() throws IOException {
        if (group == null) {
            return List.of();
        }
        List<String> left = new ArrayList<>();
        for (String pid : Files.readAllLines(group.resolve("cgroup.procs"))) {
            if (!pid.isBlank()) {
                left.add(pid.strip() + " " + commandLine(pid.strip()));
            }
        }
        return left;
    }

    /**
     * Fails where a process of the tree outlived its command by more than {@link #GRACE_MS}, naming each; those are
     * stopped, so that they do not disturb the tests after.
     */
    void assertNoneLeft(String command) throws IOException, InterruptedException {
        long deadline = System.currentTimeMillis() + GRACE_MS;
        List<String> left = left();
        while (!left.isEmpty() && System.currentTimeMillis() < deadline) {
            Thread.sleep(100);
            left = left();
        }
        if (!left.isEmpty()) {
            stopAll();
        }
        assertEquals(List.of(), left, "processes left by " + command);
    }

    /** Stops every process still in the tree, by its pid, and waits for them to be gone (at most {@link #GRACE_MS}). */
    void stopAll() throws IOException, InterruptedException {
        for (String line : left()) {
            ProcessHandle.of(Long.parseLong(line.substring(0, line.indexOf(' '))))
                    .ifPresent(ProcessHandle::destroyForcibly);
        }
        long deadline = System.currentTimeMillis() + GRACE_MS;
        while (!left().isEmpty() && System.currentTimeMillis() < deadline) {
            Thread.sleep(50);
        }
    }

    /** Removes the group, once it is empty. */
    @Override
    public void close() throws IOException {
        if (group != null && left().isEmpty()) {
            Files.deleteIfExists(group);
        }
    }

    private static String commandLine(String pid) {
        try {
            return new String(Files.readAllBytes(Path.of("/proc", pid, "cmdline")), StandardCharsets.UTF_8)
                    .replace('\0', ' ').strip();
        } catch (IOException gone) {
            return "(gone)";
        }
    }
}
