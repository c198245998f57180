package io.gatewaybench.harness;

import io.gatewaybench.harness.analyse.Precisions;
import io.gatewaybench.harness.launch.CpuGroups;
import io.gatewaybench.harness.launch.GcThreads;
import io.gatewaybench.harness.launch.Origin;
import io.gatewaybench.harness.launch.RemoteCpu;
import io.gatewaybench.harness.launch.TargetProcess;
import io.gatewaybench.harness.measure.EqualRatesMeasurement;
import io.gatewaybench.harness.measure.GatlingRun;
import io.gatewaybench.harness.measure.JfrFigures;
import io.gatewaybench.harness.measure.MeasuredSummary;
import io.gatewaybench.harness.measure.RoundMeasurement;
import io.gatewaybench.harness.measure.RunDescription;
import io.gatewaybench.harness.measure.ScenarioCheck;
import io.gatewaybench.harness.measure.TargetDetails;
import io.gatewaybench.harness.model.Summary;
import io.gatewaybench.harness.plan.HostileInputRecord;
import io.gatewaybench.harness.plan.RunPlan;
import io.gatewaybench.harness.plan.Scenario;
import io.gatewaybench.harness.plan.Target;
import io.gatewaybench.harness.plan.Topology;
import io.gatewaybench.harness.report.RunSummary;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * {@code ./bench run} of the equal-rates design: every target started once and kept running, each in a CPU group of its
 * own ({@link CpuGroups}), verified, then measured at equal rates all at once ({@link EqualRatesMeasurement}: warmed
 * until steady, the rates searched, each rate slice by slice), then, still warm and one at a time, under the 2019
 * study's closed load with the wrk cross-check ({@link RoundMeasurement#measureRunning}); stopped, and the run written
 * to {@code results/<run-id>/}. A target that cannot start or be verified is recorded as failed; the others are
 * measured. A run stopped by SIGINT or SIGTERM writes what it measured before (every rate, batch and closed load done)
 * and says where it stopped.
 */
final class EqualRatesRun {
    /** The plan, placement and folder, and what was measured so far, under its lock. */
    private final RunState state;
    /** The equal rates measured so far, every batch done and the present one's rates. */
    private volatile EqualRatesMeasurement.Result soFar;
    private volatile String injectorJvm;
    /** What the run is doing, for the summary written on a signal. */
    private volatile String step = "the targets' start";

    EqualRatesRun(RunPlan plan, Topology topology, HostileInputRecord hostile, Path runDir) {
        this.state = new RunState(plan, topology, hostile, runDir);
    }

