package io.gatewaybench.harness.measure;

import io.gatewaybench.harness.launch.CpuGroups;
import io.gatewaybench.harness.launch.GcThreads;
import io.gatewaybench.harness.model.EqualRates;
import io.gatewaybench.harness.model.ProbeResult;
import io.gatewaybench.harness.model.RateLevel;
import io.gatewaybench.harness.model.RateSlice;
import io.gatewaybench.harness.model.TargetRates;
import io.gatewaybench.harness.plan.SteadyState;
import io.gatewaybench.harness.quantity.SliceEstimate;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import org.HdrHistogram.Histogram;

/**
 * What running targets cost at equal rates, all of them at once ({@link SideBySide}): warmed together until each one's
 * own slices hold steady ({@link SteadyState}) or the warm-up's cap passes; a short search for the highest rate every
 * target holds (every answer the page, P99 within the objective), up from the warm-up's rate, or down from it where
 * that did not hold; then a few shares of that rate, taking turns of a few slices each, in an order of their own each
 * cycle, so that the machine's drift falls on every rate alike. The run says what it does on its {@link Progress}.
 */
public final class EqualRatesMeasurement {
    /** Levels of the search, as multiples of the warm-up's rate, each {@link #SEARCH_SLICES} slices. */
    static final double[] SEARCH_STEPS = {1, 1.25, 1.5, 1.75, 2, 2.5, 3, 4};
    static final int SEARCH_SLICES = 1;
    /**
     * Where even the warm-up's rate did not hold, the search goes down by this factor a level, to {@link
     * #MIN_SEARCH_RPS}.
     */
    static final double SEARCH_DOWN = 0.75;
    static final int MIN_SEARCH_RPS = 20;
    /**
     * Chunks of the warm-up in a row that some target did not hold (an answer not the page, or its P99 over the
     * objective) before the warm-up's rate is lowered by {@link #SEARCH_DOWN}, counted after the first {@link
     * #COLD_CHUNKS}: a cold JVM compiling misses the objective there whatever the rate (scg's P99 201 ms in its first
     * minute at 127 req/s beside four others), two chunks after them say the machine has no room at that rate.
     */
    static final int WARM_NOT_HELD = 2;
    /** The warm-up's first chunks, a cold start's, which do not count towards lowering its rate. */
    static final int COLD_CHUNKS = 2;

    private EqualRatesMeasurement() {
    }

    /**
     * The design.
     *
     * @param sliceS a slice's length, s
     * @param slices slices measured at each rate
     * @param warmRps the rate each target is offered while warming, and where the search starts, req/s
     * @param warmCapS the longest the warm-up goes on, s
     * @param percents the rates, as shares of the limit the search finds, %
     * @param objectiveP99Ms the P99 bound of the search, ms
     * @param connections the most connections kept alive to each target
     * @param seed the seed of the rates' random order
     * @param precision the half-width every target's CPU per request is to reach, slices added until it does (a share;
     *     0: none added)
     * @param budgetMinutes the run's time bound with a precision, min
     * @param deadlineEpochMs past when no slices are added, epoch ms
     * @param limitRps the highest rate every target held, as an earlier batch of the run found it: no search, the
     *     rates are shares of it (0: search)
     * @param turnSlices slices a rate is measured for in one turn before the next rate's turn (0: every slice of a rate
     *     in one turn)
     */
    public record Design(int sliceS, int slices, int warmRps, int warmCapS, List<Integer> percents, int objectiveP99Ms,
            int connections, long seed, double precision, int budgetMinutes, long deadlineEpochMs, int limitRps,
            Judged judged, int turnSlices) {
        /** Slices in a turn. */
        int turn() {
            return turnSlices <= 0 ? slices : Math.min(turnSlices, slices);
        }
    }

    /**
     * What {@code --precision} makes precise: each target's own CPU per request, or, for a target in {@code over}, its
     * CPU per request over its reference's, slice by slice, at the level of its family (a JVM matrix: each profile
     * over its batch's reference, as the profiles table judges it); a reference is then judged only through the
     * targets over it. EqualRatesMeasurementTest plants both.
     *
     * @param over per target judged over a reference, that reference and the level of the interval
     */
    public record Judged(Map<String, Over> over) {
        /** Every target by its own CPU per request. */
        public static final Judged OWN = new Judged(Map.of());

        /** A target's reference, by name, and the level its interval over it is judged at (0.95, or its family's). */
        public record Over(String reference, double level) {
        }

