package io.gatewaybench.harness.model;

import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;

/**
 * A target's P99 at one fixed offered rate of the ladder ({@code p99_ms_at_rate}, keyed by the rate; ScenarioMatrix.p99AtRates),
 * or why it has none.
 *
 * <p>{@link Value} is the P99, median over the rounds that had successful requests at that level, ms. {@link Missing#OVERLOADED}
 * ({@code "overloaded"}): no round gave a latency at the rate and at least one round was overloaded there. {@link
 * Missing#NOT_REACHED} ({@code "not reached"}): no round gave a latency at the rate and none was overloaded there, or the target
 * has no level at that rate (a lower level overloaded, or it has no ladder).
 */
@JsonDeserialize(using = Readers.P99AtRateReader.class)
public sealed interface P99AtRate permits P99AtRate.Value, P99AtRate.Missing {
    /**
     * A P99 that was measured.
     *
     * @param p99Ms the P99, median over rounds, ms
     */
    record Value(@JsonValue double p99Ms) implements P99AtRate {
    }

    /** Why a rate has no P99. */
    enum Missing implements P99AtRate {
        /** {@code "overloaded"}: no latency at the rate, and a round was overloaded there. */
        OVERLOADED("overloaded"),

        /** {@code "not reached"}: no latency at the rate and no round overloaded there, or no level at that rate. */
        NOT_REACHED("not reached");

        private final String word;

        Missing(String word) {
            this.word = word;
        }

        /** The word written for it. */
        @JsonValue
        public String word() {
            return word;
        }
    }
}
