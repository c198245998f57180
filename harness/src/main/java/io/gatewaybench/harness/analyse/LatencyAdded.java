package io.gatewaybench.harness.analyse;

import io.gatewaybench.harness.model.Baseline;
import io.gatewaybench.harness.quantity.Stats;
import io.gatewaybench.harness.model.AddedUs;
import io.gatewaybench.harness.model.FixedRateLevel;
import io.gatewaybench.harness.model.Interval;
import io.gatewaybench.harness.model.LevelAddedUs;
import io.gatewaybench.harness.model.LevelLatencyUs;
import io.gatewaybench.harness.model.LevelRound;
import io.gatewaybench.harness.model.Decimals;
import io.gatewaybench.harness.model.ProbeResult;
import io.gatewaybench.harness.model.Target;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * What a target adds over direct at each fixed rate, to the microsecond: each round's figure of the target less direct's of
 * the same round (direct runs first in every round), averaged over the rounds in which both were measured as planned, with a
 * 95% interval of that mean. The rounds are the independent units: a difference within one round shares its machine state,
 * and the interval's degrees of freedom are the rounds counted less one. A level that was not measured as planned (sent late
 * or short, overloaded, failing) is left out, with why, never averaged in.
 */
final class LatencyAdded {
    /** A level's error share at or over this is not measured as planned: the objectives' own bound. */
    static final double ERROR_SHARE = 0.001;
    private static final List<Function<ProbeResult, Long>> PERCENTILES = List.of(ProbeResult::p50, ProbeResult::p90, ProbeResult::p99,
            ProbeResult::p99_9, ProbeResult::max);

    private LatencyAdded() {
    }

    /**
     * The target's {@code level} against direct's level at the same rate; null where either has no microsecond figures (a
     * ladder Gatling sent), where direct did not reach the rate, or where the rounds cannot be paired (runs whose levels do
     * not record their round).
     */
    static LevelAddedUs at(FixedRateLevel level, Target direct) {
        FixedRateLevel base = direct.fixedRate() == null ? null
                : direct.fixedRate().stream().filter(l -> l.rateRps() == level.rateRps()).findFirst().orElse(null);
        if (base == null || level.rounds().stream().allMatch(r -> r.latencyUs() == null || r.round() == null)
                || base.rounds().stream().anyMatch(r -> r.round() == null)) {
            return null;
        }
        Map<Integer, LevelRound> directByRound = base.rounds().stream().collect(Collectors.toMap(LevelRound::round, r -> r));
        // From the instant Vegeta sent each request where every round kept that figure: its own lateness differs from one
        // target's level to another's, so taken from the intended send the difference would carry it.
        boolean fromSend = level.rounds().stream().allMatch(r -> r.latencyFromSendUs() != null)
                && base.rounds().stream().allMatch(r -> r.latencyFromSendUs() != null);
        Function<LevelRound, ProbeResult> figures = fromSend ? LevelRound::latencyFromSendUs : LevelRound::latencyUs;
        List<String> leftOut = new ArrayList<>();
        List<double[]> counted = new ArrayList<>(); // per round, the difference at each percentile
        for (LevelRound r : level.rounds()) {
            LevelRound d = directByRound.get(r.round());
            String why = d == null ? "direct did not reach the rate" : notAsPlanned(r, "the target");
            if (why.isEmpty()) {
                why = notAsPlanned(d, Baseline.DIRECT);
            }
            if (!why.isEmpty()) {
                leftOut.add("round " + r.round() + ": " + why);
                continue;
            }
            double[] diff = new double[PERCENTILES.size()];
            for (int i = 0; i < diff.length; i++) {
                diff[i] = PERCENTILES.get(i).apply(figures.apply(r)) - PERCENTILES.get(i).apply(figures.apply(d));
            }
            counted.add(diff);
        }
        AddedUs[] added = new AddedUs[PERCENTILES.size()];
        for (int i = 0; i < added.length && !counted.isEmpty(); i++) {
            int p = i;
            added[i] = mean(counted.stream().mapToDouble(d -> d[p]).toArray());
        }
        return new LevelAddedUs(counted.size(), List.copyOf(leftOut), added[0], added[1], added[2], added[3], added[4],
                fromSend ? LevelAddedUs.FROM_SEND : null);
    }

    /**
     * The level's own percentiles from the intended send over the rounds that measured it as planned, each with its median
     * and the 95% interval of its geometric mean (Stats.interval); null for a level no round of which has microsecond
     * figures (Gatling sent it).
     */
    static LevelLatencyUs overRounds(FixedRateLevel level) {
        if (level.rounds().stream().allMatch(r -> r.latencyUs() == null)) {
            return null;
        }
        List<String> leftOut = new ArrayList<>();
        List<ProbeResult> counted = new ArrayList<>();
        for (int i = 0; i < level.rounds().size(); i++) {
            LevelRound r = level.rounds().get(i);
            String why = notAsPlanned(r, "").strip();
            if (why.isEmpty()) {
                counted.add(r.latencyUs());
            } else {
                leftOut.add("round " + (r.round() == null ? i + 1 : r.round()) + ": " + why);
            }
        }
        Interval[] each = new Interval[PERCENTILES.size()];
        for (int i = 0; i < each.length && !counted.isEmpty(); i++) {
            Function<ProbeResult, Long> p = PERCENTILES.get(i);
            each[i] = Stats.interval(counted.stream().mapToDouble(f -> p.apply(f)).toArray());
        }
        return new LevelLatencyUs(counted.size(), List.copyOf(leftOut), each[0], each[1], each[2], each[3], each[4]);
    }

    /** Why one round's level was not measured as planned ("" when it was), naming whose it was. */
    static String notAsPlanned(LevelRound r, String whose) {
        if (r.overloaded()) {
            return whose + " overloaded";
        }
        String late = ObjectiveJudge.injectorLate(r);
        if (!late.isEmpty()) {
            return whose + " injector-limited (" + late + ")";
        }
        if (r.errorShare() >= ERROR_SHARE) {
            return String.format(Locale.ROOT, "%s failed %.1f%% of requests", whose, r.errorShare() * 100);
        }
        if (r.latencyUs() == null || r.latencyUs().p50() == null) {
            return whose + " has no microsecond figures";
        }
        return "";
    }

    /** The mean of per-round differences with its 95% interval (Student's t, n - 1 degrees of freedom) where n is 2 or more. */
    static AddedUs mean(double[] perRound) {
        double[] mean = Stats.meanInterval(perRound, 0.95);
        boolean interval = perRound.length > 1;
        return new AddedUs(Decimals.round(mean[0]), interval ? Decimals.round(mean[1]) : null, interval
                ? Decimals.round(mean[2]) : null,
                Arrays.stream(perRound).map(Decimals::round).boxed().toList());
    }
}
