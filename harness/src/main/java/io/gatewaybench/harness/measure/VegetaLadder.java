package io.gatewaybench.harness.measure;

import io.gatewaybench.harness.model.InjectorShare;
import io.gatewaybench.harness.model.Decimals;
import io.gatewaybench.harness.model.ProbeResult;
import io.gatewaybench.harness.plan.InjectorLimit;
import io.gatewaybench.harness.plan.RunPlan;
import io.gatewaybench.harness.plan.Topology;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.IntStream;
import org.HdrHistogram.Histogram;

/**
 * The fixed-rate ladder sent by Vegeta (injector/README.md: chosen by a bake-off against Hyperfoil and Gatling), after
 * Gatling's closed load has warmed the target: the same rates for every target, ascending, each level
 * {@code levelSeconds} of open-model load after {@link #WARMUP_SECONDS} on the same schedule and connections, left out.
 * Every request's latency runs from its intended send instant, in microseconds ({@link VegetaLevel}); every answer is
 * checked.
 *
 * <p>A level Vegeta could not deliver on schedule ({@link Ladder.Level#injectorLate()}: send lag P99 over
 * {@link InjectorLimit#VEGETA_LATE_SEND_MS}, or requests missing) is run once more; if it is late again it stays so,
 * the analysis counts it neither as a pass nor as a failure of the target, and the ladder stops there: the maximum-rate
 * search stops at it, and Vegeta would deliver a higher rate no better. A level with more than the plan's
 * {@code maxInFlight} requests outstanding at once is overloaded, and the ladder stops there, as Gatling's in-flight
 * guard stopped it: the levels above would only queue.
 */
public final class VegetaLadder {
    /** Seconds of each level sent first on the same schedule and left out: connections opened, the rate settled. */
    public static final int WARMUP_SECONDS = 1;
    /** A request unanswered after this is a failure, counted at this time in the latency of every request. */
    public static final int TIMEOUT_SECONDS = 10;

    private VegetaLadder() {
    }

    /**
     * Sends {@code rates} to {@code url} as {@code request} says (its path, routes, headers and what each answer must
     * be), one level after another, and returns the levels measured, up to and including an overloaded one; each
     * level's records and microsecond distribution go to {@code raw}.
     */
    public static List<Ladder.Level> run(URI url, GatlingRun.Request request, List<Integer> rates, RunPlan.LadderSpec ladder, Path raw,
            Progress progress) throws IOException {
        return run(url, request, rates, ladder, raw, progress, List.of());
    }

    /**
     * The same, each level sent from every one of {@code injectors} at once when there are several ({@link
     * VegetaLevel#runShared}): the rate split between them, their records merged, each host's lateness judged on its own
     * share ({@link Ladder.Level#injectorLate()}). With none or one, from this host.
     */
    public static List<Ladder.Level> run(URI url, GatlingRun.Request request, List<Integer> rates, RunPlan.LadderSpec ladder, Path raw,
            Progress progress, List<Topology.Host> injectors) throws IOException {
        Path targets = VegetaLevel.targets(url, paths(request), headers(request), raw.resolve("vegeta-targets.txt"));
        VegetaLevel.Expect expect = VegetaLevel.Expect.of(request);
        if (injectors.size() > 1) {
            return runLevels((rate, suffix, firstTry) -> shared(targets, injectors, rate, ladder, raw, expect, suffix, firstTry), rates,
                    ladder, progress);
        }
        return run((rate, suffix) -> level(targets, rate, ladder, raw, expect, suffix), rates, ladder, progress);
    }

    /** Sends one level at {@code rate}; {@code suffix} tells a second try's files from the first's. */
    @FunctionalInterface
    interface Sender {
        VegetaLevel.Result send(int rate, String suffix) throws IOException;
    }

    /** Sends one level at {@code rate} and returns it as the ladder's level, once more with the first try's lag where late. */
    @FunctionalInterface
    interface LevelSender {
        Ladder.Level send(int rate, String suffix, ProbeResult.SendLagUs firstTry) throws IOException;
    }

