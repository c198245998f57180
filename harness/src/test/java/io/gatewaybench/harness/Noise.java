package io.gatewaybench.harness;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gatewaybench.harness.plan.Repo;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.function.Predicate;
import java.util.random.RandomGenerator;
import org.apache.commons.math3.distribution.ChiSquaredDistribution;

/**
 * The noise of one measured figure, as a calibration run measured it round by round, and what it does to a
 * check: a normal fitted to the rounds, its spread taken at the upper end of its 95% interval (n rounds say
 * little about a spread, so the simulation errs wide), drawn with a fixed seed. Values recorded in whole
 * milliseconds are drawn rounded to whole milliseconds.
 */
final class Noise {
    /** Draws per simulated check: a false-failure rate of 1% is then known to about +-0.02 points. */
    static final int DRAWS = 200_000;
    /** The same draws every time: a rate printed in the README is reproduced exactly. */
    static final long SEED = 20261125L;

    private final String what;
    private final double[] rounds;
    private final double step;
    private final double mean;
    private final double sd;
    private final double sdHigh;
    /** Drawn from the calibration's own rounds, not from a normal: {@link #resampled()}. */
    private final boolean resampled;

    /**
     * @param what   the figure, in words
     * @param rounds its value in each round of the calibration run
     * @param step   the step it is recorded in (1 for Gatling's milliseconds), 0 when continuous
     */
    Noise(String what, double[] rounds, double step) {
        this(what, rounds, step, false);
    }

    private Noise(String what, double[] rounds, double step, boolean resampled) {
        if (rounds.length < 3) {
            throw new IllegalArgumentException(what + ": " + rounds.length + " rounds say nothing of a spread; calibrate with more");
        }
        this.what = what;
        this.rounds = rounds.clone();
        this.step = step;
        this.resampled = resampled;
        this.mean = Arrays.stream(rounds).average().orElseThrow();
        this.sd = Math.sqrt(Arrays.stream(rounds).map(x -> (x - mean) * (x - mean)).sum() / (rounds.length - 1));
        // The upper end of the 95% interval of the spread, sd x sqrt((n-1) / chi2(0.05; n-1)); at least a step's rounding.
        int df = rounds.length - 1;
        this.sdHigh = Math.max(sd * Math.sqrt(df / new ChiSquaredDistribution(df).inverseCumulativeProbability(0.05)), step / Math.sqrt(12));
    }

    double mean() {
        return mean;
    }

    double sd() {
        return sd;
    }

    /** The spread draws use: the upper end of the sample spread's 95% interval. */
    double sdHigh() {
        return sdHigh;
    }

    /** The values of the calibration's rounds. */
    double[] rounds() {
        return rounds.clone();
    }

    /**
     * The same figure drawn from the calibration's own rounds, each as likely: for a figure the plant sets to within a known
     * step (a count of failures, one in every 20, give or take the request at each end of a level), which a normal with
     * the rounds' spread would give tails it cannot have.
     */
    Noise resampled() {
        return new Noise(what, rounds, step, true);
    }

    /** One round's value, drawn; never below 0 (a latency, a rate, a share). */
    double draw(RandomGenerator random) {
        if (resampled) {
            return rounds[random.nextInt(rounds.length)];
        }
        double v = Math.max(0, mean + sdHigh * random.nextGaussian());
        return step > 0 ? Math.round(v / step) * step : v;
    }

    /**
     * One round's value, drawn above 0 (the normal cut at 0 and drawn again): a throughput, which a round that measured
     * anything has, and by which a ratio divides (direct's, 4474 +- 1237 drawn in CompareIT's load, reaches 0 once in
     * about 6,000 draws).
     */
    double drawPositive(RandomGenerator random) {
        for (int i = 0; i < 1000; i++) {
            double v = draw(random);
            if (v > 0) {
                return v;
            }
        }
        throw new IllegalStateException("1,000 draws of " + describe() + " in a row were not above 0");
    }

    /** The mean of {@code n} rounds' values, each drawn: what a figure that is a median of two rounds is. */
    double drawMean(RandomGenerator random, int n) {
        double sum = 0;
        for (int i = 0; i < n; i++) {
            sum += draw(random);
        }
        return sum / n;
    }

