package io.gatewaybench.harness.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * A target's own latency at one fixed rate, to the microsecond ({@code latency_us_over_rounds} of a level Vegeta sent): each
 * percentile of the injector's figures from the intended send, over the rounds whose level was measured as planned (sent in
 * full and on time, not overloaded, errors under 0.1%). A round whose level was not is left out and named, never taken into
 * the median or the interval: an overloaded round's queue, or a late round's lag, is not the target's latency at that rate.
 *
 * @param roundsCounted rounds whose level was measured as planned, count
 * @param roundsLeftOut rounds that reached the level but were left out, each with why
 * @param p50 P50 over the counted rounds (median, spread, 95% interval of the geometric mean with two or more), us; absent
 *        where no round counts
 * @param p90 P90 over the counted rounds, as p50, us; absent where no round counts
 * @param p99 P99 over the counted rounds, as p50, us; absent where no round counts
 * @param p99_9 P99.9 over the counted rounds, as p50, us; absent where no round counts
 * @param max the maximum over the counted rounds, as p50, us; absent where no round counts
 */
public record LevelLatencyUs(
        @JsonProperty(value = "rounds_counted", required = true) int roundsCounted,
        @JsonProperty(value = "rounds_left_out", required = true) List<String> roundsLeftOut,
        @JsonProperty("p50") Interval p50,
        @JsonProperty("p90") Interval p90,
        @JsonProperty("p99") Interval p99,
        @JsonProperty("p99_9") Interval p99_9,
        @JsonProperty("max") Interval max) {
}
