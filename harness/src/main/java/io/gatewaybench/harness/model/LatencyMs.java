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
}
