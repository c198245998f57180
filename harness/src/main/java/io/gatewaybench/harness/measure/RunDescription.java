package io.gatewaybench.harness.measure;

import io.gatewaybench.harness.launch.Launch;
import io.gatewaybench.harness.launch.Origin;
import io.gatewaybench.harness.launch.TargetProcess;
import io.gatewaybench.harness.model.ComponentVersion;
import io.gatewaybench.harness.model.HostileInput;
import io.gatewaybench.harness.model.JvmProfiles;
import io.gatewaybench.harness.model.LadderPlan;
import io.gatewaybench.harness.model.Matrices;
import io.gatewaybench.harness.model.OriginUrl;
import io.gatewaybench.harness.model.Run;
import io.gatewaybench.harness.model.Scenarios;
import io.gatewaybench.harness.model.Setup;
import io.gatewaybench.harness.model.Summary;
import io.gatewaybench.harness.model.WorkersSweep;
import io.gatewaybench.harness.plan.Credentials;
import io.gatewaybench.harness.plan.Environment;
import io.gatewaybench.harness.plan.HostileInputRecord;
import io.gatewaybench.harness.plan.InjectorLimit;
import io.gatewaybench.harness.plan.JvmProfile;
import io.gatewaybench.harness.plan.Repo;
import io.gatewaybench.harness.plan.RunPlan;
import io.gatewaybench.harness.plan.Scenario;
import io.gatewaybench.harness.plan.Target;
import io.gatewaybench.harness.plan.Topology;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What a run's summary says beside what it measured: of the run ({@link #run}: where it came from, every component's
 * version, its plan as it ran) and of each target ({@link #target}), as summary.json's records.
 *
 * @param workers workers per gateway: as the run says, or as many as the gateway's host has CPUs
 * @param started when the run started
 * @param hostile the hostile-input suite's finding, read when the run started
 * @param gitCommit the commit the run was made from, as {@link Environment#gitCommit} gave it when the run started: the
 *     work tree that built what runs, not the one the summary is written beside (RunDescriptionTest)
 */
public record RunDescription(RunPlan plan, Topology topology, int workers, Path runDir, Instant started,
        HostileInputRecord hostile, String gitCommit) {

    /**
     * What the summary says of a target beside what it measured: its scenario and baseline in a run of several scenarios,
     * its configuration and run folder, its workers, and for a JVM gateway its profile, JDK, flags and recording.
     */
    public TargetDetails target(Target t, Path dir) {
        boolean scenarios = plan.scenarios().size() > 1;
        String scenario = scenarios ? t.scenario() : null;
        String plain = scenarios ? t.underPlain() : null;
        String baseline = scenarios ? plan.baselineOf(t) : null;
        if (t.isDirect()) {
            return new TargetDetails(scenario, plain, baseline, "none: the client calls the origin", null, null, null, null, null, null,
                    null, null, null, null, null, List.of(), List.of());
        }
        if (t.declaredByUrl()) {
            return new TargetDetails(scenario, plain, baseline, declaredByUrl(t), null, null, t.gateway(), runDir.relativize(dir).toString(),
                    null, null, null, null, null, null, null, List.of(), List.of());
        }
        JvmProfile profile = plan.profileOf(t);
        int workers = t.sweptWorkers().orElse(this.workers);
        String jfr = profile != null && plan.recordsJfr(t, topology)
                ? (plan.jfr() ? "profiling (GC, allocation, CPU and allocation samples)" : "GC and allocation only")
                        + ": infra/jvm/figures*.jfc, added to the flags above"
                : null;
        return new TargetDetails(scenario, plain, baseline, Repo.root().relativize(t.file()).toString(),
                t.sweptWorkers().isPresent() ? t.sweepSeries().orElseThrow() : null, t.sweptWorkers().orElse(null), t.gateway(),
                runDir.relativize(dir).toString(), profile == null ? workers : profile.eventLoops(workers),
                profile == null ? null : profile.name(),
                profile == null ? null : profile.java() != null ? profile.java() : Launch.on(topology.gateway(), dir, null, workers, "").java(),
                profile == null ? null : profile.flagsFor(t), profile == null ? null : profile.argsFor(t), jfr, null, List.of(), List.of());
    }

    /**
     * The configuration of a gateway declared by URL, in words: where it ran, that the run neither started nor stopped it, and
     * the operator's configuration files its descriptor names (copied into its run folder, {@link #CONFIG}).
     */
    static String declaredByUrl(Target t) {
        return Repo.root().relativize(t.file()) + ": declared by URL, " + t.url().orElseThrow()
                + ", running before the run and neither started nor stopped by it; its workers are what its operator gave it; "
                + (t.configFiles().isEmpty() ? "its descriptor names no configuration file (key 'config')"
                : "its configuration: " + t.configFiles().stream().map(f -> f.startsWith(Repo.root()) ? Repo.root().relativize(f).toString()
                        : f.toString()).collect(Collectors.joining(", ")) + " (copied into " + CONFIG + "/ of its run folder)");
    }

    /** The folder of a target's run folder where the configuration files of a gateway declared by URL are copied. */
    public static final String CONFIG = "config";

    /**
     * What the summary says of the run beside what it measured, without its targets: where it came from (commit, machine, every
     * component's version, the JVMs' flags, the injector's JVM as seen while it ran), its profiles, placement, sweep, scenarios,
     * load, the ladder's {@code rates} with the {@code calibration} that fixed them (null: the rates were given), its rounds, and
     * whether it is complete ({@code incomplete}: why not; empty: it is).
     */
    public Summary run(String injectorJvm, List<Integer> rates, LadderPlan.Calibration calibration, List<String> incomplete) {
        Map<String, String> jvm = new LinkedHashMap<>();
        if (!plan.origin().atUrl()) {
            jvm.put("tomcat", Origin.descriptor().key("jvm.flags").orElse(""));
        }
        plan.targets().stream().filter(JvmProfile::isJvmGateway).forEach(t -> jvm.put(t.name(), plan.profileOf(t).flagsFor(t)));
        jvm.put("gatling", injectorJvm == null ? "unknown (not seen while it ran)" : injectorJvm);
        JvmProfiles profiles = plan.jvm().size() > 1 || !plan.unavailable().isEmpty()
                ? new JvmProfiles(plan.jvm().get(0).name(), plan.jvm().stream().map(JvmProfile::describe).toList(),
                        plan.unavailable(), null, null)
                : null;
        WorkersSweep sweep = plan.workerSweep().isEmpty() ? null : new WorkersSweep(plan.workerSweep(), null);
        Scenarios scenarios = plan.scenarios().size() > 1 ? new Scenarios(plan.scenarios().stream().map(Scenario::describe).toList(),
                plan.notAvailable(),
                "issued by the run, not recorded: an HS256 secret and a token valid for 24 h; "
                        + Credentials.KEYS + " API keys, the load sending the first",
                "before each target's measurement: the load's request gets the origin's page byte for byte; "
                        + "a request without its API key or with an unknown one gets 401; no, a badly signed, an unsigned, an expired or a "
                        + "malformed token gets 401; in round 1 every route reaches the origin and a path of no route gets 404; in round 1 "
                        + "each target with a rate limit runs once with a limit of " + Scenario.LOW_LIMIT
                        + "/s and must answer 429 at about that rate",
                "the microsecond probe (paced beside the load, then single requests) sends the load's own request under every scenario; "
                        + "wrk asks for the book page as it is: under plain only", null, null)
                : null;
        LadderPlan ladder = rates.isEmpty() ? null : new LadderPlan(rates, plan.ladder().percents(), plan.ladder().absolute(), calibration,
                plan.ladder().levelSeconds(), plan.ladder().maxInFlight(), plan.ladder().byVegeta()
                        ? "open model sent by Vegeta after Gatling's closed load" + (topology.injectors().size() > 1 ? ", from "
                        + topology.injectors().size() + " injector hosts at once, each its share of the rate on its own schedule, all "
                        + "begun at one instant, their records merged (each host's share and lateness in its level's injectors)" : "")
                        + ", each level after " + VegetaLadder.WARMUP_SECONDS
                        + " s on the same schedule, left out: one request per arrival on a fixed schedule, kept-alive connections up to "
                        + plan.ladder().maxInFlight() + " (a request that finds none free waits, in its latency); each latency runs from "
                        + "the request's intended send instant to its complete response, " + VegetaLevel.RESOLUTION
                        + ", and Vegeta's own send lag is "
                        + "reported apart. Past " + plan.ladder().maxInFlight() + " requests outstanding at once the level counts as "
                        + "overloaded and the target's ladder stops; a level Vegeta sent late (send lag P99 over "
                        + (int) InjectorLimit.VEGETA_LATE_SEND_MS
                        + " ms) or short is run once more, and late again it is injector-limited and ends "
                        + "the target's ladder."
                        : "open model, one request per arrival, shared uncapped connection pool: no request waits for a "
                        + "connection (it opens one), and Gatling's response time runs from the instant it tries to send, TCP connect "
                        + "included, to the complete response. A target that cannot keep up collects requests in flight: past "
                        + plan.ladder().maxInFlight() + " the level counts as overloaded and the target's ladder stops. A level Gatling "
                        + "sent late (send lag P99 over " + (int) InjectorLimit.GATLING_LATE_SEND_MS
                        + " ms) is sent once more, with the levels above it, "
                        + "by a second Gatling run of the ladder alone (its warm-up, then those levels), and late again it is "
                        + "injector-limited: neither a pass nor a failure.",
                plan.ladder().objectives().stream().map(o -> new LadderPlan.Objective(o.name(), o.description())).toList(),
                plan.ladder().injector());
        Run run = new Run(runDir.getFileName().toString(), started.toString(), Instant.now().toString(), gitCommit,
                Environment.machine(), components(), jvm, incomplete.isEmpty(), incomplete.isEmpty() ? null
                        : List.copyOf(incomplete),
                hostileInput());
        Setup setup = new Setup(plan.jvm().stream().map(JvmProfile::name).collect(Collectors.joining(",")),
                plan.origin().atUrl() ? new OriginUrl(plan.origin().url().toString(), plan.origin().path(),
                        plan.origin().markerText().orElse(null)) : null, plan.load().describe(), ladder, null,
                        plan.rounds(), plan.quick());
        return new Summary(Summary.FORMAT, run, setup, topology.describe(workers),
                new Matrices(profiles, sweep, scenarios), List.of(), null);
    }

    /**
     * The hostile-input suite's finding ({@link HostileInputRecord}) for each gateway the run starts from its descriptor in
     * {@code targets/}, the configuration the suite judged; none where the run has no such gateway (only targets of the user's
     * own, or declared by URL).
     */
    private HostileInput hostileInput() {
        return hostileInput(plan.targets(), hostile);
    }

    /** {@link #hostileInput()} of {@code targets} with {@code record}. */
    static HostileInput hostileInput(List<Target> targets, HostileInputRecord record) {
        Map<String, HostileInput.Gateway> byGateway = new LinkedHashMap<>();
        for (Target t : targets) {
            if (t.isDirect() || t.declaredByUrl() || !t.fromRepository() || byGateway.containsKey(t.gateway())
                    || !record.byGateway().containsKey(t.gateway())) {
                continue;
            }
            HostileInputRecord.Tally total = record.total(t.gateway());
            byGateway.put(t.gateway(), new HostileInput.Gateway(total.handled(), total.tried(), record.missed(t.gateway())));
        }
        return byGateway.isEmpty() ? null : new HostileInput("the hostile-input suite's outcome for each gateway's descriptor in targets/ "
                + "(" + HostileInputRecord.FILE + " at this run's commit; docs/hostile-input.md): malformed and hostile exchanges sent by the "
                + "unit tests, not by this run", byGateway);
    }

    /** Every component's version: the JDK, Tomcat, each target's (a version line, or a JVM gateway's libraries), Gatling. */
    private Map<String, ComponentVersion> components() {
        Map<String, ComponentVersion> c = new LinkedHashMap<>();
        c.put("jdk", new ComponentVersion.Line(Environment.versionOf(List.of(Environment.currentJava(), "-version"))));
        if (!plan.origin().atUrl()) {
            c.put("tomcat", new ComponentVersion.Line(versionOf(Origin.descriptor(), topology.backend())));
        }
        for (Target t : plan.targets()) {
            if (t.key("version").isPresent()) {
                c.put(t.name(), new ComponentVersion.Line(versionOf(t, topology.gateway())));
            }
            if (t.key("components").isPresent()) {
                Map<String, String> libraries = new LinkedHashMap<>(Environment.jarComponents(
                        Repo.root().resolve(t.keys().get("jar")), Arrays.asList(t.keys().get("components").split("\\s+"))));
                t.key("pinned").ifPresent(list -> Arrays.stream(list.split("\\s+"))
                        .forEach(p -> libraries.put(p + " (pinned in pom.xml)", Environment.pinned(p))));
                c.put(t.name(), new ComponentVersion.Libraries(libraries));
            }
        }
        c.put("gatling", new ComponentVersion.Line(Environment.pinned("gatling.version")));
        if (plan.ladder().enabled() && plan.ladder().byVegeta()) {
            c.put("vegeta", new ComponentVersion.Line(Environment.vegetaVersion()));
        }
        return c;
    }

    /** The version a target's {@code version} command prints on the host it runs on. */
    private static String versionOf(Target t, Topology.Host host) {
        Launch none = Launch.on(host, Repo.root(), null, 1, "");
        Map<String, String> values = TargetProcess.values(t, none);
        return Environment.versionOf(host.command(Target.commandLine(t.keys().get("version"), values, t.file().toString())));
    }
}
