package io.gatewaybench.harness.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * The maximum sustainable rate under one objective over the rounds ({@code max_sustainable.<objective>}).
 *
 * @param objective what the objective demands, in words
 * @param rateRps lower median of the rate found (a rate that was offered) over the rounds that reached a conclusion (not
 *     injector-limited), req/s; where none did, over all rounds, and then a lower bound ({@code atLeast})
 * @param minRps lowest of those rounds' rates, req/s
 * @param maxRps highest of those rounds' rates, req/s
 * @param verdict whether the median rate exceeds the objective's minimum rate (objectives that have one); absent where it
 *     is a lower bound that does not exceed it
 * @param injectorLimitedRounds rounds whose search stopped at a level the injector could not deliver, left out of the
 *     median, count; absent where none did
 * @param atLeast true where every round was injector-limited: the rate is a lower bound, "at least"; absent otherwise
 * @param directCeilingRps direct's rate under the same objective, where this target's is at or above it: that is the ceiling
 *     of the setup (the injector and the origin give out there, not a gateway), so this rate says only that the target went
 *     that far, not where it would give out; above it, the difference is the rounds' noise, not the target's. req/s; absent
 *     otherwise, and for direct
 * @param rounds each round's search
 */
public record MaxSustainable(
        @JsonProperty(value = "objective", required = true) String objective,
        @JsonProperty(value = "rate_rps", required = true) int rateRps,
        @JsonProperty(value = "min_rps", required = true) int minRps,
        @JsonProperty(value = "max_rps", required = true) int maxRps,
        @JsonProperty("verdict") Boolean verdict,
        @JsonProperty("injector_limited_rounds") Integer injectorLimitedRounds,
        @JsonProperty("at_least") Boolean atLeast,
        @JsonProperty("direct_ceiling_rps") Integer directCeilingRps,
        @JsonProperty(value = "rounds", required = true) List<MaxSustainable.SearchRound> rounds) {
    /** The same, marked at or above direct's ceiling of {@code ceilingRps} (null: not). */
    public MaxSustainable withDirectCeiling(Integer ceilingRps) {
        return new MaxSustainable(objective, rateRps, minRps, maxRps, verdict, injectorLimitedRounds, atLeast, ceilingRps, rounds);
    }

    /**
     * The mark of a rate at or above direct's ceiling, for a reader: "", "at direct's ceiling: a lower bound", "above direct's
     * ceiling of 7800: not established".
     */
    public String directCeilingText() {
        if (directCeilingRps == null) {
            return "";
        }
        return rateRps > directCeilingRps ? "above direct's ceiling of " + directCeilingRps + ": not established"
                : "at direct's ceiling: a lower bound";
    }

    /** Whether the rate is only a lower bound: every round's search stopped where the injector, not the target, gave out. */
    public boolean lowerBound() {
        return Boolean.TRUE.equals(atLeast);
    }

    /** Rounds whose search stopped at a level the injector could not deliver, count. */
    public int injectorLimited() {
        return injectorLimitedRounds == null ? 0 : injectorLimitedRounds;
    }

    /**
     * The rate as a reader should see it: "4000"; "at least 8000" where it is a lower bound; where no level held (the
     * median round found none), "below 860 req/s (its first level failed: P99 12.127 ms)", never a rate of 0.
     */
    public String rateText() {
        if (rateRps == 0 && !lowerBound() && rounds != null) {
            SearchRound first = rounds.stream().filter(r -> r.rateRps() == 0 && r.nextLevelRps() != null).findFirst()
                    .orElse(null);
            if (first != null) {
                return "below " + first.nextLevelRps() + " req/s (its first level failed: " + first.nextLevelBecause()
                        + ")";
            }
        }
        return lowerBound() ? "at least " + rateRps : String.valueOf(rateRps);
    }

    /** How many rounds the injector stopped, for a reader: "", "every round injector-limited", "1 of 3 rounds injector-limited, left out". */
    public String injectorLimitedText() {
        if (injectorLimited() == 0) {
            return "";
        }
        return lowerBound() ? "every round injector-limited" : injectorLimited() + " of " + rounds.size() + " rounds injector-limited, left out";
    }

    /**
     * One round's strict search for the highest level at which the objective holds at it and every level below.
     *
     * @param rateRps the highest rate found, req/s (0: the lowest level failed)
     * @param nextLevelRps the first level that failed, req/s; null: every level held
     * @param nextLevelBecause why that level failed, in words
     * @param heldAbove levels above the failed one that met the objective anyway (not counted), req/s
     * @param verdict whether the rate found exceeds the objective's minimum rate (objectives that have one)
     * @param injectorLimited true where the level that stopped the search was one the injector could not deliver (neither
     *     a pass nor a failure of the target: the rate found is then a lower bound); absent otherwise
     */
    public record SearchRound(
            @JsonProperty(value = "rate_rps", required = true) int rateRps,
            @JsonProperty(value = "next_level_rps", required = true) @NullableKey Integer nextLevelRps,
            @JsonProperty(value = "next_level_because", required = true) String nextLevelBecause,
            @JsonProperty(value = "held_above", required = true) List<Integer> heldAbove,
            @JsonProperty("verdict") Boolean verdict,
            @JsonProperty("injector_limited") Boolean injectorLimited) {
        /** Whether the search stopped where the injector, not the target, gave out. */
        public boolean limitedByInjector() {
            return Boolean.TRUE.equals(injectorLimited);
        }
    }
}
