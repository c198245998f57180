package io.gatewaybench.harness.measure;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The figures of one measured request series (one target, one round): counts, throughput, latency
 * in milliseconds, and what each role's processes cost meanwhile. {@code latencySpectrum}: the
 * latency at every percentile HdrHistogram's distribution lists, as {fraction, ms} pairs below 100%
 * (the 100% row is {@code latency.max}); empty where not recorded.
 */
public record RequestStats(long requests, long errors, double throughputRps, Latency latency,
                           Map<String, ResourceSampler.Cost> resources, Map<String, LatencyProbe.Result> probes,
                           List<Ladder.Level> ladder, Map<String, Object> runtime, List<double[]> latencySpectrum) {

    public RequestStats(long requests, long errors, double throughputRps, Latency latency) {
        this(requests, errors, throughputRps, latency, Map.of(), Map.of(), List.of(), Map.of(), List.of());
    }

    public RequestStats(long requests, long errors, double throughputRps, Latency latency,
                        Map<String, ResourceSampler.Cost> resources, Map<String, LatencyProbe.Result> probes, List<Ladder.Level> ladder) {
        this(requests, errors, throughputRps, latency, resources, probes, ladder, Map.of(), List.of());
    }

    /**
     * The same figures with what the target's process showed in this round ({@code runtime} in
     * summary.json): how soon it answered and warmed up, and for a JVM gateway its transport,
     * garbage collection and allocation over the measured window.
     */
    public RequestStats withRuntime(Map<String, Object> figures) {
        return new RequestStats(requests, errors, throughputRps, latency, resources, probes, ladder,
                Collections.unmodifiableMap(new LinkedHashMap<>(figures)), latencySpectrum);
    }

    /** The same figures with what each role (gateway, origin, injector) cost over the measured window. */
    public RequestStats withResources(Map<String, ResourceSampler.Cost> costs) {
        return new RequestStats(requests, errors, throughputRps, latency, Collections.unmodifiableMap(new LinkedHashMap<>(costs)), probes, ladder, runtime, latencySpectrum);
    }

    /** The same figures with the microsecond probes' results ("unloaded", "under_load"). */
    public RequestStats withProbes(Map<String, LatencyProbe.Result> results) {
        return new RequestStats(requests, errors, throughputRps, latency, resources, Collections.unmodifiableMap(new LinkedHashMap<>(results)), ladder, runtime, latencySpectrum);
    }

    /** The same figures with the fixed-rate ladder that followed the measurement. */
    public RequestStats withLadder(List<Ladder.Level> levels) {
        return new RequestStats(requests, errors, throughputRps, latency, resources, probes, List.copyOf(levels), runtime, latencySpectrum);
    }

    /** The same figures with the latency spectrum of the series ({fraction, ms} pairs, fraction below 1). */
    public RequestStats withSpectrum(List<double[]> spectrum) {
        return new RequestStats(requests, errors, throughputRps, latency, resources, probes, ladder, runtime, List.copyOf(spectrum));
    }

    /** Latency in milliseconds; Gatling records whole milliseconds. */
    public record Latency(double mean, double p50, double p90, double p99, double p99_9, double p99_99, double max) {
        public static final String[] NAMES = {"mean", "p50", "p90", "p99", "p99_9", "p99_99", "max"};

        public double[] values() {
            return new double[] {mean, p50, p90, p99, p99_9, p99_99, max};
        }

        public Map<String, Double> asMap() {
            Map<String, Double> m = new LinkedHashMap<>();
            double[] v = values();
            for (int i = 0; i < NAMES.length; i++) {
                m.put(NAMES[i], v[i]);
            }
            return m;
        }

        /** From {@link #asMap}'s form (as read back from summary.json). */
        public static Latency fromMap(Map<String, Object> m) {
            double[] v = new double[NAMES.length];
            for (int i = 0; i < NAMES.length; i++) {
                v[i] = ((Number) m.get(NAMES[i])).doubleValue();
            }
            return of(v);
        }

        static Latency of(double[] v) {
            return new Latency(v[0], v[1], v[2], v[3], v[4], v[5], v[6]);
        }
    }
}
