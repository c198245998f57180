package io.gatewaybench.harness.measure;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.net.URI;
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
    /** Up to a minute, in microseconds, three significant digits ({@link #RESOLUTION}). */
    static final long HIGHEST_MICROS = TimeUnit.MINUTES.toMicros(1);
    /**
     * What a percentile of Vegeta's records is, in words, as every table and the run's description say it: each
     * record's nanoseconds are counted in microseconds in an HdrHistogram of three significant digits, and a percentile
     * is the top of its bucket.
     */
    public static final String RESOLUTION = "in microseconds, each percentile the top of its HdrHistogram bucket "
            + "(3 significant digits: within 0.1% of the exact value)";

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The fields of Vegeta's record this reader uses ({@code lib/results.go}). */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record Record(long seq, int code, String timestamp, long latency, String error, byte[] body, Map<String, List<String>> headers,
                  String url) {
    }

    /**
     * What every answer must be besides status 200: the page's marker in its body ("" checks none), its exact length in
     * bytes (-1 checks none), and, where the requests share one session cookie, no new session (no {@code Set-Cookie:
     * JSESSIONID}: the cookie expired and Tomcat made a session after all), as the simulation checks them.
     */
    public record Expect(String marker, int length, boolean noNewSession) {
        /** The book page: its marker, any length. */
        public static Expect marker(String marker) {
            return new Expect(marker, -1, false);
        }

        /** What every answer to the load's request must be: its page, and no new session where it carries one. */
        public static Expect of(GatlingRun.Request request) {
            return new Expect(request.marker(), request.length(), !request.sessionCookie().isEmpty());
        }

        /** Why the answer is not the page, or null when it is. */
        String failure(Record r) {
            if (r.error() != null && !r.error().isEmpty() && r.code() == 0) {
                return r.error();
            }
            return failure(r.code(), r.body(), r.headers());
        }

        /** Why an answer of this status, body and headers is not the page, or null when it is. */
        String failure(int code, byte[] body, Map<String, List<String>> headers) {
            if (code != 200) {
                return "status " + code;
            }
            if (!marker.isEmpty() && !hasMarker(body, marker)) {
                return "no marker";
            }
            int bytes = body == null ? 0 : body.length;
            if (length >= 0 && bytes != length) {
                return "length " + bytes + " instead of " + length;
            }
            if (noNewSession && headers != null && headers.entrySet().stream().anyMatch(h -> h.getKey().equalsIgnoreCase("Set-Cookie")
                    && h.getValue().stream().anyMatch(v -> v.startsWith("JSESSIONID=")))) {
                return "a new session (Set-Cookie: JSESSIONID)";
            }
            return null;
        }
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
     * @param allFromIntended latency of every measured request from its intended send instant, a failed one at its full
     *                    time (a time-out at the time-out), microseconds
     * @param sendLag     how late each measured request was taken, microseconds
     * @param maxInFlight the most requests outstanding at once over the level, its warm-up included
     * @param seconds     the measured span of the schedule: planned / rate
     * @param records     every request Vegeta sent over the level, its warm-up included
     * @param cpuMs       the CPU time Vegeta itself used over the whole level, its warm-up included, ms; NaN where not measured
     */
    public record Result(int rateRps, long planned, long sent, long good, Map<String, Long> failures, Histogram fromIntended,
            Histogram fromSend, Histogram allFromIntended, Histogram sendLag, long maxInFlight, double seconds, long records, double cpuMs) {
        Result withCpuMs(double ms) {
            return new Result(rateRps, planned, sent, good, failures, fromIntended, fromSend, allFromIntended, sendLag, maxInFlight, seconds,
                    records, ms);
        }

        /** Vegeta's CPU time per 1,000 requests it sent, its warm-up's included, ms; NaN where not measured. */
        public double cpuMsPer1000Requests() {
            return records == 0 ? Double.NaN : cpuMs * 1000 / records;
        }

        /** Requests answered per second over the measured span, good ones only. */
        public double goodPerSecond() {
            return seconds > 0 ? good / seconds : 0;
        }
    }

    private VegetaLevel() {
    }

    /** Reads a level from Vegeta's JSON records, one per line (the output of {@code vegeta encode --to json}). */
    public static Result read(Path jsonLines, int rateRps, int warmupSeconds, int measuredSeconds, Expect expect) throws IOException {
        try (BufferedReader in = Files.newBufferedReader(jsonLines, StandardCharsets.UTF_8)) {
            return read(in, rateRps, warmupSeconds, measuredSeconds, expect);
        }
    }

    /** The same, every answer checked for the book page's {@code marker} alone. */
    public static Result read(Path jsonLines, int rateRps, int warmupSeconds, int measuredSeconds, String marker) throws IOException {
        return read(jsonLines, rateRps, warmupSeconds, measuredSeconds, Expect.marker(marker));
    }

    static Result read(BufferedReader in, int rateRps, int warmupSeconds, int measuredSeconds, String marker) throws IOException {
        return read(in, rateRps, warmupSeconds, measuredSeconds, Expect.marker(marker));
    }

    static Result read(BufferedReader in, int rateRps, int warmupSeconds, int measuredSeconds, Expect expect) throws IOException {
        return read(in, rateRps, warmupSeconds, measuredSeconds, expect, url -> true, 1);
    }

    /**
     * The requests of a level to the URLs {@code of} accepts, read apart from the rest, which Vegeta sent in turn on the same
     * schedule: each of the {@code share} kinds of request is one in {@code share} of it. The schedule's origin and the
     * requests outstanding at once are the whole level's; planned, sent and every figure are those requests' own.
     */
    static Result read(BufferedReader in, int rateRps, int warmupSeconds, int measuredSeconds, Expect expect,
            java.util.function.Predicate<String> of, int share) throws IOException {
        return decode(in, rateRps, warmupSeconds, measuredSeconds, expect, of, share).result();
    }

    /**
     * A level as read, with what merging it with other hosts' shares needs: every request's span (sent, answered; epoch ns),
     * the warm-up's included, and the schedule's origin (epoch ns).
     */
    record Decoded(Result result, List<long[]> spans, double originNanos) {
    }

    static Decoded decode(BufferedReader in, int rateRps, int warmupSeconds, int measuredSeconds, Expect expect,
            java.util.function.Predicate<String> of, int share) throws IOException {
        if (rateRps <= 0) {
            throw new IllegalArgumentException("a level's rate must be above 0, got " + rateRps);
        }
        double intervalNanos = 1e9 / rateRps;
        long warmup = (long) warmupSeconds * rateRps;
        long scheduled = (long) measuredSeconds * rateRps;
        long planned = scheduled / share;
        List<long[]> measured = new ArrayList<>(); // seq, sent (epoch ns), latency ns, 1 if good; every measured request
        List<long[]> spans = new ArrayList<>(); // sent, answered (epoch ns), every request: how many were outstanding at once
        Map<String, Long> failures = new TreeMap<>();
        double origin = Double.POSITIVE_INFINITY;
        long sent = 0;
        int beyond = 0;
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
            spans.add(new long[] {at, at + r.latency()});
            if (r.seq() < warmup) {
                continue;
            }
            if (r.seq() >= warmup + scheduled) {
                // Vegeta's pacer checks the duration before it sleeps for the next request, not after: at the end it may send
                // one more than its schedule holds (seen at 8,100 req/s for 4 s). That one is not the level's; more are no pacer's.
                if (++beyond > 1) {
                    throw new IOException("Vegeta sent request " + r.seq() + " and another beyond the " + (warmup + scheduled)
                            + " of its schedule");
                }
                continue;
            }
            if (!of.test(r.url())) {
                continue;
            }
            sent++;
            String failure = expect.failure(r);
            if (failure != null) {
                failures.merge(failure, 1L, Long::sum);
            }
            measured.add(new long[] {r.seq(), at, r.latency(), failure == null ? 1 : 0});
        }
        Histogram fromIntended = histogram();
        Histogram fromSend = histogram();
        Histogram all = histogram();
        Histogram lag = histogram();
        long good = 0;
        for (long[] m : measured) {
            double due = origin + m[0] * intervalNanos;
            long lagNanos = Math.max(0, Math.round(m[1] - due));
            all.recordValue(micros(lagNanos + m[2]));
            lag.recordValue(micros(lagNanos));
            if (m[3] == 1) {
                good++;
                fromSend.recordValue(micros(m[2]));
                fromIntended.recordValue(micros(lagNanos + m[2]));
            }
        }
        return new Decoded(new Result(rateRps, planned, sent, good, failures, fromIntended, fromSend, all, lag, maxInFlight(spans),
                scheduled / (double) rateRps, spans.size(), Double.NaN), spans, origin);
    }

    private static long micros(long nanos) {
        return Math.min(HIGHEST_MICROS, TimeUnit.NANOSECONDS.toMicros(nanos));
    }

    /** The most of these spans (start, end) open at one instant; one ending where another starts is not counted with it. */
    static long maxInFlight(List<long[]> spans) {
        long[][] events = new long[spans.size() * 2][];
        int i = 0;
        for (long[] span : spans) {
            events[i++] = new long[] {span[0], 1};
            events[i++] = new long[] {span[1], -1};
        }
        java.util.Arrays.sort(events, (a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
        long open = 0;
        long most = 0;
        for (long[] e : events) {
            open += e[1];
            most = Math.max(most, open);
        }
        return most;
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
     * Writes Vegeta's targets (its "http" format) for {@code requests} GETs of {@code base} + each path, every one with
     * these headers ("Name: value"). Vegeta sends them in turn, round-robin.
     */
    public static Path targets(URI base, List<String> paths, List<String> headers, Path file) throws IOException {
        StringBuilder t = new StringBuilder();
        String root = base.toString().replaceFirst("/$", "");
        for (String path : paths) {
            t.append("GET ").append(root).append(path).append('\n');
            headers.forEach(h -> t.append(h).append('\n'));
            t.append('\n');
        }
        Files.writeString(file, t, StandardCharsets.UTF_8);
        return file;
    }

    /**
     * How to run one level: {@code vegeta attack} on a fixed schedule of {@code rateRps} for {@code warmupSeconds +
     * measuredSeconds} over the requests of {@code targets} ({@link #targets}), every body kept whole (it is checked), at
     * most {@code connections} connections kept alive (a request that finds none free waits for one, in its latency:
     * the schedule goes on), each request given up after {@code timeoutSeconds}; its binary records go to {@code
     * binary}. Run by {@code sh}, which then prints the CPU time its child used ({@code times}). Vegeta adds one
     * header of its own to each request, {@code X-Vegeta-Seq}.
     */
    public static List<String> attackCommand(Path targets, int rateRps, int warmupSeconds, int measuredSeconds, int connections,
            int timeoutSeconds, Path binary) {
        return List.of("sh", "-c", "vegeta attack \"$@\"; status=$?; times; exit $status", "vegeta", "-targets=" + targets,
                "-rate=" + rateRps + "/s", "-duration=" + (warmupSeconds + measuredSeconds) + "s", "-timeout=" + timeoutSeconds + "s",
                "-keepalive=true", "-max-connections=" + connections, "-max-body=-1", "-output=" + binary);
    }

    /**
     * The same attack begun at {@code startEpochNanos} by the host's own clock: the shell sleeps until then (date and its
     * builtins only), so that several hosts begin one level at one instant.
     */
    public static List<String> attackCommandAt(long startEpochNanos, Path targets, int rateRps, int warmupSeconds, int measuredSeconds,
            int connections, int timeoutSeconds, Path binary) {
        List<String> command = new ArrayList<>(attackCommand(targets, rateRps, warmupSeconds, measuredSeconds, connections, timeoutSeconds,
                binary));
        command.set(2, "d=$(( " + startEpochNanos + " - $(date +%s%N) )); "
                + "if [ \"$d\" -gt 0 ]; then sleep \"$(printf '%d.%09d' $((d / 1000000000)) $((d % 1000000000)))\"; fi; " + command.get(2));
        return command;
    }

    /**
     * Runs one level ({@link #attackCommand}), decodes it ({@link #encode}) and reads it; Vegeta's console goes to {@code
     * binary}'s sibling {@code .log}, whose last line is the CPU time Vegeta used. Bounded: the attack is stopped
     * {@code 60 s} after its planned end and time-out.
     */
    public static Result run(Path targets, int rateRps, int warmupSeconds, int measuredSeconds, int connections, int timeoutSeconds,
            Path binary, Expect expect) throws IOException {
        double cpuMs = attack(targets, rateRps, warmupSeconds, measuredSeconds, connections, timeoutSeconds, binary);
        Path json = encode(binary);
        try {
            return read(json, rateRps, warmupSeconds, measuredSeconds, expect).withCpuMs(cpuMs);
        } finally {
            Files.deleteIfExists(json); // every body of the level: read once, then the binary records stay
        }
    }

    /**
     * One level over targets that name several base URLs in turn ({@link #targets} of each, one after the other), each base's
     * requests read apart ({@link #read(BufferedReader, int, int, int, Expect, java.util.function.Predicate, int)}): side by
     * side on one schedule, every kind of request meets the same machine at the same instants. In {@code bases}' order.
     */
    public static List<Result> runEach(Path targets, List<java.net.URI> bases, int rateRps, int warmupSeconds, int measuredSeconds,
            int connections, int timeoutSeconds, Path binary, Expect expect) throws IOException {
        double cpuMs = attack(targets, rateRps, warmupSeconds, measuredSeconds, connections, timeoutSeconds, binary);
        Path json = encode(binary);
        try {
            List<Result> each = new ArrayList<>();
            for (java.net.URI base : bases) {
                String prefix = base.toString().replaceFirst("/$", "") + "/";
                try (BufferedReader in = Files.newBufferedReader(json, StandardCharsets.UTF_8)) {
                    each.add(read(in, rateRps, warmupSeconds, measuredSeconds, expect, url -> url != null && url.startsWith(prefix),
                            bases.size()).withCpuMs(cpuMs));
                }
            }
            return each;
        } finally {
            Files.deleteIfExists(json);
        }
    }

    /** How far ahead of now hosts on this machine begin a shared level: time for every start. */
    static final long LEAD_MILLIS = 500;
    /**
     * What each host on another machine adds to that: its attack is started by an ssh session of its own, which took 0.5-0.9 s
     * to the emulated hosts' sshd on a connection of its own (the Ansible test: begun 0-6.6 ms apart with 2 s for
     * one such host); a session on the connection the run shares with the host ({@code launch.SshConnections}) takes less.
     */
    static final long REMOTE_LEAD_MILLIS = 1500;

    /**
     * One injector host's share of a level sent from several at once.
     *
     * @param host the host that sent it
     * @param result its requests, read against its own schedule (its rate, its origin)
     * @param originNanos its schedule's origin, epoch ns
     */
    public record Share(io.gatewaybench.harness.plan.Topology.Host host, Result result, double originNanos) {
    }

    /** A level sent from several hosts: every host's records together ({@link #merged}), and each host's share. */
    public record Shared(Result merged, List<Share> shares) {
    }

    /**
     * One level sent from every host of {@code hosts} at once: each runs {@code vegeta attack} at its share of {@code rateRps}
     * ({@link InjectorHosts#split}) with its share of the {@code connections}, all begun at one instant ({@link #LEAD_MILLIS} after the
     * targets are on every host, and {@link #REMOTE_LEAD_MILLIS} more for each host on another machine), each by its own clock
     * corrected by its offset, each writing its records to {@code binary}'s name with {@code -HOST} added. The
     * shares are read each against its own schedule and merged record by record ({@link #merged}). A host whose attack fails
     * fails the level, naming it.
     */
    public static Shared runShared(Path targets, List<io.gatewaybench.harness.plan.Topology.Host> hosts, int rateRps, int warmupSeconds,
            int measuredSeconds, int connections, int timeoutSeconds, Path binary, Expect expect) throws IOException {
        List<Integer> rates = InjectorHosts.split(rateRps, hosts.size(), "a level of " + rateRps + " req/s");
        for (io.gatewaybench.harness.plan.Topology.Host host : hosts) {
            InjectorHosts.on(host, () -> host.send(targets));
        }
        // time for every start: a process here, an ssh session to each other machine
        long start = TimeUnit.MILLISECONDS.toNanos(System.currentTimeMillis() + LEAD_MILLIS
                + REMOTE_LEAD_MILLIS * hosts.stream().filter(io.gatewaybench.harness.plan.Topology.Host::remote).count());
        String stem = binary.getFileName().toString().replaceFirst("\\.bin$", "");
        List<Process> attacks = new ArrayList<>();
        List<Path> binaries = new ArrayList<>();
        try {
            for (int i = 0; i < hosts.size(); i++) {
                io.gatewaybench.harness.plan.Topology.Host host = hosts.get(i);
                Path own = binary.resolveSibling(stem + "-" + host.role() + ".bin");
                binaries.add(own);
                List<String> attack = host.localized(attackCommandAt(start + host.placement().clockOffsetNanos(), targets, rates.get(i),
                        warmupSeconds, measuredSeconds, Math.max(1, connections / hosts.size()), timeoutSeconds, own));
                // on another machine attached: it ends if this session does
                Process p = new ProcessBuilder(host.remote() ? host.server(attack) : host.command(attack))
                        .redirectErrorStream(true).redirectOutput(logOf(own).toFile()).start();
                if (!host.remote()) {
                    p.getOutputStream().close();
                }
                attacks.add(p);
            }
            List<Share> shares = new ArrayList<>();
            List<long[]> spans = new ArrayList<>();
            for (int i = 0; i < hosts.size(); i++) {
                Process p = attacks.get(i);
                Path log = logOf(binaries.get(i));
                Processes.await(p, 1 + warmupSeconds + measuredSeconds + timeoutSeconds + 60L, "vegeta attack on " + hosts.get(i).role()
                        + " (see " + log + ")");
                double cpuMs;
                io.gatewaybench.harness.plan.Topology.Host host = hosts.get(i);
                try {
                    cpuMs = attacked(p, log);
                    host.bring(binaries.get(i));
                } catch (IOException | RuntimeException e) {
                    throw new InjectorHosts.Lost("injector host " + hosts.get(i).role() + " (" + hosts.get(i).address() + ") was lost: "
                            + e.getMessage(), e);
                }
                Path json = encode(binaries.get(i));
                try (BufferedReader in = Files.newBufferedReader(json, StandardCharsets.UTF_8)) {
                    Decoded d = decode(in, rates.get(i), warmupSeconds, measuredSeconds, expect, url -> true, 1);
                    long offset = host.placement().clockOffsetNanos(); // its times on this host's clock
                    shares.add(new Share(host, d.result().withCpuMs(cpuMs), d.originNanos() - offset));
                    d.spans().forEach(span -> spans.add(new long[] {span[0] - offset, span[1] - offset}));
                } finally {
                    Files.deleteIfExists(json);
                }
            }
            return new Shared(merged(shares.stream().map(Share::result).toList(), spans), shares);
        } finally {
            for (Process p : attacks) { // none is left running when a level fails part-way
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
            }
        }
    }

    /**
     * Levels that hosts sent at once as one level: their counts and CPU added, their histograms added (every record counts
     * once, whichever host sent it: never percentiles merged), the failures by reason summed, and the most requests
     * outstanding at once taken over every host's {@code spans} together (the hosts share one clock; on the emulated hosts, one
     * kernel's).
     */
    static Result merged(List<Result> parts, List<long[]> spans) {
        Histogram fromIntended = histogram();
        Histogram fromSend = histogram();
        Histogram all = histogram();
        Histogram lag = histogram();
        Map<String, Long> failures = new TreeMap<>();
        int rate = 0;
        long planned = 0;
        long sent = 0;
        long good = 0;
        long records = 0;
        double cpuMs = 0;
        for (Result r : parts) {
            fromIntended.add(r.fromIntended());
            fromSend.add(r.fromSend());
            all.add(r.allFromIntended());
            lag.add(r.sendLag());
            r.failures().forEach((reason, n) -> failures.merge(reason, n, Long::sum));
            rate += r.rateRps();
            planned += r.planned();
            sent += r.sent();
            good += r.good();
            records += r.records();
            cpuMs += r.cpuMs();
        }
        return new Result(rate, planned, sent, good, failures, fromIntended, fromSend, all, lag, maxInFlight(spans),
                parts.isEmpty() ? 0 : parts.get(0).seconds(), records, cpuMs);
    }

    /** Runs {@code vegeta attack} as {@link #attackCommand} says; returns the CPU time it used, ms. */
    private static double attack(Path targets, int rateRps, int warmupSeconds, int measuredSeconds, int connections, int timeoutSeconds,
            Path binary) throws IOException {
        Path log = logOf(binary);
        Process p = new ProcessBuilder(attackCommand(targets, rateRps, warmupSeconds, measuredSeconds, connections, timeoutSeconds, binary))
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        p.getOutputStream().close();
        Processes.await(p, warmupSeconds + measuredSeconds + timeoutSeconds + 60L, "vegeta attack (see " + log + ")");
        return attacked(p, log);
    }

    private static Path logOf(Path binary) {
        return binary.resolveSibling(binary.getFileName().toString().replaceFirst("\\.bin$", "") + ".log");
    }

    /** The CPU time an attack that has ended used, ms, from its console; or why it failed. */
    private static double attacked(Process p, Path log) throws IOException {
        List<String> console = Files.readAllLines(log);
        if (p.exitValue() == 127) { // sh: command not found
            throw new IOException("vegeta is not installed (" + String.join(" ", console).strip() + "): run infra/packages.sh as root, which "
                    + "builds Vegeta v12.13.0 where Go 1.22 or later is on PATH (injector/README.md)");
        }
        if (p.exitValue() != 0) {
            // what Vegeta and the shell said, without the shell's CPU times
            throw new IOException("vegeta attack exited with " + p.exitValue() + (p.exitValue() > 128 ? " (signal " + (p.exitValue() - 128)
                    + ")" : "") + ": " + String.join(" ", console.stream().filter(l -> !TIMES.matcher(l.strip()).matches()).toList()).strip());
        }
        return childrenCpuMs(console);
    }

    private static final java.util.regex.Pattern TIMES = java.util.regex.Pattern.compile("^(\\d+)m([\\d.]+)s (\\d+)m([\\d.]+)s$");

    /**
     * The user and system CPU time of the shell's children, ms: the last line of POSIX {@code times}' output (its first
     * line is the shell's own), as "0m0.130000s 0m0.030000s".
     */
    static double childrenCpuMs(List<String> console) throws IOException {
        for (int i = console.size() - 1; i >= 0; i--) {
            java.util.regex.Matcher m = TIMES.matcher(console.get(i).strip());
            if (m.matches()) {
                return (Integer.parseInt(m.group(1)) * 60 + Double.parseDouble(m.group(2)) + Integer.parseInt(m.group(3)) * 60
                        + Double.parseDouble(m.group(4))) * 1000;
            }
        }
        throw new IOException("no CPU times after vegeta attack in its console: " + console);
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