        /** What is judged, in words, for the summary. */
        public String describe() {
            if (over.isEmpty()) {
                return "every target's CPU per request";
            }
            double level = over.values().stream().mapToDouble(Over::level).max().orElse(0.95);
            return String.format(Locale.ROOT, "each JVM profile's CPU per request over its reference's (the gateway's "
                    + "first profile in the same batch), slice by slice, its interval at the family's level (%.2f%%)",
                    level * 100);
        }
    }

    /**
     * One target as it runs: its name, where it answers, what reads its CPU time so far, ns (its CPU group here, or
     * {@code launch.RemoteCpu} on another host; null: not read, as for direct) and, for a JVM gateway on this machine,
     * its collection's threads (null: none).
     */
    public record Running(String name, URI url, LongSupplier cpu, GcThreads gc) {
    }

    /** What was measured: the design as it went, and each target's warm-up and rates. */
    public record Result(EqualRates design, Map<String, TargetRates> targets) {
        /** The same with {@code name}'s rates replaced by {@code rates}. */
        public Result with(String name, TargetRates rates) {
            Map<String, TargetRates> all = new LinkedHashMap<>(targets);
            all.put(name, rates);
            return new Result(design, all);
        }

        /**
         * The batches so far ({@code so}; null before the first) and {@code next}, measured as batch {@code batch}:
         * the first batch's design, every batch's targets, roles and a record of each batch.
         */
        public static Result inBatches(Result so, Result next, int batch) {
            Map<String, TargetRates> targets = new LinkedHashMap<>(so == null ? Map.of() : so.targets());
            next.targets().forEach((n, t) -> targets.put(n, t.inBatch(batch)));
            EqualRates first = so == null ? next.design() : so.design();
            List<EqualRates.RoleCpu> roles = new ArrayList<>(so == null ? List.of() : first.roles());
            next.design().roles().forEach(r -> roles.add(r.inBatch(batch)));
            List<EqualRates.Batch> batches = new ArrayList<>(so == null ? List.of() : first.batches());
            batches.add(new EqualRates.Batch(batch, List.copyOf(next.targets().keySet()),
                    next.design().warmup().tookS(), next.design().order(), next.design().precision(),
                    next.design().leftOut()));
            return new Result(first.withBatches(List.copyOf(batches), List.copyOf(roles)), targets);
        }
    }

    /**
     * Measures {@code targets} as the class says; {@code roles} are the groups every target shares (origin, injector),
     * read beside them. Vegeta's files go to {@code raw}.
     */
    public static Result run(List<Running> targets, GatlingRun.Request request, Design d, CpuGroups cpu,
            List<String> roles, String cpuText,
            Path raw, Progress progress) throws IOException {
        return run(targets, request, d, cpu, roles, cpuText, raw, progress, r -> { });
    }

