package io.gatewaybench.harness.model;

import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;

/**
 * A ratio of a variant's figure to its reference's (a JVM profile to the reference profile, a scenario to plain, a worker
 * count to the fewest): the median of the per-round paired ratios (1 = equal), or {@code "n/a"}.
 *
 * <p>{@link Value} is the ratio. {@link NotAvailable}, written {@code "n/a"}, means the ratio could not be formed: no
 * round was paired, or a round's reference figure was 0.
 */
@JsonDeserialize(using = Readers.RatioReader.class)
public sealed interface Ratio permits Ratio.Value, Ratio.NotAvailable {
    /**
     * A ratio that could be formed.
     *
     * @param ratio the median of the paired ratios, ratio (1 = equal)
     */
    record Value(@JsonValue double ratio) implements Ratio {
    }

    /** {@code "n/a"}: no paired round, or a round whose reference figure was 0. */
    enum NotAvailable implements Ratio {
        /** The one value. */
        INSTANCE;

        /** The word written for it. */
        @JsonValue
        public String word() {
            return "n/a";
        }
    }
}
