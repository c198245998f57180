package io.gatewaybench.harness.measure;

import io.gatewaybench.harness.model.Decimals;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;

/**
 * What each role (gateway, origin, injector) costs: the CPU time and resident memory of its whole
 * process tree (NGINX's workers included), read from {@code /proc} every 200 ms with a timestamp,
 * so that the cost can be cut to exactly the measured window afterwards (warm-up excluded).
 */
public final class ResourceSampler implements AutoCloseable {
    private static final long PERIOD_MILLIS = 200;
    /** Clock ticks per second of /proc/[pid]/stat's utime and stime (USER_HZ, 100 on Linux). */
    private static final double TICKS_PER_SECOND = 100;

    /** One reading of one role: its tree's CPU seconds so far and resident bytes now. */
    record Sample(long epochMillis, double cpuSeconds, long memoryBytes) {
    }

    /** A role's cost over a window. */
    public record Cost(double cpuSeconds, double cpuMillisPer1000Requests, double cores, long peakMemoryBytes) {
        /** The cost as summary.json holds it: four decimals, peak memory as PSS in MB. */
        public io.gatewaybench.harness.model.Cost asCost() {
            return new io.gatewaybench.harness.model.Cost(Decimals.round(cpuSeconds), Decimals.round(cpuMillisPer1000Requests),
                    Decimals.round(cores), Decimals.round(peakMemoryBytes / (1024.0 * 1024)), null);
        }
    }

    private final Map<String, Long> roots = new ConcurrentHashMap<>();
    private final Map<String, List<Sample>> samples = new ConcurrentHashMap<>();
    private final Thread thread;
    private volatile boolean running = true;

    public ResourceSampler() {
        thread = new Thread(this::loop, "resource-sampler");
        thread.setDaemon(true);
        thread.start();
    }

    /** Starts sampling a role: the process with this pid and everything it starts. */
    public void watch(String role, long pid) {
        roots.putIfAbsent(role, pid);
    }

    private void loop() {
        while (running) {
            long now = System.currentTimeMillis();
            roots.forEach((role, pid) -> ProcessHandle.of(pid).ifPresent(root -> {
                double cpu = 0;
                long memory = 0;
                for (ProcessHandle p : Stream.concat(Stream.of(root), root.descendants()).toList()) {
                    cpu += cpuSeconds(p.pid());
                    memory += memoryBytes(p.pid());
                }
                samples.computeIfAbsent(role, r -> new CopyOnWriteArrayList<>()).add(new Sample(now, cpu, memory)); // read while added to
            }));
            try {
                Thread.sleep(PERIOD_MILLIS);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /**
     * Each watched role's cost between two instants (epoch milliseconds), per 1,000 of the given
     * requests. CPU time is interpolated between the samples around each end of the window; peak
     * memory is the largest sample inside it. A role with too few samples is left out.
     */
    public Map<String, Cost> cost(long fromMillis, long toMillis, long requests) {
        Map<String, Cost> costs = new LinkedHashMap<>();
        double seconds = Math.max(1, toMillis - fromMillis) / 1000.0;
        for (String role : new java.util.TreeSet<>(roots.keySet())) {
            List<Sample> s = List.copyOf(samples.getOrDefault(role, List.of()));
            if (s.size() < 2 || s.get(0).epochMillis() > fromMillis || s.get(s.size() - 1).epochMillis() < toMillis) {
                continue; // not watched over the whole window
            }
            double cpu = cpuAt(s, toMillis) - cpuAt(s, fromMillis);
            long peak = s.stream().filter(x -> x.epochMillis() >= fromMillis && x.epochMillis() <= toMillis)
                    .mapToLong(Sample::memoryBytes).max().orElse(0);
            costs.put(role, new Cost(cpu, requests > 0 ? cpu * 1000 / requests * 1000 : 0, cpu / seconds, peak));
        }
        return costs;
    }

    static double cpuAt(List<Sample> s, long t) {
        for (int i = 1; i < s.size(); i++) {
            Sample a = s.get(i - 1);
            Sample b = s.get(i);
            if (b.epochMillis() >= t) {
                double f = b.epochMillis() == a.epochMillis() ? 1 : (double) (t - a.epochMillis()) / (b.epochMillis() - a.epochMillis());
                return a.cpuSeconds() + Math.max(0, Math.min(1, f)) * (b.cpuSeconds() - a.cpuSeconds());
            }
        }
        return s.get(s.size() - 1).cpuSeconds();
    }

    /** utime + stime of one process, from /proc/[pid]/stat (fields 14 and 15, after the command name). */
    static double cpuSeconds(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return (Long.parseLong(f[11]) + Long.parseLong(f[12])) / TICKS_PER_SECOND;
        } catch (IOException | RuntimeException e) {
            return 0; // the process ended between listing and reading
        }
    }

    /**
     * The memory one process holds: its proportional set size (Pss in /proc/[pid]/smaps_rollup, each
     * shared page divided among the processes that share it), so that a master and its workers
     * (NGINX, HAProxy) summed count every page once; their resident sizes would count shared pages
     * once per process. VmRSS where smaps_rollup is not readable.
     */
    static long memoryBytes(long pid) {
        for (String[] source : new String[][] {{"smaps_rollup", "Pss:"}, {"status", "VmRSS:"}}) {
            try {
                for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), source[0]))) {
                    if (line.startsWith(source[1])) {
                        return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
                    }
                }
            } catch (IOException | RuntimeException e) {
                // not readable, or the process ended between listing and reading
            }
        }
        return 0;
    }

    @Override
    public void close() {
        running = false;
        thread.interrupt();
    }
}
