package io.gatewaybench.harness.measure;

import io.gatewaybench.harness.model.InterleavedSlices;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The interleaved design's load ({@code ./bench interleave}): one Gatling run over targets that are already running and
 * stay so, each warmed in turn by the closed loop, then cycles of one closed-loop slice per target in an order rotated
 * each cycle ({@code BookPageSimulation}, model=interleaved). Every answer is checked as in a run (status, the page's
 * text, no new session); one that is not the page fails the whole load, since a slice that lost answers would read slow.
 */
public final class InterleavedLoad {
    private InterleavedLoad() {
    }

    /** The request name of a target's slice in a cycle (1-based), as the simulation names it. */
    static String sliceName(String target, int cycle) {
        return target + "#" + cycle;
    }

    /**
     * Runs the load against {@code urls} (named {@code names}): {@code warmupSeconds} of closed loop each, then
     * {@code cycles} cycles of {@code sliceSeconds} slices, {@code users} users each; Gatling's output goes to {@code raw}.
     */
    public static InterleavedSlices run(List<String> names, List<URI> urls, GatlingRun.Request request,
            int users, int warmupSeconds,
            int sliceSeconds, int cycles, Path raw) throws IOException {
        Files.createDirectories(raw);
        List<String> args = new ArrayList<>(List.of("-Dmodel=interleaved",
                "-DbaseUrls=" + urls.stream().map(URI::toString).collect(Collectors.joining(",")), "-Dnames=" + String.join(",", names),
                "-Dusers=" + users, "-Dwarmup=" + warmupSeconds, "-Dslice=" + sliceSeconds, "-Dcycles=" + cycles, "-Dsessions=shared"));
        args.addAll(request.args());
        long timeout = (long) names.size() * (warmupSeconds + 2 + cycles * (sliceSeconds + 4L)) + 600;
        int exit;
        try (ResourceSampler sampler = new ResourceSampler()) {
            exit = GatlingRun.gatling(args, raw, raw.resolve("gatling.log"), timeout, new StringBuilder(), sampler, false);
        }
        SimulationLog log = SimulationLog.read(GatlingRun.report(raw, exit, false).resolve("simulation.log"));
        return slices(log, names, sliceSeconds, cycles);
    }

    /** The slices of {@code log}; fails, naming them, when any request failed or a slice is missing. */
    static InterleavedSlices slices(SimulationLog log, List<String> names, int sliceSeconds, int cycles) {
        List<String> failed = new ArrayList<>();
        for (String n : log.names()) {
            long bad = log.requests(n).stream().filter(q -> !q.ok()).count();
            if (bad > 0) {
                failed.add(bad + " of '" + n + "'");
            }
        }
        if (!failed.isEmpty()) {
            throw new IllegalStateException("requests failed (not the page, or no answer): " + String.join(", ", failed));
        }
        double[][][] perSecond = new double[names.size()][cycles][sliceSeconds];
        int[] cycleStart = new int[cycles];
        java.util.Arrays.fill(cycleStart, Integer.MAX_VALUE);
        for (int t = 0; t < names.size(); t++) {
            for (int c = 0; c < cycles; c++) {
                List<SimulationLog.Request> slice = log.requests(sliceName(names.get(t), c + 1));
                if (slice.isEmpty()) {
                    throw new IllegalStateException("no request of " + names.get(t) + "'s slice in cycle " + (c + 1) + " in the log");
                }
                int first = slice.stream().mapToInt(SimulationLog.Request::start).min().orElseThrow();
                cycleStart[c] = Math.min(cycleStart[c], first);
                for (SimulationLog.Request q : slice) {
                    int second = (q.start() - first) / 1000;
                    if (second < sliceSeconds) {
                        perSecond[t][c][second]++;
                    }
                }
            }
        }
        double cycle = cycles < 2 ? 0 : (cycleStart[cycles - 1] - cycleStart[0]) / 1000.0 / (cycles - 1);
        return new InterleavedSlices(List.copyOf(names), sliceSeconds, perSecond, cycle);
    }
}