    /**
     * {@link #run(List, GatlingRun.Request, Design, CpuGroups, List, String, Path, Progress)}, giving {@code soFar}
     * what was measured after each rate: what a run stopped part way keeps (before the first rate there is no limit
     * and no rate for a summary to hold, so a run stopped then keeps none of its warm-up).
     */
    public static Result run(List<Running> targets, GatlingRun.Request request, Design d, CpuGroups cpu,
            List<String> roles, String cpuText, Path raw, Progress progress, Consumer<Result> soFar)
            throws IOException {
        List<String> names = targets.stream().map(Running::name).toList();
        List<URI> urls = targets.stream().map(Running::url).toList();
        List<LongSupplier> cpuOf = targets.stream().map(Running::cpu).toList();
        List<GcThreads> gc = targets.stream().map(Running::gc).toList();
        Map<String, List<RateSlice>> warm = new LinkedHashMap<>();
        names.forEach(n -> warm.put(n, new ArrayList<>()));
        Map<String, Integer> steadyFrom = new LinkedHashMap<>();
        int chunk = SteadyState.RULE.window();
        int warmed = 0;
        int warmRps = d.warmRps();
        int from = 0; // the first slice at the warm-up's present rate: steadiness is looked for from there
        int notHeldInARow = 0;
        for (int c = 0; warmed < d.warmCapS() && steadyFrom.size() < names.size(); c++) {
            progress.line(String.format(Locale.ROOT, "warm-up: %d req/s each, %d s of slices (%d s so far; steady: %s)",
                    warmRps, chunk * d.sliceS(), warmed, steadyFrom.isEmpty() ? "none yet"
                            : String.join(", ", steadyFrom.keySet())));
            SideBySide.Result r = SideBySide.run(names, urls, cpuOf, gc, roles, request, warmRps, 1, chunk, d.sliceS(),
                    d.connections(), cpu,
                    raw, "warmup-" + (c + 1));
            warmed += chunk * d.sliceS();
            names.forEach(n -> r.of(n).forEach(s -> warm.get(n).add(slice(s))));
            String why = notHeld(r, d.objectiveP99Ms());
            notHeldInARow = why == null || c < COLD_CHUNKS ? 0 : notHeldInARow + 1;
            int lower = (int) Math.round(warmRps * SEARCH_DOWN);
            if (notHeldInARow == WARM_NOT_HELD && lower >= MIN_SEARCH_RPS) { // the machine has no room left to warm in
                progress.line(String.format(Locale.ROOT, "warm-up: %d req/s each not held %d times in a row (%s): "
                        + "lowered to %d, steadiness looked for from here", warmRps, WARM_NOT_HELD, why, lower));
                warmRps = lower;
                from = warm.get(names.get(0)).size();
                steadyFrom.clear();
                notHeldInARow = 0;
                continue;
            }
            for (String n : names) {
                if (!steadyFrom.containsKey(n)) {
                    List<RateSlice> all = warm.get(n);
                    int at = steadyFrom(all.subList(from, all.size()));
                    if (at >= 0) {
                        steadyFrom.put(n, from + at);
                    }
                }
            }
        }
        List<String> unsteady = names.stream().filter(n -> !steadyFrom.containsKey(n)).toList();
        progress.line("warm-up done after " + warmed + " s" + (unsteady.isEmpty() ? ": every target steady"
                : "; no steady state within " + warmed + " s: " + String.join(", ", unsteady)));
        Map<Integer, SideBySide.Result> byRate = new TreeMap<>();
        List<EqualRates.Tried> tried = new ArrayList<>();

        int limit = d.limitRps();
        boolean search = limit == 0;
        for (int i = 0; search && i < SEARCH_STEPS.length; i++) { // up from the warm-up's rate while every one holds
            double step = SEARCH_STEPS[i];
            int rate = (int) Math.round(warmRps * step);
            String why = tryLevel(names, urls, request, rate, d, raw, tried, progress);
            if (why != null) {
                break;
            }
            limit = rate;
        }
        for (int rate = (int) Math.round(warmRps * SEARCH_DOWN); limit == 0 && rate >= MIN_SEARCH_RPS;
                rate = (int) Math.round(rate * SEARCH_DOWN)) { // down from it where even it did not hold
            if (tryLevel(names, urls, request, rate, d, raw, tried, progress) == null) {
                limit = rate;
            }
        }
        if (limit == 0) {
            limit = MIN_SEARCH_RPS;
            progress.line("search: no level held down to " + MIN_SEARCH_RPS
                    + " req/s each; the rates are shares of it");
        }
        List<Integer> rates = Ladder.rates(d.percents(), limit, List.of());
        int turn = d.turn();
        int cycles = (d.slices() + turn - 1) / turn;
        Random random = new Random(d.seed());
        progress.line("rates " + rates + " req/s each (" + d.percents() + "% of " + limit
                + (search ? "" : ", as the first batch found it") + "), " + cycles + " turns of " + turn
                + " slices each, the rates in an order of their own each cycle");

        List<EqualRates.LeftOut> leftOut = new ArrayList<>();
        List<Integer> order = new ArrayList<>(); // the rate of each turn, in time order
        Measured measured = new Measured(names, roles, d, cpuText, warm, steadyFrom, warmRps, warmed, tried, limit,
                rates, order, byRate, leftOut);
        for (int c = 0; c < cycles; c++) {
            List<Integer> cycle = new ArrayList<>(rates);
            java.util.Collections.shuffle(cycle, random);
            for (int rate : cycle) {
                int slices = Math.min(turn, d.slices() - c * turn);
                progress.line(String.format(Locale.ROOT, "rate %d req/s each: turn %d of %d, %d slices of %d s", rate,
                        c + 1, cycles, slices, d.sliceS()));
                SideBySide.Result r = SideBySide.run(names, urls, cpuOf, gc, roles, request, rate, 1, slices,
                        d.sliceS(), d.connections(), cpu, raw, "rate-" + rate + "-turn-" + (c + 1));
                byRate.merge(rate, r, SideBySide.Result::then);
                order.add(rate);
                // kept before it is said: a run stopped on the line keeps the turn (FaultsIT's SIGTERM after it)
                soFar.accept(measured.result(null));
                progress.line(line(r));
            }
        }
        for (int rate : rates) {
            Settling settling = settling(byRate.get(rate));
            if (settling.leftOut() != 0) {
                leftOut.add(new EqualRates.LeftOut(rate, Math.max(0, settling.leftOut()), settling.why()));
                progress.line(rate + " req/s: " + (settling.leftOut() > 0 ? "the first " + settling.leftOut()
                        + " slices left out: " + settling.why() : "no slices left out, though " + settling.why()));
                if (settling.leftOut() > 0) {
                    byRate.put(rate, byRate.get(rate).from(settling.leftOut()));
                }
            }
        }
        EqualRates.PrecisionGoal goal = d.precision() <= 0 ? null
                : morePrecise(names, urls, cpuOf, gc, roles, request, d, cpu, raw, byRate, order, random, progress);
        return measured.result(goal);
    }

