package io.gatewaybench.harness.measure;

import io.gatewaybench.harness.model.LevelRound;
import io.gatewaybench.harness.model.Decimals;
import io.gatewaybench.harness.model.ProbeResult;
import io.gatewaybench.harness.plan.InjectorLimit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The fixed-rate ladder of one target in one round (the wrk2 / GigaOm method): the same arrival
 * rates for every target, ascending, each level {@code levelSeconds} of open-model load, as the
 * simulation's {@code rate-<N>} requests. Gatling times each request from the instant it tries to
 * send it, TCP connect included, and its pool is uncapped: a request never waits for a free
 * connection, it opens one. So a target that cannot keep up shows it as latency (and, past the
 * simulation's in-flight guard, as an overloaded level), never as a quietly lower rate.
 */
public final class Ladder {
    private static final java.util.regex.Pattern OVERLOADED = java.util.regex.Pattern.compile("BookPageSimulation: overloaded at rate-(\\d+)");

    private Ladder() {
    }

    /**
     * One level as measured. {@code stats} is null when no request of the level succeeded;
     * {@code allLatency} is the latency over every request, failed ones at their full time (null
     * where it was not recorded: runs from before it was); {@code sent} below {@code planned} means
     * the run stopped during this level, or the injector could not send it all. {@code firstTry}: where the injector sent
     * the level late on a first try and it was sent once more (this is that second try), the first try's send lag; else null.
     */
    public record Level(int rate, long planned, long sent, long errors, RequestStats stats, RequestStats.Latency allLatency,
                        boolean overloaded, double sendLagP99Ms, double sendLagMaxMs, LatencyProbe.Result probe,
                        ProbeResult.SendLagUs firstTry, Vegeta vegeta, Level first) {
        /** A level with no first try kept. */
        public Level(int rate, long planned, long sent, long errors, RequestStats stats,
                     RequestStats.Latency allLatency, boolean overloaded, double sendLagP99Ms, double sendLagMaxMs,
                     LatencyProbe.Result probe, ProbeResult.SendLagUs firstTry, Vegeta vegeta) {
            this(rate, planned, sent, errors, stats, allLatency, overloaded, sendLagP99Ms, sendLagMaxMs, probe,
                    firstTry, vegeta, null);
        }

        /** A level Gatling sent, on its first try. */
        public Level(int rate, long planned, long sent, long errors, RequestStats stats, RequestStats.Latency allLatency,
                     boolean overloaded, double sendLagP99Ms, double sendLagMaxMs, LatencyProbe.Result probe) {
            this(rate, planned, sent, errors, stats, allLatency, overloaded, sendLagP99Ms, sendLagMaxMs, probe, null, null);
        }

        /** This level, sent by Vegeta, with each injector host's share of it. */
        public Level withInjectors(List<io.gatewaybench.harness.model.InjectorShare> shares) {
            return new Level(rate, planned, sent, errors, stats, allLatency, overloaded, sendLagP99Ms, sendLagMaxMs,
                    probe, firstTry, new Vegeta(vegeta.latencyUs(), vegeta.cpuMsPer1000Requests(), vegeta.fromSendUs(),
                    List.copyOf(shares)), first);
        }

        /** Vegeta's send lag over the level, us; null where Gatling sent it. */
        public ProbeResult.SendLagUs lagUs() {
            return vegeta == null || vegeta.latencyUs() == null ? null : vegeta.latencyUs().sendLagUs().orElse(null);
        }

        /** This level as the second try of one whose first try the injector sent with {@code lag}. */
        public Level sentAgainAfter(ProbeResult.SendLagUs lag) {
            return new Level(rate, planned, sent, errors, stats, allLatency, overloaded, sendLagP99Ms, sendLagMaxMs, probe, lag, vegeta);
        }

        /** This level as the second try of {@code first}, which the injector sent late: every figure of it kept. */
        public Level sentAgainAfter(Level first) {
            return new Level(rate, planned, sent, errors, stats, allLatency, overloaded, sendLagP99Ms, sendLagMaxMs,
                    probe, first.lagUs(), vegeta, first);
        }

        /**
         * What Vegeta measured of a level besides what Gatling's levels have: its microsecond figures from the intended send,
         * its own CPU time per 1,000 requests it sent (NaN: not measured), and the same answers' microseconds from the actual
         * send (null in runs from before they were kept).
         */
        public record Vegeta(ProbeResult latencyUs, double cpuMsPer1000Requests, ProbeResult fromSendUs,
                             List<io.gatewaybench.harness.model.InjectorShare> injectors) {
            /** Sent from one host. */
            public Vegeta(ProbeResult latencyUs, double cpuMsPer1000Requests, ProbeResult fromSendUs) {
                this(latencyUs, cpuMsPer1000Requests, fromSendUs, List.of());
            }
        }

        /** Every planned request was sent and the target kept up. */
        public boolean complete() {
            return !overloaded && sent >= planned;
        }

        /**
         * Why the injector, not the target, failed this level as it was sent ("" when it did not):
         * {@link InjectorLimit#late}.
         */
        public String injectorLate() {
            return InjectorLimit.late(vegeta != null, vegeta == null ? List.of() : vegeta.injectors(), sendLagP99Ms,
                    vegeta == null || vegeta.fromSendUs() == null || vegeta.fromSendUs().p99() == null ? null
                            : vegeta.fromSendUs().p99() / 1000.0,
                    rate, sent, planned, overloaded);
        }

        /**
         * The level measured the target at its rate: not overloaded, and the injector delivered its schedule. Only such a
         * level's latency is the target's at that rate; an overloaded one's is its queue, a late one's the injector's lag.
         */
        public boolean measuredAtRate() {
            return !overloaded && injectorLate().isEmpty();
        }

        public double errorShare() {
            return sent == 0 ? 0 : (double) errors / sent;
        }

        /** The level as summary.json holds it, as {@code round} (1-based) measured it. */
        public LevelRound measuredIn(int round) {
            return new LevelRound(round, rate, planned, sent, errors, Decimals.round(errorShare()), overloaded,
                    stats == null ? null : stats.latency().ms(), Optional.ofNullable(allLatency).map(RequestStats.Latency::ms),
                    stats == null ? null : Decimals.round(stats.throughputRps()),
                    new LevelRound.SendLagMs(Decimals.round(sendLagP99Ms), Decimals.round(sendLagMaxMs)),
                    probe == null ? null : probe.figures(), vegeta == null ? null : LevelRound.VEGETA, vegeta == null ? null : vegeta.latencyUs(),
                    vegeta == null || Double.isNaN(vegeta.cpuMsPer1000Requests()) ? null : Decimals.round(vegeta.cpuMsPer1000Requests()),
                    firstTry, vegeta == null ? null : vegeta.fromSendUs(),
                    vegeta == null || vegeta.injectors().isEmpty() ? null : vegeta.injectors(),
                    first == null ? null : first.measuredIn(round));
        }

        /**
         * A level back from summary.json (without the probe's histogram), so a run can be analysed again from its summary. A
         * level from before failed requests' times were recorded has them only if it had no failures.
         */
        public static Level of(LevelRound l) {
            RequestStats stats = l.latencyMs() == null ? null : new RequestStats(l.sent(), l.errors(),
                    l.throughputRps() == null ? 0 : l.throughputRps(), RequestStats.Latency.of(l.latencyMs()));
            RequestStats.Latency allLatency = l.allRequestsLatencyMs() != null && l.allRequestsLatencyMs().isPresent()
                    ? RequestStats.Latency.of(l.allRequestsLatencyMs().get()) : l.errors() == 0 && stats != null ? stats.latency() : null;
            Vegeta vegeta = !LevelRound.VEGETA.equals(l.injector()) ? null
                    : new Vegeta(l.latencyUs(), l.injectorCpuMsPer1000Requests() == null ? Double.NaN : l.injectorCpuMsPer1000Requests(),
                    l.latencyFromSendUs(), l.injectors() == null ? List.of() : l.injectors());
            return new Level(l.rateRps(), l.planned(), l.sent(), l.errors(), stats, allLatency, l.overloaded(),
                    l.sendLagMs().p99(), l.sendLagMs().max(), null, l.firstTrySendLagUs(), vegeta,
                    l.firstTry() == null ? null : of(l.firstTry()));
        }

    }

    /** The request name of a level in the simulation. */
    public static String requestName(int rate) {
        return "rate-" + rate;
    }

    /**
     * The levels of {@code rates} found in the log; levels above the one where the simulation
     * reported overload were never sent and are left out. {@code probe} gives the microsecond
     * probe's result over a window (epoch ms), or null.
     */
    public static List<Level> read(SimulationLog log, List<Integer> rates, int levelSeconds, Integer overloadedAt,
                                   java.util.function.BiFunction<Long, Long, LatencyProbe.Result> probe) {
        List<Level> levels = new ArrayList<>();
        for (int rate : rates) {
            String name = requestName(rate);
            List<SimulationLog.Request> requests = log.requests(name);
            if (requests.isEmpty()) {
                break;
            }
            long errors = requests.stream().filter(r -> !r.ok()).count();
            RequestStats stats = errors == requests.size() ? null : log.stats(name);
            double[] lag = log.sendLag(name, rate);
            long[] window = log.window(name);
            levels.add(new Level(rate, (long) rate * levelSeconds, requests.size(), errors, stats, log.latencyOfAll(name),
                    overloadedAt != null && overloadedAt == rate, lag[0], lag[1], probe == null ? null : probe.apply(window[0], window[1])));
        }
        return levels;
    }

    /** The rate the simulation said it stopped at ("BookPageSimulation: overloaded at rate-N: ..."), or null. */
    public static Integer overloadedAt(List<String> consoleLines) {
        for (String line : consoleLines) {
            java.util.regex.Matcher m = OVERLOADED.matcher(line);
            if (m.find()) {
                return Integer.parseInt(m.group(1));
            }
        }
        return null;
    }

    /**
     * The ladder's rates: {@code percents} of direct's capacity, rounded to two significant digits
     * (at least 10 req/s), and the absolute {@code rates}, ascending, without repeats. Two digits
     * keep the levels apart also where direct is slow (one CPU, a cold quick run).
     */
    public static List<Integer> rates(List<Integer> percents, double capacityRps, List<Integer> rates) {
        List<Integer> all = new ArrayList<>(rates);
        for (int p : percents) {
            double rate = Math.max(10, capacityRps * p / 100);
            double step = Math.pow(10, Math.floor(Math.log10(rate)) - 1);
            all.add((int) (Math.round(rate / step) * step));
        }
        return all.stream().distinct().sorted().toList();
    }
}
