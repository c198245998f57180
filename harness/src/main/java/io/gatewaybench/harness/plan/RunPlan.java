package io.gatewaybench.harness.plan;

import io.gatewaybench.harness.model.Baseline;
import io.gatewaybench.harness.model.JvmProfiles;
import io.gatewaybench.harness.model.Scenarios;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one {@code ./bench run} does: which targets, under which load, for how long, how many rounds,
 * and where results go. Built from the command line; every bad option is an error that says how to fix it.
 */
public record RunPlan(List<Target> targets, LoadSpec load, LadderSpec ladder, int rounds, int workers, List<JvmProfile> jvm,
                      List<JvmProfiles.NotAvailable> unavailable, boolean jfr, Path results, boolean quick, List<String> crossCheck,
                      String topology, List<Scenario> scenarios, List<Scenarios.NotAvailable> notAvailable, Credentials credentials,
                      List<Integer> workerSweep, PrecisionSpec precision, OriginPlan origin, int injectors,
                      EqualRatesPlan equalRates) {

    /**
     * The equal-rates design ({@code --design=equal-rates}, the default): every target started once, warmed at
     * {@code warmRps} each until steady or {@code warmupCapS}, then offered {@code percents} of the highest rate
     * every target holds, all at once, {@code slices} slices of {@code sliceS} seconds each, the rates taking turns of
     * {@code turnSlices} slices; the closed load after, on the warm targets. A matrix of JVM profiles with more targets
     * beside direct than {@link #MOST_IN_A_BATCH} runs in {@code batches} of at most that many (empty: one, every
     * target).
     */
    public record EqualRatesPlan(int sliceS, int slices, int warmRps, int warmupCapS, List<Integer> percents,
            int turnSlices, List<List<String>> batches) {
        public EqualRatesPlan(int sliceS, int slices, int warmRps, int warmupCapS, List<Integer> percents,
                int turnSlices) {
            this(sliceS, slices, warmRps, warmupCapS, percents, turnSlices, List.of());
        }

        /** Slices a rate is measured for in one turn: all of them where one rate has nothing to take turns with. */
        public int turn() {
            return percents.size() == 1 ? slices : Math.min(turnSlices, slices);
        }

        /** Turns in all, every rate's. */
        public int turns() {
            return percents.size() * ((slices + turn() - 1) / turn());
        }

        /** The plan with its targets in {@code batches}. */
        EqualRatesPlan inBatches(List<List<String>> batches) {
            return new EqualRatesPlan(sliceS, slices, warmRps, warmupCapS, percents, turnSlices, batches);
        }
    }

    /** Whether the run is of the equal-rates design (else rounds, each starting every target afresh). */
    public boolean byEqualRates() {
        return equalRates != null;
    }

    /**
     * {@code --precision=P --budget=MIN --max-rounds=N}: after the rounds asked for, rounds are added until the 95% interval
     * of every target's throughput relative to its baseline, and in a run of several JVM profiles each profile's relative to
     * its gateway's reference profile at its family's level (Precisions#judged), is within ±{@code share} (its half-width in
     * log ratio at most ln(1 + share)), or the next round would end past {@code budgetMinutes} of the run, or
     * {@code maxRounds} were made.
     */
    public record PrecisionSpec(double share, int budgetMinutes, int maxRounds) {
        /** Whether an interval {@code low}-{@code high} of a ratio is within ±share. */
        public boolean reached(double low, double high) {
            return (Math.log(high) - Math.log(low)) / 2 <= Math.log(1 + share);
        }
    }

    /** The same plan with {@code n} rounds: what a run that added rounds for its precision made. */
    public RunPlan withRounds(int n) {
        return new RunPlan(targets, load, ladder, n, workers, jvm, unavailable, jfr, results, quick, crossCheck, topology, scenarios,
                notAvailable, credentials, workerSweep, precision, origin, injectors, equalRates);
    }

    /** The default target order: the baseline first, then the native proxies, then the JVM gateways. */
    public static final List<String> DEFAULT_TARGETS = List.of(Baseline.DIRECT, "nginx", "haproxy", "netty-proxy", "scg", "zuul2");

    /**
     * The load every target of a run gets alike. {@code closed}: {@code users} concurrent users, each
     * sending its next request when the previous one is answered. {@code open}: {@code rate} new
     * requests per second whatever the answers, over a shared connection pool.
     */
    public record LoadSpec(String model, int users, int rate, int warmupSeconds, int durationSeconds, String sessions) {
        /** The load as summary.json records it. */
        public io.gatewaybench.harness.model.Load describe() {
            boolean closed = model.equals("closed");
            return new io.gatewaybench.harness.model.Load(closed ? io.gatewaybench.harness.model.Load.Model.CLOSED
                    : io.gatewaybench.harness.model.Load.Model.OPEN, closed ? users : null, closed ? null : rate, warmupSeconds,
                    durationSeconds, sessions);
        }
    }

    /**
     * The fixed-rate ladder every target gets after its closed (or open) measurement: {@code percents}
     * of direct's capacity (measured by a calibration run first) and {@code absolute} rates, each
     * level {@code levelSeconds} long; {@code maxInFlight} outstanding requests mark a target
     * overloaded; {@code p99ObjectiveMs} bounds the P99 objective of the maximum-rate search; {@code injector} sends the
     * levels: {@link #VEGETA} after Gatling's closed load (the default), or {@link #GATLING} within its simulation.
     */
    public record LadderSpec(List<Integer> percents, List<Integer> absolute, int levelSeconds, int maxInFlight, int p99ObjectiveMs,
                             String injector) {
        public static final String VEGETA = "vegeta";
        public static final String GATLING = "gatling";

        /** A ladder Gatling sends, as every run did before Vegeta (and the tests calibrated on Gatling's ladder still do). */
        public LadderSpec(List<Integer> percents, List<Integer> absolute, int levelSeconds, int maxInFlight, int p99ObjectiveMs) {
            this(percents, absolute, levelSeconds, maxInFlight, p99ObjectiveMs, GATLING);
        }

        public boolean byVegeta() {
            return VEGETA.equals(injector);
        }

        public boolean enabled() {
            return !percents.isEmpty() || !absolute.isEmpty();
        }

        /** Seconds of load a ladder of {@code levels} levels takes at most (its 3 s warm-up, the levels, the pauses between). */
        public int seconds(int levels) {
            return levels == 0 ? 0 : 3 + levels * (levelSeconds + 1);
        }

        public List<Objective> objectives() {
            return Objective.standard(p99ObjectiveMs);
        }
    }

    public static final String USAGE = """
            usage: ./bench run [options]
                   ./bench report <run folder>   (renders summary.md again from its summary.json)
                   ./bench compare <run folder> <run folder> [--margin=0.10] [--alpha=0.05] [--html=compare.html]
                                                   (equivalent within the margin? exit 0 if every figure is, 1 if some
                                                   differs or is inconclusive, 2 if not comparable; writes the page too;
                                                   --alpha: the chance that two runs alike are called different anywhere)
              --targets=a,b,...    targets to measure, in order (default: %s; direct is always added first);
                                   a name from targets/ or the path to a descriptor of your own (targets/README.md); a
                                   descriptor with url= is a gateway running already, never started or stopped
              --origin=URL         your own service's page, http://host:port/path, running already: direct measures it and
                                   every target fronts it (default: Tomcat's book page, Tomcat started by the run);
                                   plain scenario only; docs/own-deployment.md
              --origin-marker=TEXT text every answer from --origin must contain (default: none, every answer must have
                                   the page's exact length, and each target serve it byte for byte before it is measured)
              --design=equal-rates|rounds  equal-rates (the default of a plain run): every target started once and
                                   kept running, warmed together until each holds steady, then offered the same rates
                                   all at once, each target's CPU per request from its own cgroup and its latency to the
                                   microsecond; then the 2019 study's closed load on the warm targets, one at a time.
                                   With several --jvm profiles, each JVM gateway also runs its first profile twice
                                   (scg@default-twin), the A/A pair; over 5 targets beside direct the matrix runs
                                   in batches of 5, each later one with the first profile again (scg@default-b2),
                                   and no closed load unless --rounds asks for one.
                                   rounds (the default with several --scenarios or --workers, or over 8 targets
                                   without --jvm profiles): each
                                   round starts every target afresh for the closed load, the fixed-rate ladder and the
                                   probes
              --slice=S            equal-rates: seconds of a slice (default 5)
              --slices=N           equal-rates: slices measured at each rate (default 12; a matrix in batches: 24)
              --warm-rate=N        equal-rates: req/s each target gets while warming, where the search for the rates
                                   starts (default 300; lowered x0.75 where some target does not hold it two 30 s
                                   chunks in a row)
              --warmup-cap=S       equal-rates: the longest warm-up; a target not steady by then is reported so
                                   (default 240)
              --percents=P,P,...   equal-rates: the rates, in %% of the highest rate every target holds at once
                                   (default 25,50,75; a matrix in batches: 50)
              --turn=N             equal-rates: slices a rate is measured for before the next rate's turn, the rates
                                   in an order of their own each cycle (default 2; --slices or more: each rate in
                                   one turn)
              --model=closed|open  closed: a fixed number of concurrent users (default); open: a fixed arrival rate
              --users=N            closed model: concurrent users (default 16)
              --rate=N             open model: requests per second (default 2000)
              --warmup=SECONDS     the closed load's warm-up per target, run and recorded but excluded from the figures
                                   (default 25; 15 at equal rates, where the targets are warm and Gatling is not)
              --duration=SECONDS   measured time per target (default 10)
              --rounds=N           rounds of the closed load over all targets, order rotated each round (default 3; 2 at
                                   equal rates; none in a matrix in batches)
              --precision=P        equal-rates: add slices at the rates until every target's CPU per request is known
                                   within ±P (its 95%% interval; 0.05 or 5%%), up to --budget minutes for the
                                   whole run; with several --jvm profiles, each profile's over its reference's at
                                   the family's level instead, as the profiles table states it.
                                   rounds: add rounds until every target's throughput relative to direct is known
                                   within ±P, and with several --jvm profiles each profile's relative to its
                                   gateway's under the first, up to --budget minutes for the whole run (default 60)
                                   and --max-rounds; the summary says what each reached
              --budget=MIN         the run's time bound when --precision adds rounds
              --max-rounds=N       the most rounds in all when --precision adds rounds (default 40)
              --sessions=shared|per-user  shared: every request carries one session cookie (default); per-user: Gatling's cookie jar
              --workers=N          CPUs' worth of workers for each gateway: NGINX workers, HAProxy threads, event loops
                                   (default: as many as the gateway's host has CPUs); several, --workers=1,2: a sweep, each
                                   gateway once per count as a target of its own (nginx-w1, nginx-w2)
              --scenarios=A,B,...  what the gateways do on each request, scenarios/NAME.properties (default: plain); "all":
                                   plain,ratelimit,keyauth+ratelimit,jwt,routes-1000,routes-5000,0kb,1kb,4kb. Each gateway runs
                                   under each as a target of its own (nginx:jwt), in the same rounds; scenarios/README.md
              --topology=NAME      loopback: everything on this machine's loopback, unpinned (default); netns: the study's
                                   three hosts emulated by network namespaces with their own CPUs and memory (as root;
                                   infra/netns/README.md)
              --injectors=N        injector hosts (default 1; --topology=netns sets up N, --topology=hosts uses the first N of
                                   its inventory): each sends its share of the closed load and of each fixed-rate level,
                                   all at once, and their records are merged
              --jvm=A,B,...        JVM profiles for the JVM gateways, infra/jvm/NAME.properties (default: default); with more
                                   than one, each JVM gateway runs under each (target scg@zgc), compared with the first;
                                   "all": every profile there that applies to a gateway of the run (infra/jvm/README.md)
              --jfr                a JDK Flight Recorder profile of every JVM gateway (CPU and allocation samples), whose top
                                   frames over the measured window go into the summary
              --results=DIR        where run folders go (default: results/)
              --cross-check=a,b    targets also measured with wrk, after Gatling, to see how far the injectors agree
                                   (default: every target of the run; "none" for none; closed model only; round 1 only)
              --levels=P,P,...     fixed-rate ladder after the measurement, in %% of direct's capacity (found by a calibration
                                   run of direct first), ascending (default 5,10,...,50; "none" for no ladder)
              --rates=N,N,...      absolute ladder rates in req/s, added to --levels (default none)
              --level-duration=S   seconds per ladder level (default 3)
              --max-in-flight=N    ladder requests outstanding at which a target counts as overloaded and its ladder stops (default 1000)
              --ladder-injector=vegeta|gatling  what sends the ladder's levels: Vegeta after Gatling's closed load, each request
                                   timed from its intended send in microseconds (default), or Gatling in its simulation
              --p99-objective=MS   the P99 bound of the maximum-sustainable-rate objective (default 10)
            Options take --name=value or --name value.
              --quick              the shortest run that still exercises every step (1 round, warm-up 2 s, measure 3 s, 4 users, levels 25,50 of 2 s)
            """.formatted(String.join(",", DEFAULT_TARGETS));

    /** The options that take a value; {@code --quick} and {@code --jfr} take none. */
    private static final List<String> KNOWN = List.of("targets", "model", "users", "rate", "warmup", "duration", "rounds",
            "sessions", "workers", "scenarios", "jvm", "results", "cross-check", "levels", "rates", "level-duration", "max-in-flight", "p99-objective", "ladder-injector",
            "topology", "precision", "budget", "max-rounds", "origin", "origin-marker", "injectors", "design", "slice",
            "slices", "warm-rate", "warmup-cap", "percents", "turn");

    public static RunPlan parse(List<String> args) {
        Map<String, String> o = new LinkedHashMap<>();
        boolean quick = false;
        boolean jfr = false;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals("--quick") || a.equals("--jfr")) {
                quick |= a.equals("--quick");
                jfr |= a.equals("--jfr");
                continue;
            }
            if (!a.startsWith("--")) {
                throw new IllegalArgumentException("unexpected argument '" + a + "': options look like --name=value or --name value");
            }
            int eq = a.indexOf('=');
            String name = eq >= 0 ? a.substring(2, eq) : a.substring(2);
            if (!KNOWN.contains(name)) { // before asking for its value: a misspelt option is unknown, not valueless
                throw new IllegalArgumentException("unknown option --" + name + "; known: --" + String.join(", --", KNOWN) + ", --quick, --jfr");
            }
            if (eq >= 0) {
                o.put(name, a.substring(eq + 1));
            } else if (i + 1 < args.size() && !args.get(i + 1).startsWith("--")) {
                o.put(name, args.get(++i));
            } else {
                throw new IllegalArgumentException("option " + a + " needs a value: " + a + "=VALUE or " + a + " VALUE");
            }
        }
        List<Target> targets = new ArrayList<>();
        targets.add(Target.named(Baseline.DIRECT));
        for (String name : o.getOrDefault("targets", String.join(",", DEFAULT_TARGETS)).split(",")) {
            if (!name.isBlank() && !name.trim().equals(Baseline.DIRECT)) {
                targets.add(Target.named(name.trim()));
            }
        }
        for (int i = 0; i < targets.size(); i++) { // a run tells targets apart by name: a descriptor given by its path may clash
            for (int j = 0; j < i; j++) {
                if (targets.get(i).name().equals(targets.get(j).name())) {
                    throw new IllegalArgumentException("two targets are named '" + targets.get(i).name() + "' (" + targets.get(j).file()
                            + ", " + targets.get(i).file() + "); a run tells its targets apart by name");
                }
            }
        }
        List<JvmProfile> profiles = JvmProfile.list(o.getOrDefault("jvm", "default"));
        if (o.getOrDefault("jvm", "").trim().equals("all")) { // every profile that applies to a gateway of the run
            List<Target> gateways = targets;
            profiles = profiles.stream().filter(p -> p.only().isEmpty() || gateways.stream().anyMatch(p::appliesTo)).toList();
        }
        List<JvmProfiles.NotAvailable> unavailable = new ArrayList<>();
        targets = underProfiles(targets, profiles, unavailable);
        List<Integer> sweep = numbers(o, "workers", "none");
        if (sweep.size() > 1) {
            targets = sweep(targets, sweep);
        }
        List<Scenario> scenarios = Scenario.list(o.getOrDefault("scenarios", Scenario.PLAIN));
        List<Scenarios.NotAvailable> notAvailable = new ArrayList<>();
        Credentials credentials = Credentials.issue();
        targets = underScenarios(targets, scenarios, credentials, notAvailable);
        String model = o.getOrDefault("model", "closed");
        if (!model.equals("closed") && !model.equals("open")) {
            throw new IllegalArgumentException("--model must be closed or open, got '" + model + "'");
        }
        String topology = o.getOrDefault("topology", "loopback");
        if (!Topology.NAMES.contains(topology)) {
            throw new IllegalArgumentException("--topology must be one of " + Topology.NAMES + ", got '" + topology + "'");
        }
        OriginPlan origin = origin(o, scenarios, topology);
        // shared: one Tomcat session (JSESSIONID) on every request; an origin at a URL keeps its own, if any, per user
        String sessions = o.getOrDefault("sessions", origin.atUrl() ? "per-user" : "shared");
        if (!sessions.equals("shared") && !sessions.equals("per-user")) {
            throw new IllegalArgumentException("--sessions must be shared or per-user, got '" + sessions + "'");
        }
        if (origin.atUrl() && sessions.equals("shared")) {
            throw new IllegalArgumentException("--sessions=shared sends one Tomcat session (JSESSIONID) on every request, which "
                    + "--origin does not have: leave --sessions out (per-user: each user keeps the cookies your service sets)");
        }
        boolean twins = profiles.size() > 1;
        EqualRatesPlan equal = equalRates(o, quick, scenarios, sweep,
                targets.size() + (twins ? twinsOf(targets, profiles.get(0).name()).size() : 0), twins);
        if (equal != null && twins) { // a matrix of JVM profiles at equal rates carries its A/A pair
            List<Target> paired = withTwins(targets, profiles.get(0).name());
            if (paired.size() - 1 <= MOST_IN_A_BATCH) {
                targets = paired;
            } else if (!o.containsKey("design") && batchable(targets, profiles.get(0).name()) < 1) {
                equal = null; // too many gateways for a batch beside their pairs: rounds, as over MOST_AT_ONCE
            } else {
                List<List<Target>> batches = batches(targets, profiles.get(0).name());
                targets = batches.stream().flatMap(List::stream).toList();
                equal = equal.inBatches(batches.stream().map(b -> b.stream().map(Target::name).toList()).toList());
                if (!quick) { // one rate, measured longer, unless the options say otherwise
                    equal = new EqualRatesPlan(equal.sliceS(), o.containsKey("slices") ? equal.slices() : BATCH_SLICES,
                            equal.warmRps(), equal.warmupCapS(),
                            o.containsKey("percents") ? equal.percents() : BATCH_PERCENTS, equal.turnSlices(),
                            equal.batches());
                }
            }
        }
        LoadSpec load = new LoadSpec(model,
                positive(o, "users", quick ? 4 : 16),
                positive(o, "rate", quick ? 200 : 2000),
                // at equal rates the closed load meets warm targets, but each round starts Gatling's JVM cold: direct
                // took 6-19 s to reach 90% of its measured rate in the committed runs of --design=rounds
                positive(o, "warmup", quick ? 2 : equal != null ? 15 : 25),
                positive(o, "duration", quick ? 3 : 10),
                sessions);
        List<Integer> percents = numbers(o, "levels", quick ? "25,50" : "5,10,15,20,25,30,35,40,45,50");
        if (percents.stream().anyMatch(p -> p > 1000)) {
            throw new IllegalArgumentException("--levels are percentages of direct's capacity, 1..1000, got " + o.get("levels"));
        }
        String injector = o.getOrDefault("ladder-injector", LadderSpec.VEGETA);
        if (!List.of(LadderSpec.VEGETA, LadderSpec.GATLING).contains(injector)) {
            throw new IllegalArgumentException("--ladder-injector must be vegeta or gatling, got '" + injector + "'");
        }
        LadderSpec ladder = new LadderSpec(percents, numbers(o, "rates", "none"), positive(o, "level-duration", quick ? 2 : 3),
                positive(o, "max-in-flight", 1000), positive(o, "p99-objective", 10), injector);
        List<String> crossCheck = model.equals("open") ? List.of()
                : !o.containsKey("cross-check") ? targets.stream().map(Target::name).toList() // the default: every target of the run
                : java.util.Arrays.stream(o.get("cross-check").split(",")).map(String::trim).filter(n -> !n.isEmpty() && !n.equals("none")).toList();
        for (String name : crossCheck) {
            if (targets.stream().noneMatch(t -> t.name().equals(name) || t.gateway().equals(name))) {
                throw new IllegalArgumentException("--cross-check names '" + name + "', which is not among the run's targets "
                        + targets.stream().map(Target::name).toList());
            }
        }

        int injectors = injectors(o, topology, ladder);
        Path results = writableFolder(Path.of(o.getOrDefault("results", Repo.root().resolve("results").toString())).toAbsolutePath());
        // a matrix in batches measures cost at equal rates only: a closed load of each of its targets, one at a time,
        // would take longer than all its batches (RunPlanTest)
        boolean batched = equal != null && !equal.batches().isEmpty();
        int rounds = batched && !o.containsKey("rounds") ? 0 : positive(o, "rounds", quick ? 1 : equal != null ? 2 : 3);
        PrecisionSpec precision = precision(o, rounds, equal == null);
        return new RunPlan(List.copyOf(targets), load, ladder, rounds,
                sweep.size() == 1 ? sweep.get(0) : 0, profiles, List.copyOf(unavailable), jfr, results, quick, crossCheck, topology,
                List.copyOf(scenarios), List.copyOf(notAvailable), credentials, sweep.size() > 1 ? sweep : List.of(), precision, origin,
                injectors, equal);
    }

    /**
     * The most targets the equal-rates design runs at once, direct and the A/A twins counted: the 2 cores must leave
     * each JVM room to compile while every other target is offered the same rate (RunPlanTest).
     */
    public static final int MOST_AT_ONCE = 8;

    /**
     * The most targets beside direct a matrix of JVM profiles warms and measures at once, its A/A twin counted; a
     * larger one runs in batches of this many ({@link #batches}). Four JVMs of scg at once were all steady within 210 s
     * of warm-up here and held 300 req/s each; seven were none of them steady within 240 s, at 300 req/s or lowered to
     * 127, and their CPU per request moved ±32% (RunPlanTest).
     */
    public static final int MOST_IN_A_BATCH = 5;
    /**
     * A matrix in batches measures one rate, half the highest every target of the first batch holds, with twice the
     * slices of a rate of an unbatched run: a profile is judged over its batch's reference, and at the lowest of three
     * rates each JVM's own background work kept every comparison wide (docs/jvm-experiments.md; RunPlanTest).
     */
    static final List<Integer> BATCH_PERCENTS = List.of(50);
    /** Slices of a matrix in batches at its one rate: see {@link #BATCH_PERCENTS}. */
    static final int BATCH_SLICES = 24;
    /**
     * Slices a rate is measured for in one turn ({@code --turn}): the machine's drift, common to every target and a
     * slice like its neighbour, then falls on every rate alike, and a rate's slices are far enough apart to be nearly
     * independent; more slices a turn spend less on each turn's lead-in (docs/figures.md, SliceEstimateTest).
     */
    static final int TURN_SLICES = 2;

    /**
     * {@code --design}: equal-rates (the default of a plain run, and of several JVM profiles where the run's
     * {@code atOnce} targets are at most {@link #MOST_AT_ONCE}, or in batches of that many where they are more) or
     * rounds (the default with several scenarios, a workers sweep, or more targets than that without JVM profiles,
     * which the machine could not run at once); the equal-rates options go with the first only.
     */
    private static EqualRatesPlan equalRates(Map<String, String> o, boolean quick, List<Scenario> scenarios,
            List<Integer> sweep, int atOnce, boolean matrix) {
        boolean many = scenarios.size() > 1 || sweep.size() > 1 || atOnce > MOST_AT_ONCE && !matrix;
        String design = o.getOrDefault("design", many ? "rounds" : "equal-rates");
        if (!design.equals("rounds") && !design.equals("equal-rates")) {
            throw new IllegalArgumentException("--design must be equal-rates or rounds, got '" + design + "'");
        }
        if (design.equals("rounds")) {
            for (String option : List.of("slice", "slices", "warm-rate", "warmup-cap", "percents", "turn")) {
                if (o.containsKey(option)) {
                    throw new IllegalArgumentException("--" + option
                            + " is an option of --design=equal-rates, not of rounds");
                }
            }
            return null;
        }
        if (atOnce > MOST_AT_ONCE && !matrix) {
            throw new IllegalArgumentException("--design=equal-rates runs every target at once, and this run has "
                    + atOnce + " (direct and the A/A twins counted), more than the " + MOST_AT_ONCE + " the design "
                    + "allows: name fewer --targets or --jvm profiles, or use --design=rounds");
        }
        List<Integer> percents = numbers(o, "percents", quick ? "25,50" : "25,50,75");
        if (percents.isEmpty() || percents.stream().anyMatch(p -> p > 100)) {
            throw new IllegalArgumentException("--percents are shares of the highest rate every target holds, "
                    + "1..100, got " + o.get("percents"));
        }
        return new EqualRatesPlan(positive(o, "slice", quick ? 2 : 5), positive(o, "slices", quick ? 4 : 12),
                positive(o, "warm-rate", quick ? 100 : 300), positive(o, "warmup-cap", quick ? 24 : 240), percents,
                positive(o, "turn", TURN_SLICES));
    }

    /**
     * {@code --injectors=N}: injector hosts beside the one the harness runs on, each sending its share of every fixed-rate level
     * (VegetaLadder) and of the closed load. The emulated hosts have them ({@code ./bench} sets up N), the hosts topology its
     * inventory's {@code [injectors]}; Gatling's ladder runs from one host.
     */
    private static int injectors(Map<String, String> o, String topology, LadderSpec ladder) {
        int n = positive(o, "injectors", 1);
        if (n == 1) {
            return n;
        }
        if (topology.equals("loopback")) {
            throw new IllegalArgumentException("--injectors=" + n + " needs injector hosts: --topology=netns sets them up, --topology=hosts "
                    + "has them in its inventory's [injectors] group; on loopback every injector would share one host");
        }
        if (!ladder.byVegeta()) {
            throw new IllegalArgumentException("--injectors=" + n + " splits Vegeta's fixed-rate levels between the injector hosts; "
                    + "Gatling's ladder runs on one: leave --ladder-injector=gatling out");
        }
        return n;
    }

    /**
     * {@code --origin} and {@code --origin-marker}: the user's service, which only the plain scenario can ask for (the others ask
     * Tomcat for pages of its own), and which the emulated hosts cannot reach (their namespaces route only to each other).
     */
    private static OriginPlan origin(Map<String, String> o, List<Scenario> scenarios, String topology) {
        if (!o.containsKey("origin")) {
            if (o.containsKey("origin-marker")) {
                throw new IllegalArgumentException("--origin-marker is the text your service's answers contain: give --origin too "
                        + "(--origin=http://host:port/path)");
            }
            return OriginPlan.TOMCAT;
        }
        OriginPlan origin = OriginPlan.at(o.get("origin"), o.get("origin-marker"));
        List<String> others = scenarios.stream().filter(s -> !s.isPlain()).map(Scenario::name).toList();
        if (!others.isEmpty()) {
            throw new IllegalArgumentException("--origin measures your service's page under the plain scenario only; " + others
                    + " ask Tomcat for pages and duties of their own (scenarios/README.md): leave --scenarios out");
        }
        if (topology.equals("netns")) {
            throw new IllegalArgumentException("--origin with --topology=netns: the emulated hosts reach only each other, not "
                    + origin.url() + "; use --topology=loopback or hosts");
        }
        return origin;
    }

    /** {@code --precision} and {@code --budget}, or null without them. */
    private static PrecisionSpec precision(Map<String, String> o, int rounds, boolean byRounds) {
        if (!o.containsKey("precision")) {
            for (String bound : List.of("budget", "max-rounds")) {
                if (o.containsKey(bound)) {
                    throw new IllegalArgumentException("--" + bound + " bounds the rounds that --precision adds: give --precision too (--precision=0.05)");
                }
            }
            return null;
        }
        String v = o.get("precision").trim();
        double share;
        try {
            share = v.endsWith("%") ? Double.parseDouble(v.substring(0, v.length() - 1)) / 100 : Double.parseDouble(v);
        } catch (NumberFormatException e) {
            share = Double.NaN;
        }
        if (!(share > 0 && share < 1)) {
            throw new IllegalArgumentException("--precision is a share above 0 and below 1 (0.05) or a percentage (5%), got '" + v + "'");
        }
        if (!byRounds && o.containsKey("max-rounds")) {
            throw new IllegalArgumentException("--max-rounds bounds the rounds --precision adds with --design=rounds; "
                    + "at equal rates it adds slices, within --budget: leave --max-rounds out");
        }
        if (byRounds && rounds < 2) { // at equal rates it adds slices, not rounds
            throw new IllegalArgumentException("--precision needs --rounds=2 or more to start from: one round has no interval");
        }
        int most = positive(o, "max-rounds", 40);
        if (byRounds && most < rounds) {
            throw new IllegalArgumentException("--max-rounds=" + most + " is fewer than the --rounds=" + rounds + " asked for: give at least " + rounds);
        }
        return new PrecisionSpec(share, positive(o, "budget", 60), most);
    }

    /**
     * Each JVM gateway once per profile that applies to it, in the order the profiles were named
     * ({@code scg@default, scg@zgc}, or plain {@code scg} with one profile); the others as they are.
     * A profile the gateway cannot run (a transport it lacks) is recorded in {@code unavailable} with
     * the reason. Each profile is shown to start the gateway's JDK with its flags before any load.
     */
    static List<Target> underProfiles(List<Target> targets, List<JvmProfile> profiles, List<JvmProfiles.NotAvailable> unavailable) {
        List<Target> expanded = new ArrayList<>();
        for (Target t : targets) {
            if (!JvmProfile.isJvmGateway(t)) {
                expanded.add(t);
                continue;
            }
            for (JvmProfile p : profiles) {
                if (!p.appliesTo(t)) {
                    continue;
                }
                java.util.Optional<String> why = p.unavailable(t);
                if (why.isPresent()) {
                    unavailable.add(new JvmProfiles.NotAvailable(t.name(), p.name(), why.get()));
                    continue;
                }
                p.check(t, Environment.currentJava());
                expanded.add(t.underProfile(p.name(), profiles.size() > 1, p.jarFor(t)));
            }
        }
        for (JvmProfile p : profiles) {
            if (!p.only().isEmpty() && targets.stream().noneMatch(p::appliesTo)) {
                throw new IllegalArgumentException("JVM profile '" + p.name() + "' applies only to " + p.only()
                        + ", none of which is among the run's targets; add one with --targets or leave the profile out");
            }
        }
        return expanded;
    }

    /** The targets under the {@code reference} profile, each of which a matrix of profiles runs twice. */
    static List<Target> twinsOf(List<Target> targets, String reference) {
        return targets.stream().filter(t -> t.profile().filter(reference::equals).isPresent()).toList();
    }

    /**
     * A matrix too large to run at once, {@code targets} (without twins) in batches of at most {@link #MOST_IN_A_BATCH}
     * targets beside direct: the first holds direct, each target under the {@code reference} profile followed by its
     * twin (the A/A pair), and a share of the other targets; every later batch each target under the reference again
     * ({@link Target#inBatch}) and its share, so that each profile is measured beside its gateway's reference of the
     * same batch. The others are shared out as evenly as the batches allow, in their order. Refused where the
     * references and their twins leave no room.
     */
    static List<List<Target>> batches(List<Target> targets, String reference) {
        List<Target> references = twinsOf(targets, reference);
        List<Target> others = targets.stream().filter(t -> !t.isDirect() && !references.contains(t)).toList();
        int first = batchable(targets, reference);
        int later = MOST_IN_A_BATCH - references.size();
        if (first < 1) {
            throw new IllegalArgumentException("a matrix of JVM profiles runs in batches of at most " + MOST_IN_A_BATCH
                    + " targets beside direct, and each gateway under '" + reference + "' with its twin are "
                    + 2 * references.size() + ", which leaves no room for a profile beside them: name fewer "
                    + "--targets");
        }
        int n = 1;
        while (first + (n - 1) * later < others.size()) {
            n++;
        }
        List<List<Target>> batches = new ArrayList<>();
        int from = 0;
        for (int b = 1; b <= n; b++) {
            int share = Math.min(b == 1 ? first : later, (others.size() - from + (n - b)) / (n - b + 1));
            List<Target> batch = new ArrayList<>();
            if (b == 1) {
                batch.addAll(withTwins(targets.stream().filter(t -> t.isDirect() || references.contains(t)).toList(),
                        reference));
            } else {
                for (Target r : references) {
                    batch.add(r.inBatch(b));
                }
            }
            batch.addAll(others.subList(from, from + share));
            from += share;
            batches.add(List.copyOf(batch));
        }
        if (from != others.size()) {
            throw new IllegalStateException(others.size() - from + " targets left out of " + n + " batches");
        }
        return List.copyOf(batches);
    }

    /**
     * Room the first batch of a matrix of {@code targets} (without twins) leaves beside direct and each target under
     * {@code reference} with its twin.
     */
    static int batchable(List<Target> targets, String reference) {
        return MOST_IN_A_BATCH - 2 * twinsOf(targets, reference).size();
    }

    /** The targets with each one under the {@code reference} profile followed by its twin ({@link Target#twin}). */
    static List<Target> withTwins(List<Target> targets, String reference) {
        List<Target> with = new ArrayList<>();
        for (Target t : targets) {
            with.add(t);
            if (t.profile().filter(reference::equals).isPresent()) {
                with.add(t.twin());
            }
        }
        return with;
    }

    /**
     * Every target once under plain, then under each other scenario: direct where the scenario asks the origin for
     * another page (its own baseline, {@code direct:4kb}), each gateway where it has the scenario's duties. A
     * gateway without them is recorded in {@code notAvailable} with the reason, and the run goes on.
     */
    static List<Target> underScenarios(List<Target> targets, List<Scenario> scenarios, Credentials credentials,
                                       List<Scenarios.NotAvailable> notAvailable) {
        List<Target> expanded = new ArrayList<>(targets);
        for (Scenario s : scenarios) {
            if (s.isPlain()) {
                continue;
            }
            for (Target t : targets) {
                if (t.isDirect() && !s.changesThePage()) {
                    continue; // the scenario's baseline is plain's direct
                }
                java.util.Optional<String> why = s.unavailableTo(t);
                if (why.isPresent()) {
                    notAvailable.add(new Scenarios.NotAvailable(t.name(), s.name(), why.get()));
                } else {
                    expanded.add(t.underScenario(s, credentials));
                }
            }
        }
        return expanded;
    }

    /** Each gateway once per workers count ({@code nginx-w1, nginx-w2}); direct as it is. */
    static List<Target> sweep(List<Target> targets, List<Integer> counts) {
        List<Target> expanded = new ArrayList<>();
        for (Target t : targets) {
            if (t.isDirect() || t.declaredByUrl()) { // a gateway running already has the workers it was given
                expanded.add(t);
                continue;
            }
            counts.forEach(n -> expanded.add(t.withWorkers(n)));
        }
        return expanded;
    }

    /** The baseline a target is paired with: direct, or direct under its scenario where that asks for another page. */
    public String baselineOf(Target t) {
        String own = Baseline.DIRECT + Scenario.SEPARATOR + t.scenario();
        return targets.stream().anyMatch(x -> x.name().equals(own)) ? own : Baseline.DIRECT;
    }

    /** The scenario of that name in this run. */
    public Scenario scenario(String name) {
        return scenarios.stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow();
    }

    /** The profile a target runs under; null for a target that is not a JVM gateway. */
    public JvmProfile profileOf(Target t) {
        return t.profile().flatMap(name -> jvm.stream().filter(p -> p.name().equals(name)).findFirst()).orElse(null);
    }

    /** Whether wrk cross-checks {@code t}: named by its own name, or by its gateway's for every profile. */
    public boolean crossChecks(Target t) {
        return crossCheck.contains(t.name()) || crossCheck.contains(t.gateway());
    }

    /**
     * The results folder, created if missing and shown to be writable (a file made and removed in it),
     * so that a run does not measure for half an hour and then fail to write its results.
     */
    static Path writableFolder(Path dir) {
        try {
            Files.createDirectories(dir);
            Files.delete(Files.createTempFile(dir, ".bench-", ".check"));
            return dir;
        } catch (FileSystemException e) {
            String reason = e.getReason() != null ? e.getReason()
                    : e instanceof NoSuchFileException ? "no such file or directory"
                    : e instanceof FileAlreadyExistsException ? "a file of that name is in the way"
                    : e instanceof AccessDeniedException ? "permission denied" : e.getClass().getSimpleName();
            // the file that failed, where it is not the folder itself or the file made to check it
            boolean elsewhere = e.getFile() != null && !Path.of(e.getFile()).startsWith(dir);
            throw new IllegalArgumentException(notWritable(dir, reason + (elsewhere ? ": " + e.getFile() : "")));
        } catch (IOException | SecurityException e) {
            throw new IllegalArgumentException(notWritable(dir, e.toString()));
        }
    }

    private static String notWritable(Path dir, String reason) {
        return "cannot create or write the results folder " + dir + " (" + reason + "): choose a writable folder with --results=DIR";
    }

    /** A comma-separated list of whole numbers above 0, ascending and without repeats; "none" is the empty list. */
    private static List<Integer> numbers(Map<String, String> o, String key, String fallback) {
        String v = o.getOrDefault(key, fallback).trim();
        if (v.equals("none")) {
            return List.of();
        }
        List<Integer> list = new ArrayList<>();
        for (String n : v.split(",")) {
            list.add(positive(Map.of(key, n), key, 0));
        }
        return list.stream().distinct().sorted().toList();
    }

    private static int positive(Map<String, String> o, String key, int fallback) {
        String v = o.get(key);
        if (v == null) {
            return fallback;
        }
        try {
            int n = Integer.parseInt(v.trim());
            if (n > 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("--" + key + " must be a whole number above 0, got '" + v + "'");
    }

    /** Seconds of load one target gets in one round. */
    public int loadSeconds() {
        return load.warmupSeconds() + load.durationSeconds() + ladder.seconds(ladder.percents().size() + ladder.absolute().size());
    }

    /**
     * Whether a JVM gateway runs with a Flight Recorder recording: in a run of several JVM profiles
     * (whose table shows GC pauses and allocation) or with {@code --jfr}, and only where the
     * gateway runs on this machine, which must read the file. A run of one profile leaves it off, so
     * the JVM gateways pay nothing the native proxies do not (JFR costs a few percent on an
     * allocation-heavy loop).
     */
    public boolean recordsJfr(Target t, Topology topology) {
        return profileOf(t) != null && (jvm().size() > 1 || jfr()) && !topology.gateway().remote();
    }
}
