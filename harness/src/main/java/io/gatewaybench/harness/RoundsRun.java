package io.gatewaybench.harness;

import io.gatewaybench.harness.analyse.Analysis;
import io.gatewaybench.harness.analyse.ObjectiveJudge;
import io.gatewaybench.harness.analyse.Precisions;
import io.gatewaybench.harness.launch.Origin;
import io.gatewaybench.harness.measure.Calibration;
import io.gatewaybench.harness.measure.InjectorHosts;
import io.gatewaybench.harness.measure.MeasuredSummary;
import io.gatewaybench.harness.measure.RequestStats;
import io.gatewaybench.harness.measure.RoundMeasurement;
import io.gatewaybench.harness.measure.RunDescription;
import io.gatewaybench.harness.measure.ScenarioCheck;
import io.gatewaybench.harness.measure.TargetDetails;
import io.gatewaybench.harness.model.LadderPlan;
import io.gatewaybench.harness.model.Summary;
import io.gatewaybench.harness.plan.HostileInputRecord;
import io.gatewaybench.harness.plan.Objective;
import io.gatewaybench.harness.plan.RunPlan;
import io.gatewaybench.harness.plan.Target;
import io.gatewaybench.harness.plan.Topology;
import io.gatewaybench.harness.report.RunSummary;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code ./bench run --design=rounds}: starts the origin, fixes the ladder's rates ({@link Calibration}), then measures
 * each target in turn, round after round ({@link RoundMeasurement}: started, verified, loaded, stopped), showing the
 * progress, and writes the run to {@code results/<run-id>/}. A target that fails is recorded as failed; the others are
 * still measured.
 */
final class RoundsRun {
    /** The plan, placement and folder, and what was measured so far, under its lock. */
    private final RunState state;
    /**
     * Seconds one target took in one round so far, on average (load, start, verification, Gatling's own start, probes).
     */
    private double secondsPerStep;
    private int measuredSoFar;
    /** The rounds the run makes: those asked for, and those --precision added. */
    private volatile int roundsPlanned;
    /** The ladder's rates, fixed once direct's capacity is known; the calibration's figures. */
    private List<Integer> rates = List.of();
    private LadderPlan.Calibration calibration;
    /** Each target's round, once the ladder's rates are known; it has seen the Gatling JVM's flags for the summary. */
    private volatile RoundMeasurement measurement;

    /** Why the run stopped before its end (the origin died, a signal), if it did; under the state's lock. */
    private String stoppedBecause;
    /** The step being measured, for the summary written on a signal. */
    private volatile Target inFlight;
    RoundsRun(RunPlan plan, Topology topology, HostileInputRecord hostile, Path runDir) {
        this.state = new RunState(plan, topology, hostile, runDir);
        this.roundsPlanned = plan.rounds();
    }

