package io.gatewaybench.harness.model;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Each latency percentile over rounds (ms), as an interval.
 *
 * <p>In a target's {@code spread} every interval has its values; in a fixed-rate level of a summary re-analysed from format 1 they lack
 * them.
 *
 * @param mean the mean latency over rounds, ms
 * @param p50 the 50th percentile latency over rounds, ms
 * @param p90 the 90th percentile latency over rounds, ms
 * @param p99 the 99th percentile latency over rounds, ms
 * @param p99_9 the 99.9th percentile latency over rounds, ms
 * @param p99_99 the 99.99th percentile latency over rounds, ms
 * @param max the maximum latency over rounds, ms
 */
public record LatencySpread(
        @JsonProperty(value = "mean", required = true) Interval mean,
        @JsonProperty(value = "p50", required = true) Interval p50,
        @JsonProperty(value = "p90", required = true) Interval p90,
        @JsonProperty(value = "p99", required = true) Interval p99,
        @JsonProperty(value = "p99_9", required = true) Interval p99_9,
        @JsonProperty(value = "p99_99", required = true) Interval p99_99,
        @JsonProperty(value = "max", required = true) Interval max) {
    /** The spread of intervals in {@link LatencyMs#NAMES}' order. */
    public static LatencySpread of(Interval[] i) {
        return new LatencySpread(i[0], i[1], i[2], i[3], i[4], i[5], i[6]);
    }
}
