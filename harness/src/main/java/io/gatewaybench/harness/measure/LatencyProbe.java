package io.gatewaybench.harness.measure;

import io.gatewaybench.harness.model.ProbeResult;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;

/**
 * Microsecond latency of single requests, which Gatling's whole milliseconds cannot show (its
 * maintainers declined sub-millisecond timing, gatling/gatling#3704). The probe sends the load's own
 * request under the target's scenario (its path, its routes in turn, its API key or token, the session
 * cookie, so the origin creates no sessions), so it runs for every target under every scenario by one
 * rule. One keep-alive connection, one request at a time, every response checked as the load checks it
 * (status 200, and the book page's marker or the other page's exact length), each timed with
 * {@link System#nanoTime()} into an HdrHistogram.
 *
 * <p>Two uses: {@link #unloaded} sends requests back to back on an otherwise idle target (what a
 * gateway adds to one request, NGINX's unloaded-curl test); {@link Paced} sends at a low fixed rate
 * beside Gatling's load and times each request from its intended send time, so a stall shows as
 * latency for every request it delayed (wrk2's correction for coordinated omission). That correction
 * also charges the probe's own lateness to the target, so the paced probe keeps to its schedule
 * within microseconds (it parks, then spins the last stretch: on JDK 17 a sub-millisecond sleep
 * lasts to the next whole millisecond) and reports its send lag beside its figures.
 *
 * <p>A failed request (wrong status, wrong page, broken connection, a response the client cannot
 * parse) is counted in {@code errors} and not in the percentiles, which are of the successful
 * requests only: a fast error must never look like a fast answer. The probe then opens a new
 * connection and goes on.
 */
public final class LatencyProbe {
    /** Up to a minute, in microseconds, three significant digits. */
    private static final long HIGHEST_MICROS = TimeUnit.MINUTES.toMicros(1);
    /**
     * The paced probe parks until this close to a send time, then spins: a park of some milliseconds
     * wakes ~125 us late here (P90 ~200 us: timer slack and the wake-up), and spinning costs a core for
     * this long per request (1.25% of one at 50 req/s).
     */
    private static final long SPIN_NANOS = 250_000;

    private LatencyProbe() {
    }

    /**
     * A probe's latency histogram (microseconds, successful requests only), how many of its requests
     * failed, and its send lag: microseconds from when each request was due to when it was sent, every
     * request, failed ones too. Due is the intended send time, or the previous answer if that came
     * later (one connection, one request at a time), so the lag is the probe's own lateness, not the
     * target's; and each successful request's latency less its send lag, the probe's own lateness taken out. Both
     * empty for the unloaded probe, which has no schedule to keep.
     */
    public record Result(Histogram micros, long errors, Histogram sendLagMicros, Histogram lessOwnLagMicros) {
        public Result(Histogram micros, long errors) {
            this(micros, errors, new Histogram(HIGHEST_MICROS, 3), new Histogram(HIGHEST_MICROS, 3));
        }

        /** Both probes' requests in one result, for pooling rounds or levels. */
        public Result plus(Result other) {
            Histogram h = micros.copy();
            h.add(other.micros);
            Histogram lag = sendLagMicros.copy();
            lag.add(other.sendLagMicros);
            Histogram less = lessOwnLagMicros.copy();
            less.add(other.lessOwnLagMicros);
            return new Result(h, errors + other.errors, lag, less);
        }

        /**
         * The same successful requests each less the probe's own send lag, as summary.json holds them; null for the
         * unloaded probe.
         */
        public ProbeResult lessOwnLag() {
            Histogram h = lessOwnLagMicros;
            return h.getTotalCount() == 0 ? null : new ProbeResult(micros.getTotalCount() + errors, errors,
                    "successful requests, each less the probe's own send lag", h.getValueAtPercentile(50),
                    h.getValueAtPercentile(90), h.getValueAtPercentile(99), h.getValueAtPercentile(99.9),
                    h.getMaxValue(), Optional.empty());
        }

        /** The figures as summary.json holds them: percentiles of the successful requests (null without one), us. */
        public ProbeResult figures() {
            boolean none = micros.getTotalCount() == 0;
            return new ProbeResult(micros.getTotalCount() + errors, errors, "successful requests",
                    none ? null : micros.getValueAtPercentile(50), none ? null : micros.getValueAtPercentile(90),
                    none ? null : micros.getValueAtPercentile(99), none ? null : micros.getValueAtPercentile(99.9),
                    none ? null : micros.getMaxValue(),
                    sendLagMicros.getTotalCount() == 0 ? Optional.empty() : Optional.of(new ProbeResult.SendLagUs(
                            sendLagMicros.getValueAtPercentile(50), sendLagMicros.getValueAtPercentile(99), sendLagMicros.getMaxValue())));
        }

        /** HdrHistogram's percentile-distribution text, in microseconds, for plotting. */
        public void write(Path file) throws IOException {
            try (PrintStream out = new PrintStream(Files.newOutputStream(file))) {
                micros.outputPercentileDistribution(out, 1.0);
            }
        }
    }

    /**
     * {@code warmup} untimed requests, then {@code count} timed ones, back to back. A wrong answer or
     * a broken connection is an error (the probe then opens a new connection), never a fast response.
     */
    public static Result unloaded(URI target, GatlingRun.Request request, int warmup, int count) {
        Histogram h = new Histogram(HIGHEST_MICROS, 3);
        long errors = 0;
        try (Line line = new Line(target, request)) {
            for (int i = 0; i < warmup + count; i++) {
                long start = System.nanoTime();
                boolean ok = line.request();
                long micros = (System.nanoTime() - start) / 1000;
                if (i >= warmup && ok) {
                    h.recordValue(Math.min(micros, HIGHEST_MICROS));
                } else if (i >= warmup) {
                    errors++;
                }
            }
        }
        return new Result(h, errors);
    }