    /**
     * What a measurement holds as it goes: the warm-up's slices and steady states, the search, and each rate measured
     * so far ({@code byRate}, filled in as it goes).
     */
    private record Measured(List<String> names, List<String> roles, Design d, String cpuText,
            Map<String, List<RateSlice>> warm, Map<String, Integer> steadyFrom, int warmRps, int warmed,
            List<EqualRates.Tried> tried, int limit, List<Integer> rates, List<Integer> order,
            Map<Integer, SideBySide.Result> byRate, List<EqualRates.LeftOut> leftOut) {
        /** All of it as a result, copied: what is measured later does not change it. */
        Result result(EqualRates.PrecisionGoal goal) {
            List<EqualRates.RoleCpu> roleCpu = new ArrayList<>();
            for (int rate : byRate.keySet()) {
                SideBySide.Result r = byRate.get(rate);
                for (String role : roles) {
                    long[] ns = r.roleCpuNanos().get(role);
                    List<Double> ms = new ArrayList<>();
                    List<Long> good = new ArrayList<>();
                    for (int s = 0; s < ns.length; s++) {
                        ms.add(ns[s] < 0 ? null : ns[s] / 1e6);
                        final int slice = s;
                        good.add(names.stream().mapToLong(n -> r.of(n).get(slice).good()).sum());
                    }
                    roleCpu.add(new EqualRates.RoleCpu(role, rate, ms, good, null));
                }
            }
            Map<String, TargetRates> perTarget = new LinkedHashMap<>();
            for (String n : names) {
                List<RateLevel> levels = new ArrayList<>();
                for (SideBySide.Result r : byRate.values()) {
                    levels.add(level(r, n));
                }
                Integer steady = steadyFrom.containsKey(n) ? steadyFrom.get(n) * d.sliceS() : null;
                perTarget.put(n, new TargetRates(List.copyOf(warm.get(n)), steady, List.copyOf(levels), null));
            }
            EqualRates design = new EqualRates(describe(names.size(), d), cpuText, d.sliceS(), d.slices(),
                    new EqualRates.Warmup(warmRps, d.warmCapS(), warmed, SteadyState.RULE.describe(),
                            warmRps == d.warmRps() ? null : d.warmRps()),
                    new EqualRates.Search(List.copyOf(tried), limit, d.percents()), rates, List.copyOf(order),
                    d.objectiveP99Ms(),
                    List.copyOf(roleCpu), goal, null, leftOut.isEmpty() ? null : List.copyOf(leftOut), d.turn());
            return new Result(design, perTarget);
        }
    }

    /**
     * {@code rates} with the bytes allocated over each slice of each rate, read from the JVM's Flight Recorder {@code
     * recording} (dumped as it exited) with the jfr tool of {@code jdkHome}; a slice the recording does not cover is
     * left without.
     */
    public static TargetRates withAllocation(TargetRates rates, int sliceS, Path recording, Path jdkHome) {
        List<long[]> windows = new ArrayList<>();
        for (RateLevel level : rates.levels()) {
            for (RateSlice s : level.slices()) {
                long from = s.fromEpochMs() == null ? -1 : s.fromEpochMs() * 1_000_000;
                windows.add(new long[] {from, from + sliceS * 1_000_000_000L});
            }
        }
        long[] bytes = JfrFigures.allocatedIn(recording, jdkHome, windows);
        List<RateLevel> levels = new ArrayList<>();
        int at = 0;
        for (RateLevel level : rates.levels()) {
            List<RateSlice> slices = new ArrayList<>();
            for (RateSlice s : level.slices()) {
                long b = bytes[at++];
                slices.add(b < 0 ? s : s.withAllocated(b));
            }
            levels.add(new RateLevel(level.rateRps(), List.copyOf(slices), level.latencyUs(), level.failures(),
                    level.maxInFlight()));
        }
        return new TargetRates(rates.warmup(), rates.steadyAfterS(), List.copyOf(levels), rates.batch());
    }

