package io.gatewaybench.harness.measure;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

/** Waiting for a tool this package runs (Maven, wrk, Vegeta): bounded, and never leaving it behind. */
final class Processes {
    private Processes() {
    }

    /**
     * Waits for {@code p} to end, at most {@code seconds}; past that, or when interrupted, kills it and its descendants
     * (a shell's {@code vegeta attack}) and throws, naming {@code what}. Should the harness exit meanwhile (SIGINT,
     * SIGTERM), they are killed too.
     */
    static void await(Process p, long seconds, String what) throws IOException {
        Thread stop = new Thread(() -> kill(p), "stop-" + p.pid());
        Runtime.getRuntime().addShutdownHook(stop);
        try {
            if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
                kill(p);
                throw new IOException(what + " did not end within " + seconds + " s");
            }
        } catch (InterruptedException e) {
            kill(p);
            Thread.currentThread().interrupt();
            throw new IOException(what + ": interrupted", e);
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(stop);
            } catch (IllegalStateException exiting) {
                // the hook is running or about to: it kills what is left
            }
        }
    }

    /** Kills {@code p}'s descendants, then {@code p}. */
    static void kill(Process p) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
    }
}