    /**
     * The ladder's rule over levels however they are sent: each late one once more; none above an overloaded one, nor above
     * one late again (injector-limited).
     */
    static List<Ladder.Level> run(Sender sender, List<Integer> rates, RunPlan.LadderSpec ladder, Progress progress) throws IOException {
        return runLevels((rate, suffix, firstTry) -> level(sender.send(rate, suffix), ladder, firstTry), rates, ladder, progress);
    }

    static List<Ladder.Level> runLevels(LevelSender sender, List<Integer> rates, RunPlan.LadderSpec ladder, Progress progress)
            throws IOException {
        List<Ladder.Level> levels = new ArrayList<>();
        for (int i = 0; i < rates.size(); i++) {
            int rate = rates.get(i);
            progress.line(String.format(Locale.ROOT, "fixed rate %d req/s (level %d of %d, %d s, Vegeta)", rate, i + 1, rates.size(),
                    WARMUP_SECONDS + ladder.levelSeconds()));
            Ladder.Level level = sender.send(rate, "", null);
            if (!level.injectorLate().isEmpty()) {
                progress.line(String.format(Locale.ROOT, "Vegeta could not deliver %d req/s (%s): once more", rate, level.injectorLate()));
                Ladder.Level first = level;
                level = sender.send(rate, "-again", first.lagUs()).sentAgainAfter(first);
            }
            levels.add(level);
            if (level.overloaded()) {
                break;
            }
            if (!level.injectorLate().isEmpty()) {
                // The search stops at a level the injector could not deliver; a higher rate it would deliver no better.
                progress.line(String.format(Locale.ROOT, "Vegeta could not deliver %d req/s again (%s): injector-limited, the ladder stops here",
                        rate, level.injectorLate()));
                break;
            }
        }
        return levels;
    }

    /** The paths the requests go to, in turn: the page, under each route when there are routes (as the simulation sends them). */
    static List<String> paths(GatlingRun.Request request) {
        return request.routes() > 0 ? IntStream.range(0, request.routes()).mapToObj(i -> "/r" + i + request.path()).toList()
                : List.of(request.path());
    }

    /** The headers every request carries: the session cookie, the API key and the bearer token the request has. */
    static List<String> headers(GatlingRun.Request request) {
        List<String> headers = new ArrayList<>();
        if (!request.sessionCookie().isEmpty()) {
            headers.add("Cookie: " + request.sessionCookie());
        }
        if (!request.apiKey().isEmpty()) {
            headers.add("apikey: " + request.apiKey());
        }
        if (!request.bearer().isEmpty()) {
            headers.add("Authorization: Bearer " + request.bearer());
        }
        return headers;
    }

    /**
     * One level sent from every injector host at once, as the ladder's level: its figures from every host's records together,
     * each host's share beside them ({@link InjectorShare}), judged late on its own by the one-host rule.
     */
    private static Ladder.Level shared(Path targets, List<Topology.Host> injectors, int rate, RunPlan.LadderSpec ladder, Path raw,
            VegetaLevel.Expect expect, String suffix, ProbeResult.SendLagUs firstTry) throws IOException {
        String stem = "vegeta-rate-" + rate + suffix;
        VegetaLevel.Shared s = VegetaLevel.runShared(targets, injectors, rate, WARMUP_SECONDS, ladder.levelSeconds(), ladder.maxInFlight(),
                TIMEOUT_SECONDS, raw.resolve(stem + ".bin"), expect);
        writeDistribution(s.merged(), raw.resolve("latency-us-rate-" + rate + suffix + ".hgrm"));
        double earliest = s.shares().stream().mapToDouble(VegetaLevel.Share::originNanos).min().orElse(0);
        List<InjectorShare> shares = new ArrayList<>();
        for (VegetaLevel.Share share : s.shares()) {
            VegetaLevel.Result r = share.result();
            writeDistribution(r, raw.resolve("latency-us-rate-" + rate + suffix + "-" + share.host().role() + ".hgrm"));
            String late = level(r, ladder, null).injectorLate();
            shares.add(new InjectorShare(share.host().role(), share.host().address(), r.rateRps(), r.planned(), r.sent(), lag(r.sendLag()),
                    Double.isNaN(r.cpuMsPer1000Requests()) ? null : Decimals.round(r.cpuMsPer1000Requests()),
                    Math.round((share.originNanos() - earliest) / 1000), late.isEmpty() ? null : late));
        }
        return level(s.merged(), ladder, firstTry).withInjectors(shares);
    }