    /**
     * Adds a cycle of turns at a time ({@link Design#turn} slices at each rate whose least precise judged figure,
     * {@link Design#judged}, is beyond ±{@code d.precision()}, the rates in an order of their own), until every one is
     * within it or the next cycle would end past the deadline; each turn's slices join its rate's ({@link
     * SideBySide.Result#then}) and its rate {@code order}.
     */
    private static EqualRates.PrecisionGoal morePrecise(List<String> names, List<URI> urls, List<LongSupplier> cpuOf,
            List<GcThreads> gc, List<String> roles, GatlingRun.Request request, Design d, CpuGroups cpu, Path raw,
            Map<Integer, SideBySide.Result> byRate, List<Integer> order, Random random, Progress progress)
            throws IOException {
        Map<Integer, Integer> added = new TreeMap<>();
        byRate.keySet().forEach(rate -> added.put(rate, 0));
        for (int k = 1; ; k++) {
            int widest = -1;
            Widest width = new Widest(Double.NaN, null);
            List<Integer> wide = new ArrayList<>();
            for (int rate : byRate.keySet()) {
                Widest w = widest(byRate.get(rate), d.judged());
                if (widest < 0 || w.halfWidth() > width.halfWidth() || Double.isNaN(width.halfWidth())) {
                    widest = rate;
                    width = w;
                }
                if (w.halfWidth() > d.precision()) {
                    wide.add(rate);
                }
            }
            String now = String.format(Locale.ROOT, "the widest, %s, ±%.1f%% at %d req/s", width.figure(),
                    width.halfWidth() * 100, widest);
            String stopped = !(width.halfWidth() > d.precision()) ? "every figure judged within ±"
                    + Math.round(d.precision() * 1000) / 10.0 + "%" : null;
            long cycleMs = wide.size() * ((1 + (long) d.turn() * d.sliceS()) * 1000L + 2000);
            if (stopped == null && System.currentTimeMillis() + cycleMs > d.deadlineEpochMs()) {
                stopped = "the budget of " + d.budgetMinutes() + " min left no room for " + d.turn()
                        + " more slices at " + wide;
            }
            if (stopped != null || Double.isNaN(width.halfWidth())) {
                stopped = stopped == null ? "no CPU per request to make precise" : stopped;
                progress.line("precision: " + now + "; " + stopped);
                return new EqualRates.PrecisionGoal(d.precision(), d.budgetMinutes(),
                        Double.isNaN(width.halfWidth()) ? Double.NaN
                                : io.gatewaybench.harness.model.Decimals.round(width.halfWidth()), widest,
                        added, stopped, d.judged().describe(), width.figure());
            }
            progress.line("precision: " + now + ": " + d.turn() + " more slices at " + wide);
            java.util.Collections.shuffle(wide, random);
            for (int rate : wide) {
                SideBySide.Result more = SideBySide.run(names, urls, cpuOf, gc, roles, request, rate, 1, d.turn(),
                        d.sliceS(), d.connections(), cpu, raw, "rate-" + rate + "-more-" + k);
                byRate.put(rate, byRate.get(rate).then(more));
                order.add(rate);
                added.merge(rate, d.turn(), Integer::sum);
            }
        }
    }

    /** Slices at the head of a rate's measurement that the settling rule compares with the slices after them. */
    static final int SETTLING_WINDOW = 6;
    /** The smallest shift of that window from the rest, relative to the other targets, that counts as settling. */
    static final double SETTLING_SHIFT = 0.05;
    /** The level at which that shift must be established. */
    static final double SETTLING_LEVEL = 0.99;

