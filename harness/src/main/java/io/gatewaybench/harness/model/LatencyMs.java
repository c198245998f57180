package io.gatewaybench.harness.model;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Latency percentiles in milliseconds: mean, P50, P90, P99, P99.9, P99.99 and max (Gatling records whole milliseconds; medians over rounds
 * may be fractional).
 *
 * @param mean the mean latency, ms
 * @param p50 the 50th percentile latency, ms
 * @param p90 the 90th percentile latency, ms
 * @param p99 the 99th percentile latency, ms
 * @param p99_9 the 99.9th percentile latency, ms
 * @param p99_99 the 99.99th percentile latency, ms
 * @param max the maximum latency, ms
 */
public record LatencyMs(
        @JsonProperty(value = "mean", required = true) double mean,
        @JsonProperty(value = "p50", required = true) double p50,
        @JsonProperty(value = "p90", required = true) double p90,
        @JsonProperty(value = "p99", required = true) double p99,
        @JsonProperty(value = "p99_9", required = true) double p99_9,
        @JsonProperty(value = "p99_99", required = true) double p99_99,
        @JsonProperty(value = "max", required = true) double max) {
    /** The percentiles' names, in the order of {@link #values()}. */
    public static final java.util.List<String> NAMES = java.util.List.of("mean", "p50", "p90", "p99", "p99_9",
            "p99_99", "max");

    /** Each figure, in {@link #NAMES}' order, ms. */
    public double[] values() {
        return new double[] {mean, p50, p90, p99, p99_9, p99_99, max};
    }

    /** The latency of figures in {@link #NAMES}' order, ms. */
    public static LatencyMs of(double[] v) {
        return new LatencyMs(v[0], v[1], v[2], v[3], v[4], v[5], v[6]);
    }
}