    private static void writeDistribution(VegetaLevel.Result r, Path file) throws IOException {
        try (PrintStream out = new PrintStream(Files.newOutputStream(file))) {
            r.fromIntended().outputPercentileDistribution(out, 1.0);
        }
    }

    private static VegetaLevel.Result level(Path targets, int rate, RunPlan.LadderSpec ladder, Path raw, VegetaLevel.Expect expect,
            String suffix) throws IOException {
        String stem = "vegeta-rate-" + rate + suffix;
        VegetaLevel.Result r = VegetaLevel.run(targets, rate, WARMUP_SECONDS, ladder.levelSeconds(), ladder.maxInFlight(), TIMEOUT_SECONDS,
                raw.resolve(stem + ".bin"), expect);
        writeDistribution(r, raw.resolve("latency-us-rate-" + rate + suffix + ".hgrm"));
        return r;
    }

    /**
     * A Vegeta level as the ladder's other levels are: latencies in milliseconds (fractional: Vegeta's are to the
     * microsecond), from the intended send instant; the send lag in milliseconds; overloaded when more requests were
     * outstanding at once than the plan allows.
     */
    static Ladder.Level level(VegetaLevel.Result r, RunPlan.LadderSpec ladder, ProbeResult.SendLagUs firstTry) {
        long errors = r.sent() - r.good();
        RequestStats stats = r.good() == 0 ? null : new RequestStats(r.good() + errors, errors, r.goodPerSecond(), latencyMs(r.fromIntended()));
        Histogram lag = r.sendLag();
        boolean none = r.good() == 0;
        Histogram h = r.fromIntended();
        ProbeResult micros = new ProbeResult(r.sent(), errors, "answers that were the page, each from its intended send instant",
                none ? null : h.getValueAtPercentile(50), none ? null : h.getValueAtPercentile(90), none ? null : h.getValueAtPercentile(99),
                none ? null : h.getValueAtPercentile(99.9), none ? null : h.getMaxValue(), Optional.of(lag(lag)));
        Histogram s = r.fromSend();
        ProbeResult fromSend = new ProbeResult(r.sent(), errors, "answers that were the page, each from the instant Vegeta sent it",
                none ? null : s.getValueAtPercentile(50), none ? null : s.getValueAtPercentile(90), none ? null : s.getValueAtPercentile(99),
                none ? null : s.getValueAtPercentile(99.9), none ? null : s.getMaxValue(), Optional.empty());
        return new Ladder.Level(r.rateRps(), r.planned(), r.sent(), errors, stats,
                r.allFromIntended().getTotalCount() == 0 ? null : latencyMs(r.allFromIntended()), r.maxInFlight() > ladder.maxInFlight(),
                lag.getTotalCount() == 0 ? 0 : lag.getValueAtPercentile(99) / 1000.0, lag.getMaxValue() / 1000.0, null, firstTry,
                new Ladder.Level.Vegeta(micros, r.cpuMsPer1000Requests(), fromSend));
    }

    private static ProbeResult.SendLagUs lag(Histogram lag) {
        return new ProbeResult.SendLagUs(lag.getValueAtPercentile(50), lag.getValueAtPercentile(99), lag.getMaxValue());
    }

    /** A microsecond histogram's figures in milliseconds, to the microsecond. */
    static RequestStats.Latency latencyMs(Histogram us) {
        return new RequestStats.Latency(us.getMean() / 1000, us.getValueAtPercentile(50) / 1000.0, us.getValueAtPercentile(90) / 1000.0,
                us.getValueAtPercentile(99) / 1000.0, us.getValueAtPercentile(99.9) / 1000.0, us.getValueAtPercentile(99.99) / 1000.0,
                us.getMaxValue() / 1000.0);
    }
}
