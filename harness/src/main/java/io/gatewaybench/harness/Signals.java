package io.gatewaybench.harness;

import java.io.IOException;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * SIGINT and SIGTERM end a run through the shutdown hooks, with the shell's exit status for the signal, and a run's
 * hook writes the summary of what it measured so far. FaultsIT stops runs of both designs so, before and during their
 * measurements.
 */
final class Signals {
    /** SIGINT or SIGTERM, once one has arrived. */
    private static volatile String arrived;

    private Signals() {
    }

    /** What a run's hook does: writes the summary of what was measured, stopped for {@code why}, and says where. */
    interface WhatWasMeasured {
        void write(String why) throws IOException;
    }

    /** From now on, SIGINT and SIGTERM exit through the shutdown hooks with 128 + the signal's number. */
    static void exitOnSignals() {
        for (String name : List.of("INT", "TERM")) {
            sun.misc.Signal.handle(new sun.misc.Signal(name), s -> {
                arrived = "SIG" + s.getName();
                System.exit(128 + s.getNumber());
            });
        }
    }

    /**
     * Registers a run's hook: after SIGINT or SIGTERM, under {@code lock}, unless {@code written} says the run wrote
     * its summary itself, {@code summary} with "stopped by SIGTERM" and {@code during}'s words (empty: none). Nothing
     * on an exit of the harness's own: its reason is printed already. The targets' own hooks stop them meanwhile.
     */
    static void onSignal(Object lock, BooleanSupplier written, Supplier<String> during, WhatWasMeasured summary) {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            String signal = arrived;
            if (signal == null) {
                return;
            }
            synchronized (lock) {
                if (written.getAsBoolean()) {
                    return;
                }
                String why = "stopped by " + signal + during.get();
                try {
                    summary.write(why);
                } catch (IOException | RuntimeException e) {
                    System.err.println("bench: " + why + "; the summary of what was measured could not be written: "
                            + e);
                }
            }
        }, "write-what-was-measured"));
    }
}
