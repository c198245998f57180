package io.gatewaybench.harness.measure;

import io.gatewaybench.harness.launch.JvmStartup;
import io.gatewaybench.harness.launch.Launch;
import io.gatewaybench.harness.launch.Origin;
import io.gatewaybench.harness.launch.TargetProcess;
import io.gatewaybench.harness.model.RateLimitCheck;
import io.gatewaybench.harness.model.RoundRuntime;
import io.gatewaybench.harness.model.WrkCheck;
import io.gatewaybench.harness.plan.JvmProfile;
import io.gatewaybench.harness.plan.RunPlan;
import io.gatewaybench.harness.plan.Scenario;
import io.gatewaybench.harness.plan.Target;
import io.gatewaybench.harness.plan.Topology;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.UnaryOperator;

/**
 * One target measured in one round: the gateway started (direct: the origin as it is) and verified before anything is
 * measured, Gatling's warm-up, measurement and fixed-rate ladder with the paced microsecond probe beside it, then the
 * unloaded probe, in round 1 the wrk cross-check (and under a rate-limit scenario, first, the check that the limit
 * bites), the resources it used, its JFR figures and how long it took to answer first; the gateway is stopped after.
 * A gateway that exits meanwhile fails the measurement with its exit status and its log's last lines.
 */
public final class RoundMeasurement {
    /** Requests per second of the microsecond probe beside Gatling's load: low enough not to add load of its own. */
    private static final int PROBE_RATE = 50;

    private final RunDescription run;
    private final RunPlan plan;
    private final Topology topology;
    private final Origin origin;
    private final byte[] reference;
    private final List<Integer> rates;
    private final Details details;
    /** The page the origin serves for each scenario's path: what every target must deliver under it. */
    private final Map<String, byte[]> pages = new ConcurrentHashMap<>();
    /** The Gatling JVM's executable and flags, as seen in the process table. */
    private volatile String injectorJvm;

    /**
     * Where what the summary says of each target ({@link TargetDetails}) is kept while the run goes. The measurement
     * changes it as soon as it knows a part (its description, the rate-limit check, Gatling's status, the wrk check), so
     * that a summary written on a signal, in the middle of a measurement, has what was known.
     */
    @FunctionalInterface
    public interface Details {
        /** Replaces what is known of {@code t} with {@code change} applied to it (null before the first change). */
        void update(Target t, UnaryOperator<TargetDetails> change);
    }

    /**
     * A round's figures and how long it took, in seconds: from its start to its figures, without stopping the gateway.
     */
    public record Result(RequestStats stats, double seconds) {
    }

    /**
     * Measures the targets of {@code run} against the running {@code origin}, whose book page is {@code reference}, with
     * the ladder's {@code rates} (empty: no ladder), keeping what the summary says of each in {@code details}.
     */
    public RoundMeasurement(RunDescription run, Origin origin, byte[] reference, List<Integer> rates, Details details) {
        this.run = run;
        this.plan = run.plan();
        this.topology = run.topology();
        this.origin = origin;
        this.reference = reference;
        this.rates = rates;
        this.details = details;
    }

    /** The Gatling JVM's executable and flags, as first seen in the process table; null before any was seen. */
    public String injectorJvm() {
        return injectorJvm;
    }