    boolean run() throws IOException {
        List<Target> targets = state.plan.targets();
        // Direct, then each target, in an order rotated each round; each round's targets are compared with direct's run
        // of the same round (Analysis.pairedRatios).
        List<Target> schedule = new ArrayList<>();
        for (int round = 1; round <= state.plan.rounds(); round++) {
            schedule.addAll(rotated(targets, round - 1));
        }
        System.out.printf("bench: run %s on %s: %d targets x %d round(s), %s, warm-up %d s + measure %d s each; "
                + "about %s%s%n",
                state.runDir.getFileName(), state.topology.notes().summary(), targets.size(), state.plan.rounds(),
                state.plan.load().model(), state.plan.load().warmupSeconds(), state.plan.load().durationSeconds(),
                RunState.minutes(schedule.size() * stepSeconds() + (state.plan.ladder().percents().isEmpty() ? 0 : 55)),
                state.plan.precision() == null ? "" : String.format(Locale.ROOT,
                        "; then rounds until every target is known within ±%.1f%%, "
                        + "within %d min of the start", state.plan.precision().share() * 100,
                        state.plan.precision().budgetMinutes()));

        Signals.onSignal(state.lock, () -> state.written,
                () -> inFlight == null ? "" : " during " + inFlight.name() + "'s measurement", why -> {
                    stoppedBecause = why;
                    writeSummary();
                    state.resultsLine();
                });

        try (Origin origin = Origin.of(state.plan.origin(), state.runDir.resolve("targets/tomcat"),
                state.topology.backend())) {
            byte[] reference = ScenarioCheck.referencePage(origin.url(), state.plan.origin());
            Calibration calibrated = Calibration.of(state.plan, state.runDir, origin.url(), reference,
                    line -> System.out.println("bench: calibration: " + line));
            rates = calibrated.rates();
            calibration = calibrated.measured();
            measurement = new RoundMeasurement(description(), origin, reference, rates, state::detail);
            for (int n = 0; ; n++) {
                if (n == schedule.size()) {
                    if (!anotherRound()) {
                        break;
                    }
                    schedule.addAll(rotated(targets, roundsPlanned));
                    roundsPlanned++;
                }
                int round = n / targets.size() + 1;
                Target t = schedule.get(n);
                if (state.failures.containsKey(t.name())) {
                    continue;
                }
                String step = String.format("[round %d/%d, target %d/%d] %s", round, roundsPlanned,
                        n % targets.size() + 1, targets.size(), t.name());
                inFlight = t;
                RequestStats stats = null;
                String failure = null;
                String injectorLost = null;
                try {
                    RoundMeasurement.Result measured = measurement.measure(t, round,
                            line -> System.out.println(step + ": " + line));
                    stats = measured.stats();
                    secondsPerStep = secondsPerStep == 0 ? measured.seconds()
                            : (secondsPerStep * measuredSoFar + measured.seconds()) / (measuredSoFar + 1);
                } catch (InjectorHosts.Lost e) {
                    // no later level can be split as planned: the run stops, keeping what it has
                    failure = e.getMessage();
                    injectorLost = failure;
                } catch (RuntimeException | IOException e) {
                    failure = e.getMessage();
                }
                measuredSoFar++;
                java.util.Optional<String> originExited = origin.exited(t.name() + "'s measurement in round " + round);
                if (originExited.isPresent()) { // what the target answered without its origin measures nothing
                    failure = originExited.get();
                    stats = null;
                }
                synchronized (state.lock) {
                    if (state.written) { // a signal: the hook has written what was measured
                        break;
                    }
                    if (stats != null) {
                        state.rounds.get(t.name()).add(stats);
                        System.out.printf("%s: %.0f req/s, P99 %s ms, %d errors%s; about %s left%n", step,
                                stats.throughputRps(), stats.latency().p99(), stats.errors(), ladderLine(stats),
                                RunState.minutes((schedule.size() - measuredSoFar) * stepSeconds()));
                    } else {
                        state.failures.put(t.name(), failure);
                        System.out.printf("%s: FAILED, not measured: %s%n", step, failure);
                    }
                    if (originExited.isPresent() || injectorLost != null) {
                        stoppedBecause = failure;
                        break;
                    }
                }
            }
            inFlight = null;
        }

        synchronized (state.lock) {
            if (state.written) {
                return false;
            }
            List<MeasuredSummary.TargetOutcome> outcomes = writeSummary();
            System.out.println();
            System.out.print(Files.readString(state.runDir.resolve("summary.md")));
            state.resultsLine();
            return state.failures.isEmpty()
                    && outcomes.stream().allMatch(o -> o.rounds().stream().allMatch(r -> r.errors() == 0));
        }
    }

    /**
     * Writes the summary of what was measured (under the lock): every target with the rounds it
     * completed; one never measured, or failed, with why; the run marked incomplete with its reasons.
     */
    private List<MeasuredSummary.TargetOutcome> writeSummary() throws IOException {
        List<MeasuredSummary.TargetOutcome> outcomes = new ArrayList<>();
        List<String> incomplete = new ArrayList<>();
        if (stoppedBecause != null) {
            incomplete.add(stoppedBecause);
        }
        for (Target t : state.plan.targets()) {
            String failure = state.failures.get(t.name());
            int measured = state.rounds.get(t.name()).size();
            if (failure == null && measured == 0) { // the stop came before it was measured
                failure = (t == inFlight ? "the run stopped during its measurement: " : "the run stopped before it: ")
                        + stoppedBecause;
                incomplete.add(t.name() + " was not measured (" + (t == inFlight
                        ? "the stop came during its measurement" : "not reached") + ")");
            } else if (failure != null && !failure.equals(stoppedBecause)) {
                incomplete.add(t.name() + " was not measured: " + failure);
            } else if (failure == null && stoppedBecause != null && measured < roundsPlanned) {
                incomplete.add(t.name() + " was measured in " + measured + " of " + roundsPlanned + " rounds");
            }
            outcomes.add(new MeasuredSummary.TargetOutcome(t, state.rounds.get(t.name()),
                    state.details.getOrDefault(t.name(), TargetDetails.NONE), failure));
        }
        summarise(state.runDir, description().run(measurement == null ? null : measurement.injectorJvm(), rates,
                calibration, incomplete), outcomes, rates);
        state.written = true;
        if (!incomplete.isEmpty()) {
            System.err.println("bench: run incomplete: " + String.join("; ", incomplete));
        }
        return outcomes;
    }

