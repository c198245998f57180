package io.gatewaybench.harness.measure;

import io.gatewaybench.harness.launch.Launch;
import io.gatewaybench.harness.launch.Origin;
import io.gatewaybench.harness.launch.TargetProcess;
import io.gatewaybench.harness.model.OrderedMap;
import io.gatewaybench.harness.plan.Credentials;
import io.gatewaybench.harness.plan.Environment;
import io.gatewaybench.harness.plan.JvmProfile;
import io.gatewaybench.harness.plan.Objective;
import io.gatewaybench.harness.plan.Repo;
import io.gatewaybench.harness.plan.RunPlan;
import io.gatewaybench.harness.plan.Scenario;
import io.gatewaybench.harness.plan.Target;
import io.gatewaybench.harness.plan.Topology;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What a run's summary says beside what it measured: of the run ({@link #run}: where it came from, every component's
 * version, its plan as it ran) and of each target ({@link #target}), in summary.json's shape.
 *
 * @param workers workers per gateway: as the run says, or as many as the gateway's host has CPUs
 * @param started when the run started
 */
public record RunDescription(RunPlan plan, Topology topology, int workers, Path runDir, Instant started) {

    /**
     * What the summary says of a target beside what it measured: its scenario and baseline in a run of several scenarios,
     * its configuration and run folder, its workers, and for a JVM gateway its profile, JDK, flags and recording.
     */
    public Map<String, Object> target(Target t, Path dir) {
        Map<String, Object> d = new LinkedHashMap<>();
        if (plan.scenarios().size() > 1) {
            d.put("scenario", t.scenario());
            d.put("plain", t.underPlain());
            d.put("baseline", plan.baselineOf(t));
        }
        if (t.isDirect()) {
            d.put("configuration", "none: the client calls the origin");
            return d;
        }
        t.sweptWorkers().ifPresent(n -> {
            d.put("sweep_series", t.sweepSeries().orElseThrow());
            d.put("sweep_workers", n);
        });
        d.put("gateway", t.gateway());
        d.put("configuration", Repo.root().relativize(t.file()).toString());
        d.put("run_folder", runDir.relativize(dir).toString());
        JvmProfile profile = plan.profileOf(t);
        int workers = t.sweptWorkers().orElse(this.workers);
        d.put("workers", profile == null ? workers : profile.eventLoops(workers));
        if (profile != null) {
            d.put("jvm_profile", profile.name());
            d.put("java", profile.java() != null ? profile.java() : Launch.on(topology.gateway(), dir, null, workers, "").java());
            d.put("jvm_flags", profile.flagsFor(t));
            d.put("gateway_args", profile.argsFor(t));
            if (plan.recordsJfr(t, topology)) {
                d.put("jfr_recording", (plan.jfr() ? "profiling (GC, allocation, CPU and allocation samples)" : "GC and allocation only")
                        + ": infra/jvm/figures*.jfc, added to the flags above");
            }
        }
        return d;
    }

    /**
     * What the summary says of the run beside what it measured: where it came from (commit, machine, every component's
     * version, the JVMs' flags, the injector's JVM as seen while it ran), its profiles, placement, sweep, scenarios, load,
     * the ladder's {@code rates} with the {@code calibration} that fixed them, and its rounds.
     */
    public Map<String, Object> run(String injectorJvm, List<Integer> rates, Map<String, Object> calibration) {
        Map<String, Object> run = new LinkedHashMap<>();
        run.put("format", "gateway-bench summary 1");
        run.put("run_id", runDir.getFileName().toString());
        run.put("started", started.toString());
        run.put("finished", Instant.now().toString());
        run.put("git_commit", Environment.gitCommit());
        run.put("machine", Environment.machine());
        run.put("components", components());
        Map<String, Object> jvm = new LinkedHashMap<>();
        jvm.put("tomcat", Origin.descriptor().key("jvm.flags").orElse(""));
        plan.targets().stream().filter(JvmProfile::isJvmGateway).forEach(t -> jvm.put(t.name(), plan.profileOf(t).flagsFor(t)));
        jvm.put("gatling", injectorJvm == null ? "unknown (not seen while it ran)" : injectorJvm);
        run.put("jvm_flags", jvm);
        run.put("jvm_profile", plan.jvm().stream().map(JvmProfile::name).collect(Collectors.joining(",")));
        if (plan.jvm().size() > 1 || !plan.unavailable().isEmpty()) {
            Map<String, Object> profiles = new LinkedHashMap<>();
            profiles.put("reference", plan.jvm().get(0).name());
            profiles.put("profiles", plan.jvm().stream().map(JvmProfile::describe).toList());
            profiles.put("not_available", plan.unavailable());
            run.put("jvm_profiles", profiles);
        }
        run.put("placement", topology.describe(workers));
        if (!plan.workerSweep().isEmpty()) {
            Map<String, Object> sweep = new LinkedHashMap<>();
            sweep.put("counts", plan.workerSweep());
            run.put("workers_sweep", sweep);
        }
        if (plan.scenarios().size() > 1) {
            Map<String, Object> scenarios = new LinkedHashMap<>();
            scenarios.put("list", plan.scenarios().stream().map(Scenario::describe).toList());
            scenarios.put("not_available", plan.notAvailable());
            scenarios.put("credentials", "issued by the run, not recorded: an HS256 secret and a token valid for 24 h; "
                    + Credentials.KEYS + " API keys, the load sending the first");
            scenarios.put("conformance", "before each target's measurement: the load's request gets the origin's page byte for byte; "
                    + "a request without its API key or with an unknown one gets 401; no, a badly signed, an unsigned, an expired or a "
                    + "malformed token gets 401; in round 1 every route reaches the origin and a path of no route gets 404; in round 1 "
                    + "each target with a rate limit runs once with a limit of " + Scenario.LOW_LIMIT
                    + "/s and must answer 429 at about that rate");
            scenarios.put("probes", "the microsecond probe, single requests and wrk ask for the book page as it is: under plain only");
            run.put("scenarios", scenarios);
        }
        run.put("load", plan.load().describe());
        if (!rates.isEmpty()) {
            Map<String, Object> ladder = new LinkedHashMap<>();
            ladder.put("rates_rps", rates);
            ladder.put("percent_of_direct_capacity", plan.ladder().percents());
            ladder.put("absolute_rps", plan.ladder().absolute());
            ladder.put("calibration", calibration);
            ladder.put("level_s", plan.ladder().levelSeconds());
            ladder.put("max_in_flight", plan.ladder().maxInFlight());
            ladder.put("timing", "open model, one request per arrival, shared uncapped connection pool: no request waits for a "
                    + "connection (it opens one), and Gatling's response time runs from the instant it tries to send, TCP connect "
                    + "included, to the complete response. A target that cannot keep up collects requests in flight: past "
                    + plan.ladder().maxInFlight() + " the level counts as overloaded and the target's ladder stops.");
            List<Map<String, Object>> objectives = new ArrayList<>();
            for (Objective o : plan.ladder().objectives()) {
                objectives.add(OrderedMap.of("name", o.name(), "description", o.description()));
            }
            ladder.put("objectives", objectives);
            run.put("ladder", ladder);
        }
        run.put("rounds", plan.rounds());
        run.put("quick", plan.quick());
        return run;
    }

    /** Every component's version: the JDK, Tomcat, each target's (a version line, or a JVM gateway's libraries), Gatling. */
    private Map<String, Object> components() {
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("jdk", Environment.versionOf(List.of(Environment.currentJava(), "-version")));
        Target tomcat = Origin.descriptor();
        c.put("tomcat", versionOf(tomcat, topology.backend()));
        for (Target t : plan.targets()) {
            if (t.key("version").isPresent()) {
                c.put(t.name(), versionOf(t, topology.gateway()));
            }
            if (t.key("components").isPresent()) {
                Map<String, String> libraries = new LinkedHashMap<>(Environment.jarComponents(
                        Repo.root().resolve(t.keys().get("jar")), Arrays.asList(t.keys().get("components").split("\\s+"))));
                t.key("pinned").ifPresent(list -> Arrays.stream(list.split("\\s+"))
                        .forEach(p -> libraries.put(p + " (pinned in pom.xml)", Environment.pinned(p))));
                c.put(t.name(), libraries);
            }
        }
        c.put("gatling", Environment.pinned("gatling.version"));
        return c;
    }

    /** The version a target's {@code version} command prints on the host it runs on. */
    private static String versionOf(Target t, Topology.Host host) {
        Launch none = Launch.on(host, Repo.root(), null, 1, "");
        Map<String, String> values = TargetProcess.values(t, none);
        return Environment.versionOf(host.command(Target.commandLine(t.keys().get("version"), values, t.file().toString())));
    }
}
