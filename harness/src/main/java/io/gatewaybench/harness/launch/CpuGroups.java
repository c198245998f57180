package io.gatewaybench.harness.launch;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One cgroup per role of a run, each counting the CPU time of every process started into it and of everything those
 * start (NGINX's workers, a JVM's threads, processes that have exited): the kernel's own count, in nanoseconds, for the
 * group as a whole. Under cgroup v1 the {@code cpuacct} controller ({@code cpuacct.usage}, ns); under cgroup v2 the
 * group's {@code cpu.stat} ({@code usage_usec}, us). A process enters its group before it executes its command ({@link
 * #wrap}), so no thread or child is started outside it. The groups live below the harness's own, named after its PID,
 * and are removed when the run closes them. CpuGroupsTest checks the count against planted user and system time of a
 * process tree.
 */
public final class CpuGroups implements AutoCloseable {
    private static final Path MOUNTS = Path.of("/proc/mounts");
    private static final Path SELF = Path.of("/proc/self/cgroup");

    /** How the kernel counts a group's CPU time here. */
    enum Kind {
        V1_CPUACCT("cpuacct.usage"),
        V2("cpu.stat");

        final String file;

        Kind(String file) {
            this.file = file;
        }
    }

    private final Kind kind;
    private final Path base;
    private final Map<String, Path> groups = new LinkedHashMap<>();

    private CpuGroups(Kind kind, Path base) {
        this.kind = kind;
        this.base = base;
    }

    /**
     * The run's groups, below a group of its own named {@code gateway-bench-<pid>}; empty where this machine offers no
     * cgroup this user may create (no cgroup v1 {@code cpuacct} mounted and no writable cgroup v2), with why in {@code
     * why}.
     */
    public static Optional<CpuGroups> create(StringBuilder why) {
        try {
            return at(find(Files.readAllLines(MOUNTS), Files.readAllLines(SELF)), why);
        } catch (IOException e) {
            why.append("cannot read the cgroup mounts: ").append(e.getMessage());
            return Optional.empty();
        }
    }

    /** The run's groups at {@code place}, as {@link #create} makes them where this machine offers it. */
    static Optional<CpuGroups> at(Optional<Place> place, StringBuilder why) {
        if (place.isEmpty()) {
            why.append("no cgroup v1 cpuacct controller and no cgroup v2 hierarchy mounted");
            return Optional.empty();
        }
        try {
            Path base = place.get().folder().resolve("gateway-bench-" + ProcessHandle.current().pid());
            Files.createDirectories(base);
            CpuGroups groups = new CpuGroups(place.get().kind(), base);
            // a run stopped by a signal exits without its finally blocks: the groups go with the harness all the same
            Runtime.getRuntime().addShutdownHook(new Thread(groups::close, "remove-cpu-groups"));
            return Optional.of(groups);
        } catch (IOException | RuntimeException e) {
            why.append("cannot create a cgroup: ").append(e.getMessage()).append(" (run as root)");
            return Optional.empty();
        }
    }

    /** Where the run's groups go: how they count, and the harness's own group's folder. */
    record Place(Kind kind, Path folder) {
    }

    /**
     * Where to create groups, from the text of {@code /proc/mounts} and {@code /proc/self/cgroup}: cgroup v1's cpuacct
     * where it is mounted (nanoseconds), else cgroup v2's unified hierarchy.
     */
    static Optional<Place> find(List<String> mounts, List<String> self) {
        for (String m : mounts) {
            String[] f = m.split(" ");
            if (f.length > 3 && f[2].equals("cgroup") && List.of(f[3].split(",")).contains("cpuacct")) {
                String own = own(self, line -> {
                    String[] p = line.split(":", 3);
                    return p.length == 3 && List.of(p[1].split(",")).contains("cpuacct") ? p[2] : null;
                });
                return Optional.of(new Place(Kind.V1_CPUACCT, Path.of(f[1] + (own == null ? "" : own))));
            }
        }
        for (String m : mounts) {
            String[] f = m.split(" ");
            if (f.length > 3 && f[2].equals("cgroup2")) {
                String own = own(self, line -> line.startsWith("0::") ? line.substring(3) : null);
                return Optional.of(new Place(Kind.V2, Path.of(f[1] + (own == null ? "" : own))));
            }
        }
        return Optional.empty();
    }

