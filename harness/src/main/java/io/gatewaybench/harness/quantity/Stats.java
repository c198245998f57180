package io.gatewaybench.harness.quantity;

import io.gatewaybench.harness.model.Interval;
import io.gatewaybench.harness.model.Decimals;
import java.util.Arrays;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * Statistics over a few values (rounds, slices, blocks): medians, the sample mean and variance, and Student's t
 * intervals, of the values themselves or of their logarithms. StatsTest checks each against values worked by hand.
 */
public final class Stats {
    private Stats() {
    }

    /**
     * Median, min, max, the values themselves, and a 95% confidence interval of their geometric
     * mean: Student's t on the logarithms, so it stays above zero and is as wide on either side
     * in ratio terms. Where a value is 0 (a latency Gatling rounded to 0 ms) there is no interval.
     */
    public static Interval interval(double[] values) {
        Double low = null;
        Double high = null;
        if (values.length > 1 && Arrays.stream(values).allMatch(v -> v > 0)) {
            double[] bounds = meanInterval(Arrays.stream(values).map(Math::log).toArray(), 0.95);
            low = Decimals.round(Math.exp(bounds[1]));
            high = Decimals.round(Math.exp(bounds[2]));
        }
        return new Interval(Decimals.round(median(values)),
                Decimals.round(Arrays.stream(values).min().orElse(Double.NaN)),
                Decimals.round(Arrays.stream(values).max().orElse(Double.NaN)),
                        Arrays.stream(values).map(Decimals::round).boxed().toList(),
                low, high, null, null, null, null);
    }

    /** The middle value, or the mean of the middle two; NaN for none. */
    public static double median(double[] values) {
        if (values.length == 0) {
            return Double.NaN;
        }
        double[] v = values.clone();
        Arrays.sort(v);
        int n = v.length;
        return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    }

    /** The middle value, or the lower of the middle two: always one of the values; 0 for none. */
    public static double lowerMedian(double[] values) {
        if (values.length == 0) {
            return 0;
        }
        double[] v = values.clone();
        Arrays.sort(v);
        return v[(v.length - 1) / 2];
    }

    /** The arithmetic mean; NaN for none. */
    public static double mean(double[] v) {
        return Arrays.stream(v).average().orElse(Double.NaN);
    }

    /** The sample variance (n - 1 in the denominator); NaN for fewer than two values. */
    public static double variance(double[] v) {
        if (v.length < 2) {
            return Double.NaN;
        }
        double m = mean(v);
        return Arrays.stream(v).map(x -> (x - m) * (x - m)).sum() / (v.length - 1);
    }

    /**
     * The two-sided quantile of Student's t at {@code level} (0.95: its 97.5th percentile) with {@code df} degrees of
     * freedom.
     */
    public static double t(double level, double df) {
        return new TDistribution(df).inverseCumulativeProbability(1 - (1 - level) / 2);
    }

    /**
     * The mean and Student's t interval of the mean at {@code level}, n - 1 degrees of freedom: {mean, low, high}; the
     * bounds NaN for fewer than two values.
     */
    public static double[] meanInterval(double[] v, double level) {
        double m = mean(v);
        double half = v.length < 2 ? Double.NaN : t(level, v.length - 1) * Math.sqrt(variance(v) / v.length);
        return new double[] {m, m - half, m + half};
    }
}