    /** Runs it; true where every target was measured without an error. */
    boolean run() throws IOException {
        RunPlan.EqualRatesPlan design = state.plan.equalRates();
        List<Target> targets = state.plan.targets();
        List<List<Target>> batches = batches(targets, design);
        System.out.printf(Locale.ROOT, "bench: run %s on %s: %d targets %s, each in a CPU group of its own: "
                + "warm-up until steady (at most %d s), a search, %d rates x %d slices of %d s in turns of %d; then "
                + "the closed load, "
                + "%d round(s) of %d s each; about %s%n",
                state.runDir.getFileName(), state.topology.notes().summary(), targets.size(),
                batches.size() == 1 ? "at once"
                        : "in " + batches.size() + " batches of at most " + RunPlan.MOST_IN_A_BATCH + " beside direct",
                design.warmupCapS(), design.percents().size(), design.slices(), design.sliceS(), design.turn(),
                state.plan.rounds(),
                state.plan.load().durationSeconds(), RunState.minutes(estimate(design, targets.size(),
                        batches.size())));
        if (state.plan.precision() != null) {
            System.out.printf(Locale.ROOT, "bench: --precision: slices added at the rates until %s is known within "
                    + "±%.1f%%, the run ending within %d min%n", state.plan.jvm().size() > 1
                            ? "each profile's CPU per request over its reference's, at the family's level,"
                            : "every target's CPU per request", state.plan.precision().share() * 100,
                    state.plan.precision().budgetMinutes());
        }
        StringBuilder why = new StringBuilder();
        CpuGroups cpu = CpuGroups.create(why).orElse(null);
        if (cpu == null) {
            System.out.println("bench: no CPU groups here (" + why
                    + "): every target's CPU is reported as not measured");
        }
        Signals.onSignal(state.lock, () -> state.written, () -> " during " + step, stopped -> {
            write(soFar, List.of(stopped));
            System.out.println("bench: run incomplete: " + stopped);
            state.resultsLine();
        });
        EqualRatesMeasurement.Result equal = null;
        try (Origin origin = Origin.of(state.plan.origin(), state.runDir.resolve("targets/tomcat"),
                state.topology.backend(), cpu)) {
            byte[] reference = ScenarioCheck.referencePage(origin.url(), state.plan.origin());
            String cookie = state.plan.origin().atUrl() ? "" : ScenarioCheck.sessionCookie(origin.url());
            GatlingRun.Request request = GatlingRun.Request.of(state.plan.scenario(Scenario.PLAIN),
                    state.plan.credentials(),
                    reference, cookie,
                    state.plan.origin());
            RunDescription description = description();
            // Tomcat's group is read where it runs on this machine's kernel
            List<String> roles = cpu == null ? List.of()
                    : state.plan.origin().atUrl() || state.topology.backend().remote() ? List.of("injector")
                    : List.of("tomcat", "injector");
            RoundMeasurement closed = new RoundMeasurement(description, origin, reference, List.of(),
                    state::detail);
            for (int b = 0; b < batches.size(); b++) {
                String batch = batches.size() == 1 ? "" : "[batch " + (b + 1) + "/" + batches.size() + "] ";
                Map<String, TargetProcess> running = new LinkedHashMap<>();
                Map<String, RemoteCpu> remoteCpu = new LinkedHashMap<>();
                EqualRatesMeasurement.Result r;
                EqualRatesMeasurement.Result before = equal;
                int number = b + 1;
                step = batches.size() == 1 ? "the equal rates" : "batch " + number + "'s equal rates";
                try {
                    Map<String, URI> urls = start(batches.get(b), origin, reference, cpu, running, batch);
                    boolean here = !state.topology.gateway().remote();
                    List<EqualRatesMeasurement.Running> measured = urls.keySet().stream()
                            .map(n -> new EqualRatesMeasurement.Running(n, urls.get(n),
                                    cpuOf(n, running, cpu, remoteCpu, batch),
                                    running.containsKey(n) && here
                                            && state.plan.profileOf(running.get(n).target()) != null
                                            ? GcThreads.of(running.get(n).pid()) : null))
                            .toList();
                    Path raw = Files.createDirectories(state.runDir.resolve("raw").resolve("equal-rates")
                            .resolve(batches.size() == 1 ? "" : "batch-" + (b + 1)));
                    // with --precision each batch may add slices until its share of the budget is spent
                    long endMs = state.plan.precision() == null ? 0 : state.started.toEpochMilli()
                            + state.plan.precision().budgetMinutes() * 60_000L
                            - (long) (closedLoads(targets.size()) * 1000);
                    r = EqualRatesMeasurement.run(measured, request,
                            new EqualRatesMeasurement.Design(design.sliceS(), design.slices(),
                                    // a later batch warms at the rate the first one could hold
                                    equal == null ? design.warmRps() : equal.design().warmup().rateRps(),
                                    design.warmupCapS(), design.percents(),
                                    state.plan.ladder().p99ObjectiveMs(), state.plan.ladder().maxInFlight(),
                                    state.started.toEpochMilli() + b, state.plan.precision() == null ? 0
                                            : state.plan.precision().share(),
                                    state.plan.precision() == null ? 0 : state.plan.precision().budgetMinutes(),
                                    deadline(System.currentTimeMillis(), endMs, batches.size() - b,
                                            batchSeconds(design, b == 0)),
                                    equal == null ? 0 : equal.design().search().limitRps(),
                                    judged(batches, b,
                                            state.plan.jvm().size() > 1 ? state.plan.jvm().get(0).name() : null,
                                            design.percents().size()), design.turn()),
                            cpu, roles, (cpu == null ? "not measured here: " + why : cpu.describe()) + (here ? ""
                                    : "; each gateway on the gateway host " + state.topology.gateway().address()
                                    + ": the kernel's schedstat of its processes' threads, read there every 200 ms by "
                                    + "infra/hosts/cpu-of"), raw,
                            line -> System.out.println("bench: [equal rates] " + batch + line),
                            m -> soFar = batches.size() == 1 ? m
                                    : EqualRatesMeasurement.Result.inBatches(before, m, number));
                    soFar = batches.size() == 1 ? r : EqualRatesMeasurement.Result.inBatches(before, r, number);
                    measureClosed(closed, batches.get(b), urls, running);
                } finally {
                    remoteCpu.values().forEach(RemoteCpu::close);
                    running.values().forEach(TargetProcess::close);
                }
                r = allocation(r, running, design.sliceS(), batch);
                equal = batches.size() == 1 ? r : EqualRatesMeasurement.Result.inBatches(equal, r, b + 1);
                soFar = equal;
            }
            injectorJvm = closed.injectorJvm();
        } finally {
            if (cpu != null) {
                cpu.close();
            }
        }
        List<MeasuredSummary.TargetOutcome> outcomes;
        synchronized (state.lock) {
            if (state.written) { // a signal: the hook has written what was measured
                return false;
            }
            outcomes = write(equal, List.of());
        }
        System.out.println();
        System.out.print(Files.readString(state.runDir.resolve("summary.md")));
        System.out.println("bench: the run took " + RunState.minutes(Duration.between(state.started,
                Instant.now()).toSeconds()));
        state.resultsLine();
        return state.failures.isEmpty() && outcomes.stream()
                .allMatch(o -> o.rounds().stream().allMatch(r -> r.errors() == 0));
    }

