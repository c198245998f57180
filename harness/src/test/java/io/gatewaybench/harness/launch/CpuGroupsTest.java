package io.gatewaybench.harness.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A CPU group counts every process of the tree started into it, in user and in system mode, and nothing outside it:
 * planted on a shell that starts two workers, each burning user time (awk's loop) and system time (dd's one-byte reads
 * and writes), while a burner of the same work runs beside it outside the group. The group's count must equal what the
 * shell itself says it and its children used ({@code times}), within 5%; a reading of the shell's own process alone, as
 * a sampler that missed its children would make, falls far outside that.
 */
class CpuGroupsTest {
    /** One worker's planted work: about 0.3 s of user time, then about 0.3 s of system time, on this machine. */
    private static final String BURN = "awk 'BEGIN { for (i = 0; i < 3000000; i++) x += i * i }'; "
            + "dd if=/dev/zero of=/dev/null bs=1 count=400000 2>/dev/null";
    private static final Pattern TIMES = Pattern.compile("(\\d+)m([\\d.]+)s (\\d+)m([\\d.]+)s");

    /**
     * On each hierarchy this machine mounts: cgroup v1's cpuacct (what a run here uses) and cgroup v2's (what a run on
     * a stock Debian 12, which mounts v2 alone, uses; here the hybrid mount's unified hierarchy).
     */
    @ParameterizedTest
    @ValueSource(strings = {"cgroup", "cgroup2"})
    void aGroupCountsItsWholeTreeInUserAndSystemModeAndNothingBesideIt(String type) throws Exception {
        StringBuilder why = new StringBuilder();
        List<String> mounts = Files.readAllLines(Path.of("/proc/mounts")).stream()
                .filter(m -> m.split(" ").length > 3 && m.split(" ")[2].equals(type)).toList();
        CpuGroups cpu = CpuGroups.at(CpuGroups.find(mounts, Files.readAllLines(Path.of("/proc/self/cgroup"))), why)
                .orElseThrow(() -> new AssertionError("no " + type + " CPU groups here: " + why));
        try {
            Process outside = new ProcessBuilder("bash", "-c", BURN + "; " + BURN + "; times").start();
            Process planted = new ProcessBuilder(cpu.wrap("planted",
                    List.of("bash", "-c", "burn() { " + BURN + "; }; burn & burn & "
                    + "burn; wait; times"))).start();
            List<double[]> tree = times(planted);
            List<double[]> beside = times(outside);
            double shell = tree.get(0)[0] + tree.get(0)[1];
            double children = tree.get(1)[0] + tree.get(1)[1];
            double counted = cpu.cpuNanos("planted") / 1e9;
            long[] split = cpu.userAndSystemNanos("planted");
            assertEquals(shell + children, counted, 0.05 * (shell + children),
                    "the group against the tree's own times: shell " + shell
                    + " s, its children " + children + " s");
            assertTrue(split[1] > 0.2 * (split[0] + split[1]), "system time counted: user " + split[0] + " ns, system "
                    + split[1] + " ns");
            double outsideCpu = beside.get(1)[0] + beside.get(1)[1];
            assertTrue(outsideCpu > 0.5 * children, "the burner beside it used " + outsideCpu
                    + " s, not counted in the group's "
                    + counted + " s");
            assertTrue(shell < 0.5 * counted, "a reading of the shell's own process (" + shell
                    + " s) would miss most of the tree ("
                    + counted + " s)");
        } finally {
            cpu.close();
        }
    }

    @Test
    void whereTheCountsComeFromIsFoundInTheMounts() {
        List<String> v1 = List.of("cgroup /sys/fs/cgroup/cpuacct cgroup rw,relatime,cpuacct 0 0",
                "cgroup2 /sys/fs/cgroup/unified cgroup2 rw 0 0");
        CpuGroups.Place place = CpuGroups.find(v1, List.of("2:cpuacct:/job", "0::/")).orElseThrow();
        assertEquals(CpuGroups.Kind.V1_CPUACCT, place.kind());
        assertEquals("/sys/fs/cgroup/cpuacct/job", place.folder().toString());
        CpuGroups.Place v2 = CpuGroups.find(List.of("cgroup2 /sys/fs/cgroup cgroup2 rw 0 0"), List.of("0::/user.slice"))
                .orElseThrow();
        assertEquals(CpuGroups.Kind.V2, v2.kind());
        assertEquals("/sys/fs/cgroup/user.slice", v2.folder().toString());
        assertEquals(1_500_000, CpuGroups.parse(CpuGroups.Kind.V2,
                "usage_usec 1500\nuser_usec 1000\nsystem_usec 500\n"));
        assertEquals(123, CpuGroups.parse(CpuGroups.Kind.V1_CPUACCT, "123\n"));
        assertTrue(CpuGroups.find(List.of("proc /proc proc rw 0 0"), List.of()).isEmpty());
    }

    /** The two lines of a shell's {@code times}: its own user and system seconds, then its children's. */
    private static List<double[]> times(Process p) throws IOException, InterruptedException {
        String out = new String(p.getInputStream().readAllBytes());
        assertEquals(0, p.waitFor(), "the planted shell failed: " + out
                + new String(p.getErrorStream().readAllBytes()));
        List<double[]> lines = new ArrayList<>();
        Matcher m = TIMES.matcher(out);
        while (m.find()) {
            lines.add(new double[] {Integer.parseInt(m.group(1)) * 60 + Double.parseDouble(m.group(2)),
                    Integer.parseInt(m.group(3)) * 60 + Double.parseDouble(m.group(4))});
        }
        assertEquals(2, lines.size(), "times printed " + out);
        return lines;
    }
}