    /**
     * How many of a rate's first slices are left out as warm-up ({@code leftOut}; 0: none; -1: none, though no start
     * held) and why. Each target whose CPU was read is taken relative to all of them, slice by slice (its log CPU per
     * request less their mean: what the machine does to every target cancels), and the first {@link #SETTLING_WINDOW}
     * slices from k on are compared with every slice after them: k is the first start at which no target's window
     * lies more than {@link #SETTLING_SHIFT} from its later slices with the shift established at {@link
     * #SETTLING_LEVEL} (Student's t with the later slices' spread, so that a step inside the window does not hide
     * itself by widening it), and then while the first slice kept lies off the slices after it as far (a last slice
     * of settling that the window's mean hides). A target still settling after its warm-up, or a spike at the start,
     * shows so; at most a quarter of the slices are left out (a target that drifts throughout has no start that
     * holds: every slice is kept, and that is said). EqualRatesMeasurementTest plants a settling target and noise
     * alone.
     */
    record Settling(int leftOut, String why) {
    }

    static Settling settling(SideBySide.Result r) {
        List<String> read = r.names().stream().filter(n -> read(r.of(n))
                && r.of(n).stream().allMatch(s -> s.good() > 0)).toList();
        int n = read.isEmpty() ? 0 : r.of(read.get(0)).size();
        if (read.size() < 2 || n < 2 * SETTLING_WINDOW) {
            return new Settling(0, null);
        }
        double[][] y = new double[read.size()][n];
        for (int s = 0; s < n; s++) {
            double mean = 0;
            for (int t = 0; t < read.size(); t++) {
                y[t][s] = Math.log(r.of(read.get(t)).get(s).cpuUsPerRequest());
                mean += y[t][s] / read.size();
            }
            for (int t = 0; t < read.size(); t++) {
                y[t][s] -= mean;
            }
        }
        String why = null;
        int last = Math.min(n - 2 * SETTLING_WINDOW, n / 4);
        for (int k = 0; k <= last; k++) {
            why = null;
            double furthest = 0;
            for (int t = 0; t < read.size(); t++) {
                double[] window = java.util.Arrays.copyOfRange(y[t], k, k + SETTLING_WINDOW);
                double[] rest = java.util.Arrays.copyOfRange(y[t], k + SETTLING_WINDOW, n);
                double shift = io.gatewaybench.harness.quantity.Stats.mean(window)
                        - io.gatewaybench.harness.quantity.Stats.mean(rest);
                double se = Math.sqrt(io.gatewaybench.harness.quantity.Stats.variance(rest)
                        * (1.0 / window.length + 1.0 / rest.length));
                if (Math.abs(shift) > Math.log1p(SETTLING_SHIFT) && Math.abs(shift) > furthest
                        && Math.abs(shift) > io.gatewaybench.harness.quantity.Stats.t(SETTLING_LEVEL,
                        window.length - 1) * se) {
                    furthest = Math.abs(shift);
                    why = String.format(Locale.ROOT, "%s's CPU per request relative to the others' %+.0f%% in "
                            + "slices %d-%d against the %d after them", read.get(t), Math.expm1(shift) * 100, k + 1,
                            k + SETTLING_WINDOW, rest.length);
                }
            }
            if (why == null) {
                while (k < last && headOff(y, k)) { // a last settling slice the window's mean hides
                    k++;
                }
                return new Settling(k, k == 0 ? null : whyBefore(r, read, y, k));
            }
        }
        return new Settling(-1, "no start held within the first " + (last + 1) + " slices: " + why);
    }

    /**
     * Whether slice {@code k} of some target lies off its later slices: by more than {@link #SETTLING_SHIFT} and more
     * than Student's t at {@link #SETTLING_LEVEL} times their spread.
     */
    private static boolean headOff(double[][] y, int k) {
        for (double[] series : y) {
            double[] rest = java.util.Arrays.copyOfRange(series, k + 1, series.length);
            double off = Math.abs(series[k] - io.gatewaybench.harness.quantity.Stats.mean(rest));
            if (off > Math.log1p(SETTLING_SHIFT) && off > io.gatewaybench.harness.quantity.Stats.t(SETTLING_LEVEL,
                    rest.length - 1) * Math.sqrt(io.gatewaybench.harness.quantity.Stats.variance(rest))) {
                return true;
            }
        }
        return false;
    }