    /** Measures {@code t} in {@code round}, telling {@code progress} what it does; fails when it cannot be measured. */
    public Result measure(Target t, int round, Progress progress) throws IOException {
        long begin = System.nanoTime();
        Path dir = run.runDir().resolve("targets").resolve(t.name() + "-round" + round);
        TargetProcess gateway = null;
        boolean stoppedOnPurpose = false;
        try (ResourceSampler sampler = new ResourceSampler()) {
            // on another machine, or running already at a URL, its CPU and memory are not sampled
            origin.localPid().ifPresent(pid -> sampler.watch("origin", pid));
            URI url = origin.url();
            Long firstAnswerMs = null;
            RoundRuntime reported = new RoundRuntime(null, null, null, null, null, null); // what a JVM gateway says it runs
            Scenario scenario = plan.scenario(t.scenario());
            URI originUrl = url;
            byte[] page = scenario.isPlain() ? reference
                    : pages.computeIfAbsent(scenario.path(), p -> ScenarioCheck.originPage(originUrl, scenario));
            RateLimitCheck limitCheck = round == 1 && scenario.rateLimit() > 0 && !t.isDirect() ? limitBites(t, scenario, url, progress) : null;
            if (t.declaredByUrl()) {
                url = t.url().orElseThrow();
                progress.line("declared by its url, running already: " + url);
                copyConfiguration(t, dir);
                Long pid = declaredPid(t);
                if (pid != null) {
                    sampler.watch("gateway", pid);
                }
                verify(t, scenario, url, page, round, progress);
            } else if (!t.isDirect()) {
                progress.line("starting");
                long starting = System.nanoTime();
                gateway = TargetProcess.start(t, launch(t, dir, url));
                if (!topology.gateway().remote()) {
                    sampler.watch("gateway", gateway.pid());
                }
                url = gateway.launch().url();
                verify(t, scenario, url, page, round, progress);
                firstAnswerMs = Math.round((System.nanoTime() - starting) / 1e6);
                reported = JvmStartup.reported(t, plan.profileOf(t), gateway.launch());
            } else {
                verify(t, scenario, url, page, round, progress);
            }
            details.update(t, known -> {
                TargetDetails described = known != null ? known : run.target(t, dir);
                return limitCheck == null ? described : described.withRateLimitCheck(limitCheck);
            });
            boolean vegeta = plan.ladder().byVegeta() && !rates.isEmpty();
            progress.line(String.format("verified; warm-up %d s, then measuring %d s%s (Gatling%s)%s",
                    plan.load().warmupSeconds(), plan.load().durationSeconds(),
                    rates.isEmpty() || vegeta ? "" : ", then " + rates.size() + " fixed-rate levels of " + plan.ladder().levelSeconds() + " s",
                    ", with a " + PROBE_RATE + " req/s microsecond probe beside it",
                    vegeta ? ", then " + rates.size() + " fixed-rate levels of " + plan.ladder().levelSeconds() + " s (Vegeta)" : ""));
            Path raw = Files.createDirectories(run.runDir().resolve("raw").resolve(t.name() + "-round" + round));
            // Tomcat's session, that it creates none per request (infra/tomcat/README.md); an origin at a URL gets no cookie of ours
            String cookie = plan.origin().atUrl() ? "" : ScenarioCheck.sessionCookie(origin.url());
            GatlingRun.Request request = GatlingRun.Request.of(scenario, plan.credentials(), page, cookie,
                    plan.origin());
            GatlingRun.Measurement m;
            LatencyProbe.Result underLoad;
            // The microsecond probe sends the load's own request (GatlingRun.Request): every target under every scenario, one rule.
            try (LatencyProbe.Paced probe = new LatencyProbe.Paced(url, request, PROBE_RATE, plan.loadSeconds() + 600)) {
                m = GatlingRun.measure(url, request, plan.load(), vegeta ? List.of() : rates, plan.ladder(), raw, sampler, probe::between, progress,
                        topology.injectors());
                underLoad = probe.between(m.windowStartMillis(), m.windowEndMillis());
            }
            List<Ladder.Level> ladder = vegeta ? VegetaLadder.run(url, request, rates, plan.ladder(), raw, progress, topology.injectors()) : m.ladder();
            details.update(t, known -> known.withGatling(m.gatling().inRound(round)));
            exitedDuringMeasurement(t, gateway, dir);
            if (injectorJvm == null && !m.injectorJvm().isEmpty()) {
                injectorJvm = m.injectorJvm();
            }
            // After the load, so the target is warm; alone, so nothing else competes for the CPUs.
            int count = plan.quick() ? 300 : 3000;
            progress.line(String.format("%d single requests, one at a time (microsecond probe)", count));
            LatencyProbe.Result unloaded = LatencyProbe.unloaded(url, request, count / 5, count);
            underLoad.write(raw.resolve("probe-under-load.hgrm"));
            unloaded.write(raw.resolve("probe-unloaded.hgrm"));
            Map<String, LatencyProbe.Result> probes = new LinkedHashMap<>();
            probes.put("unloaded", unloaded);
            probes.put("under_load", underLoad);
            crossCheck(t, round, scenario, url, cookie, plan.quick() ? 2 : 10, m, raw, progress);
            // Per request the gateway served in the window: Gatling's and the probe's beside it, whose work is in the CPU too.
            long served = m.stats().requests() - m.stats().errors() + underLoad.micros().getTotalCount();
            RequestStats stats = m.stats()
                    .withResources(sampler.cost(m.windowStartMillis(), m.windowEndMillis(), served))
                    .withProbes(probes)
                    .withLadder(ladder);
            exitedDuringMeasurement(t, gateway, dir);
            RoundRuntime jfr = new RoundRuntime(null, null, null, null, null, null);
            if (gateway != null && plan.recordsJfr(t, topology)) {
                stoppedOnPurpose = true;
                gateway.close(); // the recording is written as the JVM exits
                jfr = JfrFigures.overWindow(gateway.launch(), m.windowStartMillis(), m.windowEndMillis(), stats.requests());
            }
            stats = stats.withRuntime(new RoundRuntime(firstAnswerMs, reported.eventLoops(), reported.transport(),
                    stats.runtime() == null ? null : stats.runtime().steadyAfterS(), jfr.allocatedBytesPerRequest(), jfr.jfr()));
            return new Result(stats, (System.nanoTime() - begin) / 1e9);
        } catch (RuntimeException | IOException e) {
            if (!stoppedOnPurpose) {
                exitedDuringMeasurement(t, gateway, dir); // the cause, rather than what the load saw of it
            }
            throw e;
        } finally {
            if (gateway != null) {
                gateway.close();
            }
        }
    }

