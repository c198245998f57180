package io.gatewaybench.harness.measure;

import io.gatewaybench.harness.model.Interval;
import io.gatewaybench.harness.model.Precision;
import java.util.Arrays;
import org.apache.commons.math3.distribution.TDistribution;

/** Small statistics over rounds: of a target's rounds as measured, and of the figures judged across them. */
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
        int n = values.length;
        if (n > 1 && Arrays.stream(values).allMatch(v -> v > 0)) {
            double[] logs = Arrays.stream(values).map(Math::log).toArray();
            double mean = Arrays.stream(logs).average().orElseThrow();
            double sd = Math.sqrt(Arrays.stream(logs).map(v -> (v - mean) * (v - mean)).sum() / (n - 1));
            double half = new TDistribution(n - 1).inverseCumulativeProbability(0.975) * sd / Math.sqrt(n);
            low = Precision.round(Math.exp(mean - half));
            high = Precision.round(Math.exp(mean + half));
        }
        return new Interval(Precision.round(median(values)), Precision.round(Arrays.stream(values).min().orElse(Double.NaN)),
                Precision.round(Arrays.stream(values).max().orElse(Double.NaN)), Arrays.stream(values).map(Precision::round).boxed().toList(),
                low, high, null, null, null, null);
    }

    public static double median(double[] values) {
        if (values.length == 0) {
            return Double.NaN;
        }
        double[] v = values.clone();
        Arrays.sort(v);
        int n = v.length;
        return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    }

    /** The middle value, or the lower of the middle two: always one of the values. */
    public static double lowerMedian(double[] values) {
        if (values.length == 0) {
            return 0;
        }
        double[] v = values.clone();
        Arrays.sort(v);
        return v[(v.length - 1) / 2];
    }
}
