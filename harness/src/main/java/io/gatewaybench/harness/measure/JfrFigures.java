package io.gatewaybench.harness.measure;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gatewaybench.harness.launch.Launch;
import io.gatewaybench.harness.model.JfrResult;
import io.gatewaybench.harness.model.Decimals;
import io.gatewaybench.harness.model.RoundRuntime;
import io.gatewaybench.harness.plan.Repo;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * What a JVM gateway's own Flight Recorder recording says about a measured window: its
 * stop-the-world GC pauses, the bytes it allocated, how many collections it ran and, when the run
 * profiles, its hottest CPU and allocation frames. The gateway records from JVM start and dumps the
 * recording when it exits ({@link #jvmOptions}); {@link #read} reads the dump with the {@code jfr}
 * tool of the JDK that wrote it, because one JDK's consumer API need not read another's recordings.
 *
 * @param pauses the stop-the-world GC pauses that started in the window
 * @param allocatedBytes bytes allocated by Java threads in the window; see {@link #read} for its error bound
 * @param gcCount collections that started in the window
 * @param cpuSamples execution samples in the window, 0 without profiling
 * @param topCpuFrames the (at most) ten methods most often on top of a sampled stack, with their share of {@code cpuSamples}
 * @param allocationSamples allocation samples in the window, 0 without profiling
 * @param topAllocationFrames the (at most) ten methods that allocated most, with their share of the sampled weight;
 *     a sample's weight is what its thread allocated since its previous sample, so each thread's
 *     first sample in the window, which reaches back before it, is left out unless the thread was
 *     born inside the window
 */
public record JfrFigures(Pauses pauses, long allocatedBytes, int gcCount, int cpuSamples, List<Frame> topCpuFrames,
                         int allocationSamples, List<Frame> topAllocationFrames) {

    /** The event whose periodic samples give each thread's cumulative allocation. */
    static final String ALLOCATION_EVENT = "jdk.ThreadAllocationStatistics";

    /** The events read; the recording holds what {@code infra/jvm/figures*.jfc} enable, nothing else. */
    static final List<String> EVENTS = List.of("jdk.GCPhasePause", "jdk.GarbageCollection", "jdk.ThreadAllocationStatistics",
            "jdk.ExecutionSample", "jdk.ObjectAllocationSample");
    /** The period of jdk.ThreadAllocationStatistics in {@code infra/jvm/figures.jfc}. */
    static final Duration ALLOCATION_PERIOD = Duration.ofSeconds(1);
    static final int TOP_FRAMES = 10;
    /** A recording of tens of MB prints in seconds; a tool still busy after this is stuck. */
    private static final Duration PRINT_TIMEOUT = Duration.ofMinutes(5);
    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * Stop-the-world GC pauses (jdk.GCPhasePause: one event per pause for G1, Parallel, Serial,
     * Shenandoah and ZGC alike), in milliseconds. Their durations are the collector's own: the time
     * threads took to reach the safepoint is not in them.
     *
     * @param byName how many pauses of each kind, as "collection: pause" ("G1New: GC Pause",
     *     "ZGC Major: Pause Mark Start (Major)"), most frequent first; the collection's name comes
     *     from the jdk.GarbageCollection event of the same gcId
     */
    public record Pauses(int count, double totalMs, double maxMs, double p99Ms, Map<String, Integer> byName) {
    }

    /** A method, as {@code package.Class.method}, and its share (0..1) of the samples or sampled weight. */
    public record Frame(String frame, double share) {
    }

    /** A JVM gateway's Flight Recorder recording, in its run folder. */
    public static final String RECORDING = "gateway.jfr";

    /**
     * The JVM's figures over the measured window, from its recording: GC pauses, collections,
     * allocation (also per request) and, with {@code --jfr}, its top frames. A recording that
     * cannot be read costs the figures, not the measurement: the reason is recorded instead.
     */
    public static RoundRuntime overWindow(Launch gateway, long windowStartMillis, long windowEndMillis, long requests) {
        try {
            Path jdk = Path.of(gateway.java()).toRealPath().getParent().getParent();
            JfrFigures jfr = read(gateway.dir().resolve(RECORDING), jdk, Instant.ofEpochMilli(windowStartMillis),
                    Instant.ofEpochMilli(windowEndMillis));
            return new RoundRuntime(null, null, null, null,
                    Optional.ofNullable(requests == 0 ? null : Decimals.round((double) jfr.allocatedBytes() / requests)), jfr.result());
        } catch (IOException | RuntimeException e) {
            return new RoundRuntime(null, null, null, null, null, new JfrResult.Unreadable(String.valueOf(e.getMessage())));
        }
    }

    /**
     * The JVM options that start the recording at JVM start and write it to {@code recordingFile}
     * when the JVM exits, also on SIGTERM (the dump runs in a shutdown hook; SIGKILL leaves no
     * file). {@code profile} adds CPU and allocation sampling ({@code infra/jvm/figures-profile.jfc}),
     * given as a second {@code settings=}: JDK 17 and 25 both merge the two files (a comma-separated
     * list in one {@code settings=} silently drops all but the first). On JDK 17 with Parallel or
     * Serial, CPU samples of a thread in a compiled counted loop are mostly lost (those collectors
     * leave UseCountedLoopSafepoints off, and JDK 17's sampler cannot walk such a loop's stack), so
     * hot counted loops are under-represented in its CPU frames; JDK 25 samples them. Both paths go
     * into one option whose parts are separated by commas, and a gateway's JVM flags are split at
     * white space, so neither may hold a comma or white space.
     */
    public static List<String> jvmOptions(Path recordingFile, boolean profile) {
        if (!recordingFile.getFileName().toString().endsWith(".jfr")) {
            throw new IllegalArgumentException("a recording's name must end in .jfr, the only files the jfr tool reads: " + recordingFile);
        }
        Path settings = Repo.root().resolve("infra/jvm");
        StringBuilder option = new StringBuilder("-XX:StartFlightRecording=filename=").append(plain(recordingFile.toAbsolutePath()))
                .append(",dumponexit=true,settings=").append(plain(settings.resolve("figures.jfc")));
        if (profile) {
            option.append(",settings=").append(plain(settings.resolve("figures-profile.jfc")));
        }
        return List.of(option.toString());
    }

    private static String plain(Path p) {
        String s = p.toString();
        if (s.matches(".*[,\\s].*")) {
            throw new IllegalArgumentException("a JFR option cannot carry a path with a comma or white space: '" + s + "'");
        }
        return s;
    }

    /**
     * The figures of the window [{@code from}, {@code to}] (instants of this machine's clock, as the
     * load injector reports them) in {@code recording}, read with {@code jdkHome/bin/jfr}: give the
     * JDK that ran the recorded JVM. An event is in the window when it started in it. The output is
     * read as a stream, one event at a time, so the recording's size does not bound memory.
     *
     * <p>Allocated bytes: for every Java thread, its cumulative allocation at its last sample at or
     * before {@code to} less that at its last sample at or before {@code from} (0 for a thread first
     * sampled after {@code from}), summed. Samples come every second, so the figure is the allocation
     * between two sampling instants, each up to one period (plus the sampler's lateness) before the
     * window's edge: the error is at most what the JVM allocates in one second at each edge, about
     * 1 s / window length of the figure at a steady rate (under 2% for a 60 s window). Besides, a
     * thread that ends inside the window loses what it allocated since its last sample, and one born
     * in the second before {@code from} is counted from 0.
     *
     * @throws IllegalStateException naming the file and the likely cause, when the tool is missing,
     *     the recording is missing, empty, truncated or does not cover the window
     */
    public static JfrFigures read(Path recording, Path jdkHome, Instant from, Instant to) {
        if (!from.isBefore(to)) {
            throw new IllegalArgumentException("empty window: from " + from + " is not before to " + to);
        }
        return print(tool(recording, jdkHome), recording, EVENTS, json -> tally(json, from, to)).figures(recording);
    }

    /**
     * The bytes the JVM allocated in each of {@code windows} ({from, to} in epoch ns, the clock Vegeta's records use),
     * from {@code recording} read with {@code jdkHome/bin/jfr}; -1 for a window the recording does not cover. The
     * JVM's total, the sum over its threads of each one's cumulative count at its latest sample, is known at each of
     * jdk.ThreadAllocationStatistics' periodic samplings ({@link #ALLOCATION_PERIOD}), all threads at once, and taken
     * as growing evenly between two: at a steady rate the window's edges are then exact to what the rate varies within
     * one period, where {@link #read} is off by up to a period's allocation at each edge. A thread that ends takes
     * nothing away (its last count stays in the total). JfrFiguresTest plants the samples.
     *
     * @throws IllegalStateException as {@link #read} does
     */
    public static long[] allocatedIn(Path recording, Path jdkHome, List<long[]> windows) {
        AllocationSeries series = print(tool(recording, jdkHome), recording, List.of(ALLOCATION_EVENT),
                AllocationSeries::parse);
        return windows.stream().mapToLong(w -> series.between(w[0], w[1])).toArray();
    }

    /** The checked jfr tool of {@code jdkHome} for a readable {@code recording}. */
    private static Path tool(Path recording, Path jdkHome) {
        if (!recording.getFileName().toString().endsWith(".jfr")) {
            throw new IllegalArgumentException("the jfr tool reads only files named *.jfr: " + recording);
        }
        Path tool = jdkHome.resolve("bin").resolve("jfr");
        if (!Files.isExecutable(tool)) {
            throw new IllegalStateException("no jfr tool at " + tool + ": give the home of the full JDK (not a JRE) that ran the recorded JVM");
        }
        if (!Files.isRegularFile(recording)) {
            throw new IllegalStateException("no JFR recording at " + recording + ": the JVM did not dump it at exit"
                    + " (killed with SIGKILL, crashed, or started without JfrFigures.jvmOptions)");
        }
        try {
            if (Files.size(recording) == 0) {
                throw new IllegalStateException("JFR recording " + recording + " is empty: the JVM was killed while dumping it at exit");
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + recording + ": " + e.getMessage(), e);
        }
        return tool;
    }

    /** Reads what {@code jfr print --json} gives, as it streams. */
    private interface JsonReader<T> {
        T read(InputStream json) throws IOException;
    }

    private static <T> T print(Path tool, Path recording, List<String> events, JsonReader<T> reader) {
        List<String> argv = List.of(tool.toString(), "print", "--json", "--stack-depth", "1", "--events",
                String.join(",", events), recording.toString());
        Path errors = null;
        Process p = null;
        try {
            errors = Files.createTempFile("jfr-print", ".err");
            p = new ProcessBuilder(argv).redirectError(errors.toFile()).start();
            p.getOutputStream().close();
            Process started = p;
            AtomicBoolean timedOut = new AtomicBoolean();
            CompletableFuture.delayedExecutor(PRINT_TIMEOUT.toSeconds(), TimeUnit.SECONDS).execute(() -> {
                if (started.isAlive()) {
                    timedOut.set(true);
                    started.destroyForcibly(); // ends the stream the parser below waits on
                }
            });
            T read = null;
            String unreadable = null;
            try (InputStream json = p.getInputStream()) {
                read = reader.read(json);
            } catch (IOException e) {
                unreadable = String.valueOf(e.getMessage()).lines().findFirst().orElse("");
                p.destroyForcibly();
            }
            p.waitFor();
            String cause = Files.readString(errors).lines().filter(l -> !l.isBlank()).findFirst().orElse("");
            if (timedOut.get()) {
                throw new IllegalStateException("jfr print did not finish reading " + recording + " within " + PRINT_TIMEOUT.toMinutes() + " min");
            }
            if (p.exitValue() != 0 || unreadable != null) {
                throw new IllegalStateException("cannot read JFR recording " + recording + " with " + tool + " ("
                        + (cause.isEmpty() ? "unreadable output: " + unreadable : cause)
                        + "): a truncated file, most likely the JVM was killed while dumping it at exit");
            }
            return read;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run " + tool + " on " + recording + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while reading " + recording, e);
        } finally {
            if (p != null && p.isAlive()) {
                p.destroyForcibly();
            }
            if (errors != null) {
                errors.toFile().delete();
            }
        }
    }

    /**
     * The figures of the window in the output of {@code jfr print --json} ({"recording": {"events":
     * [...]}}), one event at a time; {@code recording} names the file in errors.
     */
    static JfrFigures parse(InputStream json, Instant from, Instant to, Path recording) throws IOException {
        return tally(json, from, to).figures(recording);
    }

    private static Tally tally(InputStream json, Instant from, Instant to) throws IOException {
        Tally tally = new Tally(from, to);
        try (JsonParser parser = JSON.createParser(json)) {
            for (JsonToken t = parser.nextToken(); t != null; t = parser.nextToken()) {
                if (t == JsonToken.FIELD_NAME && "events".equals(parser.currentName()) && parser.nextToken() == JsonToken.START_ARRAY) {
                    while (parser.nextToken() == JsonToken.START_OBJECT) {
                        tally.add(parser.readValueAsTree());
                    }
                }
            }
        } catch (DateTimeParseException e) {
            throw new IOException("unexpected time in jfr's output: " + e.getMessage(), e);
        }
        return tally;
    }

    /**
     * A JVM's allocation so far at each sampling: {@code atNanos[i]} (epoch ns, the sampling's last event) and {@code
     * total[i]} (bytes, every thread's latest count summed).
     */
    record AllocationSeries(long[] atNanos, long[] total) {
        /** Events of one sampling lie within this of its first; samplings are a period apart. */
        static final long SAMPLING_NANOS = 100_000_000L;

        /** The series in the output of {@code jfr print --json --events jdk.ThreadAllocationStatistics}. */
        static AllocationSeries parse(InputStream json) throws IOException {
            List<long[]> events = new ArrayList<>(); // epoch ns, thread, bytes
            try (JsonParser parser = JSON.createParser(json)) {
                for (JsonToken t = parser.nextToken(); t != null; t = parser.nextToken()) {
                    if (t == JsonToken.FIELD_NAME && "events".equals(parser.currentName())
                            && parser.nextToken() == JsonToken.START_ARRAY) {
                        while (parser.nextToken() == JsonToken.START_OBJECT) {
                            JsonNode e = parser.readValueAsTree();
                            if (ALLOCATION_EVENT.equals(e.path("type").asText())) {
                                JsonNode v = e.path("values");
                                Instant at = Instant.parse(v.path("startTime").asText());
                                events.add(new long[] {at.getEpochSecond() * 1_000_000_000L + at.getNano(),
                                        Tally.threadKey(v.path("thread")), v.path("allocated").asLong()});
                            }
                        }
                    }
                }
            } catch (DateTimeParseException e) {
                throw new IOException("unexpected time in jfr's output: " + e.getMessage(), e);
            }
            return of(events);
        }

        /** The series of events {epoch ns, thread, cumulative bytes}, in any order. */
        static AllocationSeries of(List<long[]> events) {
            events.sort(Comparator.comparingLong(e -> e[0]));
            Map<Long, Long> latest = new HashMap<>();
            List<long[]> points = new ArrayList<>(); // {epoch ns of a sampling's last event, total after it}
            long total = 0;
            long samplingFrom = 0;
            long samplingLast = 0;
            boolean open = false;
            for (long[] e : events) {
                if (open && e[0] - samplingFrom > SAMPLING_NANOS) {
                    points.add(new long[] {samplingLast, total});
                    open = false;
                }
                if (!open) {
                    samplingFrom = e[0];
                    open = true;
                }
                samplingLast = e[0];
                long before = latest.getOrDefault(e[1], 0L);
                if (e[2] > before) { // a count only grows; a thread sampled twice keeps its higher
                    total += e[2] - before;
                    latest.put(e[1], e[2]);
                }
            }
            if (open) {
                points.add(new long[] {samplingLast, total});
            }
            return new AllocationSeries(points.stream().mapToLong(x -> x[0]).toArray(),
                    points.stream().mapToLong(x -> x[1]).toArray());
        }

        /**
         * What was allocated between two epoch instants, each interpolated between the samplings around it; -1 where
         * one lies outside them.
         */
        long between(long fromNanos, long toNanos) {
            double a = at(fromNanos);
            double b = at(toNanos);
            return Double.isNaN(a) || Double.isNaN(b) ? -1 : Math.round(b - a);
        }

        private double at(long nanos) {
            for (int i = 1; i < atNanos.length; i++) {
                if (nanos >= atNanos[i - 1] && nanos <= atNanos[i]) {
                    return total[i - 1] + (double) (total[i] - total[i - 1]) * (nanos - atNanos[i - 1])
                            / Math.max(1, atNanos[i] - atNanos[i - 1]);
                }
            }
            return Double.NaN;
        }
    }

    /** The figures as summary.json holds them: snake_case keys, milliseconds to the microsecond. */
    public JfrResult.Figures result() {
        Map<String, Long> byName = new LinkedHashMap<>();
        pauses.byName().forEach((name, count) -> byName.put(name, count.longValue()));
        return new JfrResult.Figures(new JfrResult.GcPauses(pauses.count(), round(pauses.totalMs(), 3), round(pauses.maxMs(), 3),
                round(pauses.p99Ms(), 3), byName), allocatedBytes, gcCount, cpuSamples, frames(topCpuFrames), allocationSamples,
                frames(topAllocationFrames));
    }

    private static List<JfrResult.Frame> frames(List<Frame> frames) {
        return frames.stream().map(f -> new JfrResult.Frame(f.frame(), round(f.share(), 4))).toList();
    }

    private static double round(double v, int decimals) {
        double scale = Math.pow(10, decimals);
        return Math.round(v * scale) / scale;
    }

    /** What the events of one recording add up to, event by event. */
    private static final class Tally {
        private final Instant from;
        private final Instant to;
        private final List<long[]> pauses = new ArrayList<>(); // {gcId, duration in ns} of each pause in the window
        private final List<String> pauseNames = new ArrayList<>();
        private final Map<Long, String> collections = new HashMap<>(); // gcId -> the collection's name, whole recording
        private int gcCount;
        /** Per thread: the highest cumulative allocation sampled at or before from (-1: none) and at or before to. */
        private final Map<Long, long[]> allocated = new HashMap<>();
        private Instant firstSample;
        private Instant lastSample;
        private final Map<String, Long> cpu = new HashMap<>();
        private int cpuSamples;
        private final Map<String, Long> allocation = new HashMap<>();
        private int allocationSamples;
        /**
         * Each thread's earliest allocation sample in the window, held back: a sample's weight is
         * what its thread allocated since its previous sample, so the first one in the window
         * reaches back before it (at a JVM's first request, to everything it allocated while starting).
         */
        private final Map<Long, HeldSample> firstInWindow = new HashMap<>();

        private record HeldSample(Instant at, String frame, long weight) {
        }

        Tally(Instant from, Instant to) {
            this.from = from;
            this.to = to;
        }

        void add(JsonNode event) {
            JsonNode v = event.path("values");
            Instant start = Instant.parse(v.path("startTime").asText());
            boolean inWindow = !start.isBefore(from) && !start.isAfter(to);
            switch (event.path("type").asText()) {
                case "jdk.GarbageCollection" -> {
                    collections.put(v.path("gcId").asLong(), v.path("name").asText());
                    gcCount += inWindow ? 1 : 0;
                }
                case "jdk.GCPhasePause" -> {
                    if (inWindow) {
                        pauses.add(new long[] {v.path("gcId").asLong(), Duration.parse(v.path("duration").asText()).toNanos()});
                        pauseNames.add(v.path("name").asText());
                    }
                }
                case "jdk.ThreadAllocationStatistics" -> allocationStatistics(start, v);
                case "jdk.ExecutionSample" -> {
                    if (inWindow) {
                        cpu.merge(topFrame(v), 1L, Long::sum);
                        cpuSamples++;
                    }
                }
                case "jdk.ObjectAllocationSample" -> {
                    if (inWindow) {
                        allocationSample(threadKey(v.path("eventThread")), new HeldSample(start, topFrame(v), v.path("weight").asLong()));
                    }
                }
                default -> {
                }
            }
        }

        /** Counts the sample, or holds it back while it is its thread's earliest in the window so far. */
        private void allocationSample(long thread, HeldSample sample) {
            HeldSample held = firstInWindow.get(thread);
            if (held == null || sample.at().isBefore(held.at())) {
                firstInWindow.put(thread, sample);
                sample = held;
            }
            if (sample != null) {
                allocation.merge(sample.frame(), sample.weight(), Long::sum);
                allocationSamples++;
            }
        }

        /** Cumulative counts only grow, so the last sample at or before an instant is the highest. */
        private void allocationStatistics(Instant at, JsonNode v) {
            firstSample = firstSample == null || at.isBefore(firstSample) ? at : firstSample;
            lastSample = lastSample == null || at.isAfter(lastSample) ? at : lastSample;
            if (at.isAfter(to)) {
                return;
            }
            long bytes = v.path("allocated").asLong();
            long[] a = allocated.computeIfAbsent(threadKey(v.path("thread")), k -> new long[] {-1, 0});
            if (!at.isAfter(from)) {
                a[0] = Math.max(a[0], bytes);
            }
            a[1] = Math.max(a[1], bytes);
        }

        static long threadKey(JsonNode thread) {
            long id = thread.path("javaThreadId").asLong();
            return id != 0 ? id : -thread.path("osThreadId").asLong();
        }

        JfrFigures figures(Path recording) {
            if (firstSample == null) {
                throw new IllegalStateException("JFR recording " + recording + " holds no jdk.ThreadAllocationStatistics events:"
                        + " it was not recorded with JfrFigures.jvmOptions (infra/jvm/figures.jfc)");
            }
            if (firstSample.isAfter(from)) {
                throw new IllegalStateException("JFR recording " + recording + " starts at " + firstSample + ", after the window's start "
                        + from + ": the JVM started inside the window, or the recording's oldest data was dropped (maxsize)");
            }
            if (lastSample.isBefore(to.minus(ALLOCATION_PERIOD.multipliedBy(2)))) {
                throw new IllegalStateException("JFR recording " + recording + " ends at " + lastSample + ", before the window's end "
                        + to + ": the JVM stopped before the window ended");
            }
            long bytes = allocated.values().stream().mapToLong(a -> a[1] - Math.max(a[0], 0)).sum();
            Map<String, Long> weights = new HashMap<>(allocation);
            int samples = allocationSamples;
            for (Map.Entry<Long, HeldSample> e : firstInWindow.entrySet()) {
                long[] a = allocated.get(e.getKey());
                if (a == null || a[0] < 0) { // born inside the window: its first sample's weight is all inside it
                    weights.merge(e.getValue().frame(), e.getValue().weight(), Long::sum);
                    samples++;
                }
            }
            return new JfrFigures(pauses(), bytes, gcCount, cpuSamples, top(cpu), samples, top(weights));
        }

        private Pauses pauses() {
            long[] nanos = pauses.stream().mapToLong(p -> p[1]).sorted().toArray();
            Map<String, Integer> counts = new HashMap<>();
            for (int i = 0; i < pauses.size(); i++) {
                String collection = collections.getOrDefault(pauses.get(i)[0], "?");
                counts.merge(collection + ": " + pauseNames.get(i), 1, Integer::sum);
            }
            Map<String, Integer> byName = new LinkedHashMap<>();
            counts.entrySet().stream()
                    .sorted(Map.Entry.<String, Integer>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                    .forEach(e -> byName.put(e.getKey(), e.getValue()));
            if (nanos.length == 0) {
                return new Pauses(0, 0, 0, 0, byName);
            }
            return new Pauses(nanos.length, Arrays.stream(nanos).sum() / 1e6, nanos[nanos.length - 1] / 1e6,
                    nanos[SimulationLog.rankIndex(nanos.length, 99)] / 1e6, byName);
        }

        /** The ten heaviest frames with their share of the total, heaviest first. */
        private static List<Frame> top(Map<String, Long> weights) {
            double total = weights.values().stream().mapToLong(Long::longValue).sum();
            return weights.entrySet().stream()
                    .sorted(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder()).thenComparing(Map.Entry.comparingByKey()))
                    .limit(TOP_FRAMES)
                    .map(e -> new Frame(e.getKey(), total > 0 ? e.getValue() / total : 0))
                    .toList();
        }

        /** The sampled stack's top method as package.Class.method; a hidden class loses its address suffix. */
        private static String topFrame(JsonNode v) {
            JsonNode frames = v.path("stackTrace").path("frames");
            if (!frames.isArray() || frames.isEmpty()) {
                return "(no stack trace)";
            }
            JsonNode method = frames.get(0).path("method");
            String type = method.path("type").path("name").asText("?").replaceFirst("/0x[0-9a-f]+$", "").replace('/', '.');
            return type + "." + method.path("name").asText("?");
        }
    }
}