    /** Why the slices before {@code k} were left out: the target whose first window was furthest off the rest. */
    private static String whyBefore(SideBySide.Result r, List<String> read, double[][] y, int k) {
        int n = y[0].length;
        int worst = 0;
        double most = -1;
        for (int t = 0; t < read.size(); t++) {
            double shift = Math.abs(io.gatewaybench.harness.quantity.Stats.mean(java.util.Arrays.copyOfRange(y[t], 0,
                    k)) - io.gatewaybench.harness.quantity.Stats.mean(java.util.Arrays.copyOfRange(y[t], k, n)));
            if (shift > most) {
                most = shift;
                worst = t;
            }
        }
        double shift = io.gatewaybench.harness.quantity.Stats.mean(java.util.Arrays.copyOfRange(y[worst], 0, k))
                - io.gatewaybench.harness.quantity.Stats.mean(java.util.Arrays.copyOfRange(y[worst], k, n));
        return String.format(Locale.ROOT, "%s was still settling: its CPU per request relative to the others' "
                + "%+.0f%% there against the %d slices after them", read.get(worst), Math.expm1(shift) * 100, n - k);
    }

    /** The least precise figure judged at a rate: its half-width, a share (NaN: none), and what it is. */
    record Widest(double halfWidth, String figure) {
    }

    /**
     * The least precise of the figures {@code judged} names over a rate's slices, as the analysis estimates them: a
     * target's own CPU per request ({@link SliceEstimate#perUnit}), or its CPU per request over its reference's
     * ({@link SliceEstimate#ratio} at its level); NaN where no target's CPU was read.
     */
    static Widest widest(SideBySide.Result r, Judged judged) {
        Set<String> references = new HashSet<>();
        judged.over().values().forEach(o -> references.add(o.reference()));
        Widest widest = new Widest(Double.NaN, null);
        for (String n : r.names()) {
            List<SideBySide.Slice> s = r.of(n);
            Judged.Over over = judged.over().get(n);
            if (!read(s) || references.contains(n) && over == null) {
                continue;
            }
            Widest w;
            if (over == null) {
                w = new Widest(SliceEstimate.perUnit(s.stream().mapToDouble(x -> x.cpuNanos() / 1e6).toArray(),
                        s.stream().mapToDouble(x -> x.good() / 1000.0).toArray()).halfWidth(),
                        n + "'s CPU per request");
            } else if (r.names().contains(over.reference()) && read(r.of(over.reference()))) {
                w = new Widest(SliceEstimate.ratio(perRequest(s), perRequest(r.of(over.reference())), over.level())
                        .halfWidth(), n + " over " + over.reference());
            } else {
                continue;
            }
            if (Double.isNaN(widest.halfWidth()) || w.halfWidth() > widest.halfWidth()) {
                widest = w;
            }
        }
        return widest;
    }

    private static boolean read(List<SideBySide.Slice> slices) {
        return !slices.isEmpty() && slices.stream().allMatch(x -> x.cpuNanos() >= 0);
    }

    private static double[] perRequest(List<SideBySide.Slice> slices) {
        return slices.stream().mapToDouble(SideBySide.Slice::cpuUsPerRequest).toArray();
    }

    /** Offers one level of the search for one slice and records it; why some target did not hold it, or null. */
    private static String tryLevel(List<String> names, List<URI> urls, GatlingRun.Request request, int rate, Design d,
            Path raw, List<EqualRates.Tried> tried, Progress progress) throws IOException {
        List<LongSupplier> none = java.util.Collections.nCopies(names.size(), null);
        SideBySide.Result r = SideBySide.run(names, urls, none, java.util.Collections.nCopies(names.size(), null),
                List.of(), request, rate, 1, SEARCH_SLICES, d.sliceS(), d.connections(), null, raw, "search-" + rate);
        String why = notHeld(r, d.objectiveP99Ms());
        tried.add(new EqualRates.Tried(rate, why == null, why));
        progress.line(String.format(Locale.ROOT, "search: %d req/s each: %s", rate, why == null ? "every target held it"
                : why));
        return why;
    }

    /**
     * The first slice of a target's warm-up from which it held steady, or -1: the rule on its CPU per answer and
     * median.
     */
    static int steadyFrom(List<RateSlice> slices) {
        double[] p50 = slices.stream().mapToDouble(s -> s.p50Us() == null ? Double.NaN : s.p50Us()).toArray();
        boolean cpu = slices.stream().anyMatch(s -> s.cpuMs() != null);
        double[] perRequest = cpu ? slices.stream().mapToDouble(RateSlice::cpuUsPerRequest).toArray() : p50;
        return SteadyState.RULE.steadyFrom(perRequest, p50);
    }

