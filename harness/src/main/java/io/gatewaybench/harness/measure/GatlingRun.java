package io.gatewaybench.harness.measure;

import io.gatewaybench.harness.model.ClosedShare;
import io.gatewaybench.harness.model.GatlingStatus;
import io.gatewaybench.harness.model.Decimals;
import io.gatewaybench.harness.model.RoundRuntime;
import io.gatewaybench.harness.plan.Credentials;
import io.gatewaybench.harness.plan.OriginPlan;
import io.gatewaybench.harness.plan.RunPlan;
import io.gatewaybench.harness.plan.Scenario;
import io.gatewaybench.harness.plan.Topology;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BiFunction;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Runs the suite's Gatling simulation ({@code simulations/}) against one target exactly as a user
 * would with {@code mvn gatling:test} (its JVM, flags and class path: {@link GatlingCommand}), and reads the
 * measured requests' figures from its output.
 */
public final class GatlingRun {
    /** The measured request's name in the simulation; warm-up requests are named "warm-up" and excluded. */
    public static final String MEASURED = "book";
    static final String WARMUP = "warm-up";
    /**
     * A target is steady once it answers this share of its measured throughput in {@link #STEADY_SECONDS}
     * whole seconds in a row, counted from the warm-up's first request ({@code runtime.steady_after_s}).
     */
    private static final double STEADY_SHARE = 0.9;
    private static final int STEADY_SECONDS = 3;
    private static final java.util.regex.Pattern FAILED_ASSERTION = java.util.regex.Pattern.compile("\\s*(.+?) : false(?: \\(actual : (.*)\\))?\\s*");
    /**
     * Whether a measurement of this process has had Gatling write its HTML report and found the report's count of measured
     * requests equal to {@link SimulationLog}'s. Until then each measurement asks for the report and checks; after it, Gatling
     * runs with {@code -nr} (no reports): the report is a second pass over the whole log, after the measured window, that cost
     * 1.4 CPU-seconds of each target's Gatling JVM in PlantedTargetsIT's run on this suite's 2-CPU machine (278 CPU-s for
     * the test with a report in every cell, 264 with one), and the harness reads none of it but that count, a fact of the decoder and of
     * Gatling's version, checked once a run ({@code simulations/README.md} says how to make the report of any other cell).
     */
    private static final AtomicBoolean REPORT_CHECKED = new AtomicBoolean();
    /**
     * Gatling's exit status when the simulation ran to its end and an assertion failed (its StatusCode); 0 when none did. Any
     * other ends the measurement, as a run that wrote no report did before {@code -nr}: the JVM failed, not the target.
     */
    private static final int ASSERTIONS_FAILED = 2;
    /**
     * Several injector hosts' Gatlings begin their load at one instant: each, once ready, waits at a start gate (the
     * simulation's {@code startGate}) that the harness opens when all are, for up to this long. Started at once on the
     * emulated hosts, sharing a core with Tomcat, they came ready 9.2-20.8 s after their start, up to 1.6 s apart, the first
     * cell of a run the slowest; without a common instant their measured windows began up to 2.7 s apart.
     */
    static final int GATE_SECONDS = 120;
    /** How long after the gate opens the hosts begin: time for each to see it (the simulation looks every 5 ms). */
    static final long GATE_LEAD_MILLIS = 100;
    /**
     * What each host on another machine adds to that: its gate is written by an ssh session of its own, which took 0.5-0.9 s
     * to the emulated hosts' sshd on a connection of its own (the Ansible test: with 100 ms alone its load began
     * 560-886 ms after the first's, 665 ms with none). On the connection the run shares with the host
     * ({@code launch.SshConnections}) it began 0-1 ms after the instant.
     */
    static final long REMOTE_GATE_LEAD_MILLIS = 1500;
    /** Each host's start gate, in its own folder of the round: what it holds is that host's own instant. */
    static final String GATE = "start-gate";
    /** What the simulation prints once it is ready at its start gate ({@code BookPageSimulation.READY}). */
    static final String READY = "BookPageSimulation: ready, waiting for the start in ";

    private GatlingRun() {
    }

    /**
     * What one Gatling run gives: the measured figures, and the injector JVM's executable and flags as
     * it was started.
     */
    public record Measurement(RequestStats stats, String injectorJvm, long windowStartMillis, long windowEndMillis,
                              List<Ladder.Level> ladder, Ending gatling) {
    }

