package io.gatewaybench.harness.measure;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * One fixed-rate level as Vegeta ({@code vegeta attack}, v12.13.0) sent it, read from its own records ({@code vegeta
 * encode --to json}: one JSON object per request with its sequence number, send instant, latency, status and body).
 *
 * <p>Vegeta paces on a fixed schedule: request {@code n} is due {@code (n + 1) / rate} after the attack's start
 * ({@code lib/pacer.go}), and the record's timestamp is the instant a worker took it, set under the same lock as its
 * sequence number, before connecting and sending ({@code lib/attack.go}); its latency runs from there to the body's
 * last byte. Its pacer sleeps on the Go runtime's timer, which wakes on whole milliseconds when idle: requests leave in
 * bursts at each millisecond, and the send lag of a schedule kept is spread over 0-1 ms (injector/README.md). The schedule's origin
 * is not written, so it is taken as the earliest instant any request could have been due: {@code min(sent(n) - n *
 * interval)} over the level, which sets the most punctual request's lag to zero. A request's <b>send lag</b> is how long
 * after its due instant it was taken; its <b>latency from the intended send</b> is that lag plus its own latency, so a
 * stall of the target shows in every request it delayed, and so does a stall of the injector: the lag is reported
 * apart, to tell which.
 *
 * <p>Every request is checked: status 200 and the page's marker in the whole body. A request that fails the check is
 * counted by its reason and left out of the latencies (a fast error is never a fast answer). The first {@code warmup}
 * requests of the level are sent on the same schedule and connections and left out of everything but the schedule's
 * origin.
 */
