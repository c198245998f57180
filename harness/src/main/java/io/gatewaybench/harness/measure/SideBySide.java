package io.gatewaybench.harness.measure;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.gatewaybench.harness.launch.CpuGroups;
import io.gatewaybench.harness.launch.GcThreads;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.HdrHistogram.Histogram;

/**
 * One fixed rate offered to every target at once (duet benchmarking, Bulej et al. 2020): one Vegeta attack whose
 * schedule takes the targets in turn, each cycle in an order of its own ({@link #shuffledTargets}), so each gets the
 * same rate, on the same schedule, meeting the same machine at the same instants; a disturbance of the machine falls on
 * all of them. The attack's measured span is cut into slices of equal length by each request's intended send instant;
 * in each slice every target's answers are counted and checked ({@link VegetaLevel.Expect}), their latency taken from
 * the intended send (Vegeta's own lateness included, and reported apart) and from the actual send, every role's CPU
 * time read from its cgroup ({@link CpuGroups}) and a JVM gateway's collection's CPU time from its threads ({@link
 * GcThreads}), each sampled every {@value #SAMPLE_MILLIS} ms and interpolated at the slice's ends. SideBySideTest
 * reads records written as Vegeta writes them, with answers, lateness and CPU readings planted, and the schedule's
 * cycles.
 */
public final class SideBySide {
    /** How often every group's CPU time is read during an attack, ms. */
    static final long SAMPLE_MILLIS = 100;
    private static final ObjectMapper JSON = new ObjectMapper();

    private SideBySide() {
    }

    /**
     * What one target served in one slice, and what its own processes cost meanwhile.
     *
     * @param fromEpochNanos where the slice began, by the intended send instants, epoch ns
     * @param sent requests sent to it with their intended send in the slice
     * @param good those answered with the page
     * @param failures the others, by reason
     * @param cpuNanos its group's CPU time over the slice, ns; -1 where it has no group (direct, or a gateway not on
     *     this kernel)
     * @param gcNanos its garbage collection's CPU time over the slice ({@link GcThreads}), ns; -1 where it is no JVM
     *     read here
     * @param fromIntended each good answer's latency from its intended send, us
     * @param fromSend the same from Vegeta's actual send, us
     * @param sendLag how late Vegeta sent each request, us
     */
    public record Slice(long fromEpochNanos, long sent, long good, Map<String, Long> failures, long cpuNanos,
            long gcNanos, Histogram fromIntended, Histogram fromSend, Histogram sendLag) {
        /** CPU time per good answer, us; NaN without a group or an answer. */
        public double cpuUsPerRequest() {
            return cpuNanos < 0 || good == 0 ? Double.NaN : cpuNanos / 1000.0 / good;
        }
    }

    /**
     * One attack: every target's slices, in the order of {@code names}, and the roles' CPU over each slice.
     *
     * @param rateRps the rate each target was offered, req/s
     * @param sliceSeconds a slice's length, s
     * @param names the targets, in order
     * @param slices per target, its slices in time order
     * @param roleCpuNanos per role that is no target (origin, injector), its CPU time over each slice, ns
     * @param maxInFlight per target, the most requests outstanding at once over the attack
     * @param measuredFromEpochNanos where the first slice began, epoch ns
     */
    public record Result(int rateRps, int sliceSeconds, List<String> names, List<List<Slice>> slices,
            Map<String, long[]> roleCpuNanos, long[] maxInFlight, long measuredFromEpochNanos) {
        /** One target's slices. */
        public List<Slice> of(String name) {
            return slices.get(names.indexOf(name));
        }

        /** This measurement without its first {@code k} slices, every target's and role's. */
        public Result from(int k) {
            List<List<Slice>> kept = slices.stream().map(s -> List.copyOf(s.subList(k, s.size()))).toList();
            Map<String, long[]> roles = new LinkedHashMap<>();
            roleCpuNanos.forEach((role, ns) -> roles.put(role, java.util.Arrays.copyOfRange(ns, k, ns.length)));
            return new Result(rateRps, sliceSeconds, names, kept, roles, maxInFlight,
                    k < slices.get(0).size() ? slices.get(0).get(k).fromEpochNanos() : measuredFromEpochNanos);
        }

        /**
         * This measurement followed by {@code more} of the same targets at the same rate, slices one after the other.
         */
        public Result then(Result more) {
            List<List<Slice>> all = new ArrayList<>();
            long[] most = new long[names.size()];
            for (int t = 0; t < names.size(); t++) {
                List<Slice> both = new ArrayList<>(slices.get(t));
                both.addAll(more.of(names.get(t)));
                all.add(List.copyOf(both));
                most[t] = Math.max(maxInFlight[t], more.maxInFlight()[more.names().indexOf(names.get(t))]);
            }
            Map<String, long[]> roles = new LinkedHashMap<>();
            roleCpuNanos.forEach((role, ns) -> roles.put(role, java.util.stream.LongStream.concat(
                    java.util.Arrays.stream(ns), java.util.Arrays.stream(more.roleCpuNanos().get(role))).toArray()));
            return new Result(rateRps, sliceSeconds, names, List.copyOf(all), roles, most, measuredFromEpochNanos);
        }
    }

