package io.gatewaybench.harness.quantity;

import io.gatewaybench.harness.model.Estimate;
import io.gatewaybench.harness.model.Decimals;
import java.util.Arrays;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * Figures estimated from a target's consecutive slices of one measurement, with 95% intervals that allow for the slices
 * not being independent: a slice is like its neighbour (the machine drifts over tens of seconds), so the interval of
 * their mean is Student's t over the slices widened by sqrt((1 + r) / (1 - r)) for their lag-1 autocorrelation r (an
 * AR(1) series' effective count of slices is n (1 - r) / (1 + r)). From a dozen slices r comes out low and scattered,
 * so it is taken corrected for its bias, r + (1 + 4 r) / n (Kendall's), and never below {@link #MIN_AUTOCORRELATION},
 * the least this machine showed, nor above {@link #MAX_AUTOCORRELATION}. Costs and ratios are taken on the logarithms,
 * so their intervals are as wide on either side as ratios; differences of latency as they are. SliceEstimateTest checks
 * with a seeded simulation of this machine's noise that the intervals hold their 95%.
 */
public final class SliceEstimate {
    /** The most lag-1 autocorrelation counted: past it, a few slices could not say anything. */
    static final double MAX_AUTOCORRELATION = 0.9;
    /**
     * The least lag-1 autocorrelation counted: what this machine's slices of 5 s showed at equal rates beside five
     * other targets, about 0.3 for a cost and more for a ratio once each dozen's bias is taken out (docs/figures.md);
     * 0.2 keeps the intervals at their 95% in SliceEstimateTest's simulation of it.
     */
    static final double MIN_AUTOCORRELATION = 0.2;

    private SliceEstimate() {
    }

    /**
     * A cost per unit over slices: {@code amount[s] / units[s]} each slice (CPU time per answer), the estimate the
     * whole amount over the whole units; its interval from the slices' log ratios. Slices with no units are left out.
     */
    public static Estimate perUnit(double[] amount, double[] units) {
        double a = 0;
        double u = 0;
        int n = 0;
        double[] logs = new double[amount.length];
        for (int s = 0; s < amount.length; s++) {
            if (units[s] > 0 && amount[s] > 0) {
                a += amount[s];
                u += units[s];
                logs[n++] = Math.log(amount[s] / units[s]);
            }
        }
        if (n == 0) {
            return new Estimate(Double.NaN, null, null, 0);
        }
        return around(a / u, Arrays.copyOf(logs, n), true, 0.95);
    }

    /**
     * The geometric mean of {@code a[s] / b[s]} over slices (one figure over another, in the same slices), with its
     * interval.
     */
    public static Estimate ratio(double[] a, double[] b) {
        return ratio(a, b, 0.95);
    }

    /** {@link #ratio(double[], double[])} with its interval at {@code level} (1 - 0.05 / k for a family of k). */
    public static Estimate ratio(double[] a, double[] b, double level) {
        double[] logs = logRatios(a, b);
        if (logs.length == 0) {
            return new Estimate(Double.NaN, null, null, 0);
        }
        return around(Math.exp(Stats.mean(logs)), logs, true, level);
    }

    /**
     * The two-sided p-value of "{@code a} and {@code b} are the same", slice by slice: Student's t on the log ratios
     * with the standard error widened as the class says, so that it rejects at 0.05 exactly where {@link #ratio}'s 95%
     * interval leaves out 1; NaN with fewer than 3 slices.
     */
    public static double pSame(double[] a, double[] b) {
        double[] logs = logRatios(a, b);
        int n = logs.length;
        if (n < 3) {
            return Double.NaN;
        }
        double se = Math.sqrt(Stats.variance(logs) / n) * widening(logs);
        double m = Math.abs(Stats.mean(logs));
        if (se == 0) {
            return m == 0 ? 1 : 0;
        }
        return 2 * (1 - new TDistribution(n - 1).cumulativeProbability(m / se));
    }

    private static double[] logRatios(double[] a, double[] b) {
        double[] logs = new double[a.length];
        int n = 0;
        for (int s = 0; s < a.length; s++) {
            if (a[s] > 0 && b[s] > 0) {
                logs[n++] = Math.log(a[s] / b[s]);
            }
        }
        return Arrays.copyOf(logs, n);
    }

    /**
     * The mean of a figure over slices, with its interval, for one that may be 0 in a slice (a collector's CPU, which
     * comes in bursts): slices where it is NaN are left out.
     */
    public static Estimate mean(double[] a) {
        double[] zero = new double[a.length];
        return difference(a, zero);
    }

    /** The mean of {@code a[s] - b[s]} over slices, with its interval; slices where either is NaN are left out. */
    public static Estimate difference(double[] a, double[] b) {
        double[] d = new double[a.length];
        int n = 0;
        for (int s = 0; s < a.length; s++) {
            if (!Double.isNaN(a[s]) && !Double.isNaN(b[s])) {
                d[n++] = a[s] - b[s];
            }
        }
        if (n == 0) {
            return new Estimate(Double.NaN, null, null, 0);
        }
        double[] used = Arrays.copyOf(d, n);
        return around(Stats.mean(used), used, false, 0.95);
    }

    /**
     * {@code value} with the interval of the mean of {@code series} (logarithms where {@code logs}) at {@code level},
     * widened as the class says.
     */
    private static Estimate around(double value, double[] series, boolean logs, double level) {
        int n = series.length;
        if (n < 3) {
            return new Estimate(Decimals.round(value), null, null, n);
        }
        double half = Stats.t(level, n - 1) * Math.sqrt(Stats.variance(series) / n) * widening(series);
        double low = logs ? value * Math.exp(-half) : value - half;
        double high = logs ? value * Math.exp(half) : value + half;
        return new Estimate(Decimals.round(value), Decimals.round(low), Decimals.round(high), n);
    }

    /**
     * sqrt((1 + r) / (1 - r)) for the series' lag-1 autocorrelation corrected for its bias, held to [{@link
     * #MIN_AUTOCORRELATION}, {@link #MAX_AUTOCORRELATION}].
     */
    static double widening(double[] series) {
        double r = autocorrelation(series);
        r = Math.max(MIN_AUTOCORRELATION, Math.min(MAX_AUTOCORRELATION, r + (1 + 4 * r) / series.length));
        return Math.sqrt((1 + r) / (1 - r));
    }

    /** The lag-1 autocorrelation of a series (0 where it has no spread). */
    static double autocorrelation(double[] x) {
        double m = Stats.mean(x);
        double num = 0;
        double den = 0;
        for (int i = 0; i < x.length; i++) {
            den += (x[i] - m) * (x[i] - m);
            if (i > 0) {
                num += (x[i] - m) * (x[i - 1] - m);
            }
        }
        return den == 0 ? 0 : num / den;
    }
}
