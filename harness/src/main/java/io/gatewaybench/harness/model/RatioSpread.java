package io.gatewaybench.harness.model;

import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import java.util.Map;

/**
 * The per-round paired ratios of a variant to its reference (ratio, 1 = equal) with their interval, or
 * {@code {"median": "n/a"}} where they could not be formed (ProfileMatrix.paired).
 *
 * <p>{@link Formed} holds the interval: the judged throughput ratios carry {@code ci_low}/{@code ci_high}/{@code
 * ci_level}/{@code ci_method}, the P99 ratios of a profile row {@code ci95_low}/{@code ci95_high}. {@link NotFormed}
 * means no round was paired, or a round's reference figure was 0; the row's {@link Ratio} is then
 * {@link Ratio.NotAvailable}.
 */
@JsonDeserialize(using = Readers.RatioSpreadReader.class)
public sealed interface RatioSpread permits RatioSpread.Formed, RatioSpread.NotFormed {
    /**
     * Ratios that could be formed.
     *
     * @param interval the ratios over rounds, with their interval where one could be made, ratio
     */
    record Formed(@JsonValue Interval interval) implements RatioSpread {
    }

    /** {@code {"median": "n/a"}}: no paired round, or a round whose reference figure was 0. */
    enum NotFormed implements RatioSpread {
        /** The one value. */
        INSTANCE;

        /** The object written for it. */
        @JsonValue
        public Map<String, String> json() {
            return Map.of("median", "n/a");
        }
    }
}