    /**
     * Measures {@code t}, running already at {@code url} and warm (the run's equal rates warmed it), in {@code round}:
     * the closed load of the 2019 study's view ({@link GatlingRun}, no ladder: the equal rates are the open model's
     * figures), and in round 1 under plain the wrk cross-check. Its processes ({@code gatewayPid}; -1: none here) and
     * the origin's are sampled over the measured window.
     */
    public Result measureRunning(Target t, URI url, long gatewayPid, int round, Progress progress) throws IOException {
        long begin = System.nanoTime();
        Path dir = run.runDir().resolve("targets").resolve(t.name());
        try (ResourceSampler sampler = new ResourceSampler()) {
            origin.localPid().ifPresent(pid -> sampler.watch("origin", pid));
            if (gatewayPid > 0) {
                sampler.watch("gateway", gatewayPid);
            }
            Scenario scenario = plan.scenario(t.scenario());
            URI originUrl = origin.url();
            byte[] page = scenario.isPlain() ? reference
                    : pages.computeIfAbsent(scenario.path(), p -> ScenarioCheck.originPage(originUrl, scenario));
            verify(t, scenario, url, page, round, progress);
            details.update(t, known -> known != null ? known : run.target(t, dir));
            progress.line(String.format("closed load: warm-up %d s, then measuring %d s (Gatling)",
                    plan.load().warmupSeconds(), plan.load().durationSeconds()));
            Path raw = Files.createDirectories(run.runDir().resolve("raw").resolve(t.name() + "-round" + round));
            String cookie = plan.origin().atUrl() ? "" : ScenarioCheck.sessionCookie(origin.url());
            GatlingRun.Request request = GatlingRun.Request.of(scenario, plan.credentials(), page, cookie,
                    plan.origin());
            GatlingRun.Measurement m = GatlingRun.measure(url, request, plan.load(), List.of(), plan.ladder(), raw,
                    sampler, (a, b) -> null, progress, topology.injectors());
            details.update(t, known -> known.withGatling(m.gatling().inRound(round)));
            if (injectorJvm == null && !m.injectorJvm().isEmpty()) {
                injectorJvm = m.injectorJvm();
            }
            crossCheck(t, round, scenario, url, cookie, plan.quick() ? 2 : 5, m, raw, progress);
            long served = m.stats().requests() - m.stats().errors();
            RequestStats stats = m.stats()
                    .withResources(sampler.cost(m.windowStartMillis(), m.windowEndMillis(), served));
            return new Result(stats, (System.nanoTime() - begin) / 1e9);
        }
    }

    /**
     * In round 1 under plain (wrk asks for the run's page as it is), where the run cross-checks {@code t}: wrk for
     * {@code seconds} with as many connections as Gatling had users, against Gatling's rate in {@code m}.
     */
    private void crossCheck(Target t, int round, Scenario scenario, URI url, String cookie, int seconds,
            GatlingRun.Measurement m, Path raw, Progress progress) throws IOException {
        if (!plan.crossChecks(t) || round != 1 || !scenario.isPlain()) {
            return;
        }
        progress.line(String.format("cross-check with wrk, %d connections, %d s", plan.load().users(), seconds));
        WrkCheck wrk = WrkCrossCheck.run(url, plan.origin().path(), cookie, plan.load().users(), seconds,
                m.stats().throughputRps(), raw.resolve("wrk.log"));
        details.update(t, known -> known.withWrkCheck(wrk));
    }

