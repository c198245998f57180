package io.gatewaybench.harness.measure;

import io.gatewaybench.harness.model.Cost;
import io.gatewaybench.harness.model.LatencyMs;
import io.gatewaybench.harness.model.Decimals;
import io.gatewaybench.harness.model.Resources;
import io.gatewaybench.harness.model.Round;
import io.gatewaybench.harness.model.RoundRuntime;
import io.gatewaybench.harness.model.SpectrumPoint;
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
                           List<Ladder.Level> ladder, RoundRuntime runtime, List<double[]> latencySpectrum,
                           List<io.gatewaybench.harness.model.ClosedShare> injectors) {

    public RequestStats(long requests, long errors, double throughputRps, Latency latency) {
        this(requests, errors, throughputRps, latency, Map.of(), Map.of(), List.of(), null, List.of(), List.of());
    }

    public RequestStats(long requests, long errors, double throughputRps, Latency latency,
                        Map<String, ResourceSampler.Cost> resources, Map<String, LatencyProbe.Result> probes, List<Ladder.Level> ladder) {
        this(requests, errors, throughputRps, latency, resources, probes, ladder, null, List.of(), List.of());
    }

    /**
     * The same figures with what the target's process showed in this round ({@code runtime} in
     * summary.json): how soon it answered and warmed up, and for a JVM gateway its transport,
     * garbage collection and allocation over the measured window (null: none recorded).
     */
    public RequestStats withRuntime(RoundRuntime figures) {
        return new RequestStats(requests, errors, throughputRps, latency, resources, probes, ladder, figures, latencySpectrum, injectors);
    }

    /** The round as summary.json holds it ({@code rounds[]}). */
    public Round round() {
        return new Round(requests, errors, Decimals.round(throughputRps), latency.ms(), resources(resources), runtime,
                latencySpectrum.isEmpty() ? null : latencySpectrum.stream().map(p -> new SpectrumPoint(p[0], p[1])).toList(),
                injectors.isEmpty() ? null : injectors);
    }

    /**
     * Each sampled role's cost as summary.json holds it; a role not sampled is absent. The injector's is every injector host's
     * together ({@code injector}, {@code injector2}, ...: {@code --injectors}), each host's memory its own.
     */
    static Resources resources(Map<String, ResourceSampler.Cost> costs) {
        ResourceSampler.Cost injectors = null;
        for (Map.Entry<String, ResourceSampler.Cost> e : costs.entrySet()) {
            if (e.getKey().matches("injector\\d*")) {
                ResourceSampler.Cost c = e.getValue();
                injectors = injectors == null ? c : new ResourceSampler.Cost(injectors.cpuSeconds() + c.cpuSeconds(),
                        injectors.cpuMillisPer1000Requests() + c.cpuMillisPer1000Requests(), injectors.cores() + c.cores(),
                        injectors.peakMemoryBytes() + c.peakMemoryBytes());
            }
        }
        return new Resources(cost(costs, "gateway"), injectors == null ? null : injectors.asCost(), cost(costs, "origin"));
    }

    private static Cost cost(Map<String, ResourceSampler.Cost> costs, String role) {
        ResourceSampler.Cost c = costs.get(role);
        return c == null ? null : c.asCost();
    }

    /** The same figures with what each role (gateway, origin, injector) cost over the measured window. */
    public RequestStats withResources(Map<String, ResourceSampler.Cost> costs) {
        return new RequestStats(requests, errors, throughputRps, latency, Collections.unmodifiableMap(new LinkedHashMap<>(costs)), probes, ladder, runtime, latencySpectrum, injectors);
    }

    /** The same figures with the microsecond probes' results ("unloaded", "under_load"). */
    public RequestStats withProbes(Map<String, LatencyProbe.Result> results) {
        return new RequestStats(requests, errors, throughputRps, latency, resources, Collections.unmodifiableMap(new LinkedHashMap<>(results)), ladder, runtime, latencySpectrum, injectors);
    }

    /** The same figures with the fixed-rate ladder that followed the measurement. */
    public RequestStats withLadder(List<Ladder.Level> levels) {
        return new RequestStats(requests, errors, throughputRps, latency, resources, probes, List.copyOf(levels), runtime, latencySpectrum, injectors);
    }

    /** The same figures with each injector host's share of the closed load, where several ran it. */
    public RequestStats withInjectors(List<io.gatewaybench.harness.model.ClosedShare> shares) {
        return new RequestStats(requests, errors, throughputRps, latency, resources, probes, ladder, runtime, latencySpectrum, List.copyOf(shares));
    }

    /** The same figures with the latency spectrum of the series ({fraction, ms} pairs, fraction below 1). */
    public RequestStats withSpectrum(List<double[]> spectrum) {
        return new RequestStats(requests, errors, throughputRps, latency, resources, probes, ladder, runtime, List.copyOf(spectrum), injectors);
    }

    /** Latency in milliseconds; Gatling records whole milliseconds. */
    public record Latency(double mean, double p50, double p90, double p99, double p99_9, double p99_99, double max) {
        public static final String[] NAMES = {"mean", "p50", "p90", "p99", "p99_9", "p99_99", "max"};

        public double[] values() {
            return new double[] {mean, p50, p90, p99, p99_9, p99_99, max};
        }

        /** The latency as summary.json holds it. */
        public LatencyMs ms() {
            return new LatencyMs(mean, p50, p90, p99, p99_9, p99_99, max);
        }

        /** From summary.json's form. */
        public static Latency of(LatencyMs m) {
            return new Latency(m.mean(), m.p50(), m.p90(), m.p99(), m.p99_9(), m.p99_99(), m.max());
        }

        static Latency of(double[] v) {
            return new Latency(v[0], v[1], v[2], v[3], v[4], v[5], v[6]);
        }
    }
}
