package io.gatewaybench.harness.measure;

import io.gatewaybench.harness.model.ProbeResult;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * Reads Gatling 3.15's binary {@code simulation.log}: every request's name, start, end and outcome,
 * in whole milliseconds after the run's start. The suite's figures come from here rather than from
 * the HTML report, whose percentiles are t-digest estimates (the tail can be off by tens of percent)
 * and whose rate divides by the whole run, warm-up included.
 *
 * <p>Format (big-endian): a run record, then records each led by one byte: 1 request, 2 user,
 * 3 group, 4 error. Strings are an int length, the bytes and a coder byte (0 Latin-1, 1 UTF-16LE);
 * cached strings are an int index, positive when the string follows, negative for a repeat.
 */
public final class SimulationLog {
    /** As in HdrHistogram's own .hgrm output (the distributions under raw/). */
    private static final int PERCENTILE_TICKS_PER_HALF_DISTANCE = 5;
    /** One request as Gatling recorded it. */
    public record Request(String name, int start, int end, boolean ok) {
        public int responseTime() {
            return end - start;
        }
    }

    private final String gatlingVersion;
    private final long runStartEpochMillis;
    private final Map<String, List<Request>> requests;

    private SimulationLog(String gatlingVersion, long runStartEpochMillis, Map<String, List<Request>> requests) {
        this.gatlingVersion = gatlingVersion;
        this.runStartEpochMillis = runStartEpochMillis;
        this.requests = requests;
    }

    /** A log of these requests, by name, as if read: for tests of what reads a log. */
    static SimulationLog of(Map<String, List<Request>> requests) {
        return new SimulationLog("3.15", 0, new LinkedHashMap<>(requests));
    }

    /** The same, the run begun at {@code runStartEpochMillis}: for tests of what merges logs. */
    static SimulationLog of(long runStartEpochMillis, Map<String, List<Request>> requests) {
        return new SimulationLog("3.15", runStartEpochMillis, new LinkedHashMap<>(requests));
    }