    /**
     * How Gatling ended (its round is the caller's to say).
     *
     * @param exitCode Maven's exit status running Gatling
     * @param failedAssertions the simulation's assertions that failed, as Gatling printed them
     * @param cutShort why the measured series was cut short; null: it spanned the window
     */
    public record Ending(int exitCode, List<String> failedAssertions, String cutShort) {
        /** As summary.json records it for {@code round} (1-based). */
        public GatlingStatus inRound(int round) {
            return new GatlingStatus(round, exitCode, failedAssertions, cutShort);
        }
    }

    /**
     * Warm-up and measurement against {@code target}; the raw output (simulation.log, Gatling's console, and in a
     * run's first measurement Gatling's HTML report) lands in {@code raw}. The figures are decoded from simulation.log
     * ({@link SimulationLog}); the report's own request count must agree with them ({@link #REPORT_CHECKED}). With
     * {@code rates}, the fixed-rate ladder follows ({@link Ladder}); {@code probe} cuts the
     * microsecond probe to each level's window.
     */
    public static Measurement measure(URI target, RunPlan.LoadSpec load, List<Integer> rates, RunPlan.LadderSpec ladder, Path raw,
                                      ResourceSampler sampler, BiFunction<Long, Long, LatencyProbe.Result> probe) throws IOException {
        return measure(target, Request.BOOK, load, rates, ladder, raw, sampler, probe, line -> { });
    }

    /**
     * What each request of the load is, under a scenario (scenarios/README.md): its path (under route
     * {@code i mod routes} for the i-th request, when there are routes), the text and exact length its answer
     * must have (an empty marker and a length of -1 check neither), the API key and bearer token it carries, and
     * the session cookie it sends (empty: the simulation fetches one).
     */
    public record Request(String path, String marker, int length, int routes, String apiKey, String bearer, String sessionCookie) {
        public static final Request BOOK = book("");

        /** The book page under plain, with this session cookie ("" for none). */
        public static Request book(String sessionCookie) {
            return new Request(Scenario.BOOK_PATH, Scenario.BOOK_MARKER, -1, 0, "", "", sessionCookie);
        }

        /** The load's request under {@code s}: the book page is checked by its marker, any other page by its exact length. */
        public static Request of(Scenario s, Credentials c, byte[] page, String sessionCookie) {
            return of(s, c, page, sessionCookie, OriginPlan.TOMCAT);
        }

        /**
         * The load's request under {@code s} to {@code origin}'s page ({@code page} as the origin serves it): the run's page (under
         * plain) checked by the origin's marker, or without one by its exact length, as any other page of a scenario.
         */
        public static Request of(Scenario s, Credentials c, byte[] page, String sessionCookie, OriginPlan origin) {
            String marker = s.changesThePage() ? "" : origin.marker();
            Map<String, String> h = s.headers(c);
            String bearer = h.getOrDefault("Authorization", "");
            return new Request(s.isPlain() ? origin.path() : s.path(), marker, marker.isEmpty() ? page.length : -1, s.routes(),
                    h.getOrDefault("apikey", ""),
                    bearer.startsWith("Bearer ") ? bearer.substring("Bearer ".length()) : bearer, sessionCookie);
        }

        List<String> args() {
            return List.of("-Dpath=" + path, "-Dmarker=" + marker, "-Dlength=" + length, "-Droutes=" + routes, "-DapiKey=" + apiKey,
                    "-Dbearer=" + bearer, "-DsessionCookie=" + sessionCookie);
        }
    }

    /**
     * As {@link #measure(URI, RunPlan.LoadSpec, List, RunPlan.LadderSpec, Path, ResourceSampler, BiFunction)}, each request as
     * {@code request} says. Where Gatling sent a level late ({@link Ladder.Level#injectorLate()}), the ladder from that
     * level up is sent once more by a second Gatling run ({@link #sentAgainWhereLate}), said on {@code progress}.
     */
    public static Measurement measure(URI target, Request request, RunPlan.LoadSpec load, List<Integer> rates, RunPlan.LadderSpec ladder,
                                      Path raw, ResourceSampler sampler, BiFunction<Long, Long, LatencyProbe.Result> probe,
                                      Progress progress) throws IOException {
        return measure(target, request, load, rates, ladder, raw, sampler, probe, progress, List.of());
    }

