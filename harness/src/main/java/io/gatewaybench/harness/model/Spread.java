package io.gatewaybench.harness.model;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The target's figures over rounds ({@code spread}, two rounds or more).
 *
 * @param rounds rounds measured, count
 * @param throughputRps throughput over rounds, req/s
 * @param latencyMs each latency percentile over rounds, ms
 * @param throughputRelativeToDirect the per-round throughput ratios to the baseline, ratio
 * @param pairedWith what each round was paired with: the baseline's run of the same round (in runs analysed before 2026-11-27, where
 *     the baseline ran once more after the last round, the mean of its runs before and after)
 */
public record Spread(
        @JsonProperty(value = "rounds", required = true) int rounds,
        @JsonProperty(value = "throughput_rps", required = true) Interval throughputRps,
        @JsonProperty(value = "latency_ms", required = true) LatencySpread latencyMs,
        @JsonProperty("throughput_relative_to_direct") Interval throughputRelativeToDirect,
        @JsonProperty("paired_with") String pairedWith) {
}