    public static SimulationLog read(Path file) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(file));
        Map<Integer, String> cache = new HashMap<>();
        Map<String, List<Request>> requests = new LinkedHashMap<>();
        if (b.get() != 0) {
            throw new IllegalStateException(file + " does not start with Gatling's run record");
        }
        String version = string(b);
        if (!version.startsWith("3.15")) {
            throw new IllegalStateException(file + " was written by Gatling " + version + "; this reader knows the 3.15 format");
        }
        string(b); // simulation class
        long start = b.getLong();
        string(b); // description
        for (int n = b.getInt(); n > 0; n--) {
            string(b); // scenario names
        }
        for (int n = b.getInt(); n > 0; n--) {
            int length = b.getInt(); // a serialized assertion
            b.position(b.position() + length);
        }
        while (b.hasRemaining()) {
            int type = b.get();
            switch (type) {
                case 1 -> {
                    for (int groups = b.getInt(); groups > 0; groups--) {
                        cached(b, cache);
                    }
                    String name = cached(b, cache);
                    int s = b.getInt();
                    int e = b.getInt();
                    boolean ok = b.get() == 1;
                    cached(b, cache); // error message
                    requests.computeIfAbsent(name, k -> new ArrayList<>()).add(new Request(name, s, e, ok));
                }
                case 2 -> b.position(b.position() + 4 + 1 + 4);
                case 3 -> {
                    for (int groups = b.getInt(); groups > 0; groups--) {
                        cached(b, cache);
                    }
                    b.position(b.position() + 4 + 4 + 4 + 1);
                }
                case 4 -> {
                    cached(b, cache);
                    b.getInt();
                }
                default -> throw new IllegalStateException(file + ": unknown record type " + type + " at byte " + (b.position() - 1));
            }
        }
        return new SimulationLog(version, start, requests);
    }

    /**
     * This log on another clock: its records as a clock {@code offsetMillis} behind the one it was written by would have
     * timed them (another injector host's log, by the offset of that host's clock from the harness's: {@code ClockOffset}).
     */
    public SimulationLog onClock(long offsetMillis) {
        return new SimulationLog(gatlingVersion, runStartEpochMillis - offsetMillis, requests);
    }

    /**
     * The logs of Gatling runs made at once from several injector hosts as one log: every record of each, its times moved
     * onto the earliest run's start (the logs are on one clock: each other host's put on the harness's by {@link #onClock}),
     * each series in the order its requests were sent. Records are merged, never percentiles.
     */
    public static SimulationLog merged(List<SimulationLog> parts) {
        long start = parts.stream().mapToLong(SimulationLog::runStartEpochMillis).min().orElseThrow();
        Map<String, List<Request>> requests = new LinkedHashMap<>();
        for (SimulationLog part : parts) {
            int shift = Math.toIntExact(part.runStartEpochMillis - start);
            part.requests.forEach((name, list) -> {
                List<Request> all = requests.computeIfAbsent(name, k -> new ArrayList<>());
                list.forEach(r -> all.add(new Request(name, r.start() + shift, r.end() + shift, r.ok())));
            });
        }
        requests.values().forEach(list -> list.sort(java.util.Comparator.comparingInt(Request::start)));
        return new SimulationLog(parts.get(0).gatlingVersion, start, requests);
    }

    /**
     * The window, in epoch milliseconds, in which every one of {@code parts} was in its measured {@code seconds} of the
     * series {@code name}: from the latest first send to the earliest end. A closed loop's users are all active in each
     * part's window, so in this one all of every host's are. One part: its own window, as {@link #stats(String, int)}
     * counts it.
     */
    public static long[] commonWindow(List<SimulationLog> parts, String name, int seconds) {
        long from = Long.MIN_VALUE;
        long to = Long.MAX_VALUE;
        for (SimulationLog part : parts) {
            long first = part.window(name)[0];
            from = Math.max(from, first);
            to = Math.min(to, first + seconds * 1000L);
        }
        if (to <= from) {
            throw new IllegalStateException("the injector hosts' measured windows of '" + name + "' do not overlap: their Gatling "
                    + "runs began more than " + seconds + " s apart");
        }
        return new long[] {from, to};
    }

    /**
     * The figures of the requests of a series sent from {@code fromEpochMillis} up to (not including) {@code toEpochMillis};
     * throughput is their successful responses per second of that window.
     */
    public RequestStats stats(String name, long fromEpochMillis, long toEpochMillis) {
        long from = fromEpochMillis - runStartEpochMillis;
        long to = toEpochMillis - runStartEpochMillis;
        List<Request> inWindow = requests(name).stream().filter(r -> r.start() >= from && r.start() < to).toList();
        return stats(name, inWindow, (to - from) / 1000.0);
    }

    /** How many requests of a series were sent in a window (epoch ms, its end left out), and how many of them succeeded. */
    public long[] counts(String name, long fromEpochMillis, long toEpochMillis) {
        long from = fromEpochMillis - runStartEpochMillis;
        long to = toEpochMillis - runStartEpochMillis;
        List<Request> inWindow = requests(name).stream().filter(r -> r.start() >= from && r.start() < to).toList();
        return new long[] {inWindow.size(), inWindow.stream().filter(Request::ok).count()};
    }

    public String gatlingVersion() {
        return gatlingVersion;
    }

    public long runStartEpochMillis() {
        return runStartEpochMillis;
    }

    public List<Request> requests(String name) {
        return requests.getOrDefault(name, List.of());
    }

    /** The names of every request series, in the order of their first record. */
    public List<String> names() {
        return List.copyOf(requests.keySet());
    }

    /** The series' window in epoch milliseconds: its first send and its last response. */
    public long[] window(String name) {
        List<Request> all = requests(name);
        if (all.isEmpty()) {
            throw new IllegalStateException("no '" + name + "' requests in the log");
        }
        return new long[] {runStartEpochMillis + all.stream().mapToInt(Request::start).min().orElseThrow(),
                runStartEpochMillis + all.stream().mapToInt(Request::end).max().orElseThrow()};
    }

    /**
     * The figures of one request series: latency over its successful responses (nearest-rank
     * percentiles of the exact recorded times), throughput as successful responses per second of
     * the series' own window, from its first send to its last response.
     */
    public RequestStats stats(String name) {
        List<Request> all = requests(name);
        int first = all.stream().mapToInt(Request::start).min().orElse(0);
        int last = all.stream().mapToInt(Request::end).max().orElse(0);
        return stats(name, all, Math.max(1, last - first) / 1000.0);
    }

    /**
     * The figures of the requests of a series sent in its first {@code seconds} seconds, counted
     * from its first send; throughput is their successful responses per second of that window. A
     * closed loop's measured window: its users keep looping past it (the simulation's tail), so all
     * of them are active from its first to its last instant, and the tail's requests are left out.
     */
    public RequestStats stats(String name, int seconds) {
        List<Request> all = requests(name);
        int first = all.stream().mapToInt(Request::start).min().orElse(0);
        List<Request> inWindow = all.stream().filter(r -> r.start() - first < seconds * 1000L).toList();
        return stats(name, inWindow, seconds);
    }

    private static RequestStats stats(String name, List<Request> requests, double windowSeconds) {
        int[] times = requests.stream().filter(Request::ok).mapToInt(Request::responseTime).sorted().toArray();
        if (times.length == 0) {
            throw new IllegalStateException("no successful '" + name + "' responses (" + requests.size() + " requests, all failed)");
        }
        return new RequestStats(requests.size(), requests.size() - times.length, times.length / windowSeconds, latency(times))
                .withSpectrum(spectrum(histogram(Arrays.stream(times))));
    }

    /**
     * Latency over every request of the series, a failed one at the time Gatling gave up on it or
     * got its wrong answer: what a service-level objective judges (a 60 s time-out is not hidden by
     * being an error). Null when the series is empty.
     */
    public RequestStats.Latency latencyOfAll(String name) {
        int[] times = requests(name).stream().mapToInt(Request::responseTime).sorted().toArray();
        return times.length == 0 ? null : latency(times);
    }

    private static RequestStats.Latency latency(int[] sorted) {
        double mean = java.util.Arrays.stream(sorted).average().orElseThrow();
        return new RequestStats.Latency(mean, rank(sorted, 50), rank(sorted, 90), rank(sorted, 99), rank(sorted, 99.9),
                rank(sorted, 99.99), sorted[sorted.length - 1]);
    }

    /**
     * How late the injector sent an open-model series planned at {@code rate} requests per second:
     * the k-th send against the schedule "first send + k / rate", in milliseconds, as {P99, max}.
     * Response times start at the actual send, so a late send is load the target never saw: a lag of
     * more than a few milliseconds means the injector, not the target, fell behind.
     */
    public double[] sendLag(String name, double rate) {
        double[] lag = lags(name, rate);
        return lag.length == 0 ? new double[] {0, 0} : new double[] {lag[rankIndex(lag.length, 99)], lag[lag.length - 1]};
    }

    /** The same lateness as {@link #sendLag} in microseconds (of whole milliseconds: Gatling's clock), its P50 too; null: none sent. */
    public ProbeResult.SendLagUs sendLagUs(String name, double rate) {
        double[] lag = lags(name, rate);
        return lag.length == 0 ? null : new ProbeResult.SendLagUs(Math.round(lag[rankIndex(lag.length, 50)] * 1000),
                Math.round(lag[rankIndex(lag.length, 99)] * 1000), Math.round(lag[lag.length - 1] * 1000));
    }

    /** Each send's lateness against the schedule, ms, ascending. */
    private double[] lags(String name, double rate) {
        int[] starts = requests(name).stream().mapToInt(Request::start).sorted().toArray();
        double[] lag = new double[starts.length];
        for (int k = 0; k < starts.length; k++) {
            lag[k] = Math.max(0, starts[k] - (starts[0] + k * 1000.0 / rate));
        }
        java.util.Arrays.sort(lag);
        return lag;
    }

    /**
     * Seconds of load, counted from the warm-up's first send, until the target answered at least
     * {@code share} of {@code rps} in each of {@code seconds} consecutive whole seconds (successful
     * responses of the warm-up and measured series, by the second they were sent in): how long the
     * target took to warm up under this load. Null when it did not within the warm-up.
     */
    public Integer steadyAfter(String warmup, String measured, double rps, double share, int seconds) {
        return steadyAfter(requests(warmup), requests(measured), rps, share, seconds);
    }

    static Integer steadyAfter(List<Request> warm, List<Request> measured, double rps, double share, int seconds) {
        if (warm.isEmpty() || rps <= 0) {
            return null;
        }
        int first = warm.stream().mapToInt(Request::start).min().orElseThrow();
        int warmSeconds = (measured.stream().mapToInt(Request::start).min().orElse(first) - first) / 1000;
        int[] perSecond = new int[warmSeconds + seconds + 1];
        for (List<Request> series : List.of(warm, measured)) {
            for (Request r : series) {
                int second = (r.start() - first) / 1000;
                if (r.ok() && second < perSecond.length) {
                    perSecond[second]++;
                }
            }
        }
        for (int s = 0, run = 0; s < perSecond.length - 1; s++) { // the last second is partly cut off
            run = perSecond[s] >= share * rps ? run + 1 : 0;
            if (run == seconds) {
                int start = s - seconds + 1;
                return start <= warmSeconds ? start : null;
            }
        }
        return null;
    }

    /**
     * The successful responses' times in HdrHistogram's percentile-distribution text (milliseconds),
     * for plotting a full latency spectrum.
     */
    public void writeDistribution(String name, Path file) throws IOException {
        Histogram h = histogram(requests(name).stream().filter(Request::ok).mapToInt(Request::responseTime));
        try (java.io.PrintStream out = new java.io.PrintStream(Files.newOutputStream(file))) {
            h.outputPercentileDistribution(out, 1.0);
        }
    }

    /** Response times in milliseconds (up to an hour, three significant digits). */
    static Histogram histogram(IntStream millis) {
        Histogram h = new Histogram(TimeUnit.HOURS.toMillis(1), 3);
        millis.forEach(ms -> h.recordValue(Math.max(0, ms)));
        return h;
    }

    /**
     * The rows of the histogram's percentile distribution ({@code .hgrm}: five steps per halving of
     * the distance to 100%) as {fraction, ms} pairs, for a chart of the whole spectrum. The 100% rows
     * are left out: the maximum is a figure of its own ({@code latency_ms.max}), and on a 1/(1-p) axis
     * it lies at infinity.
     */
    static List<double[]> spectrum(Histogram h) {
        List<double[]> points = new ArrayList<>();
        if (h.getTotalCount() == 0) {
            return points;
        }
        for (HistogramIterationValue v : h.percentiles(PERCENTILE_TICKS_PER_HALF_DISTANCE)) {
            double fraction = v.getPercentileLevelIteratedTo() / 100;
            if (fraction < 1) {
                points.add(new double[] {fraction, v.getValueIteratedTo()});
            }
        }
        return points;
    }

    /** Nearest-rank percentile: the smallest value with at least p% of the values at or below it. */
    static double rank(int[] sorted, double p) {
        return sorted[rankIndex(sorted.length, p)];
    }

    /**
     * The 0-based index of the nearest rank of percentile {@code p} (0 < p <= 100, at most four
     * decimals) among {@code n} sorted values: ceil(p/100 * n) - 1, in integers. In floating point,
     * 99.9 / 100 * 1000 is 999.0000000000001, whose ceiling is one rank too high.
     */
    static int rankIndex(int n, double p) {
        long perMillion = Math.round(p * 10_000); // p = 99.99 -> 999,900 parts per million
        if (perMillion <= 0 || perMillion > 1_000_000 || Math.abs(p * 10_000 - perMillion) > 1e-6) {
            throw new IllegalArgumentException("percentile " + p + ": expected 0 < p <= 100 with at most four decimals");
        }
        long rank = (perMillion * n + 999_999) / 1_000_000; // ceil(perMillion * n / 10^6), exact in integers
        return (int) Math.max(0, Math.min(n - 1, rank - 1));
    }

    private static String string(ByteBuffer b) {
        int n = b.getInt();
        if (n == 0) {
            return "";
        }
        byte[] raw = new byte[n];
        b.get(raw);
        return new String(raw, b.get() == 0 ? StandardCharsets.ISO_8859_1 : StandardCharsets.UTF_16LE);
    }

    private static String cached(ByteBuffer b, Map<Integer, String> cache) {
        int index = b.getInt();
        if (index >= 0) {
            String s = string(b);
            cache.put(index, s);
            return s;
        }
        String s = cache.get(-index);
        if (s == null) {
            throw new IllegalStateException("simulation.log refers to string " + (-index) + " before defining it");
        }
        return s;
    }

    /**
     * Each round's successful responses per second of its measured window, by send time, from its simulation.log under
     * the run's raw folder ({@code ./bench precision}); refused, naming the fix, where the raw logs are gone.
     */
    public static List<double[]> roundsPerSecond(Path run, String target, int rounds, int seconds) throws IOException {
        List<double[]> out = new ArrayList<>();
        for (int r = 1; r <= rounds; r++) {
            Path raw = run.resolve("raw").resolve(target + "-round" + r);
            String which = target + " round " + r;
            Path log;
            try (Stream<Path> files = Files.exists(raw) ? Files.walk(raw, 2) : Stream.empty()) {
                log = files.filter(f -> f.getFileName().toString().equals("simulation.log")).findFirst()
                        .orElseThrow(() -> new IllegalArgumentException("no raw Gatling log of " + which
                        + " under " + raw
                                + ": a committed run keeps only its summaries; name a run made on this machine"));
            }
            List<Request> book = read(log).requests(GatlingRun.MEASURED);
            int first = book.stream().mapToInt(Request::start).min().orElseThrow();
            double[] perSecond = new double[seconds];
            for (Request q : book) {
                int second = (q.start() - first) / 1000;
                if (q.ok() && second < seconds) {
                    perSecond[second]++;
                }
            }
            out.add(perSecond);
        }
        return out;
    }
}