    /**
     * The same, the load run from every one of {@code injectors} at once when there are several ({@link #measureShared}); with
     * none or one, from this host.
     */
    public static Measurement measure(URI target, Request request, RunPlan.LoadSpec load, List<Integer> rates, RunPlan.LadderSpec ladder,
                                      Path raw, ResourceSampler sampler, BiFunction<Long, Long, LatencyProbe.Result> probe,
                                      Progress progress, List<Topology.Host> injectors) throws IOException {
        if (injectors.size() > 1) {
            if (!rates.isEmpty()) {
                throw new IllegalArgumentException("Gatling's ladder runs from one injector host; several send Vegeta's");
            }
            return measureShared(target, request, load, raw, sampler, injectors);
        }
        Files.createDirectories(raw);
        List<String> args = new ArrayList<>(List.of(
                "-DbaseUrl=" + target, "-Dmodel=" + load.model(), "-Dusers=" + load.users(), "-Drate=" + load.rate(),
                "-Dwarmup=" + load.warmupSeconds(), "-Dduration=" + load.durationSeconds(), "-Dsessions=" + load.sessions()));
        args.addAll(request.args());
        if (!rates.isEmpty()) {
            args.addAll(List.of("-Drates=" + rates.stream().map(String::valueOf).collect(Collectors.joining(",")),
                    "-DlevelDuration=" + ladder.levelSeconds(), "-DmaxInFlight=" + ladder.maxInFlight()));
        }
        StringBuilder injectorJvm = new StringBuilder();
        Path console = raw.resolve("gatling.log");
        boolean checking = !REPORT_CHECKED.get();
        int exit = gatling(args, raw, console, load.warmupSeconds() + load.durationSeconds() + ladder.seconds(rates.size()) + 600, injectorJvm,
                sampler, checking);
        Path report = report(raw, exit, checking);
        SimulationLog log = SimulationLog.read(report.resolve("simulation.log"));
        log.writeDistribution(MEASURED, raw.resolve("latency-ms.hgrm"));
        List<Ladder.Level> levels = Ladder.read(log, rates, ladder.levelSeconds(), Ladder.overloadedAt(Files.readAllLines(console)), probe);
        for (Ladder.Level level : levels) {
            log.writeDistribution(Ladder.requestName(level.rate()), raw.resolve("latency-ms-" + Ladder.requestName(level.rate()) + ".hgrm"));
        }
        levels = sentAgainWhereLate(levels, log, target, request, rates, ladder, raw, sampler, probe, progress);
        long start = log.window(MEASURED)[0];
        long end = start + load.durationSeconds() * 1000L;
        RequestStats stats = checking ? stats(report, log, load.durationSeconds()) : log.stats(MEASURED, load.durationSeconds());
        if (checking) {
            REPORT_CHECKED.set(true);
        }
        // empty: not steady within the warm-up
        Optional<Integer> steady = Optional.ofNullable(log.steadyAfter(WARMUP, MEASURED, stats.throughputRps(), STEADY_SHARE, STEADY_SECONDS));
        return new Measurement(stats.withRuntime(new RoundRuntime(null, null, null, steady, null, null)), injectorJvm.toString(), start, end, levels,
                status(exit, Files.readAllLines(console), log, load.durationSeconds()));
    }

