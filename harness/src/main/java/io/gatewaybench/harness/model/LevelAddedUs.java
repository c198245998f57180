package io.gatewaybench.harness.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * What a target adds over direct at one fixed rate ({@code added_over_direct_us}), from the injector's microsecond figures
 * (each request from the instant Vegeta sent it where the rounds kept that, else from its intended send): per percentile, over the rounds in which both the target's level and direct's
 * were measured as planned (sent in full and on time, not overloaded, no errors). A round where either was not is left
 * out, never averaged in.
 *
 * @param roundsCounted rounds both levels were measured as planned in, count
 * @param roundsLeftOut rounds that reached the level in either but were left out, each with why
 * @param p50 added at P50, us; absent where no round counts
 * @param p90 added at P90, us; absent where no round counts
 * @param p99 added at P99, us; absent where no round counts
 * @param p99_9 added at P99.9, us; absent where no round counts
 * @param max added at the maximum, us; absent where no round counts
 * @param measuredFrom "actual send": each request's latency taken from the instant Vegeta sent it, its own lateness left
 *        out, which differs from one target's level to another's; absent: from the intended send (runs made before
 *        the actual send's figures were kept)
 */
public record LevelAddedUs(
        @JsonProperty(value = "rounds_counted", required = true) int roundsCounted,
        @JsonProperty(value = "rounds_left_out", required = true) List<String> roundsLeftOut,
        @JsonProperty("p50") AddedUs p50,
        @JsonProperty("p90") AddedUs p90,
        @JsonProperty("p99") AddedUs p99,
        @JsonProperty("p99_9") AddedUs p99_9,
        @JsonProperty("max") AddedUs max,
        @JsonProperty("measured_from") String measuredFrom) {
    /** {@code measured_from} of figures taken from the instant Vegeta sent each request. */
    public static final String FROM_SEND = "actual send";
}
