package io.gatewaybench.harness.launch;

import io.gatewaybench.harness.model.ClockOffset;
import io.gatewaybench.harness.plan.Topology;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * How far another host's clock is from this one's ({@link ClockOffset}), so that injector hosts can begin a load at one
 * instant and their records be put on one clock ({@code --injectors}). One session to the host (ssh, or {@code run-in} on the
 * emulated hosts) runs a shell that answers each line it reads with its clock ({@link #ANSWER}); of {@link #EXCHANGES}
 * exchanges the one with the shortest round trip is kept, the host's reading taken as made half-way through it.
 */
public final class HostClocks {
    /** Exchanges made with each host. */
    static final int EXCHANGES = 16;
    /**
     * The largest uncertainty a run accepts, us: the hosts' starts are judged to 50 ms (InjectorHostsIT), and a clock known
     * only to more than that could not begin them together.
     */
    public static final long MAX_UNCERTAINTY_US = 50_000;
    /**
     * The shell that answers each line with its clock, us since the epoch: bash's own {@code EPOCHREALTIME} (its radix,
     * whatever the locale, dropped), read without starting a process. With {@code date +%s%N}, which must first be started,
     * the clock was read late in each exchange: the emulated hosts' one clock came out +200 to +254 us from itself, +-387-504.
     */
    static final List<String> ANSWER = List.of("bash", "-c", "while read -r _; do echo \"${EPOCHREALTIME//[!0-9]/}\"; done");

    private HostClocks() {
    }

    /**
     * The offset of {@code host}'s clock from this one's. Fails where it is known only to more than
     * {@link #MAX_UNCERTAINTY_US}: the host's load could not begin with the others'.
     */
    public static ClockOffset of(Topology.Host host) throws IOException {
        String what = "injector host " + host.role() + " (" + host.address() + ")";
        return accepted(measure(host.command(ANSWER), what), what);
    }

    /** {@code clock}, the clock of {@code what}, unless it is known only to more than {@link #MAX_UNCERTAINTY_US}. */
    static ClockOffset accepted(ClockOffset clock, String what) throws IOException {
        if (clock.uncertaintyUs() > MAX_UNCERTAINTY_US) {
            throw new IOException("the clock of " + what + " is known only to +-" + clock.uncertaintyUs() / 1000 + " ms (the shortest of "
                    + clock.exchanges() + " round trips to it, halved); its load could not begin with the others' within "
                    + MAX_UNCERTAINTY_US / 1000 + " ms: use injector hosts nearer this one");
        }
        return clock;
    }

    /** The offset of the clock {@code command} answers with (as {@link #ANSWER}: us) from this one's; {@code what} names it. */
    static ClockOffset measure(List<String> command, String what) throws IOException {
        Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try (OutputStream out = p.getOutputStream();
                BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.US_ASCII))) {
            long bestOffset = 0;
            long bestRoundTrip = Long.MAX_VALUE;
            for (int i = 0; i < EXCHANGES; i++) {
                long sent = nowNanos();
                String line;
                try {
                    out.write('\n');
                    out.flush();
                    line = in.readLine();
                } catch (IOException ended) { // it ended before it read the line
                    line = null;
                }
                long received = nowNanos();
                if (line == null || !line.strip().matches("\\d{16}")) {
                    throw new IOException("cannot read the clock of " + what + ": it answered " + (line == null ? "nothing" : "'" + line
                            + "'") + " to " + String.join(" ", command) + "; it needs bash 5 or later (EPOCHREALTIME), and this host "
                            + "must reach it");
                }
                long roundTrip = received - sent;
                if (roundTrip < bestRoundTrip) {
                    bestRoundTrip = roundTrip;
                    bestOffset = Long.parseLong(line.strip()) * 1000 - (sent + roundTrip / 2);
                }
            }
            return new ClockOffset(Math.round(bestOffset / 1000.0), Math.round(bestRoundTrip / 2000.0), EXCHANGES);
        } finally {
            p.destroy();
            try {
                if (!p.waitFor(10, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                }
            } catch (InterruptedException e) {
                p.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
    }

    /** This host's clock, ns since the epoch (microsecond resolution on Linux). */
    private static long nowNanos() {
        Instant now = Instant.now();
        return now.getEpochSecond() * 1_000_000_000L + now.getNano();
    }
}