public final class VegetaLevel {
    /** Up to a minute, in microseconds, three significant digits. */
    static final long HIGHEST_MICROS = TimeUnit.MINUTES.toMicros(1);

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The fields of Vegeta's record this reader uses ({@code lib/results.go}). */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record Record(long seq, int code, String timestamp, long latency, String error, byte[] body) {
    }

    /**
     * What one level delivered and measured.
     *
     * @param rateRps     the rate offered
     * @param planned     requests the schedule held after the warm-up
     * @param sent        measured requests Vegeta sent: never more than planned; fewer when it fell behind at the end (its pacer
     *                    stops at the duration's end, so the last request, due at that very instant, is dropped when it is late)
     * @param good        those answered 200 with the marker in the body
     * @param failures    the others, by reason ("status 502", "no marker", Vegeta's error text)
     * @param fromIntended latency of each good request from its intended send instant, microseconds
     * @param fromSend    the same from the instant it was actually taken
     * @param sendLag     how late each measured request was taken, microseconds
     * @param seconds     the measured span of the schedule: planned / rate
     */
    public record Result(int rateRps, long planned, long sent, long good, Map<String, Long> failures, Histogram fromIntended,
            Histogram fromSend, Histogram sendLag, double seconds) {
        /** Requests answered per second over the measured span, good ones only. */
        public double goodPerSecond() {
            return seconds > 0 ? good / seconds : 0;
        }
    }

    private VegetaLevel() {
    }

    /** Reads a level from Vegeta's JSON records, one per line (the output of {@code vegeta encode --to json}). */
    public static Result read(Path jsonLines, int rateRps, int warmupSeconds, int measuredSeconds, String marker) throws IOException {
        try (BufferedReader in = Files.newBufferedReader(jsonLines, StandardCharsets.UTF_8)) {
            return read(in, rateRps, warmupSeconds, measuredSeconds, marker);
        }
    }

    static Result read(BufferedReader in, int rateRps, int warmupSeconds, int measuredSeconds, String marker) throws IOException {
        if (rateRps <= 0) {
            throw new IllegalArgumentException("a level's rate must be above 0, got " + rateRps);
        }
        double intervalNanos = 1e9 / rateRps;
        long warmup = (long) warmupSeconds * rateRps;
        long planned = (long) measuredSeconds * rateRps;
        List<long[]> measured = new ArrayList<>(); // seq, sent (epoch ns), latency ns; good ones only
        Map<String, Long> failures = new TreeMap<>();
        double origin = Double.POSITIVE_INFINITY;
        long sent = 0;
        String line;
        int lineNumber = 0;
        while ((line = in.readLine()) != null) {
            lineNumber++;
            if (line.isBlank()) {
                continue;
            }
            Record r;
            try {
                r = JSON.readValue(line, Record.class);
            } catch (IOException e) {
                throw new IOException("Vegeta's record on line " + lineNumber + " is not JSON Vegeta writes: " + e.getMessage(), e);
            }
            long at = epochNanos(r.timestamp());
            origin = Math.min(origin, at - r.seq() * intervalNanos);
            if (r.seq() < warmup) {
                continue;
            }
            if (r.seq() >= warmup + planned) {
                throw new IOException("Vegeta sent request " + r.seq() + ", beyond the " + (warmup + planned) + " of its schedule");
            }
            sent++;
            String failure = r.error() != null && !r.error().isEmpty() && r.code() == 0 ? r.error()
                    : r.code() != 200 ? "status " + r.code()
                    : !hasMarker(r.body(), marker) ? "no marker" : null;
            if (failure != null) {
                failures.merge(failure, 1L, Long::sum);
            } else {
                measured.add(new long[] {r.seq(), at, r.latency()});
            }
        }
        Histogram fromIntended = histogram();
        Histogram fromSend = histogram();
        Histogram lag = histogram();
        for (long[] m : measured) {
            double due = origin + m[0] * intervalNanos;
            long lagNanos = Math.max(0, Math.round(m[1] - due));
            lag.recordValue(Math.min(HIGHEST_MICROS, TimeUnit.NANOSECONDS.toMicros(lagNanos)));
            fromSend.recordValue(Math.min(HIGHEST_MICROS, TimeUnit.NANOSECONDS.toMicros(m[2])));
            fromIntended.recordValue(Math.min(HIGHEST_MICROS, TimeUnit.NANOSECONDS.toMicros(lagNanos + m[2])));
        }
        return new Result(rateRps, planned, sent, measured.size(), failures, fromIntended, fromSend, lag, planned / (double) rateRps);
    }

    private static Histogram histogram() {
        return new Histogram(HIGHEST_MICROS, 3);
    }

    /** Vegeta's timestamp (RFC 3339 with nanoseconds, Go's time.Time) as nanoseconds since the epoch. */
    static long epochNanos(String rfc3339) {
        Instant t = java.time.OffsetDateTime.parse(rfc3339).toInstant();
        return t.getEpochSecond() * 1_000_000_000L + t.getNano();
    }

    /** The marker in the body, read byte for byte as ScenarioCheck reads a page (the marker is ASCII). */
    static boolean hasMarker(byte[] body, String marker) {
        return body != null && new String(body, StandardCharsets.ISO_8859_1).contains(marker);
    }

    /**
     * How to run one level: {@code vegeta attack} on a fixed schedule of {@code rateRps} for {@code warmupSeconds +
     * measuredSeconds}, GET {@code url} with these headers, every body kept whole (the marker is checked in it), at most
     * {@code connections} connections kept alive, each request given up after {@code timeoutSeconds}; its binary records
     * go to {@code binary}. Vegeta adds one header of its own to each request, {@code X-Vegeta-Seq}.
     */
    public static List<String> attackCommand(String url, List<String> headers, int rateRps, int warmupSeconds, int measuredSeconds,
            int connections, int timeoutSeconds, Path binary) {
        List<String> argv = new ArrayList<>(List.of("vegeta", "attack", "-rate=" + rateRps + "/s",
                "-duration=" + (warmupSeconds + measuredSeconds) + "s", "-timeout=" + timeoutSeconds + "s", "-keepalive=true",
                "-max-connections=" + connections, "-max-body=-1", "-output=" + binary));
        headers.forEach(h -> argv.addAll(List.of("-header", h)));
        return argv;
    }

    /**
     * Runs one level ({@link #attackCommand}; the target is given on standard input, as {@code GET url}), decodes it
     * ({@link #encode}) and reads it; Vegeta's console goes to {@code binary}'s sibling {@code .log}. Bounded: the
     * attack is stopped {@code 60 s} after its planned end.
     */
    public static Result run(String url, List<String> headers, int rateRps, int warmupSeconds, int measuredSeconds, int connections,
            int timeoutSeconds, Path binary, String marker) throws IOException {
        Path log = binary.resolveSibling(binary.getFileName().toString().replaceFirst("\\.bin$", "") + ".log");
        Process p = new ProcessBuilder(attackCommand(url, headers, rateRps, warmupSeconds, measuredSeconds, connections, timeoutSeconds, binary))
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try (var stdin = p.getOutputStream()) {
            stdin.write(("GET " + url + "\n").getBytes(StandardCharsets.UTF_8));
        }
        Processes.await(p, warmupSeconds + measuredSeconds + timeoutSeconds + 60L, "vegeta attack (see " + log + ")");
        if (p.exitValue() != 0) {
            throw new IOException("vegeta attack exited with " + p.exitValue() + ": " + Files.readString(log).strip());
        }
        Path json = encode(binary);
        try {
            return read(json, rateRps, warmupSeconds, measuredSeconds, marker);
        } finally {
            Files.deleteIfExists(json); // every body of the level: read once, then the binary records stay
        }
    }

    /** Decodes Vegeta's binary results with its own encoder into JSON lines, next to them; its console goes to a .log beside. */
    public static Path encode(Path binary) throws IOException {
        String stem = binary.getFileName().toString().replaceFirst("\\.bin$", "");
        Path json = binary.resolveSibling(stem + ".json");
        Path log = binary.resolveSibling(stem + "-encode.log");
        Process p = new ProcessBuilder("vegeta", "encode", "--to", "json", "--output", json.toString(), binary.toString())
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        Processes.await(p, TimeUnit.MINUTES.toSeconds(5), "vegeta encode " + binary);
        if (p.exitValue() != 0) {
            throw new IOException("vegeta encode " + binary + " exited with " + p.exitValue() + ": " + Files.readString(log).strip());
        }
        return json;
    }
}
