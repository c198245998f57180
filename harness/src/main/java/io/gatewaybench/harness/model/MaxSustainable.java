package io.gatewaybench.harness.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * The maximum sustainable rate under one objective over the rounds ({@code max_sustainable.<objective>}).
 *
 * @param objective what the objective demands, in words
 * @param rateRps lower median over rounds of the rate found (a rate that was offered), req/s
 * @param minRps lowest round's rate, req/s
 * @param maxRps highest round's rate, req/s
 * @param verdict whether the median rate exceeds the objective's minimum rate (objectives that have one)
 * @param rounds each round's search
 */
public record MaxSustainable(
        @JsonProperty(value = "objective", required = true) String objective,
        @JsonProperty(value = "rate_rps", required = true) int rateRps,
        @JsonProperty(value = "min_rps", required = true) int minRps,
        @JsonProperty(value = "max_rps", required = true) int maxRps,
        @JsonProperty("verdict") Boolean verdict,
        @JsonProperty(value = "rounds", required = true) List<MaxSustainable.SearchRound> rounds) {
    /**
     * One round's strict search for the highest level at which the objective holds at it and every level below.
     *
     * @param rateRps the highest rate found, req/s (0: the lowest level failed)
     * @param nextLevelRps the first level that failed, req/s; null: every level held
     * @param nextLevelBecause why that level failed, in words
     * @param heldAbove levels above the failed one that met the objective anyway (not counted), req/s
     * @param verdict whether the rate found exceeds the objective's minimum rate (objectives that have one)
     */
    public record SearchRound(
            @JsonProperty(value = "rate_rps", required = true) int rateRps,
            @JsonProperty(value = "next_level_rps", required = true) @NullableKey Integer nextLevelRps,
            @JsonProperty(value = "next_level_because", required = true) String nextLevelBecause,
            @JsonProperty(value = "held_above", required = true) List<Integer> heldAbove,
            @JsonProperty("verdict") Boolean verdict) {
    }
}