    /**
     * One kept-alive connection that reopens after a failure, sending the request's paths in turn with its headers; a
     * request counts only if the right page came back.
     */
    private static final class Line implements AutoCloseable {
        private final URI target;
        private final VegetaLevel.Expect expect;
        private final List<String> paths;
        private final String[] headers;
        private long sent;
        private Http1Client client;

        Line(URI target, GatlingRun.Request request) {
            this.target = target;
            this.expect = VegetaLevel.Expect.of(request);
            this.paths = VegetaLadder.paths(request);
            this.headers = VegetaLadder.headers(request).toArray(String[]::new);
        }

        boolean request() {
            try {
                if (client == null) {
                    client = new Http1Client(target, 10_000);
                }
                Http1Client.Response r = client.get(paths.get((int) (sent++ % paths.size())), headers);
                if (expect.failure(r.status(), r.body(), r.headers()) == null) { // the load's own check of its page
                    return true;
                }
            } catch (IOException | RuntimeException e) {
                // whatever came back, it was not the page: a failed request, on a fresh connection next time
            }
            close();
            return false;
        }

        @Override
        public void close() {
            if (client != null) {
                try {
                    client.close();
                } catch (IOException e) {
                    // closing a broken connection
                }
                client = null;
            }
        }
    }

    /**
     * A probe at a fixed rate on its own thread, until stopped or until its time is up. Each
     * request's latency is taken from when it should have been sent; requests keep their send
     * time (epoch milliseconds) so the figures can be cut to Gatling's measured window.
     */
    public static final class Paced implements AutoCloseable {
        private record Sample(long intendedEpochMillis, long micros, long sendLagMicros, boolean ok) {
        }

        /** A probe over samples already taken ({intended epoch ms, us, send lag us, 1 ok or 0}), for tests. */
        static Paced over(List<long[]> taken) {
            Paced p = new Paced();
            taken.forEach(x -> p.samples.add(new Sample(x[0], x[1], x[2], x[3] == 1)));
            return p;
        }

        private Paced() {
            thread = null;
            running = false;
        }

        private final List<Sample> samples = new ArrayList<>();
        private final Thread thread;
        private volatile boolean running = true;
        /** Why the probe's thread ended early, if it did: then its figures would be incomplete. */
        private volatile Throwable died;

        public Paced(URI target, GatlingRun.Request request, int perSecond, long maxSeconds) {
            thread = new Thread(() -> {
                try {
                    run(target, request, perSecond, maxSeconds);
                } catch (Throwable t) { // failed requests are caught per request; this is the probe itself failing
                    died = t;
                }
            }, "latency-probe");
            thread.setDaemon(true);
            thread.start();
        }

        private void run(URI target, GatlingRun.Request request, int perSecond, long maxSeconds) {
            long periodNanos = TimeUnit.SECONDS.toNanos(1) / perSecond;
            long startNanos = System.nanoTime();
            long startEpoch = System.currentTimeMillis();
            long endNanos = startNanos + TimeUnit.SECONDS.toNanos(maxSeconds);
            long previousDone = startNanos;
            try (Line line = new Line(target, request)) {
                for (long i = 0; running; i++) {
                    long intended = startNanos + i * periodNanos;
                    if (intended > endNanos || !waitUntil(intended)) {
                        break;
                    }
                    long sent = System.nanoTime();
                    boolean ok = line.request();
                    long done = System.nanoTime();
                    // The probe's own lateness: after a slow answer it cannot send before that answer came,
                    // and that wait is the target's, already in the latency taken from the intended time.
                    long lag = sent - Math.max(intended, previousDone);
                    previousDone = done;
                    synchronized (samples) {
                        samples.add(new Sample(startEpoch + (intended - startNanos) / 1_000_000, (done - intended) / 1000, lag / 1000, ok));
                    }
                }
            }
        }

        /** Waits until {@code deadline} (nanoTime): parks until shortly before it, then spins. False if stopped meanwhile. */
        private boolean waitUntil(long deadline) {
            for (long left = deadline - System.nanoTime(); left > SPIN_NANOS; left = deadline - System.nanoTime()) {
                LockSupport.parkNanos(left - SPIN_NANOS);
                if (!running) {
                    return false;
                }
            }
            while (System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
            return running;
        }

        /**
         * The requests whose intended send time fell inside the window (epoch milliseconds).
         *
         * @throws IllegalStateException if the probe's thread died, rather than return fewer requests as if all was well
         */
        public Result between(long fromMillis, long toMillis) {
            Throwable t = died;
            if (t != null) {
                throw new IllegalStateException("the microsecond probe's thread died, its figures are incomplete: " + t, t);
            }
            Histogram h = new Histogram(HIGHEST_MICROS, 3);
            Histogram lag = new Histogram(HIGHEST_MICROS, 3);
            Histogram less = new Histogram(HIGHEST_MICROS, 3);
            long errors = 0;
            synchronized (samples) {
                for (Sample s : samples) {
                    if (s.intendedEpochMillis() >= fromMillis && s.intendedEpochMillis() <= toMillis) {
                        long late = Math.min(Math.max(s.sendLagMicros(), 0), HIGHEST_MICROS);
                        lag.recordValue(late);
                        if (s.ok()) {
                            h.recordValue(Math.min(s.micros(), HIGHEST_MICROS));
                            less.recordValue(Math.min(Math.max(s.micros() - late, 0), HIGHEST_MICROS));
                        } else {
                            errors++;
                        }
                    }
                }
            }
            return new Result(h, errors, lag, less);
        }

        @Override
        public void close() {
            running = false;
            if (thread == null) {
                return;
            }
            thread.interrupt();
            try {
                thread.join(15_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
