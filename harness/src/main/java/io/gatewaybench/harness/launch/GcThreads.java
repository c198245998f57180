package io.gatewaybench.harness.launch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The CPU time a HotSpot JVM's garbage collection has used so far: the kernel's count ({@code schedstat}, ns) of every
 * thread of the process whose name is one of the collectors' ({@link #COLLECTOR_THREADS}), plus its {@code VM Thread},
 * which runs the stop-the-world operations (Serial collects in it alone; the others' pauses are coordinated there).
 * Thread names are those JDK 17 and 25 give their threads (G1, Parallel, Serial, ZGC, Shenandoah), read from {@code
 * /proc/<pid>/task/<tid>/comm}; a thread is named once, so it is read once and its CPU time from then on. A thread that
 * exits takes its count with it: the collectors keep theirs for the JVM's life. GcThreadsTest plants the threads of
 * every collector beside others, and reads its own JVM.
 */
public final class GcThreads {
    /**
     * The beginnings of the collectors' thread names (truncated by the kernel at 15 characters): G1's workers, marker,
     * refinement and service threads and Parallel's workers ("GC Thread#0", "G1 Conc#0", "G1 Main Marker", "G1
     * Refine#0", "G1 Service"), ZGC's ("ZDirector", "ZDriver", "ZDriverMajor", "ZStat", "ZUncommitter", "ZUnmapper",
     * "ZWorker#0", "ZWorkerYoung#0"), Shenandoah's ("Shenandoah Control Thread", "Shenandoah GC Threads#0"), and the
     * VM Thread.
     */
    static final List<String> COLLECTOR_THREADS = List.of("GC Thread#", "G1 ", "ZDirector", "ZDriver", "ZStat",
            "ZUncommitter", "ZUnmapper", "ZWorker", "Shenandoah", "VM Thread");

    private final Path tasks;
    /** Per thread id: whether it is a collector's thread. */
    private final Map<String, Boolean> named = new HashMap<>();

    private GcThreads(Path tasks) {
        this.tasks = tasks;
    }

    /** The collection's CPU of the JVM with process id {@code pid}. */
    public static GcThreads of(long pid) {
        return new GcThreads(Path.of("/proc", Long.toString(pid), "task"));
    }

    /** The same over a {@code /proc/<pid>/task} laid out elsewhere, for tests. */
    static GcThreads at(Path tasks) {
        return new GcThreads(tasks);
    }

    /** Whether a thread of this name collects garbage or runs the JVM's stop-the-world operations. */
    static boolean collects(String comm) {
        return COLLECTOR_THREADS.stream().anyMatch(comm::startsWith);
    }

    /**
     * The CPU time the collectors' threads have used so far, ns; -1 where the process is gone or {@code /proc} is not
     * this kernel's.
     */
    public long cpuNanos() {
        long sum = 0;
        try (Stream<Path> threads = Files.list(tasks)) {
            for (Path t : (Iterable<Path>) threads::iterator) {
                String tid = t.getFileName().toString();
                Boolean gc = named.get(tid);
                try {
                    if (gc == null) {
                        gc = collects(Files.readString(t.resolve("comm")).strip());
                        named.put(tid, gc);
                    }
                    if (gc) {
                        sum += Long.parseLong(Files.readString(t.resolve("schedstat")).strip().split("\\s+")[0]);
                    }
                } catch (IOException e) {
                    // the thread ended between the listing and the read: its time leaves with it
                }
            }
        } catch (IOException e) {
            return -1;
        }
        return sum;
    }
}