    /**
     * Offers {@code ratePerTarget} to each of {@code bases} (named {@code names}) at once for {@code warmupSeconds},
     * left out, then {@code slices} slices of {@code sliceSeconds}; each target's CPU time read by {@code cpuOf} (null:
     * not read) and its collection's threads' by {@code gc} (null: none), the groups of {@code cpu} named in
     * {@code roles} read beside them. Vegeta's records and console go to {@code raw} under
     * {@code stem}; the records are read once and removed (every answer's body is in them); the CPU readings are kept
     * ({@code stem}-cpu.tsv).
     */
    public static Result run(List<String> names, List<URI> bases, List<LongSupplier> cpuOf, List<GcThreads> gc,
            List<String> roles, GatlingRun.Request request, int ratePerTarget, int warmupSeconds, int slices,
            int sliceSeconds, int connections, CpuGroups cpu, Path raw, String stem) throws IOException {
        Path targets = Files.writeString(raw.resolve(stem + "-targets.txt"),
                shuffledTargets(bases, VegetaLadder.paths(request),
                VegetaLadder.headers(request), new java.util.Random(stem.hashCode())));
        int rate = ratePerTarget * bases.size();
        Path binary = raw.resolve(stem + ".bin");
        List<String> attack = VegetaLevel.attackCommand(targets, rate, warmupSeconds, slices * sliceSeconds,
                connections, VegetaLadder.TIMEOUT_SECONDS, binary);
        Map<String, LongSupplier> sampled = new LinkedHashMap<>();
        if (cpu != null) {
            roles.forEach(r -> sampled.put(r, () -> cpu.cpuNanos(r)));
        }
        // the sampler's name of each target's own CPU time (null: not read)
        List<String> groups = new ArrayList<>();
        for (int t = 0; t < names.size(); t++) {
            groups.add(cpuOf.get(t) == null ? null : OWN + names.get(t));
            if (cpuOf.get(t) != null) {
                sampled.put(OWN + names.get(t), cpuOf.get(t));
            }
            GcThreads threads = gc.get(t);
            if (threads != null) {
                sampled.put(GC + names.get(t), threads::cpuNanos);
            }
        }
        CpuSampler sampler = sampled.isEmpty() ? null : new CpuSampler(sampled);
        Path log = raw.resolve(stem + ".log");
        try {
            Process p = new ProcessBuilder(cpu == null ? attack : cpu.wrap("injector", attack))
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile()).start();
            p.getOutputStream().close();
            Processes.await(p, warmupSeconds + (long) slices * sliceSeconds + VegetaLadder.TIMEOUT_SECONDS + 60L,
                    "vegeta attack (see " + log + ")");
            if (p.exitValue() != 0) {
                throw new IOException("vegeta attack exited with " + p.exitValue() + ": "
                        + Files.readString(log).strip());
            }
            if (sampler != null) {
                // readings past the schedule's end, which the last slice's end interpolates between
                Thread.sleep(3 * SAMPLE_MILLIS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        } finally {
            if (sampler != null) {
                sampler.close();
                try { // kept to be looked at: their loss loses no figure
                    sampler.write(raw.resolve(stem + "-cpu.tsv"));
                } catch (IOException e) {
                    System.err.println("bench: the CPU readings of " + stem + " were not kept: " + e.getMessage());
                }
            }
        }
        try {
            return read(binary, names, bases, groups, roles, ratePerTarget,
                    warmupSeconds, slices, sliceSeconds, VegetaLevel.Expect.of(request), sampler);
        } finally {
            Files.deleteIfExists(binary);
        }
    }

    /** The sampler's name of a target's collection's CPU, before the target's name. */
    static final String GC = "gc:";
    /** The sampler's name of a target's own CPU, before the target's name. */
    static final String OWN = "cpu:";

    /** Cycles of {@link #shuffledTargets}: Vegeta goes over them in turn, and then again. */
    static final int CYCLES = 1000;

    /**
     * Vegeta's targets ("http" format) for {@link #CYCLES} cycles, each of which takes every base once in an order of
     * its own, drawn by {@code random}: every target gets the same rate, and none always follows the same one (a target
     * sent right after direct's request, in a fixed order, cost 1.6-9.5% more CPU per request than its twin a place
     * later: docs/figures.md). A base's paths are taken in turn from one cycle to the next.
     */
    static String shuffledTargets(List<URI> bases, List<String> paths, List<String> headers, java.util.Random random) {
        StringBuilder t = new StringBuilder();
        List<Integer> order = new ArrayList<>(java.util.stream.IntStream.range(0, bases.size()).boxed().toList());
        for (int cycle = 0; cycle < CYCLES; cycle++) {
            java.util.Collections.shuffle(order, random);
            for (int b : order) {
                t.append("GET ").append(bases.get(b).toString().replaceFirst("/$", ""))
                        .append(paths.get(cycle % paths.size())).append('\n');
                headers.forEach(h -> t.append(h).append('\n'));
                t.append('\n');
            }
        }
        return t.toString();
    }

    /** Reads an attack's binary records through {@code vegeta encode}, a line at a time. */
    private static Result read(Path binary, List<String> names, List<URI> bases, List<String> groups,
            List<String> roles, int ratePerTarget, int warmupSeconds, int slices, int sliceSeconds,
            VegetaLevel.Expect expect, CpuSampler sampler) throws IOException {
        Process p = new ProcessBuilder("vegeta", "encode", "--to", "json", binary.toString())
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        p.getOutputStream().close();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(),
                StandardCharsets.UTF_8))) {
            return read(in, names, bases, groups, roles, ratePerTarget, warmupSeconds, slices, sliceSeconds, expect,
                    sampler);
        } finally {
            Processes.await(p, TimeUnit.MINUTES.toSeconds(10), "vegeta encode " + binary);
        }
    }

    /**
     * The attack's records (Vegeta's JSON, one per line) cut into slices. The schedule's origin is, as for a level
     * ({@link VegetaLevel}), the earliest instant any request could have been due; a slice holds the requests due in
     * it. {@code sampler} null: no CPU read.
     */
    static Result read(BufferedReader in, List<String> names, List<URI> bases, List<String> groups, List<String> roles,
            int ratePerTarget, int warmupSeconds, int slices, int sliceSeconds, VegetaLevel.Expect expect,
            CpuSampler sampler) throws IOException {
        int n = bases.size();
        double interval = 1e9 / (ratePerTarget * (double) n);
        List<String> prefixes = bases.stream().map(b -> b.toString().replaceFirst("/$", "") + "/").toList();
        List<long[]> records = new ArrayList<>(); // target, seq, sent (epoch ns), latency ns, good (1/0)
        List<List<long[]>> spans = new ArrayList<>();
        List<Map<Long, String>> failed = new ArrayList<>();
        for (int t = 0; t < n; t++) {
            spans.add(new ArrayList<>());
            failed.add(new java.util.HashMap<>());
        }
        double origin = Double.POSITIVE_INFINITY;
        String line;
        int number = 0;
        while ((line = in.readLine()) != null) {
            number++;
            if (line.isBlank()) {
                continue;
            }
            VegetaLevel.Record r;
            try {
                r = JSON.readValue(line, VegetaLevel.Record.class);
            } catch (IOException e) {
                throw new IOException("Vegeta's record on line " + number + " is not JSON Vegeta writes: "
                        + e.getMessage(), e);
            }
            int t = target(prefixes, r.url());
            if (t < 0) {
                throw new IOException("Vegeta's record on line " + number + " is for " + r.url()
                        + ", none of the targets " + bases);
            }
            long at = VegetaLevel.epochNanos(r.timestamp());
            origin = Math.min(origin, at - r.seq() * interval);
            spans.get(t).add(new long[] {at, at + r.latency()});
            String failure = expect.failure(r);
            if (failure != null) {
                failed.get(t).put(r.seq(), failure);
            }
            records.add(new long[] {t, r.seq(), at, r.latency(), failure == null ? 1 : 0});
        }
        long measuredFrom = Math.round(origin + warmupSeconds * 1e9);
        Bucket[][] buckets = new Bucket[n][slices];
        for (int t = 0; t < n; t++) {
            for (int s = 0; s < slices; s++) {
                buckets[t][s] = new Bucket();
            }
        }
        for (long[] r : records) {
            int t = (int) r[0];
            double due = origin + r[1] * interval;
            int s = (int) Math.floor((due - measuredFrom) / (sliceSeconds * 1e9));
            if (s < 0 || s >= slices) {
                continue; // the warm-up, or the one request Vegeta's pacer may send past its schedule's end
            }
            Bucket b = buckets[t][s];
            long lag = Math.max(0, Math.round(r[2] - due));
            b.sent++;
            b.sendLag.recordValue(micros(lag));
            if (r[4] == 1) {
                b.good++;
                b.fromIntended.recordValue(micros(lag + r[3]));
                b.fromSend.recordValue(micros(r[3]));
            } else {
                b.failures.merge(failed.get(t).get(r[1]), 1L, Long::sum);
            }
        }
        List<List<Slice>> all = new ArrayList<>();
        long[] maxInFlight = new long[n];
        for (int t = 0; t < n; t++) {
            List<Slice> mine = new ArrayList<>();
            for (int s = 0; s < slices; s++) {
                Bucket b = buckets[t][s];
                long from = measuredFrom + s * sliceSeconds * 1_000_000_000L;
                long to = from + sliceSeconds * 1_000_000_000L;
                long cpu = sampler == null || groups.get(t) == null ? -1 : sampler.between(groups.get(t), from, to);
                long gc = sampler == null || !sampler.reads(GC + names.get(t)) ? -1
                        : sampler.between(GC + names.get(t), from, to);
                mine.add(new Slice(from, b.sent, b.good, Map.copyOf(b.failures), cpu, gc, b.fromIntended, b.fromSend,
                        b.sendLag));
            }
            all.add(List.copyOf(mine));
            maxInFlight[t] = VegetaLevel.maxInFlight(spans.get(t));
        }
        Map<String, long[]> roleCpu = new java.util.LinkedHashMap<>();
        for (String role : roles) {
            long[] each = new long[slices];
            for (int s = 0; s < slices; s++) {
                long from = measuredFrom + s * sliceSeconds * 1_000_000_000L;
                each[s] = sampler == null || !sampler.reads(role) ? -1
                        : sampler.between(role, from, from + sliceSeconds * 1_000_000_000L);
            }
            roleCpu.put(role, each);
        }
        return new Result(ratePerTarget, sliceSeconds, List.copyOf(names), List.copyOf(all), roleCpu, maxInFlight,
                measuredFrom);
    }

    private static int target(List<String> prefixes, String url) {
        for (int i = 0; i < prefixes.size(); i++) {
            if (url != null && url.startsWith(prefixes.get(i))) {
                return i;
            }
        }
        return -1;
    }

    private static long micros(long nanos) {
        return Math.min(VegetaLevel.HIGHEST_MICROS, TimeUnit.NANOSECONDS.toMicros(nanos));
    }

    /** What one target's requests of one slice came to, as they are read. */
    private static final class Bucket {
        long sent;
        long good;
        final Map<String, Long> failures = new TreeMap<>();
        final Histogram fromIntended = new Histogram(VegetaLevel.HIGHEST_MICROS, 3);
        final Histogram fromSend = new Histogram(VegetaLevel.HIGHEST_MICROS, 3);
        final Histogram sendLag = new Histogram(VegetaLevel.HIGHEST_MICROS, 3);
    }

    /**
     * Every named CPU time (a group's, a JVM's collection's) read every {@link #SAMPLE_MILLIS} ms on a thread of its
     * own, each reading with its epoch instant (the clock Vegeta's records use), so that the time over any span can be
     * interpolated afterwards. A reading of -1 (its process gone) makes every span that needs it unknown.
     */
    static final class CpuSampler implements AutoCloseable {
        private final Map<String, List<long[]>> samples = new java.util.concurrent.ConcurrentHashMap<>();
        private final Thread thread;
        private volatile boolean running = true;

        CpuSampler(Map<String, LongSupplier> readers) {
            readers.keySet().forEach(r -> samples.put(r, new java.util.concurrent.CopyOnWriteArrayList<>()));
            long offset = TimeUnit.MILLISECONDS.toNanos(System.currentTimeMillis()) - System.nanoTime();
            thread = new Thread(() -> {
                while (running) {
                    for (Map.Entry<String, java.util.function.LongSupplier> r : readers.entrySet()) {
                        long cpuNanos = r.getValue().getAsLong();
                        samples.get(r.getKey()).add(new long[] {offset + System.nanoTime(), cpuNanos});
                    }
                    try {
                        Thread.sleep(SAMPLE_MILLIS);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }, "cpu-groups-sampler");
            thread.setDaemon(true);
            thread.start();
        }

        private CpuSampler() {
            thread = null;
            running = false;
        }

        /** A sampler over readings already made ({epoch ns, cpu ns} per name), for tests. */
        static CpuSampler over(Map<String, List<long[]>> readings) {
            CpuSampler s = new CpuSampler();
            s.samples.putAll(readings);
            return s;
        }

        /**
         * Writes every reading made, one a line: its name, its epoch instant and the CPU time read, ns, tab-separated,
         * each name's in the order read; what a slice's CPU time was interpolated from, kept to be looked at.
         */
        void write(Path file) throws IOException {
            StringBuilder tsv = new StringBuilder("# name\tepoch_ns\tcpu_ns\n");
            new TreeMap<>(samples).forEach((name, readings) -> readings.forEach(r -> tsv.append(name).append('\t')
                    .append(r[0]).append('\t').append(r[1]).append('\n')));
            Files.writeString(file, tsv);
        }

        /** Whether it reads {@code name}. */
        boolean reads(String name) {
            return samples.containsKey(name);
        }

        /**
         * The named CPU time between two epoch instants, ns, each end interpolated between the readings around it; -1
         * where one of those readings is -1.
         */
        long between(String name, long fromEpochNanos, long toEpochNanos) {
            List<long[]> s = samples.get(name);
            double to = at(s, toEpochNanos);
            double from = at(s, fromEpochNanos);
            return Double.isNaN(to) || Double.isNaN(from) ? -1 : Math.round(to - from);
        }

        private static double at(List<long[]> s, long epochNanos) {
            if (s.size() < 2 || epochNanos < s.get(0)[0] || epochNanos > s.get(s.size() - 1)[0]) {
                throw new IllegalStateException("no CPU reading around " + epochNanos + " (" + s.size() + " readings)");
            }
            for (int i = 1; i < s.size(); i++) {
                long[] a = s.get(i - 1);
                long[] b = s.get(i);
                if (epochNanos <= b[0]) {
                    return a[1] < 0 || b[1] < 0 ? Double.NaN
                            : a[1] + (double) (b[1] - a[1]) * (epochNanos - a[0]) / Math.max(1, b[0] - a[0]);
                }
            }
            return s.get(s.size() - 1)[1] < 0 ? Double.NaN : s.get(s.size() - 1)[1];
        }

        @Override
        public void close() {
            running = false;
            if (thread != null) {
                thread.interrupt();
                try {
                    thread.join(1000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }
}