    private static String own(List<String> self, java.util.function.Function<String, String> path) {
        return self.stream().map(path).filter(p -> p != null).findFirst().map(p -> p.equals("/") ? "" : p).orElse(null);
    }

    /** The group of {@code role} (a target's name, origin, injector), made on first use. */
    public synchronized Path group(String role) {
        return groups.computeIfAbsent(role, r -> {
            Path dir = base.resolve(r.replaceAll("[^A-Za-z0-9._-]", "_"));
            try {
                Files.createDirectories(dir);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot create the cgroup " + dir, e);
            }
            return dir;
        });
    }

    /** {@code argv} run in {@code role}'s group: a shell enters the group, then executes the command in its place. */
    public List<String> wrap(String role, List<String> argv) {
        List<String> wrapped = new ArrayList<>(List.of("sh", "-c", "echo $$ > '" + group(role).resolve("cgroup.procs")
                + "' && exec \"$@\"",
                "sh"));
        wrapped.addAll(argv);
        return wrapped;
    }

    /** The CPU time every process of {@code role}'s group has used so far, ns. */
    public long cpuNanos(String role) {
        Path file = group(role).resolve(kind.file);
        try {
            return parse(kind, Files.readString(file));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    /** The CPU time {@code role}'s group has used so far in user mode and in system mode, ns: {user, system}. */
    public long[] userAndSystemNanos(String role) {
        Path dir = group(role);
        try {
            if (kind == Kind.V1_CPUACCT) {
                return new long[] {Long.parseLong(Files.readString(dir.resolve("cpuacct.usage_user")).strip()),
                        Long.parseLong(Files.readString(dir.resolve("cpuacct.usage_sys")).strip())};
            }
            long[] split = new long[2];
            for (String line : Files.readAllLines(dir.resolve("cpu.stat"))) {
                if (line.startsWith("user_usec ")) {
                    split[0] = Long.parseLong(line.substring("user_usec ".length()).strip()) * 1000;
                } else if (line.startsWith("system_usec ")) {
                    split[1] = Long.parseLong(line.substring("system_usec ".length()).strip()) * 1000;
                }
            }
            return split;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the CPU time of " + dir, e);
        }
    }

    /** A group's CPU time, ns, from the text of its {@link Kind#file}. */
    static long parse(Kind kind, String text) {
        if (kind == Kind.V1_CPUACCT) {
            return Long.parseLong(text.strip());
        }
        for (String line : text.split("\n")) {
            if (line.startsWith("usage_usec ")) {
                return Long.parseLong(line.substring("usage_usec ".length()).strip()) * 1000;
            }
        }
        throw new IllegalStateException("cpu.stat has no usage_usec: " + text);
    }

    /** How the groups count, in words, for the run's description. */
    public String describe() {
        return kind == Kind.V1_CPUACCT ? "cgroup v1 cpuacct.usage, ns, one group per role below " + base
                : "cgroup v2 cpu.stat usage_usec, us, one group per role below " + base;
    }

    /**
     * Removes the groups (each must be empty: its processes stopped; a moment is given for the last to be reaped), then
     * the run's own. A group that cannot be removed is named on stderr, with the processes still in it.
     */
    @Override
    public synchronized void close() {
        List<Path> all = new ArrayList<>(groups.values());
        all.add(base);
        for (Path dir : all) {
            for (int attempt = 0; Files.isDirectory(dir); attempt++) {
                try {
                    Files.delete(dir);
                } catch (IOException e) {
                    if (attempt == 50) {
                        System.err.println("warning: cannot remove the cgroup " + dir + " (" + e.getMessage()
                                + "); still in it: "
                                + procs(dir));
                        break;
                    }
                    sleep(100);
                }
            }
        }
    }

    private static String procs(Path dir) {
        try {
            return String.join(" ", Files.readAllLines(dir.resolve("cgroup.procs")));
        } catch (IOException e) {
            return "(unreadable)";
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
