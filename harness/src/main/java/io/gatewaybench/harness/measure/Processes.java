package io.gatewaybench.harness.measure;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

/** Waiting for a tool this package runs (Maven, wrk, Vegeta): bounded, and never leaving it behind. */
final class Processes {
    private Processes() {
    }

    /** Waits for {@code p} to end, at most {@code seconds}; past that, or when interrupted, kills it and throws, naming {@code what}. */
    static void await(Process p, long seconds, String what) throws IOException {
        try {
            if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException(what + " did not end within " + seconds + " s");
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException(what + ": interrupted", e);
        }
    }
}