    /**
     * The PID of a gateway declared by URL, from its descriptor's {@code pidfile}, whose CPU and memory are then sampled; null
     * without one. A pidfile that cannot be read, or names no running process, fails the measurement: the run would otherwise
     * report a cost it did not see.
     */
    static Long declaredPid(Target t) {
        java.util.Optional<Path> file = t.pidfile();
        if (file.isEmpty()) {
            return null;
        }
        long pid;
        try {
            pid = Long.parseLong(Files.readString(file.get()).strip());
        } catch (IOException | NumberFormatException e) {
            throw new IllegalStateException(t.name() + ": its pidfile " + file.get() + " holds no PID (" + e.getMessage()
                    + "); fix 'pidfile' in " + t.file() + " or leave it out (then its CPU and memory are not measured)");
        }
        if (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
            return pid;
        }
        throw new IllegalStateException(t.name() + ": its pidfile " + file.get() + " names PID " + pid + ", which is not running here");
    }

    /** The operator's configuration files of a gateway declared by URL, copied into {@code dir}'s {@link RunDescription#CONFIG}. */
    private static void copyConfiguration(Target t, Path dir) throws IOException {
        Path folder = Files.createDirectories(dir.resolve(RunDescription.CONFIG));
        for (Path file : t.configFiles()) {
            Files.copy(file, folder.resolve(file.getFileName()), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** Fails the measurement, naming the exit status and the log's last lines, if the gateway is no longer running. */
    private static void exitedDuringMeasurement(Target t, TargetProcess gateway, Path dir) {
        if (gateway != null && !gateway.process().isAlive()) {
            throw new IllegalStateException(t.name() + " exited with status " + gateway.process().exitValue()
                    + " during its measurement; see " + dir + ": " + gateway.tail("stderr.log"));
        }
    }

    /** How {@code t} is started here: for a JVM gateway, with its JVM profile's JDK, event loops, flags and options. */
    private Launch launch(Target t, Path dir, URI upstream) {
        return launch(plan, topology, run.workers(), t, dir, upstream);
    }

    /**
     * How {@code t} of {@code plan} is started on {@code topology}'s gateway host with {@code workers} (its own in a
     * workers sweep): for a JVM gateway, with its JVM profile's JDK, event loops, flags (and JFR's, where the plan
     * records it) and options.
     */
    public static Launch launch(RunPlan plan, Topology topology, int workers, Target t, Path dir, URI upstream) {
        int w = t.sweptWorkers().orElse(workers);
        Launch launch = Launch.on(topology.gateway(), dir, upstream, w, "");
        JvmProfile profile = plan.profileOf(t);
        if (profile == null) {
            return launch;
        }
        String flags = profile.flagsFor(t);
        if (plan.recordsJfr(t, topology)) {
            flags += " " + String.join(" ", JfrFigures.jvmOptions(dir.resolve(JfrFigures.RECORDING), plan.jfr()));
        }
        return launch.under(profile.java(), profile.eventLoops(w), flags, profile.argsFor(t));
    }

    /**
     * Conformance before measuring: the book page byte for byte under plain (as always); under another scenario,
     * its duties ({@link ScenarioCheck}), every route in round 1 and three of them after.
     */
    private void verify(Target t, Scenario scenario, URI url, byte[] page, int round, Progress progress) {
        if (scenario.isPlain()) {
            ScenarioCheck.check(t.name(), url, plan.origin(), page);
            return;
        }
        if (round == 1 && scenario.routes() > 0) {
            progress.line(String.format("checking that each of its %d routes reaches the origin", scenario.routes()));
        }
        ScenarioCheck.verify(t.name(), url, scenario, plan.credentials(), page, round == 1);
    }

    /**
     * Round 1 of a scenario with a rate limit: the target started once with the limit set low, to show that it
     * does answer 429 at about that rate ({@link ScenarioCheck#limitBites}); a target that does not is not measured.
     */
    private RateLimitCheck limitBites(Target t, Scenario scenario, URI origin, Progress progress) {
        progress.line(String.format("starting with a rate limit of %d/s, to show that it answers 429", Scenario.LOW_LIMIT));
        Path dir = run.runDir().resolve("targets").resolve(t.name() + "-limit-check");
        try (TargetProcess low = TargetProcess.start(t.withRateLimit(Scenario.LOW_LIMIT), launch(t, dir, origin))) {
            RateLimitCheck seen = ScenarioCheck.limitBites(t.name(), low.launch().url(), scenario, plan.credentials(), Scenario.LOW_LIMIT);
            progress.line(String.format("limit %d/s: %s answers 200 and %s answers 429 of %s requests at twice the limit",
                    Scenario.LOW_LIMIT, seen.answered200(), seen.answered429(), seen.sent()));
            return seen;
        }
    }
}