    /**
     * The run's summary from what it measured: in summary.json's shape ({@link MeasuredSummary}), judged ({@link
     * Analysis}), and written as summary.json, summary.md, details.md and report.html ({@link RunSummary}); returns the
     * summary written.
     */
    static Summary summarise(Path runDir, Summary run, List<MeasuredSummary.TargetOutcome> outcomes,
            List<Integer> rates)
            throws IOException {
        Summary summary = Analysis.apply(MeasuredSummary.of(run, outcomes, rates));
        RunSummary.write(runDir, summary);
        return summary;
    }

    /** What the summary says of the run and of each target, beside what they measured. */
    private RunDescription description() {
        return state.description(state.plan.withRounds(roundsPlanned));
    }

    /**
     * Whether --precision asks for one more round: some target's throughput relative to its baseline not yet within
     * ±P, and time left in the budget for one more round, and fewer rounds than the most. Says why on the console
     * either way.
     */
    private boolean anotherRound() {
        RunPlan.PrecisionSpec precision = state.plan.precision();
        if (precision == null) {
            return false;
        }
        Map<String, Precisions.Paired> ratios;
        synchronized (state.lock) {
            String direct = state.plan.targets().get(0).name();
            ratios = Precisions.judged(state.plan.targets(), state.plan.jvm().size() > 1
                    ? state.plan.jvm().get(0).name() : null, this::throughputs,
                    t -> Optional.ofNullable(state.details.getOrDefault(t.name(),
                            TargetDetails.NONE).baseline()).orElse(direct),
                    Set.copyOf(state.failures.keySet()));
        }
        List<String> short_ = Precisions.notReached(ratios, precision);
        String why = Precisions.noMoreRounds(short_, precision, roundsPlanned,
                Duration.between(state.started, Instant.now()).toSeconds(),
                state.plan.targets().size() * stepSeconds());
        System.out.println(why == null ? "bench: precision: not yet within ±" + percent(precision.share()) + ": "
                + String.join(", ", short_)
                + "; round " + (roundsPlanned + 1) + " follows" : "bench: precision: no more rounds: " + why);
        return why == null;
    }

    private double[] throughputs(String name) {
        return state.rounds.getOrDefault(name, List.of()).stream().mapToDouble(RequestStats::throughputRps).toArray();
    }

    private static String percent(double share) {
        return String.format(Locale.ROOT, "%.1f%%", share * 100);
    }

    /**
     * Expected seconds per target and round: the average so far, or before any, the load with half
     * the ladder (most targets stop part-way) and about 20 s of starting, probing and Gatling's own start.
     */
    private double stepSeconds() {
        return secondsPerStep > 0 ? secondsPerStep
                : state.plan.loadSeconds() - state.plan.ladder().seconds(rates.isEmpty()
                        ? state.plan.ladder().percents().size() : rates.size()) / 2.0 + 20;
    }

    /** The ladder's outcome in one line: how far the target went and where it failed the P99 objective. */
    private String ladderLine(RequestStats stats) {
        if (rates.isEmpty()) {
            return "";
        }
        Objective p99 = state.plan.ladder().objectives().get(0);
        var found = ObjectiveJudge.maxSustainable(p99,
                stats.ladder().stream().map(l -> l.measuredIn(1)).toList(), rates);
        return String.format("; ladder: %d of %d levels, %s up to %s%s req/s%s", stats.ladder().size(), rates.size(),
                p99.name(),
                found.limitedByInjector() ? "at least " : "", found.rateRps(),
                found.limitedByInjector() ? " (injector-limited: it could not deliver " + found.nextLevelRps() + ")"
                        : "");
    }

    /**
     * Direct stays first (and direct under each scenario that asks the origin for another page after it); the
     * others shift by one each round, so drift does not always hit the same target.
     */
    static List<Target> rotated(List<Target> targets, int by) {
        List<Target> order = new ArrayList<>(targets.stream().filter(Target::isDirect).toList());
        List<Target> rest = new ArrayList<>(targets.stream().filter(t -> !t.isDirect()).toList());
        if (!rest.isEmpty()) {
            java.util.Collections.rotate(rest, -(by % rest.size()));
        }
        order.addAll(rest);
        return order;
    }
}
