package io.gatewaybench.harness.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The collection's CPU of a JVM: of a planted {@code /proc/<pid>/task} with the threads JDK 17 and 25 start under
 * each collector, and of this JVM itself.
 */
class GcThreadsTest {
    /** Thread names as the kernel gives them (15 characters at most), each collector's and others' beside them. */
    private static final List<String> COLLECTORS = List.of("GC Thread#0", "GC Thread#1", "G1 Main Marker", "G1 Conc#0",
            "G1 Refine#0", "G1 Service", "ZDirector", "ZDriverMajor", "ZStat", "ZUncommitter#0", "ZUnmapper",
            "ZWorkerYoung#0", "ZWorker#0", "Shenandoah Cont", "Shenandoah GC T", "Shenandoah Unco", "VM Thread");
    private static final List<String> OTHERS = List.of("java", "C2 CompilerThre", "C1 CompilerThre", "VM Periodic Tas",
            "Service Thread", "reactor-http-ep", "nioEventLoopGro", "Common-Cleaner", "Signal Dispatch");

    @Test
    void sumsTheCollectorsThreadsAndNoOthers(@TempDir Path tasks) throws IOException {
        long planted = 0;
        int tid = 100;
        for (String name : COLLECTORS) {
            planted += thread(tasks, tid++, name, 1_000_000L * tid);
        }
        for (String name : OTHERS) {
            thread(tasks, tid++, name, 7_000_000_000L);
        }
        GcThreads gc = GcThreads.at(tasks);
        assertEquals(planted, gc.cpuNanos());
        thread(tasks, 101, "GC Thread#1", 5_000_000_000L); // the same thread later, named once
        assertEquals(planted - 102_000_000L + 5_000_000_000L, gc.cpuNanos());
    }

    @Test
    void aProcessGoneReadsUnknown(@TempDir Path dir) {
        assertEquals(-1, GcThreads.at(dir.resolve("gone")).cpuNanos());
    }

    @Test
    void thisJvmsCollectionHasWorked() {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        long ns = GcThreads.of(ProcessHandle.current().pid()).cpuNanos();
        assertTrue(ns > 0, "three full collections read " + ns + " ns");
    }

    /** A thread of {@code cpuNanos} on the CPU, as schedstat gives it (run time, wait time, time slices). */
    private static long thread(Path tasks, int tid, String comm, long cpuNanos) throws IOException {
        Path t = Files.createDirectories(tasks.resolve(String.valueOf(tid)));
        Files.writeString(t.resolve("comm"), comm + "\n");
        Files.writeString(t.resolve("schedstat"), cpuNanos + " 12345 67\n");
        return cpuNanos;
    }
}
