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
import io.gatewaybench.harness.report.HtmlReport;
import io.gatewaybench.harness.report.RunSummary;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code ./bench run --design=rounds}: starts the origin, fixes the ladder's rates ({@link Calibration}), then measures each target in
 * turn, round after round ({@link RoundMeasurement}: started, verified, loaded, stopped), showing the progress, and
 * writes the run to {@code results/<run-id>/}. A target that fails is recorded as failed; the others are still measured.
 */
final class RoundsRun {
    private final RunPlan plan;
    private final Topology topology;
    /** The hostile-input suite's finding (targets/hostile-input.tsv), recorded for the gateways run from their own descriptors. */
    private final HostileInputRecord hostile;
    /** Workers per gateway: as the run says, or as many as the gateway's host has CPUs. */
    private final int workers;
    private final Path runDir;
    private final Instant started = Instant.now();
    /** Seconds one target took in one round so far, on average (load, start, verification, Gatling's own start, probes). */
    private double secondsPerStep;
    private int measuredSoFar;
    /** The rounds the run makes: those asked for, and those --precision added. */
    private volatile int roundsPlanned;
    /** The ladder's rates, fixed once direct's capacity is known; the calibration's figures. */
    private List<Integer> rates = List.of();
    private LadderPlan.Calibration calibration;
    /** Each target's round, once the ladder's rates are known; it has seen the Gatling JVM's flags for the summary. */
    private volatile RoundMeasurement measurement;

    /*
     * What the run has measured so far, under the lock: the main thread adds to it, and on SIGINT or
     * SIGTERM the shutdown hook writes the summary from it while the main thread may still be measuring.
     */
    private final Object lock = new Object();
    private final Map<String, List<RequestStats>> rounds = new LinkedHashMap<>();
    private final Map<String, String> failures = new LinkedHashMap<>();
    private final Map<String, TargetDetails> details = new LinkedHashMap<>();
    /** Why the run stopped before its end (the origin died, a signal), if it did. */
    private String stoppedBecause;
    /** The step being measured, for the summary written on a signal. */
    private volatile Target inFlight;
    /** Set under the lock once the summary is written, by the main thread or by the shutdown hook. */
    private boolean summaryWritten;
    RoundsRun(RunPlan plan, Topology topology, HostileInputRecord hostile, Path runDir) {
        this.plan = plan;
        this.topology = topology;
        this.hostile = hostile;
        this.workers = plan.workers() > 0 ? plan.workers() : topology.gatewayCpus();
        this.runDir = runDir;
        this.roundsPlanned = plan.rounds();
    }

