package io.gatewaybench.harness.model;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Each latency percentile as a multiple of the baseline's (medians over rounds, ratio, 1 = equal); null where the baseline's is 0 ms and
 * the target's is not.
 *
 * @param mean the target's mean latency over the baseline's, ratio (1 = equal)
 * @param p50 the target's 50th percentile latency over the baseline's, ratio (1 = equal)
 * @param p90 the target's 90th percentile latency over the baseline's, ratio (1 = equal)
 * @param p99 the target's 99th percentile latency over the baseline's, ratio (1 = equal)
 * @param p99_9 the target's 99.9th percentile latency over the baseline's, ratio (1 = equal)
 * @param p99_99 the target's 99.99th percentile latency over the baseline's, ratio (1 = equal)
 * @param max the target's maximum latency over the baseline's, ratio (1 = equal)
 */
public record LatencyMultiples(
        @JsonProperty(value = "mean", required = true) @NullableKey Double mean,
        @JsonProperty(value = "p50", required = true) @NullableKey Double p50,
        @JsonProperty(value = "p90", required = true) @NullableKey Double p90,
        @JsonProperty(value = "p99", required = true) @NullableKey Double p99,
        @JsonProperty(value = "p99_9", required = true) @NullableKey Double p99_9,
        @JsonProperty(value = "p99_99", required = true) @NullableKey Double p99_99,
        @JsonProperty(value = "max", required = true) @NullableKey Double max) {
}
