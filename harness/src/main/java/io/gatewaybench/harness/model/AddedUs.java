package io.gatewaybench.harness.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * What a target adds over direct at one offered rate and one percentile, us ({@code added_over_direct_us} of a fixed-rate
 * level): the mean over rounds of the target's figure minus direct's of the same round, with a 95% interval of that mean
 * where two or more rounds count (Student's t on the per-round differences, rounds - 1 degrees of freedom). May be negative.
 *
 * @param mean mean of the per-round differences, us
 * @param ci95Low lower end of the 95% interval of the mean, us; absent with fewer than two rounds
 * @param ci95High upper end of the 95% interval of the mean, us; absent with fewer than two rounds
 * @param perRound each counted round's difference, in round order, us
 */
public record AddedUs(
        @JsonProperty(value = "mean", required = true) double mean,
        @JsonProperty("ci95_low") Double ci95Low,
        @JsonProperty("ci95_high") Double ci95High,
        @JsonProperty(value = "per_round", required = true) List<Double> perRound) {
    public AddedUs {
        if ((ci95Low == null) != (ci95High == null)) {
            throw new IllegalArgumentException("an interval has both ci95_low and ci95_high or neither");
        }
    }
}
