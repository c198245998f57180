package io.gatewaybench.harness;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * Microsecond latency of single book-page requests, which Gatling's whole milliseconds cannot show
 * (its maintainers declined sub-millisecond timing, gatling/gatling#3704). One keep-alive connection,
 * one request at a time, every response checked (status 200 and the page's marker), each timed with
 * {@link System#nanoTime()} into an HdrHistogram. The probe keeps the session cookie it is given, so
 * the origin creates no sessions.
 *
 * <p>Two uses: {@link #unloaded} sends requests back to back on an otherwise idle target (what a
 * gateway adds to one request, NGINX's unloaded-curl test); {@link Paced} sends at a low fixed rate
 * beside Gatling's load and times each request from its intended send time, so a stall shows as
 * latency for every request it delayed (wrk2's correction for coordinated omission).
 */
public final class LatencyProbe {
    /** Up to a minute, in microseconds, three significant digits. */
    private static final long HIGHEST_MICROS = TimeUnit.MINUTES.toMicros(1);

    private LatencyProbe() {
    }

    /** A probe's histogram (microseconds) and how many of its requests failed. */
    public record Result(Histogram micros, long errors) {
        public Map<String, Object> asMap() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("requests", micros.getTotalCount() + errors);
            m.put("errors", errors);
            for (double p : new double[] {50, 90, 99, 99.9}) {
                m.put("p" + (p == Math.rint(p) ? Long.toString((long) p) : Double.toString(p).replace('.', '_')),
                        micros.getTotalCount() == 0 ? null : micros.getValueAtPercentile(p));
            }
            m.put("max", micros.getTotalCount() == 0 ? null : micros.getMaxValue());
            return m;
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
    public static Result unloaded(URI target, String cookie, int warmup, int count) {
        Histogram h = new Histogram(HIGHEST_MICROS, 3);
        long errors = 0;
        try (Line line = new Line(target, cookie)) {
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

    /** One kept-alive connection that reopens after a failure; a request counts only if the right page came back. */
    private static final class Line implements AutoCloseable {
        private final URI target;
        private final String cookie;
        private Http1Client client;

        Line(URI target, String cookie) {
            this.target = target;
            this.cookie = cookie;
        }

        boolean request() {
            try {
                if (client == null) {
                    client = new Http1Client(target, 10_000);
                }
                Http1Client.Response r = client.get(Origin.BOOK_PATH, "Cookie: " + cookie);
                return r.status() == 200 && r.text().contains(Origin.BOOK_MARKER);
            } catch (IOException e) {
                close();
                return false;
            }
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
        private record Sample(long intendedEpochMillis, long micros, boolean ok) {
        }

        private final List<Sample> samples = new ArrayList<>();
        private final Thread thread;
        private volatile boolean running = true;

        public Paced(URI target, String cookie, int perSecond, long maxSeconds) {
            thread = new Thread(() -> run(target, cookie, perSecond, maxSeconds), "latency-probe");
            thread.setDaemon(true);
            thread.start();
        }

        private void run(URI target, String cookie, int perSecond, long maxSeconds) {
            long periodNanos = TimeUnit.SECONDS.toNanos(1) / perSecond;
            long startNanos = System.nanoTime();
            long startEpoch = System.currentTimeMillis();
            long endNanos = startNanos + TimeUnit.SECONDS.toNanos(maxSeconds);
            try (Line line = new Line(target, cookie)) {
                for (long i = 0; running; i++) {
                    long intended = startNanos + i * periodNanos;
                    if (intended > endNanos) {
                        break;
                    }
                    long wait = intended - System.nanoTime();
                    if (wait > 0) {
                        try {
                            TimeUnit.NANOSECONDS.sleep(wait);
                        } catch (InterruptedException e) {
                            break;
                        }
                    }
                    boolean ok = line.request();
                    long micros = (System.nanoTime() - intended) / 1000;
                    synchronized (samples) {
                        samples.add(new Sample(startEpoch + (intended - startNanos) / 1_000_000, micros, ok));
                    }
                }
            }
        }

        /** The requests whose intended send time fell inside the window (epoch milliseconds). */
        public Result between(long fromMillis, long toMillis) {
            Histogram h = new Histogram(HIGHEST_MICROS, 3);
            long errors = 0;
            synchronized (samples) {
                for (Sample s : samples) {
                    if (s.intendedEpochMillis() >= fromMillis && s.intendedEpochMillis() <= toMillis) {
                        if (s.ok()) {
                            h.recordValue(Math.min(s.micros(), HIGHEST_MICROS));
                        } else {
                            errors++;
                        }
                    }
                }
            }
            return new Result(h, errors);
        }

        @Override
        public void close() {
            running = false;
            thread.interrupt();
            try {
                thread.join(15_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
