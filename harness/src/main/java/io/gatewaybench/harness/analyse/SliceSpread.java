package io.gatewaybench.harness.analyse;

import io.gatewaybench.harness.model.Baseline;
import io.gatewaybench.harness.model.Summary;
import io.gatewaybench.harness.model.Target;
import io.gatewaybench.harness.quantity.Stats;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Where the noise of a paired throughput ratio comes from, and so how to buy precision with run time (Kalibera and Jones,
 * "Rigorous Benchmarking in Reasonable Time", ISMM 2013: a random-effects model of repetitions at two levels). A round
 * starts the target afresh and measures it, and direct, for a window of seconds; the window is cut into one-second
 * slices. The logarithm of a slice's throughput is the round's level plus the slice's own noise:
 * <ul>
 *   <li><em>within</em> a round, slice to slice: what a longer window averages away;
 *   <li><em>between</em> rounds, in the paired ratio (target over direct of the same round): what only more rounds
 *       average away (a JVM's start, where its threads landed, the machine's drift between the two measurements).
 * </ul>
 * The ratio of one round then has variance {@code between + within / seconds}, and the mean of {@code n} rounds that over
 * {@code n}; its 95% interval is Student's t with {@code n - 1} degrees of freedom, as the headline's. Slices of a
 * closed loop are not independent (a pause holds every user): the within part is measured at slices of 1, 2, 4 ...
 * seconds, and where the variance of a slice falls slower than its length grows, the window's share is taken at the
 * longest slice measured ({@link #inflation}), never at one second.
 */
public final class SliceSpread {
    /** Each round's successful responses per second of its measured window, read from a run's raw logs (measure's). */
    @FunctionalInterface
    public interface RoundLogs {
        /** {@code rounds} rounds of {@code target} in {@code run}, {@code seconds} a round. */
        List<double[]> perSecond(Path run, String target, int rounds, int seconds) throws IOException;
    }

    private SliceSpread() {
    }

    /**
     * One target's spread over rounds: its and direct's per-second throughput in each round's measured window.
     *
     * @param rounds rounds compared, count
     * @param seconds the measured window, s
     * @param withinVariance the variance of a one-second slice's log throughput around its round's mean, target's and
     *     direct's added (what a window of {@code seconds} divides by {@code seconds / inflation})
     * @param inflation how much more a window's variance is than independent one-second slices would give, at the longest
     *     slice measured (1: independent)
     * @param betweenVariance the variance of a round's paired log ratio beyond what its window's slices explain (0 where
     *     the rounds agree better than their slices)
     * @param pairedVariance the variance of the rounds' paired log ratios as measured
     */
    public record Components(int rounds, int seconds, double withinVariance, double inflation, double betweenVariance, double pairedVariance) {
        /** The variance of one round's paired log ratio with a window of {@code window} seconds. */
        public double roundVariance(double window) {
            return betweenVariance + withinVariance * inflation / window;
        }

        /** The half-width, in log ratio (about a share: 0.05 is ±5%), of the 95% interval of {@code n} rounds of {@code window} s. */
        public double halfWidth(int n, double window) {
            return Stats.t(0.95, n - 1) * Math.sqrt(roundVariance(window) / n);
        }
    }

    /**
     * The components of one target from its and direct's slices, round by round ({@code target[i][j]}: round i, second j;
     * throughput above 0). Rounds of the target and of direct are paired in order.
     */
    public static Components of(double[][] target, double[][] direct) {
        return of(List.<double[][]>of(target), List.<double[][]>of(direct));
    }

    /**
     * The same over several runs of one load, each a group of rounds: the spread between rounds is taken within each run
     * (around the run's own mean, pooled with its degrees of freedom), so that what moved between the runs' days does not
     * count as noise between the rounds of one run.
     */
    public static Components of(List<double[][]> targetRuns, List<double[][]> directRuns) {
        List<double[]> target = new ArrayList<>();
        List<double[]> direct = new ArrayList<>();
        double squares = 0;
        int df = 0;
        int seconds = Integer.MAX_VALUE;
        for (int k = 0; k < targetRuns.size(); k++) {
            int n = Math.min(targetRuns.get(k).length, directRuns.get(k).length);
            for (int i = 0; i < n; i++) {
                target.add(targetRuns.get(k)[i]);
                direct.add(directRuns.get(k)[i]);
                seconds = Math.min(seconds, Math.min(targetRuns.get(k)[i].length, directRuns.get(k)[i].length));
            }
        }
        if (seconds < 2) {
            throw new IllegalArgumentException("a spread within rounds needs two slices or more a round, got " + seconds);
        }
        int first = 0;
        for (int k = 0; k < targetRuns.size(); k++) {
            int n = Math.min(targetRuns.get(k).length, directRuns.get(k).length);
            double[] paired = new double[n];
            for (int i = 0; i < n; i++) {
                paired[i] = Math.log(Stats.mean(Arrays.copyOf(target.get(first + i), seconds)))
                        - Math.log(Stats.mean(Arrays.copyOf(direct.get(first + i), seconds)));
            }
            if (n >= 2) {
                squares += Stats.variance(paired) * (n - 1);
                df += n - 1;
            }
            first += n;
        }
        if (df == 0) {
            throw new IllegalArgumentException("a spread over rounds needs two rounds or more in a run");
        }
        double[][] t = target.toArray(new double[0][]);
        double[][] d = direct.toArray(new double[0][]);
        double within = withinVariance(t, t.length, seconds, 1) + withinVariance(d, d.length, seconds, 1);
        // the longest slice that still leaves two slices a round
        int longest = Integer.highestOneBit(seconds / 2);
        double atLongest = withinVariance(t, t.length, seconds, longest) + withinVariance(d, d.length, seconds, longest);
        double inflation = longest == 1 || within == 0 ? 1 : Math.max(1, atLongest * longest / within);
        double pairedVariance = squares / df;
        double between = Math.max(0, pairedVariance - within * inflation / seconds);
        return new Components(df + targetRuns.size(), seconds, within, inflation, between, pairedVariance);
    }

    /** The pooled variance of log slice throughput around each round's mean, slices of {@code length} seconds. */
    static double withinVariance(double[][] rounds, int n, int seconds, int length) {
        double squares = 0;
        int df = 0;
        for (int i = 0; i < n; i++) {
            int slices = seconds / length;
            double[] logs = new double[slices];
            for (int s = 0; s < slices; s++) {
                double sum = 0;
                for (int j = s * length; j < (s + 1) * length; j++) {
                    sum += rounds[i][j];
                }
                logs[s] = Math.log(sum / length);
            }
            squares += slices < 2 ? 0 : Stats.variance(logs) * (slices - 1);
            df += slices - 1;
        }
        return df == 0 ? 0 : squares / df;
    }

    /**
     * The cheapest design that reaches {@code halfWidth}: rounds and window, for a round that costs {@code fixedSeconds}
     * besides its window (starting the target, warming it, the ladder), per target; null when none within {@code maxRounds}
     * rounds and {@code maxWindow} seconds does.
     */
    public static int[] cheapest(Components c, double halfWidth, double fixedSeconds, int maxRounds, int maxWindow) {
        int[] best = null;
        double bestCost = Double.MAX_VALUE;
        for (int n = 3; n <= maxRounds; n++) {
            for (int w = 2; w <= maxWindow; w++) {
                double cost = n * (fixedSeconds + w);
                if (cost < bestCost && c.halfWidth(n, w) <= halfWidth) {
                    best = new int[] {n, w};
                    bestCost = cost;
                }
            }
        }
        return best;
    }

    /** One line of figures, in % of the ratio (a log ratio's standard deviation, read as a share). */
    public static String describe(Components c) {
        return String.format(Locale.ROOT, "%d rounds of %d s: between rounds ±%.1f%%, a 1 s slice ±%.1f%% (x%.1f for its run-on), "
                        + "a round's ratio ±%.1f%% as measured", c.rounds(), c.seconds(), 100 * Math.sqrt(c.betweenVariance()),
                100 * Math.sqrt(c.withinVariance()), c.inflation(), 100 * Math.sqrt(c.pairedVariance()));
    }

    /**
     * {@code ./bench precision <run folder>...}: each target's components from the raw Gatling logs of the runs named
     * (runs of one load, the spread between rounds taken within each run), and what precision the run's design gave
     * and which design would give ±{@code target} in the least time. Runs whose raw logs are gone (a committed run keeps
     * only its summaries) are refused with that reason.
     */
    public static String report(List<Path> runs, double target, RoundLogs logs) throws IOException {
        Map<String, List<double[][]>> slices = new LinkedHashMap<>();
        Map<String, List<double[][]>> directSlices = new LinkedHashMap<>();
        Integer window = null;
        double fixed = 0;
        int steps = 0;
        for (Path run : runs) {
            Summary s = Analysis.read(run);
            int seconds = s.setup().load().durationS();
            if (window != null && window != seconds) {
                throw new IllegalArgumentException("runs of one load only: " + run + " measured " + seconds + " s a round, the first " + window);
            }
            window = seconds;
            Target direct = s.targets().stream().filter(t -> t.name().equals(Baseline.DIRECT)).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException(run + " has no direct"));
            List<double[]> d = logs.perSecond(run, Baseline.DIRECT, direct.measured().rounds().size(), seconds);
            for (Target t : s.targets()) {
                if (t == direct || t.measured().failure() != null
                        || !Baseline.DIRECT.equals(t.about().baseline() == null ? Baseline.DIRECT : t.about().baseline())) {
                    continue;
                }
                List<double[]> mine = logs.perSecond(run, t.name(), t.measured().rounds().size(), seconds);
                slices.computeIfAbsent(t.name(), k -> new ArrayList<>()).add(mine.toArray(new double[0][]));
                directSlices.computeIfAbsent(t.name(), k -> new ArrayList<>()).add(d.subList(0, mine.size()).toArray(new double[0][]));
            }
            // what a round costs a target besides its window: the run's time over its steps (direct's extra run included)
            int runSteps = s.targets().stream().mapToInt(t -> t.measured().rounds().size()).sum();
            fixed += java.time.Duration.between(java.time.Instant.parse(s.run().started()),
                    java.time.Instant.parse(s.run().finished())).toSeconds()
                    - (double) runSteps * seconds;
            steps += runSteps;
        }
        double fixedSeconds = fixed / steps;
        StringBuilder md = new StringBuilder();
        md.append(String.format(Locale.ROOT, "Rounds of %s, the spread between rounds taken within each run; a round costs a target about %.0f s besides its %d s window. "
                        + "Half-width: of the 95%% interval of the paired ratio (Student's t on the log ratios), in %%.%n%n",
                runs.stream().map(r -> r.getFileName().toString()).toList(), fixedSeconds, window));
        md.append("| target | rounds | between rounds | 1 s slice | run-on | half-width now (3 rounds) | cheapest design for ±")
                .append(String.format(Locale.ROOT, "%.0f%%", target * 100)).append(" | its time a target |\n|---|---:|---:|---:|---:|---:|---|---:|\n");
        for (String name : slices.keySet()) {
            Components c = of(slices.get(name), directSlices.get(name));
            int[] best = cheapest(c, target, fixedSeconds, 40, 240);
            md.append(String.format(Locale.ROOT, "| %s | %d | ±%.1f%% | ±%.1f%% | x%.1f | ±%.1f%% | %s | %s |%n", name, c.rounds(),
                    100 * Math.sqrt(c.betweenVariance()), 100 * Math.sqrt(c.withinVariance()), c.inflation(), 100 * c.halfWidth(3, window),
                    best == null ? "none within 40 rounds of 240 s" : best[0] + " rounds of " + best[1] + " s",
                    best == null ? "-" : String.format(Locale.ROOT, "%.1f min", best[0] * (fixedSeconds + best[1]) / 60)));
        }
        return md.toString();
    }
}