    /**
     * The run's summary from what was measured ({@code equal}: the equal rates, null where none were), beside the
     * closed loads and failures so far; the outcome of every target. Under the lock.
     */
    private List<MeasuredSummary.TargetOutcome> write(EqualRatesMeasurement.Result equal, List<String> stopped)
            throws IOException {
        List<MeasuredSummary.TargetOutcome> outcomes = new ArrayList<>();
        List<String> incomplete = new ArrayList<>(stopped);
        for (Target t : state.plan.targets()) {
            String failure = state.failures.get(t.name());
            if (failure == null && !stopped.isEmpty() && state.rounds.get(t.name()).isEmpty()
                    && (equal == null || !equal.targets().containsKey(t.name()))) {
                failure = "not measured: the run stopped before it was";
            }
            if (failure != null) {
                incomplete.add(t.name() + " was not measured: " + failure);
            }
            outcomes.add(new MeasuredSummary.TargetOutcome(t, List.copyOf(state.rounds.get(t.name())),
                    state.details.getOrDefault(t.name(), TargetDetails.NONE), failure));
        }
        Summary run = description().run(injectorJvm, List.of(), null, incomplete);
        // stopped before any rate was measured: nothing at equal rates to hold
        RunSummary.write(state.runDir, io.gatewaybench.harness.analyse.Analysis.apply(equal == null
                ? MeasuredSummary.of(run, outcomes, List.of()) : MeasuredSummary.of(run, outcomes, equal)));
        state.written = true;
        return outcomes;
    }

    /**
     * What reads {@code name}'s CPU time: its group of {@code cpu} on this machine's kernel, or, on another host, its
     * processes' there ({@link TargetProcess#remoteCpu}, kept in {@code remote} until the batch ends); null for a
     * target the run did not start (direct, one declared by its URL) or where neither can be read.
     */
    private static LongSupplier cpuOf(String name, Map<String, TargetProcess> running, CpuGroups cpu,
            Map<String, RemoteCpu> remote, String batch) {
        TargetProcess p = running.get(name);
        if (p == null) {
            return null;
        }
        if (!p.launch().host().remote()) {
            return cpu == null ? null : () -> cpu.cpuNanos(name);
        }
        try {
            RemoteCpu read = p.remoteCpu();
            remote.put(name, read);
            return read;
        } catch (IOException | RuntimeException e) {
            System.out.println("bench: [equal rates] " + batch + name + ": its CPU time is not read there: "
                    + e.getMessage());
            return null;
        }
    }