    /** The median of {@code n} rounds' values, each drawn. */
    double drawMedian(RandomGenerator random, int n) {
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = draw(random);
        }
        Arrays.sort(v);
        return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    }

    /** "what mean ± sd (n), drawn ± sdHigh", or "resampled from min-max". */
    String describe() {
        return String.format(Locale.ROOT, "%s %s ± %s (%d), %s", what, num(mean()), num(sd()), rounds.length,
                resampled ? "resampled from " + num(Arrays.stream(rounds).min().orElseThrow()) + "-" + num(Arrays.stream(rounds).max().orElseThrow())
                        : "drawn ± " + num(sdHigh()));
    }

    /** The share of {@link #DRAWS} simulated checks that fail, with the fixed seed. */
    static double failureRate(Predicate<RandomGenerator> fails) {
        return failureRate(fails, DRAWS);
    }

    /** The share of {@code draws} simulated checks that fail, with the fixed seed. */
    static double failureRate(Predicate<RandomGenerator> fails, int draws) {
        SplittableRandom random = new SplittableRandom(SEED);
        int failed = 0;
        for (int i = 0; i < draws; i++) {
            if (fails.test(random)) {
                failed++;
            }
        }
        return (double) failed / draws;
    }

    static String num(double v) {
        return Math.abs(v) >= 100 ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.3g", v);
    }

    /** A calibration run, as committed under {@code harness/src/test/resources/noise/}. */
    record Calibration(Path folder, JsonNode summary) {
        static Calibration of(String name) {
            Path folder = Repo.root().resolve("harness/src/test/resources/noise").resolve(name);
            try {
                return new Calibration(folder, new ObjectMapper().readTree(folder.resolve("summary.json").toFile()));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read the calibration run " + folder, e);
            }
        }

        JsonNode target(String name) {
            for (JsonNode t : summary.get("targets")) {
                if (t.get("name").asText().equals(name)) {
                    return t;
                }
            }
            throw new IllegalArgumentException("the calibration run " + folder.getFileName() + " has no target " + name);
        }

        /** A figure of one ladder level in every round that measured it: {@code field} is a path such as {@code all_requests_latency_ms/p99}. */
        Noise level(String target, int rate, String field, double step) {
            List<Double> values = new ArrayList<>();
            for (JsonNode level : target(target).get("fixed_rate")) {
                if (level.get("rate_rps").asInt() == rate) {
                    level.get("rounds").forEach(r -> values.add(r.at("/" + field).asDouble()));
                }
            }
            return new Noise(target + " " + shortName(field) + " at " + rate, unbox(values), step);
        }

        /** A figure of the closed load in every round ({@code rounds[].field}). */
        Noise closed(String target, String field, double step) {
            List<Double> values = new ArrayList<>();
            target(target).get("rounds").forEach(r -> values.add(r.at("/" + field).asDouble()));
            return new Noise(target + " " + shortName(field) + " (closed)", unbox(values), step);
        }

        /** The error share of the closed load in every round: its errors over its requests. */
        Noise closedShare(String target) {
            List<Double> values = new ArrayList<>();
            target(target).get("rounds").forEach(r -> values.add(r.get("errors").asDouble() / r.get("requests").asDouble()));
            return new Noise(target + " error share (closed load)", unbox(values), 0);
        }

        /**
         * A percentile of the microsecond probe's own histogram ({@code raw/<target>-round<k>/<file>.hgrm}, kept
         * with the calibration run) in every round.
         */
        Noise probe(String target, String file, double percentile) {
            List<Double> values = new ArrayList<>();
            for (int k = 1; Files.isDirectory(folder.resolve("raw").resolve(target + "-round" + k)); k++) {
                values.add(hgrmPercentile(folder.resolve("raw").resolve(target + "-round" + k).resolve(file + ".hgrm"), percentile));
            }
            return new Noise(String.format(Locale.ROOT, "%s %s P%.0f us", target, file.replace("probe-", "probe "), percentile * 100), unbox(values), 0);
        }

        private static double hgrmPercentile(Path hgrm, double percentile) {
            try {
                for (String line : Files.readAllLines(hgrm)) {
                    String[] cells = line.trim().split("\\s+");
                    if (cells.length == 4 && !cells[0].equals("Value") && Double.parseDouble(cells[1]) >= percentile) {
                        return Double.parseDouble(cells[0]);
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            throw new IllegalArgumentException(hgrm + " has no percentile " + percentile);
        }

        /** all_requests_latency_ms/p99 as "P99 ms", send_lag_ms/p99 as "send lag P99 ms". */
        private static String shortName(String field) {
            return field.replace("resources/gateway/cpu_ms_per_1000_requests", "gateway CPU ms per 1,000 req").replace("all_requests_latency_ms/", "").replace("send_lag_ms/", "send lag ").replace("p99", "P99 ms")
                    .replace("p50", "P50 ms").replace("max", "max ms").replace("probe_us/requests", "probe requests").replace('_', ' ');
        }

        private static double[] unbox(List<Double> values) {
            return values.stream().mapToDouble(Double::doubleValue).toArray();
        }
    }
}
