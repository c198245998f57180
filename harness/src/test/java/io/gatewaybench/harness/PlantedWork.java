package io.gatewaybench.harness;

/**
 * A test-only JVM with planted work inside a window it announces, for JfrFiguresTest: after a quiet
 * start it prints {@code from <epoch ms>}, allocates exactly N MiB in 1 KiB arrays that become
 * unreachable at once (half by the main thread, half by a thread born inside the window), spins the
 * CPU in {@link #spin} for M ms, waits, calls {@code System.gc()} K times, prints
 * {@code to <epoch ms>}, and then idles until it is stopped (or for a minute at most).
 * The quiet spells are longer than the one-second allocation sampling period of
 * {@code infra/jvm/figures.jfc}, so that a sample falls before the window and one after the
 * planted allocation.
 * Usage: {@code java -cp harness/target/test-classes io.gatewaybench.harness.PlantedWork --allocate-mib=256 --gcs=3 --spin-ms=0}
 */
public final class PlantedWork {
    private static final long QUIET_MS = 2_000;
    private static final int ARRAY_BYTES = 1024;
    /** A byte[] carries a 16-byte header with compressed class pointers: this length makes it 1 KiB on the heap. */
    private static final int ARRAY_LENGTH = ARRAY_BYTES - 16;
    /** Every array is published here and dropped by the next, so none can be optimised away and none stays reachable. */
    static volatile Object sink;
    static volatile long spun;

    private PlantedWork() {
    }

    public static void main(String[] args) throws InterruptedException {
        long bytes = arg(args, "allocate-mib") << 20;
        long gcs = arg(args, "gcs");
        long spinMs = arg(args, "spin-ms");
        Thread.sleep(QUIET_MS);
        System.out.println("from " + System.currentTimeMillis());
        allocate(bytes / 2);
        Thread born = new Thread(() -> {
            allocate(bytes - bytes / 2);
            pause(QUIET_MS); // alive until a sample has seen what it allocated
        }, "planted-allocator");
        born.start();
        spin(spinMs);
        born.join();
        for (int i = 0; i < gcs; i++) {
            System.gc();
        }
        pause(50); // the last pause began before this clock reading, whichever millisecond it fell in
        System.out.println("to " + System.currentTimeMillis());
        System.out.flush();
        pause(60_000);
    }

    static void allocate(long bytes) {
        for (long done = 0; done < bytes; done += ARRAY_BYTES) {
            sink = new byte[ARRAY_LENGTH];
        }
    }

    /**
     * The planted CPU hot spot: xorshift steps that allocate nothing. The inner loop ends on the
     * data, not on a counter, so that the JIT keeps its safepoint poll: JDK 17's sampler loses
     * nearly every sample of a thread in a compiled counted loop without one, which is what
     * Parallel and Serial compile (they leave UseCountedLoopSafepoints off); JDK 25 does not.
     */
    static void spin(long millis) {
        long end = System.nanoTime() + millis * 1_000_000;
        long x = 1;
        while (System.nanoTime() < end) {
            do {
                x ^= x << 13;
                x ^= x >>> 7;
                x ^= x << 17;
            } while ((x & 0x3FFF) != 0);
        }
        spun = x;
    }

    private static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static long arg(String[] args, String name) {
        for (String a : args) {
            if (a.startsWith("--" + name + "=")) {
                return Long.parseLong(a.substring(name.length() + 3));
            }
        }
        throw new IllegalArgumentException("usage: PlantedWork --allocate-mib=N --gcs=K --spin-ms=M (missing --" + name + ")");
    }
}
