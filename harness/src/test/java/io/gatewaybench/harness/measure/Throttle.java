package io.gatewaybench.harness.measure;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Predicate;

/**
 * A planted injector that cannot keep its schedule: while open, every process started below this JVM that {@code which}
 * picks is stopped (SIGSTOP) for 100 ms every second, then let go on (SIGCONT). What it sends in those 100 ms it sends
 * late. Closing it lets every such process go on.
 */
final class Throttle implements AutoCloseable {
    private final AtomicBoolean on = new AtomicBoolean(true);
    private final Thread thread;

    /** Vegeta, whichever level it sends. */
    static Throttle vegeta() {
        return new Throttle(p -> p.info().command().map(c -> c.endsWith("/vegeta")).orElse(false));
    }

    /** Gatling's JVM, where its command line holds {@code argument} (as {@code -Dmodel=closed}: the first try of a ladder). */
    static Throttle gatling(String argument) {
        return new Throttle(p -> {
            List<String> line = commandLine(p);
            return line.contains(GatlingCommand.MAIN) && line.contains(argument);
        });
    }

    /**
     * A process's command line from /proc: {@code ProcessHandle.Info.arguments()} is empty for one as long as Gatling's (its
     * class path alone is kilobytes). Empty for a process gone.
     */
    private static List<String> commandLine(ProcessHandle p) {
        try {
            return List.of(new String(Files.readAllBytes(Path.of("/proc", Long.toString(p.pid()), "cmdline")), StandardCharsets.UTF_8)
                    .split("\\x00"));
        } catch (IOException gone) {
            return List.of();
        }
    }

    private Throttle(Predicate<ProcessHandle> which) {
        thread = new Thread(() -> {
            while (on.get()) {
                List<Long> stopped = ProcessHandle.current().descendants().filter(which).map(ProcessHandle::pid).toList();
                signal("STOP", stopped);
                pause(100);
                signal("CONT", stopped);
                pause(stopped.isEmpty() ? 10 : 900);
            }
        }, "throttle");
        thread.setDaemon(true);
        thread.start();
    }

    private static void signal(String name, List<Long> pids) {
        for (long pid : pids) {
            try {
                new ProcessBuilder("kill", "-" + name, Long.toString(pid)).start().waitFor(5, TimeUnit.SECONDS);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        on.set(false);
        try {
            thread.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
