package io.gatewaybench.harness.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Map;

/**
 * One equal rate as one target was measured at it ({@code targets[].equal_rates.levels[]}): every slice, and what was
 * pooled over them.
 *
 * @param rateRps the rate it was offered, as every other target at once, req/s
 * @param slices each slice, in time order
 * @param latencyUs the good answers of every slice pooled, from their intended send, us (with the injector's send lag)
 * @param failures the answers that were not the page, by reason, count; absent with none
 * @param maxInFlight the most of its requests outstanding at once over the level, its warm-up included, count
 */
public record RateLevel(
        @JsonProperty(value = "rate_rps", required = true) int rateRps,
        @JsonProperty(value = "slices", required = true) List<RateSlice> slices,
        @JsonProperty(value = "latency_us", required = true) ProbeResult latencyUs,
        @JsonProperty("failures") Map<String, Long> failures,
        @JsonProperty(value = "max_in_flight", required = true) long maxInFlight) {
}
