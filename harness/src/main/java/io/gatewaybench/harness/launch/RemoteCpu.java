package io.gatewaybench.harness.launch;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * The CPU time of a target on another host, read there by {@code infra/hosts/cpu-of} over the run's ssh connection to
 * it: every 200 ms a line with the CPU time of the target's processes so far, ns, of which {@link #getAsLong} gives the
 * latest. Read on arrival, so a reading is at most about 200 ms (and the connection's latency) old; a sampler that
 * interpolates slices of seconds between readings so taken is off by a like lag at both ends of each slice, which
 * cancels on a steady load. RemoteCpuTest reads a planted stream.
 */
public final class RemoteCpu implements LongSupplier, AutoCloseable {
    private final String name;
    private final Process process;
    private final Thread reader;
    private volatile long latest = -1;
    private volatile String failure;

    RemoteCpu(String name, Process process) {
        this.name = name;
        this.process = process;
        this.reader = new Thread(this::read, "cpu-of-" + name);
        reader.setDaemon(true);
        reader.start();
    }

    /** Starts {@code command} (the host's {@code cpu-of}), its errors in {@code log}, and reads what it prints. */
    public static RemoteCpu start(String name, List<String> command, Path log) throws IOException {
        Process p = new ProcessBuilder(command).redirectError(log.toFile()).start();
        return new RemoteCpu(name, p);
    }

    private void read() {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.US_ASCII))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                latest = Long.parseLong(line.strip());
            }
        } catch (IOException | NumberFormatException e) {
            failure = e.toString();
        }
    }

    /**
     * The CPU time of the target's processes so far, ns, as last read; -1 where none has been read yet or the reading
     * failed ({@link #failure} says why): a slice that needs it is then left without.
     */
    @Override
    public long getAsLong() {
        return failure != null ? -1 : latest;
    }

    /** Why the reading failed, or null. */
    public String failure() {
        return failure == null ? null : "the CPU time of " + name + " could not be read there: " + failure;
    }

    /** Ends the reading: its input closes, and cpu-of ends with it. */
    @Override
    public void close() {
        try {
            process.getOutputStream().close();
        } catch (IOException e) {
            // it ends when the process does
        }
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
            reader.join(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }
}
