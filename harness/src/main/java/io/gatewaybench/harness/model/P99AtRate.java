package io.gatewaybench.harness.model;

import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;

/**
 * A target's P99 at one fixed offered rate of the ladder ({@code p99_ms_at_rate}, keyed by the rate; ScenarioMatrix.p99AtRates),
 * or why it has none.
 *
 * <p>{@link Value} is the P99, median over the rounds that measured the target at that rate (not overloaded, not sent late)
 * with successful requests, ms. {@link Missing#OVERLOADED} ({@code "overloaded"}): at least one round was overloaded there (runs
 * analysed before 20261126: no round gave a latency and one was overloaded). {@link Missing#INJECTOR_LIMITED}
 * ({@code "injector-limited"}): no round measured the target at the rate, the injector having sent it late, none overloaded.
 * {@link Missing#NOT_REACHED} ({@code "not reached"}): no round gave a latency at the rate and none was overloaded or sent late
 * there, or the target has no level at that rate (a lower level overloaded, or it has no ladder).
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

        /** {@code "injector-limited"}: no round measured the target at the rate, the injector having sent it late. */
        INJECTOR_LIMITED("injector-limited"),

        /** {@code "not reached"}: no latency at the rate and no round overloaded or sent late there, or no level at that rate. */
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
