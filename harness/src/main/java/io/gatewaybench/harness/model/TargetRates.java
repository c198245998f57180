package io.gatewaybench.harness.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * What one target measured at the run's equal rates ({@code targets[].equal_rates}): its warm-up, slice by slice, and
 * each rate.
 *
 * @param warmup each slice of its warm-up, in time order (every target warmed at once, at the warm-up's rate)
 * @param steadyAfterS seconds of warm-up after which the run found it steady ({@code equal_rates.warmup.rule}); null:
 *     not within the warm-up's cap
 * @param levels each equal rate, ascending
 * @param batch the batch of a matrix it was measured in, beside that batch's reference ({@code
 *     equal_rates.batches}); absent where every target ran at once
 */
public record TargetRates(
        @JsonProperty(value = "warmup", required = true) List<RateSlice> warmup,
        @JsonProperty(value = "steady_after_s", required = true) @NullableKey Integer steadyAfterS,
        @JsonProperty(value = "levels", required = true) List<RateLevel> levels,
        @JsonProperty("batch") Integer batch) {
    /** The same, measured in {@code batch}. */
    public TargetRates inBatch(int batch) {
        return new TargetRates(warmup, steadyAfterS, levels, batch);
    }
}
