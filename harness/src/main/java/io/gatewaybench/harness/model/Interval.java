package io.gatewaybench.harness.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * A figure over rounds with its spread: median, min, max, the values, and where it could be made an interval with its level and method
 * (same unit as the figure).
 *
 * <p>Two vocabularies, never both: a plain interval (Stats.range) has {@code ci95_low} and {@code ci95_high}, a 95% interval of
 * the values' geometric mean (Student's t on the logarithms), where every value is above 0 and there are two or more; a ratio judged with
 * its family (ProfileMatrix.judge) has {@code ci_low}, {@code ci_high}, {@code ci_level} and {@code ci_method} instead, where its
 * rounds allow an interval (two or more). Without an interval all of them are null.
 *
 * @param median the median of the values (same unit as the values)
 * @param min the lowest value (same unit as the values)
 * @param max the highest value (same unit as the values)
 * @param values every round's value, in round order; absent in ladder spreads of summaries re-analysed from format 1
 * @param ci95Low lower end of the 95% interval of the geometric mean (same unit as the values)
 * @param ci95High upper end of the 95% interval of the geometric mean (same unit as the values)
 * @param ciLow lower end of the interval of the ratio, ratio
 * @param ciHigh upper end of the interval of the ratio, ratio
 * @param ciLevel confidence level of each interval, share 0-1 (1 - 0.05/k for k compared variants)
 * @param ciMethod how the interval was made: Student's t on log ratios of its own rounds, Bonferroni over the gateway's variants
 */
public record Interval(
        @JsonProperty(value = "median", required = true) double median,
        @JsonProperty(value = "min", required = true) double min,
        @JsonProperty(value = "max", required = true) double max,
        @JsonProperty("values") List<Double> values,
        @JsonProperty("ci95_low") Double ci95Low,
        @JsonProperty("ci95_high") Double ci95High,
        @JsonProperty("ci_low") Double ciLow,
        @JsonProperty("ci_high") Double ciHigh,
        @JsonProperty("ci_level") Double ciLevel,
        @JsonProperty("ci_method") String ciMethod) {
    /** The bounds come whole: both ends of a 95% interval, or all four keys of a judged one, and not both kinds. */
    public Interval {
        if ((ci95Low == null) != (ci95High == null)) {
            throw new IllegalArgumentException("an interval has both ci95_low and ci95_high or neither");
        }
        int judged = (ciLow == null ? 0 : 1) + (ciHigh == null ? 0 : 1) + (ciLevel == null ? 0 : 1) + (ciMethod == null ? 0 : 1);
        if (judged != 0 && judged != 4) {
            throw new IllegalArgumentException("a judged interval has all of ci_low, ci_high, ci_level and ci_method or none");
        }
        if (judged == 4 && ci95Low != null) {
            throw new IllegalArgumentException("an interval has ci95_low/ci95_high or ci_low/ci_high, not both");
        }
    }

    /** The lower end of its interval (either vocabulary), or null without one. */
    public Double low() {
        return ci95Low != null ? ci95Low : ciLow;
    }

    /** The upper end of its interval (either vocabulary), or null without one. */
    public Double high() {
        return ci95High != null ? ci95High : ciHigh;
    }
}