    /**
     * The load run from several injector hosts at once: each host's Gatling gets its share of the users (of the rate, in the
     * open model; {@link InjectorHosts#split}) and writes its own log, the first host's into {@code raw} as one host's would,
     * each other's into {@code raw/<host>}; all are started together. Their records are merged ({@link SimulationLog#merged})
     * and counted over the window in which every host was measuring ({@link SimulationLog#commonWindow}): each host's Gatling
     * starts on its own JVM, and the moments one of them was still warming up or had stopped are left out. Every host's load
     * begins at one instant, when all are ready ({@link #open}), so that window is nearly all of each host's; how far each kept
     * it is in its share. Each host's share
     * goes with the round ({@link ClosedShare}). A host whose Gatling fails ends the measurement as lost ({@link
     * InjectorHosts.Lost}).
     */
    static Measurement measureShared(URI target, Request request, RunPlan.LoadSpec load, Path raw, ResourceSampler sampler,
            List<Topology.Host> injectors) throws IOException {
        int n = injectors.size();
        List<Integer> users = InjectorHosts.split(load.users(), n, load.users() + " users");
        List<Integer> rates = InjectorHosts.split(load.rate(), n, "a rate of " + load.rate() + " req/s");
        boolean checking = !REPORT_CHECKED.get();
        List<Path> folders = new ArrayList<>();
        List<Running> running = new ArrayList<>();
        StringBuilder injectorJvm = new StringBuilder();
        long timeout = GATE_SECONDS + load.warmupSeconds() + load.durationSeconds() + 600;
        // a host on another machine is not sampled, and the injector's cost would be the rest's alone: none is
        boolean sampled = injectors.stream().noneMatch(Topology.Host::remote);
        try {
            for (int i = 0; i < n; i++) {
                Topology.Host host = injectors.get(i);
                Path folder = Files.createDirectories(i == 0 ? raw : raw.resolve(host.role()));
                folders.add(folder);
                Files.deleteIfExists(folder.resolve(GATE));
                InjectorHosts.on(host, () -> host.ship(folder));
                List<String> args = new ArrayList<>(List.of("-DbaseUrl=" + target, "-Dmodel=" + load.model(), "-Dusers=" + users.get(i),
                        "-Drate=" + rates.get(i), "-Dwarmup=" + load.warmupSeconds(), "-Dduration=" + load.durationSeconds(),
                        "-Dsessions=" + load.sessions(), "-DstartGate=" + folder.resolve(GATE)));
                args.addAll(request.args());
                running.add(start(host, args, folder, folder.resolve("gatling.log"), i == 0 ? injectorJvm : new StringBuilder(),
                        sampled ? sampler : null, host.role(), i == 0 && checking));
            }
            open(folders, running, injectors);
            List<SimulationLog> logs = new ArrayList<>();
            List<Integer> exits = new ArrayList<>();
            List<List<String>> consoles = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                Topology.Host host = injectors.get(i);
                try {
                    int exit = running.get(i).await(timeout);
                    host.bring(folders.get(i));
                    Path report = report(folders.get(i), exit, i == 0 && checking);
                    SimulationLog log = SimulationLog.read(report.resolve("simulation.log"))
                            .onClock(TimeUnit.NANOSECONDS.toMillis(host.placement().clockOffsetNanos()));
                    if (i == 0 && checking) {
                        stats(report, log, load.durationSeconds()); // the decoder's count against Gatling's own report, once a run
                        REPORT_CHECKED.set(true);
                    }
                    logs.add(log);
                    exits.add(exit);
                    consoles.add(Files.readAllLines(folders.get(i).resolve("gatling.log")));
                } catch (RuntimeException | IOException e) {
                    throw new InjectorHosts.Lost("injector host " + host.role() + " (" + host.address() + ") was lost: " + e.getMessage(), e);
                }
            }
            SimulationLog merged = SimulationLog.merged(logs);
            merged.writeDistribution(MEASURED, raw.resolve("latency-ms.hgrm"));
            long[] window = SimulationLog.commonWindow(logs, MEASURED, load.durationSeconds());
            RequestStats stats = merged.stats(MEASURED, window[0], window[1]);
            long earliest = logs.stream().mapToLong(l -> l.window(MEASURED)[0]).min().orElseThrow();
            List<ClosedShare> shares = new ArrayList<>();
            Ending ending = null;
            for (int i = 0; i < n; i++) {
                long[] counts = logs.get(i).counts(MEASURED, window[0], window[1]);
                shares.add(new ClosedShare(injectors.get(i).role(), injectors.get(i).address(), users.get(i), counts[0], counts[0] - counts[1],
                        Decimals.round(counts[1] / ((window[1] - window[0]) / 1000.0)), logs.get(i).window(MEASURED)[0] - earliest));
                Ending own = status(exits.get(i), consoles.get(i), logs.get(i), load.durationSeconds());
                ending = ending == null ? own : both(ending, own, injectors.get(i).role());
            }
            Optional<Integer> steady = Optional.ofNullable(merged.steadyAfter(WARMUP, MEASURED, stats.throughputRps(), STEADY_SHARE, STEADY_SECONDS));
            return new Measurement(stats.withRuntime(new RoundRuntime(null, null, null, steady, null, null)).withInjectors(shares),
                    injectorJvm.toString(), window[0], window[1], List.of(), ending);
        } finally {
            running.forEach(Running::stop);
        }
    }

    /**
     * Opens the start gates once every host's Gatling is ready at its own (its console says so): writes into each host's
     * {@link #GATE} in {@code folders} the instant, {@link #GATE_LEAD_MILLIS} from now (and {@link #REMOTE_GATE_LEAD_MILLIS} more
     * for each host on another machine), that all begin their load at, by that host's clock. A Gatling that ends first, or is
     * not ready within {@link #GATE_SECONDS}, or a gate that cannot be written, is a lost host.
     */
    private static void open(List<Path> folders, List<Running> running, List<Topology.Host> injectors) throws IOException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(GATE_SECONDS);
        for (int i = 0; i < running.size(); i++) {
            Running r = running.get(i);
            while (!Files.readString(r.log(), java.nio.charset.StandardCharsets.ISO_8859_1).contains(READY)) {
                if (!r.process().isAlive() || System.nanoTime() > deadline) {
                    throw new InjectorHosts.Lost("injector host " + injectors.get(i).role() + " (" + injectors.get(i).address() + ") was lost: "
                            + "its Gatling " + (r.process().isAlive() ? "was not ready within " + GATE_SECONDS + " s" : "ended before its start")
                            + "; see " + r.log(), null);
                }
                try {
                    Thread.sleep(20);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted at the start gate", e);
                }
            }
        }
        long instant = System.currentTimeMillis() + GATE_LEAD_MILLIS
                + REMOTE_GATE_LEAD_MILLIS * injectors.stream().filter(Topology.Host::remote).count();
        for (int i = 0; i < running.size(); i++) {
            Topology.Host host = injectors.get(i);
            Path gate = folders.get(i).resolve(GATE);
            InjectorHosts.on(host, () -> host.write(gate, Long.toString(instant + TimeUnit.NANOSECONDS.toMillis(host.placement().clockOffsetNanos()))));
        }
    }

    /** Two hosts' endings as one: the worse exit status, every failed assertion, the first cut short (named by its host). */
    private static Ending both(Ending a, Ending b, String host) {
        List<String> failed = new ArrayList<>(a.failedAssertions());
        b.failedAssertions().stream().filter(f -> !failed.contains(f)).forEach(failed::add);
        return new Ending(Math.max(a.exitCode(), b.exitCode()), failed,
                a.cutShort() != null ? a.cutShort() : b.cutShort() == null ? null : host + ": " + b.cutShort());
    }

    /**
     * The ladder with its first level Gatling sent late (and the target did not overload) sent once more, with every level
     * above it, by a second Gatling run of the ladder alone (the simulation's {@code model=ladder}: its warm-up at that
     * level's rate, then the levels, on a new JVM: the late one may have been the first's doing), as Vegeta's ladder sends
     * a late level once more ({@link VegetaLadder}). The second try's levels stand in for the first's from that level up,
     * each marked with the first try's send lag; late again, the level is injector-limited, neither a pass nor a failure.
     * Its raw output goes to {@code raw/ladder-again}, its distributions beside the first's, named {@code -again}.
     */
    static List<Ladder.Level> sentAgainWhereLate(List<Ladder.Level> levels, SimulationLog log, URI target, Request request,
            List<Integer> rates, RunPlan.LadderSpec ladder, Path raw, ResourceSampler sampler,
            BiFunction<Long, Long, LatencyProbe.Result> probe, Progress progress) throws IOException {
        int late = -1;
        for (int i = 0; i < levels.size() && late < 0; i++) {
            if (levels.get(i).overloaded()) {
                return levels; // nothing above an overloaded level was sent
            }
            late = levels.get(i).injectorLate().isEmpty() ? -1 : i;
        }
        if (late < 0) {
            return levels;
        }
        Ladder.Level first = levels.get(late);
        List<Integer> again = rates.subList(rates.indexOf(first.rate()), rates.size());
        progress.line(String.format(Locale.ROOT, "Gatling could not deliver %d req/s (%s): the ladder from it (%s req/s) once more",
                first.rate(), first.injectorLate(), again));
        Path folder = Files.createDirectories(raw.resolve("ladder-again"));
        List<String> args = new ArrayList<>(List.of("-DbaseUrl=" + target, "-Dmodel=ladder", "-Dwarmup=0", "-Dduration=0",
                "-Drates=" + again.stream().map(String::valueOf).collect(Collectors.joining(",")),
                "-DlevelDuration=" + ladder.levelSeconds(), "-DmaxInFlight=" + ladder.maxInFlight()));
        args.addAll(request.args());
        Path console = folder.resolve("gatling.log");
        int exit = gatling(args, folder, console, ladder.seconds(again.size()) + 600, new StringBuilder(), sampler, false);
        SimulationLog second = SimulationLog.read(report(folder, exit, false).resolve("simulation.log"));
        List<Ladder.Level> resent = Ladder.read(second, again, ladder.levelSeconds(), Ladder.overloadedAt(Files.readAllLines(console)), probe);
        if (resent.isEmpty()) {
            throw new IllegalStateException("Gatling's second try of the ladder from " + first.rate() + " req/s sent no level; see " + console);
        }
        for (Ladder.Level level : resent) {
            String name = Ladder.requestName(level.rate());
            second.writeDistribution(name, raw.resolve("latency-ms-" + name + "-again.hgrm"));
        }
        List<Ladder.Level> merged = new ArrayList<>(levels.subList(0, late));
        merged.add(resent.get(0).sentAgainAfter(log.sendLagUs(Ladder.requestName(first.rate()), first.rate())));
        merged.addAll(resent.subList(1, resent.size()));
        String stillLate = resent.get(0).injectorLate();
        if (!stillLate.isEmpty()) {
            progress.line(String.format(Locale.ROOT, "Gatling could not deliver %d req/s again (%s): injector-limited, the search stops there",
                    first.rate(), stillLate));
        }
        return merged;
    }

    /**
     * The measured request's figures from a result folder's decoded log, over the measured window
     * ({@link SimulationLog#stats(String, int)}); the log's count of them is checked against the
     * folder's report first.
     */
    static RequestStats stats(Path report, SimulationLog log, int seconds) throws IOException {
        long logged = log.requests(MEASURED).size();
        long reported = GatlingReport.row(report, MEASURED).count("Total");
        if (reported != logged) {
            throw new IllegalStateException("simulation.log holds " + logged + " '" + MEASURED
                    + "' requests but Gatling's report says " + reported + ": the log reader is out of step with Gatling");
        }
        return log.stats(MEASURED, seconds);
    }

    /**
     * How Gatling ended: its exit status (Gatling's own: 2 when an assertion failed; Maven's, 1, in runs before 2026-11-25), the simulation's assertions that failed (Gatling
     * 3.15 prints each as "book: count of failed events is 0.0 : false (actual : 720.0)"), and whether the measured series was cut short (its last request
     * sent more than a second before the window's end: maxDuration, a crash or a stop).
     */
    static Ending status(int exit, List<String> console, SimulationLog log, int seconds) {
        List<String> failed = console.stream().map(FAILED_ASSERTION::matcher).filter(java.util.regex.Matcher::matches)
                .map(a -> a.group(1) + (a.group(2) == null ? "" : " (actual " + a.group(2) + ")")).distinct().toList();
        List<SimulationLog.Request> measured = log.requests(MEASURED);
        int first = measured.stream().mapToInt(SimulationLog.Request::start).min().orElse(0);
        int last = measured.stream().mapToInt(SimulationLog.Request::start).max().orElse(0);
        return new Ending(exit, failed, last - first < seconds * 1000L - 1000
                ? String.format(Locale.ROOT, "the measured requests span %.1f s of the %d s window", (last - first) / 1000.0, seconds) : null);
    }

    /**
     * The folder under {@code raw} where Gatling, which exited with {@code exit}, wrote its {@code simulation.log}, and
     * {@code withReport} its HTML report. A Gatling asked for its report that wrote none, or run without it ({@code -nr})
     * that ended otherwise than by its own status (0, or {@link #ASSERTIONS_FAILED}), failed, not the target: the
     * measurement ends, naming its console's last errors.
     */
    static Path report(Path raw, int exit, boolean withReport) throws IOException {
        Path console = raw.resolve("gatling.log");
        Optional<Path> folder;
        try (Stream<Path> dirs = Files.list(raw)) {
            folder = dirs.filter(d -> Files.isRegularFile(d.resolve("simulation.log"))).findFirst();
        }
        boolean ended = withReport ? folder.filter(d -> Files.isRegularFile(d.resolve("index.html"))).isPresent()
                : folder.isPresent() && (exit == 0 || exit == ASSERTIONS_FAILED);
        if (!ended) {
            throw new IllegalStateException("Gatling exited with " + exit + " and wrote no " + (folder.isEmpty() ? "simulation.log" : "report")
                    + "; see " + console + ": " + lastLines(console));
        }
        return folder.get();
    }

    /** Runs Gatling with {@code args} into {@code raw}; its HTML report only {@code withReport} (else {@code -nr}). */
    static int gatling(List<String> args, Path raw, Path log, long timeoutSeconds, StringBuilder injectorJvm, ResourceSampler sampler,
            boolean withReport) throws IOException {
        Running gatling = start(null, args, raw, log, injectorJvm, sampler, "injector", withReport);
        try {
            return gatling.await(timeoutSeconds);
        } finally {
            gatling.stop();
        }
    }

    /**
     * A Gatling JVM started on an injector host, stopped with the harness (Ctrl-C, kill) by a shutdown hook.
     *
     * @param process the JVM (on another emulated host, run-in's, which execs it)
     * @param log its console
     * @param hook what stops it if the harness stops
     */
    record Running(Process process, Path log, Thread hook) {
        /** Its exit status, once it has ended within {@code timeoutSeconds}; stopped and failed otherwise. */
        int await(long timeoutSeconds) {
            return GatlingRun.await(process, log, timeoutSeconds);
        }

        /** Stops it if it still runs, and drops its hook. */
        void stop() {
            if (process.isAlive()) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
            }
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException exiting) {
                // the hook is already running
            }
        }
    }

    /**
     * Starts Gatling with {@code args} into {@code raw} on {@code host} (null: this one), its HTML report only {@code withReport}
     * (else {@code -nr}); the JVM and its tree sampled as {@code role} by {@code sampler} (null: not sampled).
     */
    static Running start(Topology.Host host, List<String> args, Path raw, Path log, StringBuilder injectorJvm, ResourceSampler sampler,
            String role, boolean withReport) throws IOException {
        List<String> command = GatlingCommand.of(args, raw, withReport, host == null || !host.remote());
        List<String> there = command;
        if (host != null && host.remote()) { // its own JDK and the suite's copy there (the Maven repository at the same place),
            there = new ArrayList<>(host.localized(command)); // run attached: it ends if the harness's session does
            there.set(0, Objects.requireNonNullElse(host.java(), command.get(0)));
            there = host.server(there);
        } else if (host != null) {
            there = host.command(command);
        }
        Process p = new ProcessBuilder(there).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        // the JVM executable and its options, not the simulation's parameters
        injectorJvm.append(Stream.concat(Stream.of(command.get(0)), command.stream().skip(1)
                .takeWhile(a -> !a.equals("-cp")).filter(a -> a.startsWith("-X") || a.startsWith("--"))).collect(Collectors.joining(" ")));
        if (sampler != null) {
            sampler.watch(role, p.pid());
        }
        Thread stop = new Thread(() -> {
            p.descendants().forEach(ProcessHandle::destroy);
            p.destroy();
        }, "stop-gatling");
        Runtime.getRuntime().addShutdownHook(stop);
        return new Running(p, log, stop);
    }

    private static int await(Process p, Path log, long timeoutSeconds) {
        try {
            p.waitFor(timeoutSeconds, TimeUnit.SECONDS);
            if (p.isAlive()) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                throw new IllegalStateException("Gatling did not finish within " + timeoutSeconds + " s; see " + log);
            }
        } catch (InterruptedException e) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
        return p.exitValue();
    }

    private static String lastLines(Path log) {
        try {
            List<String> lines = Files.readAllLines(log).stream().filter(l -> l.contains("ERROR") || l.contains("Exception")).toList();
            return String.join(" | ", lines.subList(Math.max(0, lines.size() - 3), lines.size()));
        } catch (IOException e) {
            return "(no log)";
        }
    }
}