    /**
     * {@code r} with the bytes each JVM gateway that kept a Flight Recorder recording allocated over each slice, read
     * from the recording it dumped as it stopped; one that cannot be read is said and left without.
     */
    private EqualRatesMeasurement.Result allocation(EqualRatesMeasurement.Result r, Map<String, TargetProcess> running,
            int sliceS, String batch) {
        for (String name : r.targets().keySet()) {
            TargetProcess p = running.get(name);
            if (p == null || !state.plan.recordsJfr(p.target(), state.topology)) {
                continue;
            }
            try {
                Path jdk = Path.of(p.launch().java()).toRealPath().getParent().getParent();
                r = r.with(name, EqualRatesMeasurement.withAllocation(r.targets().get(name), sliceS,
                        p.launch().dir().resolve(JfrFigures.RECORDING), jdk));
            } catch (IOException | RuntimeException e) {
                System.out.println("bench: [equal rates] " + batch + name + ": its allocation not read: "
                        + e.getMessage());
            }
        }
        return r;
    }

    /** The plan's batches of targets, or one batch of every target. */
    static List<List<Target>> batches(List<Target> targets, RunPlan.EqualRatesPlan design) {
        if (design.batches().isEmpty()) {
            return List.of(targets);
        }
        return design.batches().stream().map(names -> names.stream().map(n -> targets.stream()
                .filter(t -> t.name().equals(n)).findFirst().orElseThrow()).toList()).toList();
    }

    /**
     * Starts each of {@code batch} not running already, each in its CPU group, and verifies it; the URL of every one
     * verified, in order. One that fails goes to {@code failures}, and the others are measured.
     */
    private Map<String, URI> start(List<Target> batch, Origin origin, byte[] reference, CpuGroups cpu,
            Map<String, TargetProcess> running, String prefix) {
        Map<String, URI> urls = new LinkedHashMap<>();
        for (Target t : batch) {
            String say = "bench: [start] " + prefix + t.name() + ": ";
            try {
                URI url = origin.url();
                if (t.declaredByUrl()) {
                    url = t.url().orElseThrow();
                } else if (!t.isDirect()) {
                    System.out.println(say + "starting");
                    TargetProcess p = TargetProcess.start(t, RoundMeasurement.launch(state.plan, state.topology,
                            state.workers, t, state.runDir.resolve("targets").resolve(t.name()), origin.url()), cpu);
                    running.put(t.name(), p);
                    url = p.launch().url();
                }
                ScenarioCheck.check(t.name(), url, state.plan.origin(), reference);
                // what the target is, known from its start: a matrix in batches has no closed load to say it
                synchronized (state.lock) {
                    state.details.putIfAbsent(t.name(), description().target(t,
                            state.runDir.resolve("targets").resolve(t.name())));
                }
                System.out.println(say + "verified at " + url);
                urls.put(t.name(), url);
            } catch (RuntimeException e) {
                synchronized (state.lock) {
                    state.failures.put(t.name(), e.getMessage());
                }
                System.out.println(say + "FAILED, not measured: " + e.getMessage());
            }
        }
        return urls;
    }

    /** The 2019 study's closed load on each running target of {@code batch}, one at a time, the plan's rounds. */
    private void measureClosed(RoundMeasurement closed, List<Target> batch, Map<String, URI> urls,
            Map<String, TargetProcess> running) {
        for (int round = 1; round <= state.plan.rounds(); round++) {
            for (Target t : RoundsRun.rotated(batch, round - 1)) {
                synchronized (state.lock) {
                    if (state.failures.containsKey(t.name())) {
                        continue;
                    }
                }
                step = "the closed load of " + t.name() + ", round " + round;
                String say = String.format(Locale.ROOT, "bench: [closed load, round %d/%d] %s: ", round,
                        state.plan.rounds(), t.name());
                try {
                    TargetProcess p = running.get(t.name());
                    RoundMeasurement.Result r = closed.measureRunning(t, urls.get(t.name()),
                            p == null || state.topology.gateway().remote() ? -1 : p.pid(), round,
                            line -> System.out.println(say + line));
                    synchronized (state.lock) {
                        state.rounds.get(t.name()).add(r.stats());
                    }
                    if (injectorJvm == null) {
                        injectorJvm = closed.injectorJvm();
                    }
                    System.out.printf(Locale.ROOT, "%s%.0f req/s, P99 %s ms, %d errors%n", say,
                            r.stats().throughputRps(), r.stats().latency().p99(), r.stats().errors());
                } catch (RuntimeException | IOException e) {
                    synchronized (state.lock) {
                        state.failures.put(t.name(), e.getMessage());
                    }
                    System.out.println(say + "FAILED: " + e.getMessage());
                }
            }
        }
    }