    boolean run() throws IOException {
        List<Target> targets = plan.targets();
        // Direct, then each target, in an order rotated each round; each round's targets are compared with direct's run of
        // the same round (Analysis.pairedRatios).
        List<Target> schedule = new ArrayList<>();
        for (int round = 1; round <= plan.rounds(); round++) {
            schedule.addAll(rotated(targets, round - 1));
        }
        System.out.printf("bench: run %s on %s: %d targets x %d round(s), %s, warm-up %d s + measure %d s each; about %s%s%n",
                runDir.getFileName(), topology.notes().summary(), targets.size(), plan.rounds(),
                plan.load().model(), plan.load().warmupSeconds(), plan.load().durationSeconds(),
                minutes(schedule.size() * stepSeconds() + (plan.ladder().percents().isEmpty() ? 0 : 55)),
                plan.precision() == null ? "" : String.format(Locale.ROOT, "; then rounds until every target is known within ±%.1f%%, "
                        + "within %d min of the start", plan.precision().share() * 100, plan.precision().budgetMinutes()));

        targets.forEach(t -> rounds.put(t.name(), new ArrayList<>()));
        Signals.onSignal(lock, () -> summaryWritten,
                () -> inFlight == null ? "" : " during " + inFlight.name() + "'s measurement", why -> {
                    stoppedBecause = why;
                    writeSummary();
                    resultsLine();
                });

        try (Origin origin = Origin.of(plan.origin(), runDir.resolve("targets/tomcat"), topology.backend())) {
            byte[] reference = ScenarioCheck.referencePage(origin.url(), plan.origin());
            Calibration calibrated = Calibration.of(plan, runDir, origin.url(), reference,
                    line -> System.out.println("bench: calibration: " + line));
            rates = calibrated.rates();
            calibration = calibrated.measured();
            measurement = new RoundMeasurement(description(), origin, reference, rates, (t, change) -> {
                synchronized (lock) {
                    details.put(t.name(), change.apply(details.get(t.name())));
                }
            });
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
                if (failures.containsKey(t.name())) {
                    continue;
                }
                String step = String.format("[round %d/%d, target %d/%d] %s", round, roundsPlanned, n % targets.size() + 1, targets.size(), t.name());
                inFlight = t;
                RequestStats stats = null;
                String failure = null;
                String injectorLost = null;
                try {
                    RoundMeasurement.Result measured = measurement.measure(t, round, line -> System.out.println(step + ": " + line));
                    stats = measured.stats();
                    secondsPerStep = secondsPerStep == 0 ? measured.seconds()
                            : (secondsPerStep * measuredSoFar + measured.seconds()) / (measuredSoFar + 1);
                } catch (InjectorHosts.Lost e) { // no later level can be split as planned: the run stops, keeping what it has
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
                synchronized (lock) {
                    if (summaryWritten) { // a signal: the hook has written what was measured
                        break;
                    }
                    if (stats != null) {
                        rounds.get(t.name()).add(stats);
                        System.out.printf("%s: %.0f req/s, P99 %s ms, %d errors%s; about %s left%n", step, stats.throughputRps(),
                                stats.latency().p99(), stats.errors(), ladderLine(stats), minutes((schedule.size() - measuredSoFar) * stepSeconds()));
                    } else {
                        failures.put(t.name(), failure);
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

        synchronized (lock) {
            if (summaryWritten) {
                return false;
            }
            List<MeasuredSummary.TargetOutcome> outcomes = writeSummary();
            System.out.println();
            System.out.print(Files.readString(runDir.resolve("summary.md")));
            resultsLine();
            return failures.isEmpty() && outcomes.stream().allMatch(o -> o.rounds().stream().allMatch(r -> r.errors() == 0));
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
        for (Target t : plan.targets()) {
            String failure = failures.get(t.name());
            int measured = rounds.get(t.name()).size();
            if (failure == null && measured == 0) { // the stop came before it was measured
                failure = (t == inFlight ? "the run stopped during its measurement: " : "the run stopped before it: ") + stoppedBecause;
                incomplete.add(t.name() + " was not measured (" + (t == inFlight ? "the stop came during its measurement" : "not reached") + ")");
            } else if (failure != null && !failure.equals(stoppedBecause)) {
                incomplete.add(t.name() + " was not measured: " + failure);
            } else if (failure == null && stoppedBecause != null && measured < roundsPlanned) {
                incomplete.add(t.name() + " was measured in " + measured + " of " + roundsPlanned + " rounds");
            }
            outcomes.add(new MeasuredSummary.TargetOutcome(t, rounds.get(t.name()), details.getOrDefault(t.name(), TargetDetails.NONE), failure));
        }
        summarise(runDir, description().run(measurement == null ? null : measurement.injectorJvm(), rates, calibration, incomplete), outcomes, rates);
        summaryWritten = true;
        if (!incomplete.isEmpty()) {
            System.err.println("bench: run incomplete: " + String.join("; ", incomplete));
        }
        return outcomes;
    }

    /**
     * The run's summary from what it measured: in summary.json's shape ({@link MeasuredSummary}), judged ({@link Analysis}), and
     * written as summary.json, summary.md, details.md and report.html ({@link RunSummary}); returns the summary written.
     */
    static Summary summarise(Path runDir, Summary run, List<MeasuredSummary.TargetOutcome> outcomes, List<Integer> rates)
            throws IOException {
        Summary summary = Analysis.apply(MeasuredSummary.of(run, outcomes, rates));
        RunSummary.write(runDir, summary);
        return summary;
    }

    private void resultsLine() {
        // infra/ansible/bench.yml finds the run folder by this line: "bench: results in <folder> (summary.md, ...)".
        System.out.println("bench: results in " + runDir + " (summary.md, " + HtmlReport.FILE + ", " + RunSummary.DETAILS + ", summary.json)");
    }

    /** What the summary says of the run and of each target, beside what they measured. */
    private RunDescription description() {
        return new RunDescription(plan.withRounds(roundsPlanned), topology, workers, runDir, started, hostile);
    }

    /**
     * Whether --precision asks for one more round: some target's throughput relative to its baseline not yet within ±P, and
     * time left in the budget for one more round, and fewer rounds than the most. Says why on
     * the console either way.
     */
    private boolean anotherRound() {
        RunPlan.PrecisionSpec precision = plan.precision();
        if (precision == null) {
            return false;
        }
        Map<String, Precisions.Paired> ratios;
        synchronized (lock) {
            String direct = plan.targets().get(0).name();
            ratios = Precisions.judged(plan.targets(), plan.jvm().size() > 1 ? plan.jvm().get(0).name() : null, this::throughputs,
                    t -> Optional.ofNullable(details.getOrDefault(t.name(), TargetDetails.NONE).baseline()).orElse(direct),
                    Set.copyOf(failures.keySet()));
        }
        List<String> short_ = Precisions.notReached(ratios, precision);
        String why = Precisions.noMoreRounds(short_, precision, roundsPlanned, Duration.between(started, Instant.now()).toSeconds(),
                plan.targets().size() * stepSeconds());
        System.out.println(why == null ? "bench: precision: not yet within ±" + percent(precision.share()) + ": " + String.join(", ", short_)
                + "; round " + (roundsPlanned + 1) + " follows" : "bench: precision: no more rounds: " + why);
        return why == null;
    }

    private double[] throughputs(String name) {
        return rounds.getOrDefault(name, List.of()).stream().mapToDouble(RequestStats::throughputRps).toArray();
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
                : plan.loadSeconds() - plan.ladder().seconds(rates.isEmpty() ? plan.ladder().percents().size() : rates.size()) / 2.0 + 20;
    }

    /** The ladder's outcome in one line: how far the target went and where it failed the P99 objective. */
    private String ladderLine(RequestStats stats) {
        if (rates.isEmpty()) {
            return "";
        }
        Objective p99 = plan.ladder().objectives().get(0);
        var found = ObjectiveJudge.maxSustainable(p99,
                stats.ladder().stream().map(l -> l.measuredIn(1)).toList(), rates);
        return String.format("; ladder: %d of %d levels, %s up to %s%s req/s%s", stats.ladder().size(), rates.size(), p99.name(),
                found.limitedByInjector() ? "at least " : "", found.rateRps(),
                found.limitedByInjector() ? " (injector-limited: it could not deliver " + found.nextLevelRps() + ")" : "");
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

    private static String minutes(double seconds) {
        Duration d = Duration.ofSeconds((long) seconds);
        return d.toMinutes() > 0 ? d.toMinutes() + " min " + d.toSecondsPart() + " s" : d.toSeconds() + " s";
    }
}