    /**
     * Why the targets that did not hold a level did not, each: an answer not the page, or a P99 over the objective;
     * null where every one held.
     */
    static String notHeld(SideBySide.Result r, int objectiveP99Ms) {
        List<String> why = new ArrayList<>();
        for (String n : r.names()) {
            long sent = r.of(n).stream().mapToLong(SideBySide.Slice::sent).sum();
            long good = r.of(n).stream().mapToLong(SideBySide.Slice::good).sum();
            Histogram all = pooled(r.of(n));
            long p99 = all.getTotalCount() == 0 ? Long.MAX_VALUE : all.getValueAtPercentile(99);
            if (good < sent) {
                why.add(n + ": " + (sent - good) + " of " + sent + " answers not the page");
            } else if (p99 > objectiveP99Ms * 1000L) {
                why.add(String.format(Locale.ROOT, "%s: P99 %.1f ms over %d ms", n, p99 / 1000.0, objectiveP99Ms));
            }
        }
        return why.isEmpty() ? null : String.join("; ", why);
    }

    private static RateSlice slice(SideBySide.Slice s) {
        boolean none = s.good() == 0;
        return new RateSlice(s.sent(), s.good(), s.fromEpochNanos() / 1_000_000,
                s.cpuNanos() < 0 ? null : s.cpuNanos() / 1e6, s.gcNanos() < 0 ? null : s.gcNanos() / 1e6, null,
                none ? null : s.fromIntended().getValueAtPercentile(50), none ? null
                : s.fromIntended().getValueAtPercentile(99),
                s.sendLag().getTotalCount() == 0 ? 0 : s.sendLag().getValueAtPercentile(99));
    }

    private static RateLevel level(SideBySide.Result r, String name) {
        List<SideBySide.Slice> slices = r.of(name);
        Map<String, Long> failures = new TreeMap<>();
        slices.forEach(s -> s.failures().forEach((k, v) -> failures.merge(k, v, Long::sum)));
        Histogram all = pooled(slices);
        Histogram lag = new Histogram(VegetaLevel.HIGHEST_MICROS, 3);
        slices.forEach(s -> lag.add(s.sendLag()));
        long sent = slices.stream().mapToLong(SideBySide.Slice::sent).sum();
        long good = slices.stream().mapToLong(SideBySide.Slice::good).sum();
        boolean none = good == 0;
        ProbeResult latency = new ProbeResult(sent, sent - good,
                "answers that were the page, each from its intended send instant",
                none ? null : all.getValueAtPercentile(50), none ? null : all.getValueAtPercentile(90),
                none ? null : all.getValueAtPercentile(99), none ? null : all.getValueAtPercentile(99.9),
                none ? null : all.getMaxValue(),
                Optional.of(new ProbeResult.SendLagUs(lag.getValueAtPercentile(50), lag.getValueAtPercentile(99),
                        lag.getMaxValue())));
        return new RateLevel(r.rateRps(), slices.stream().map(EqualRatesMeasurement::slice).toList(), latency,
                failures.isEmpty() ? null : failures, r.maxInFlight()[r.names().indexOf(name)]);
    }

    private static Histogram pooled(List<SideBySide.Slice> slices) {
        Histogram all = new Histogram(VegetaLevel.HIGHEST_MICROS, 3);
        slices.forEach(s -> all.add(s.fromIntended()));
        return all;
    }

    /** Each target's CPU per answer over the rate's slices, in one line. */
    private static String line(SideBySide.Result r) {
        StringBuilder line = new StringBuilder("  ");
        for (String n : r.names()) {
            List<SideBySide.Slice> s = r.of(n);
            long cpu = s.stream().mapToLong(SideBySide.Slice::cpuNanos).sum();
            long good = s.stream().mapToLong(SideBySide.Slice::good).sum();
            long bad = s.stream().mapToLong(x -> x.sent() - x.good()).sum();
            line.append(n).append(cpu < 0 || good == 0 ? ""
                    : String.format(Locale.ROOT, " %.0f us/answer", cpu / 1000.0 / good))
                    .append(bad > 0 ? ", " + bad + " not the page" : "").append("; ");
        }
        return line.toString().strip();
    }

    /** The design in words, for the summary. */
    static String describe(int targets, Design d) {
        return String.format(Locale.ROOT,
                "every target started once and kept running; all %d offered the same rate at once by one Vegeta "
                        + "schedule that takes them in turn, each cycle in an order of its own (each request checked: "
                        + "status and page); warmed at %d req/s each until steady; each rate %d slices of %d s, in "
                        + "turns of %d slices, each turn after 1 s on the same schedule left out; the rates taking "
                        + "turns in an order of their own each cycle",
                targets, d.warmRps(), d.slices(), d.sliceS(), d.turn());
    }
}