    private RunDescription description() {
        return state.description(state.plan);
    }

    /**
     * Seconds the run should take: for each batch the starts, a warm-up of half its cap and every rate; one search;
     * the closed loads.
     */
    private double estimate(RunPlan.EqualRatesPlan d, int targets, int batches) {
        return batchSeconds(d, false) * batches + searchSeconds(d) + closedLoads(targets);
    }

    /** Seconds a batch should take before {@code --precision} adds to it: the first also searches. */
    /**
     * What a turn costs besides its slices, s: its 1 s of lead-in, Vegeta's start and the reading of its records
     * (docs/figures.md, "Turns", gives what turns took).
     */
    static final double TURN_S = 2;

    private static double batchSeconds(RunPlan.EqualRatesPlan d, boolean first) {
        return 30 + d.warmupCapS() / 2.0 + d.percents().size() * (d.slices() * d.sliceS() + 10)
                + d.turns() * TURN_S + (first ? searchSeconds(d) : 0);
    }

    private static double searchSeconds(RunPlan.EqualRatesPlan d) {
        return 6 * (1 + d.sliceS() + 3);
    }

    /**
     * When a batch begun at {@code nowMs} must stop adding slices for {@code --precision} (0 without it): after its own
     * {@code batchS} and an equal share of what the run's {@code endMs} leaves once it and the {@code left - 1}
     * batches after it have had as long (a batch's warm-up and the first one's search come out of its own time, not
     * out of its share); never past {@code endMs}. EqualRatesRunTest.
     */
    static long deadline(long nowMs, long endMs, int left, double batchS) {
        if (endMs == 0) {
            return 0;
        }
        long own = (long) (batchS * 1000);
        long spare = endMs - nowMs - own - (left - 1) * (long) (batchS * 1000);
        return Math.min(endMs, nowMs + own + Math.max(0, spare) / left);
    }

    /**
     * What {@code --precision} judges in batch {@code b} of {@code batches}: with several JVM profiles
     * ({@code reference}: the first; null with one), each other target of a gateway and scenario under a profile over
     * the batch's first target under the reference profile, at the family's level over all of the gateway's such
     * comparisons in the run at its {@code rates} rates (as the profiles table judges them); every other target by
     * its own CPU per request. EqualRatesRunTest.
     */
    static EqualRatesMeasurement.Judged judged(List<List<Target>> batches, int b, String reference, int rates) {
        if (reference == null) {
            return EqualRatesMeasurement.Judged.OWN;
        }
        Map<String, Integer> family = new LinkedHashMap<>();
        List<Map<String, String>> over = new ArrayList<>();
        for (List<Target> batch : batches) {
            Map<String, String> here = new LinkedHashMap<>();
            for (Target t : batch) {
                if (t.profile().isEmpty()) {
                    continue;
                }
                batch.stream().filter(o -> o.gateway().equals(t.gateway()) && o.scenario().equals(t.scenario())
                                && o.profile().equals(java.util.Optional.of(reference))).findFirst()
                        .filter(base -> base != t)
                        .ifPresent(base -> here.put(t.name(), base.name()));
            }
            here.keySet().forEach(n -> family.merge(key(batch, n), rates, Integer::sum));
            over.add(here);
        }
        Map<String, EqualRatesMeasurement.Judged.Over> judged = new LinkedHashMap<>();
        over.get(b).forEach((n, base) -> judged.put(n, new EqualRatesMeasurement.Judged.Over(base,
                Precisions.costFamilyLevel(family.get(key(batches.get(b), n))))));
        return new EqualRatesMeasurement.Judged(judged);
    }

    /** The family a target of {@code batch} is judged in: its gateway and scenario. */
    private static String key(List<Target> batch, String name) {
        Target t = batch.stream().filter(o -> o.name().equals(name)).findFirst().orElseThrow();
        return t.gateway() + " " + t.scenario();
    }

    /** Seconds the closed loads should take, after the equal rates, and the stops. */
    private double closedLoads(int targets) {
        return state.plan.rounds() * targets
                * (state.plan.load().warmupSeconds() + state.plan.load().durationSeconds() + 6) + targets * 7;
    }

}
