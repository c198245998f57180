package io.gatewaybench.harness.report;

import io.gatewaybench.harness.analyse.RunComparison;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Arrays;
import java.util.Locale;

/**
 * {@code ./bench compare}'s table as Markdown (what it prints): the method first, one row per figure with both runs'
 * per-round values and the test's outcome as {@link RunComparison} computed it, the verdict last.
 */
public final class CompareTable {
    private CompareTable() {
    }

    /** The comparison as a Markdown table, with the method first and the verdict last. */
    public static String markdown(String nameA, String nameB, RunComparison.Result result, double margin) {
        StringBuilder md = new StringBuilder();
        String family = level(result.figureAlpha());
        md.append(String.format(Locale.ROOT, "Comparing %s (A) with %s (B). Per figure, Welch's t on the per-round values; equivalence "
                + "margin ±%.0f%% of A's mean%s. *equivalent*: the 90%% interval of B-A lies inside the margin, or, for a maximum "
                + "rate, both runs' median round found the same ladder level (the ladder's step is its resolution); *different*: "
                + "the %s%% interval of B-A excludes 0 (%s%% over the %d figures together, Bonferroni) and its estimate lies "
                + "beyond the margin (the interval itself may reach inside it); *inconclusive*: neither (*detectable*: the smallest "
                + "true difference these rounds would call different with 80%% power). Each verdict reads off the interval it "
                + "names, both printed.%n%n", nameA, nameB, margin * 100,
                result.latencyResolutionMs() >= 1 ? " (ladder latency: at least 1 ms, Gatling's resolution, and no run's variance "
                        + "below a whole millisecond's rounding)" : " (ladder latency in microseconds, by Vegeta)",
                family, level(result.alpha()), result.rows().size()));
        md.append("| target | figure | ").append(nameA).append(": mean (per round) | ").append(nameB)
                .append(": mean (per round) | difference B-A | 90% interval | ").append(family)
                .append("% interval | detectable | verdict |\n|---|---|---:|---:|---:|---:|---:|---:|---|\n");
        for (RunComparison.Row r : result.rows()) {
            RunComparison.Test t = r.test();
            double base = Math.abs(r.aMean());
            md.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %s to %s | %s to %s | ±%s | %s |%n", r.target(), r.figure(),
                    sample(r.aMean(), r.a()), sample(r.bMean(), r.b()), relative(t.difference(), base), relative(t.ci90()[0], base),
                    relative(t.ci90()[1], base), relative(t.ciFamily()[0], base), relative(t.ciFamily()[1], base),
                    relative(r.detectable(), base).replace("+", ""), switch (t.verdict()) {
                        case EQUIVALENT -> "equivalent";
                        case DIFFERENT -> "**different**";
                        case INCONCLUSIVE -> "inconclusive";
                    }));
        }
        md.append(rounds(result));
        md.append("\nVerdict: ").append(result.reason()).append('\n');
        return md.toString();
    }

    /**
     * How many rounds the inconclusive figures would take to be shown equivalent were the runs alike
     * ({@link RunComparison.Test#roundsForEquivalence()}): the median over them and the most, named; nothing when none is
     * inconclusive.
     */
    static String rounds(RunComparison.Result result) {
        RunComparison.RoundsNeeded needed = result.roundsNeeded();
        if (needed == null) {
            return "";
        }
        if (needed.inconclusive() == 1) {
            return String.format(Locale.ROOT, "%nRounds: were the runs alike, %s rounds a side would show the one inconclusive figure "
                    + "equivalent with 80%% power, from the spread these rounds measured.%n", count(needed.lowerMedian()));
        }
        return String.format(Locale.ROOT, "%nRounds: were the runs alike, %s rounds a side or fewer would show half of the %d inconclusive "
                        + "figures equivalent with 80%% power, from the spread these rounds measured; the one that needs most, %s %s: %s.%n",
                count(needed.lowerMedian()), needed.inconclusive(), needed.most().target(), needed.most().figure(),
                count(needed.most().test().roundsForEquivalence()));
    }

    private static String count(int rounds) {
        return rounds > RunComparison.Test.MOST_ROUNDS ? "over " + RunComparison.Test.MOST_ROUNDS : String.valueOf(rounds);
    }

    /** The confidence level of an interval that misses with probability {@code alpha}, in percent, to four digits. */
    private static String level(double alpha) {
        return new BigDecimal(100 * (1 - alpha)).round(new MathContext(4)).stripTrailingZeros().toPlainString();
    }

    private static String sample(double mean, double[] v) {
        return num(mean) + " (" + String.join(", ", Arrays.stream(v).mapToObj(CompareTable::num).toList()) + ")";
    }

    /** A difference as % of the base, or in the figure's units where the base is 0. */
    private static String relative(double diff, double base) {
        return base == 0 ? String.format(Locale.ROOT, "%+.3g", diff) : String.format(Locale.ROOT, "%+.1f%%", diff / base * 100);
    }

    private static String num(double v) {
        return Math.abs(v) >= 100 ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.3g", v);
    }
}
