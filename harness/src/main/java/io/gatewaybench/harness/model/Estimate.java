package io.gatewaybench.harness.model;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * A figure estimated from a target's slices, with its 95% interval (quantity.SliceEstimate says how).
 *
 * @param value the estimate
 * @param ci95Low lower end of its 95% interval; null with too few slices
 * @param ci95High upper end of its 95% interval; null with too few slices
 * @param slices slices it is made of, count
 */
public record Estimate(
        @JsonProperty(value = "value", required = true) double value,
        @JsonProperty(value = "ci95_low", required = true) @NullableKey Double ci95Low,
        @JsonProperty(value = "ci95_high", required = true) @NullableKey Double ci95High,
        @JsonProperty(value = "slices", required = true) int slices) {
    /** Half the interval's width as a share of the value (0.05: ±5%); NaN without an interval. */
    public double halfWidth() {
        return ci95Low == null || value == 0 ? Double.NaN : (ci95High - ci95Low) / 2 / Math.abs(value);
    }
}
