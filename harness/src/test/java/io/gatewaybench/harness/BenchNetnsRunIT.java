package io.gatewaybench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gatewaybench.harness.plan.Repo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * Everything on the emulated hosts (network namespaces, CPU sets, memory limits), as root, one test at a time.
 * {@code ./bench run --topology netns}: a quick run over all six targets must record where each role ran and leave nothing
 * behind; so must a run stopped by SIGTERM while a gateway is measured, which must also keep what it measured before, mark
 * the gateway with the reason and say it is incomplete (FaultsIT's other faults, on loopback). The Ansible deployment to
 * the same hosts over ssh ({@code --topology hosts}) runs the quick ladder across them (direct's capacity calibrated, two
 * levels, Vegeta on the injector host); the six targets' quick run has none (252 s with it on the CI of 20261127, 216 s
 * without it here beside two other integration tests). Two injector hosts ({@code --injectors=2}) against one, on two plants:
 * each level and closed round split between the hosts and merged, agreeing with the one-host run, a delay planted for one
 * host's answers only seen as two modes, and a host lost mid-run (its Vegeta killed) ending the run incomplete.
 *
 * <p>One class, begun first (harness/pom.xml): these tests are the side-by-side phase's longest chain (8.4 min on that CI),
 * and as two classes holding one lock, the second held one of the three workers idle while it waited for the first.
 */
@ResourceLock("infra/netns") // the emulated hosts: one user at a time
@Order(1) // begun first: the longest chain of the side-by-side phase (harness/pom.xml)
class BenchNetnsRunIT {
    /**
     * What the Ansible deployment runs: a native gateway and a JVM gateway, the two ways a target is deployed and started on
     * its host, with the quick ladder; all six targets run end to end in the netns quick run, without a ladder.
     */
    private static final List<String> ANSIBLE_TARGETS = List.of("direct", "nginx", "netty-proxy");

    @BeforeAll
    static void asRoot() {
        Leftovers.requireRoot();
    }

    @Test
    void quickRunAcrossTheEmulatedHostsRecordsThePlacementAndLeavesNothing() throws Exception {
        Path results = Path.of("target", "bench-netns-it").toAbsolutePath();
        QuickRun.bench(results, "run", "--quick", "--topology", "netns", "--levels=none", "--results=" + results);
        JsonNode summary = QuickRun.checkSummary(QuickRun.newest(results), QuickRun.ALL_SIX, false);
        JsonNode placement = summary.get("placement");
        assertEquals("netns", placement.get("topology").asText());
        java.util.Properties conf = Repo.properties(Repo.root().resolve("infra/netns/topology.conf"), "netns settings");
        for (String role : List.of("injector", "gateway", "backend")) {
            String key = role.toUpperCase();
            assertEquals(conf.getProperty(key + "_ADDRESS"), placement.get(role).get("address").asText(), role);
            assertEquals(conf.getProperty(key + "_CPUS"), placement.get(role).get("cpus").asText(), role + "'s CPU set, as read from its cgroup");
            // the memory limit where the kernel has the memory controller; otherwise the reason it has none
            String memory = placement.get(role).get("memory").asText();
            assertTrue(memory.equals(conf.getProperty("MEMORY_LIMIT_MB") + " MB limit") || memory.startsWith("not confined: "), role + ": " + memory);
        }
        // one worker per CPU of the gateway's host, in the descriptor of each gateway too
        assertEquals(1, placement.get("gateway").get("workers").asInt());
        for (JsonNode t : summary.get("targets")) {
            if (!t.get("name").asText().equals("direct")) {
                assertEquals(1, t.get("workers").asInt(), t.get("name") + "'s workers");
            }
        }
        Leftovers.assertNone(results);
    }

    @Test
    void runStoppedPartWayLeavesNothing() throws Exception {
        Path results = Files.createDirectories(Path.of("target", "bench-netns-stopped-it").toAbsolutePath());
        Path log = results.resolve("bench.log");
        // no ladder and no cross-check: the signal comes while nginx is measured, and what it must leave is the emulated
        // hosts' (their namespaces, cgroups and processes), which the ladder's calibration of direct adds nothing to
        Process bench = new ProcessBuilder(Repo.root().resolve("bench").toString(), "run", "--quick", "--topology=netns",
                "--targets=nginx", "--levels=none", "--cross-check=none", "--results=" + results)
                .directory(Repo.root().toFile()).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
        while (!Files.readString(log).contains("nginx: verified")) {
            assertTrue(bench.isAlive(), "./bench ended before nginx was measured: " + Files.readString(log));
            assertTrue(System.nanoTime() < deadline, "nginx was not under load within 5 min: " + Files.readString(log));
            Thread.sleep(200);
        }
        bench.destroy(); // SIGTERM to ./bench, as a kill or a CI timeout would send it
        assertTrue(bench.waitFor(2, TimeUnit.MINUTES), "./bench did not stop within 2 min of SIGTERM: " + Files.readString(log));
        assertEquals(128 + 15, bench.exitValue(), Files.readString(log));
        Leftovers.assertNone(results);
        // what was measured before the signal (direct) is kept, nginx is marked with the reason, and the run says it is
        // incomplete, in its summary and in one line on the way out
        Path run = QuickRun.newest(results);
        JsonNode summary = new ObjectMapper().readTree(run.resolve("summary.json").toFile());
        assertFalse(summary.get("complete").asBoolean(), summary.toString());
        assertTrue(summary.get("incomplete_because").get(0).asText().startsWith("stopped by SIGTERM during nginx"), summary.get("incomplete_because").toString());
        JsonNode direct = summary.get("targets").get(0);
        assertEquals("direct", direct.get("name").asText());
        assertFalse(direct.has("failure"), "direct: " + direct.get("failure"));
        assertTrue(direct.get("requests").asLong() > 0, "direct made no requests");
        JsonNode nginx = summary.get("targets").get(1);
        assertTrue(nginx.path("failure").asText().contains("the run stopped during its measurement: stopped by SIGTERM during nginx's measurement"),
                nginx.toString());
        assertTrue(Files.readString(run.resolve("summary.md")).contains("**Incomplete run**: "));
        String out = Files.readString(log);
        assertTrue(out.lines().anyMatch(l -> l.startsWith("bench: run incomplete: ") && l.contains("stopped by SIGTERM during nginx")), out);
        assertTrue(out.contains("bench: results in " + run), out);
    }

    /**
     * The Ansible deployment (infra/ansible/) against the same three hosts, each a network namespace with its own sshd
     * (infra/ansible/test/run.sh): site.yml deploys, bench.yml runs a quick run from the injector with the gateway and
     * Tomcat started on the other two over ssh, and brings it back.
     */
    @Test
    void playbooksDeployRunAndBringTheResultsBack() throws Exception {
        Path work = Path.of("target", "ansible-it").toAbsolutePath();
        if (Files.exists(work)) {
            try (var old = Files.walk(work)) {
                old.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
        Files.createDirectories(work);
        String output = QuickRun.run(List.of("bash", Repo.root().resolve("infra/ansible/test/run.sh").toString(), work.toString(), "--quick",
                "--targets=" + String.join(",", ANSIBLE_TARGETS.subList(1, ANSIBLE_TARGETS.size()))), work.resolve("../ansible-it.log"), 30);
        Path run = Path.of(output.strip().lines().reduce((a, b) -> b).orElseThrow().trim());
        assertTrue(run.startsWith(work.resolve("results")), "the run came back into the controller's results folder: " + run);
        JsonNode summary = QuickRun.checkSummary(run, ANSIBLE_TARGETS, true);

        // the harness ran on the injector host and started the gateway and Tomcat on the other two
        JsonNode placement = summary.get("placement");
        assertEquals("hosts", placement.get("topology").asText());
        java.util.Properties conf = Repo.properties(Repo.root().resolve("infra/netns/topology.conf"), "netns settings");
        for (String role : List.of("injector", "gateway", "backend")) {
            assertEquals(conf.getProperty(role.toUpperCase() + "_ADDRESS"), placement.get(role).get("address").asText(), role);
        }
        assertEquals("1", placement.get("gateway").get("cpus").asText(), "the gateway host's CPUs, as Ansible found them");
        // each remote target's configuration was rendered for, and copied to, its own host's folder
        String nginxConf = Files.readString(work.resolve("gateway/gateway-bench/results").resolve(run.getFileName())
                .resolve("targets/nginx-round1/nginx.conf"));
        assertTrue(nginxConf.contains(conf.getProperty("GATEWAY_ADDRESS") + ":"), "nginx listens on the gateway host's address");
        assertTrue(nginxConf.contains(work.resolve("gateway/gateway-bench").toString()), "nginx's paths are the gateway host's");
        // nginx writes its error log into its folder on the host it runs on: the gateway's, not the injector's
        String nginxDir = "results/" + run.getFileName() + "/targets/nginx-round1/error.log";
        assertTrue(Files.exists(work.resolve("gateway/gateway-bench").resolve(nginxDir)), "nginx did not run in the gateway host's folder");
        assertFalse(Files.exists(work.resolve("injector/gateway-bench").resolve(nginxDir)), "nginx ran in the injector's folder");
        Leftovers.assertNone(work);
    }

    /** The two plants the injector-host runs measure beside direct: a 5 ms delay to every client, 20 ms to injector2's alone. */
    private static final String PLANTED = "harness/src/test/resources/planted/planted-delay.properties,"
            + "harness/src/test/resources/planted-injectors/planted-delay-injector2.properties";
    /** The same fixed rates for both runs: each injector host sends half of each with two. */
    private static final List<Integer> RATES = List.of(100, 200);
    /**
     * How far planted-delay's P50 (Vegeta's, to the microsecond), from the intended send and added over direct, may lie
     * between the run from one injector host and the run from two. Measured here (20261128, three pairs of these runs, 100
     * and 200 req/s): added 5,285-5,433 us from one host, 5,124-5,411 from two; from the intended send 6,267-6,591 and
     * 6,115-6,615; a pair's two runs at most 161 us apart. 1 ms is six times that, and a fifth of the plant.
     */
    static final long AGREEMENT_US = 1000;
    /**
     * How far apart, at most, the injector hosts' schedules of one level began. Measured here (20261128, 18 levels of two
     * hosts): 0.2-17.1 ms, the first host's Vegeta mostly the later (it shares CPU 0 with the harness, the other Vegeta and
     * Tomcat); started without a common instant they would be apart by however long the harness took between them.
     */
    static final long START_SPREAD_US = 50_000;
    private static Path oneInjector;
    private static Path twoInjectors;
    private static Throwable twoInjectorsFailed;

    /** The run from the injector host alone: direct and the two plants, the quick closed load and two fixed rates. */
    private static synchronized Path oneInjector() throws Exception {
        if (oneInjector == null) {
            Path results = Path.of("target", "bench-netns-one-injector-it").toAbsolutePath();
            QuickRun.bench(results, "run", "--quick", "--topology=netns", "--injectors=1", "--targets=" + PLANTED,
                    "--rates=" + RATES.get(0) + "," + RATES.get(1), "--level-duration=3", "--levels=none", "--cross-check=none",
                    "--results=" + results);
            oneInjector = QuickRun.newest(results);
            SummarySchemaTest.assertMatchesSchema(oneInjector);
        }
        return oneInjector;
    }

    /**
     * The same run from two injector hosts, with nginx and haproxy after the plants: while nginx's second level is sent,
     * injector2's Vegeta is killed (by its PID, found in the host's namespace), as a host lost mid-run. The run must end there,
     * incomplete, exit 1, never start haproxy, and keep direct and the two plants, which the other checks read.
     */
    private static synchronized Path twoInjectors() throws Exception {
        if (twoInjectors != null) {
            return twoInjectors;
        }
        if (twoInjectorsFailed != null) { // each test that reads the run fails with its one failure, without running it again
            throw new AssertionError("the run from two injector hosts failed before", twoInjectorsFailed);
        }
        try {
            twoInjectors = runFromTwoInjectors();
        } catch (Exception | AssertionError e) {
            twoInjectorsFailed = e;
            throw e;
        }
        return twoInjectors;
    }

    private static Path runFromTwoInjectors() throws Exception {
        Path results = Files.createDirectories(Path.of("target", "bench-netns-two-injectors-it").toAbsolutePath());
        Path log = results.resolve("bench.log");
        Process bench = new ProcessBuilder(Repo.root().resolve("bench").toString(), "run", "--quick", "--topology=netns", "--injectors=2",
                "--targets=" + PLANTED + ",nginx,haproxy", "--rates=" + RATES.get(0) + "," + RATES.get(1), "--level-duration=3", "--levels=none",
                "--cross-check=none", "--results=" + results)
                .directory(Repo.root().toFile()).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(10);
            Long vegeta = null;
            while (vegeta == null) {
                assertTrue(bench.isAlive(), "./bench ended before nginx's second level: " + Files.readString(log));
                assertTrue(System.nanoTime() < deadline, "nginx's second level was not sent within 10 min: " + Files.readString(log));
                vegeta = Files.readString(log).contains("nginx: fixed rate " + RATES.get(1)) ? vegetaOn("gb-injector2") : null;
                Thread.sleep(50);
            }
            assertTrue(ProcessHandle.of(vegeta).map(ProcessHandle::destroyForcibly).orElse(false), "could not kill Vegeta, PID " + vegeta);
            assertTrue(bench.waitFor(5, TimeUnit.MINUTES), "./bench did not end within 5 min of the kill: " + Files.readString(log));
            assertEquals(1, bench.exitValue(), Files.readString(log));
        } finally {
            if (bench.isAlive()) {
                bench.destroy();
                bench.waitFor(2, TimeUnit.MINUTES);
            }
        }
        Leftovers.assertNone(results);
        Path run = QuickRun.newest(results);
        SummarySchemaTest.assertMatchesSchema(run);
        return run;
    }

    /** The PID of a Vegeta process in a network namespace, or null while there is none. */
    private static Long vegetaOn(String namespace) throws IOException, InterruptedException {
        Process pids = new ProcessBuilder("ip", "netns", "pids", namespace).redirectErrorStream(true).start();
        String out = new String(pids.getInputStream().readAllBytes());
        pids.waitFor();
        for (String pid : out.strip().split("\\s+")) {
            if (pid.matches("\\d+") && Files.readString(Path.of("/proc", pid, "comm"), java.nio.charset.StandardCharsets.US_ASCII)
                    .strip().equals("vegeta")) {
                return Long.parseLong(pid);
            }
        }
        return null;
    }

    /**
     * Each fixed-rate level of the two-host run was sent half from each host, begun at one instant and kept on schedule; each
     * closed round ran half the users from each; the run records both hosts. And what it found agrees with the one-host run:
     * planted-delay's P50, added over direct and from the intended send, level by level, within {@link #AGREEMENT_US}.
     */
    @Test
    void twoInjectorHostsShareEachLevelAndAgreeWithOne() throws Exception {
        JsonNode two = new ObjectMapper().readTree(twoInjectors().resolve("summary.json").toFile());
        JsonNode one = new ObjectMapper().readTree(oneInjector().resolve("summary.json").toFile());
        java.util.Properties conf = Repo.properties(Repo.root().resolve("infra/netns/topology.conf"), "netns settings");
        JsonNode more = two.get("placement").get("more_injectors");
        assertEquals(1, more.size(), more.toString());
        assertEquals(conf.getProperty("INJECTOR2_ADDRESS"), more.get(0).get("address").asText());
        assertEquals("gb-injector2", more.get(0).get("namespace").asText());
        assertFalse(one.get("placement").has("more_injectors"), "one injector host: no others");
        for (String name : List.of("direct", "planted-delay", "planted-delay-injector2")) {
            JsonNode t = target(two, name);
            assertFalse(t.has("failure"), name + ": " + t.get("failure"));
            JsonNode closed = t.get("rounds").get(0).get("injectors");
            assertEquals(List.of("injector", "injector2"), hosts(closed), name + "'s closed load");
            assertEquals(4, closed.get(0).get("users").asInt() + closed.get(1).get("users").asInt(), name + "'s users");
            assertEquals(t.get("rounds").get(0).get("requests").asLong(), closed.get(0).get("requests").asLong()
                    + closed.get(1).get("requests").asLong(), name + ": the round's requests are its hosts' together");
            assertEquals(RATES, rates(t), name + "'s levels");
            for (JsonNode level : t.get("fixed_rate")) {
                JsonNode round = level.get("rounds").get(0);
                JsonNode shares = round.get("injectors");
                assertEquals(List.of("injector", "injector2"), hosts(shares), name + " at " + level.get("rate_rps"));
                assertEquals(level.get("rate_rps").asInt(), shares.get(0).get("rate_rps").asInt() + shares.get(1).get("rate_rps").asInt());
                assertEquals(round.get("sent").asLong(), shares.get(0).get("sent").asLong() + shares.get(1).get("sent").asLong());
                for (JsonNode share : shares) {
                    assertTrue(share.get("start_offset_us").asLong() <= START_SPREAD_US, name + " at " + level.get("rate_rps") + ": " + share);
                }
            }
            assertEquals(2, Files.list(twoInjectors().resolve("raw").resolve(name + "-round1")).filter(f -> f.getFileName().toString()
                    .matches("vegeta-rate-" + RATES.get(1) + "-injector2?\\.bin")).count(), name + ": each host's own records");
        }
        String details = Files.readString(twoInjectors().resolve("details.md"));
        assertTrue(details.contains("## Each injector host's share"), "details.md shows each host's share");
        for (int rate : RATES) {
            for (String figure : List.of("added over direct", "from the intended send")) {
                long viaOne = p50(target(one, "planted-delay"), rate, figure);
                long viaTwo = p50(target(two, "planted-delay"), rate, figure);
                assertTrue(Math.abs(viaOne - viaTwo) <= AGREEMENT_US, "planted-delay at " + rate + " req/s, P50 " + figure + ": "
                        + viaOne + " us from one injector host, " + viaTwo + " from two");
            }
        }
    }

    /**
     * planted-delay-injector2 holds only injector2's answers, by 20 ms: sent from both hosts, its merged level has both modes
     * (the lower quartile fast, the upper 20 ms later), each host's own records only one; from one host, no slow mode at all.
     */
    @Test
    void aDelayForOneInjectorHostShowsAsTwoModesInTheMergedLevel() throws Exception {
        Path raw = twoInjectors().resolve("raw/planted-delay-injector2-round1");
        int rate = RATES.get(1);
        long[] merged = quartiles(raw.resolve("latency-us-rate-" + rate + ".hgrm"));
        assertTrue(merged[0] < 20_000 && merged[1] >= 20_000, "merged P25, P75: " + merged[0] + ", " + merged[1] + " us");
        long[] fast = quartiles(raw.resolve("latency-us-rate-" + rate + "-injector.hgrm"));
        long[] slow = quartiles(raw.resolve("latency-us-rate-" + rate + "-injector2.hgrm"));
        assertTrue(fast[1] < 20_000, "injector's own P75: " + fast[1] + " us");
        assertTrue(slow[0] >= 20_000, "injector2's own P25: " + slow[0] + " us");
        long[] alone = quartiles(oneInjector().resolve("raw/planted-delay-injector2-round1/latency-us-rate-" + rate + ".hgrm"));
        assertTrue(alone[1] < 20_000, "from the injector host alone, P75 " + alone[1] + " us: the plant holds only injector2's answers");
    }

    /** The host lost mid-run: the run ends incomplete with the host and the reason, and keeps what it measured before. */
    @Test
    void anInjectorHostLostMidRunEndsTheRunIncompleteAndKeepsTheRest() throws Exception {
        Path run = twoInjectors();
        JsonNode summary = new ObjectMapper().readTree(run.resolve("summary.json").toFile());
        assertFalse(summary.get("complete").asBoolean(), summary.toString());
        String because = summary.get("incomplete_because").toString();
        assertTrue(because.contains("injector host injector2 (") && because.contains("was lost"), because);
        JsonNode nginx = target(summary, "nginx");
        assertTrue(nginx.path("failure").asText().contains("injector host injector2"), nginx.toString());
        // the run stopped there: a host that is gone would fail every later target the same way
        JsonNode haproxy = target(summary, "haproxy");
        assertTrue(haproxy.path("failure").asText().startsWith("the run stopped before it: injector host injector2"),
                "haproxy: " + (haproxy.has("failure") ? haproxy.get("failure").asText() : "measured, " + haproxy.get("requests") + " requests"));
        for (String name : List.of("direct", "planted-delay", "planted-delay-injector2")) {
            assertFalse(target(summary, name).has("failure"), name + " was measured before the host was lost");
        }
        assertTrue(Files.readString(run.resolve("summary.md")).contains("**Incomplete run**: "));
    }

    private static JsonNode target(JsonNode summary, String name) {
        for (JsonNode t : summary.get("targets")) {
            if (t.get("name").asText().equals(name)) {
                return t;
            }
        }
        throw new AssertionError("no target " + name + " in the run");
    }

    private static List<String> hosts(JsonNode shares) {
        assertTrue(shares != null && shares.isArray(), "no injector shares");
        List<String> hosts = new java.util.ArrayList<>();
        shares.forEach(s -> hosts.add(s.get("host").asText()));
        return hosts;
    }

    private static List<Integer> rates(JsonNode t) {
        List<Integer> rates = new java.util.ArrayList<>();
        t.get("fixed_rate").forEach(l -> rates.add(l.get("rate_rps").asInt()));
        return rates;
    }

    /** A level's P50 over its rounds, us: added over direct's (from the actual send), or from the intended send. */
    private static long p50(JsonNode t, int rate, String figure) {
        for (JsonNode l : t.get("fixed_rate")) {
            if (l.get("rate_rps").asInt() == rate) {
                return Math.round(figure.equals("added over direct") ? l.get("added_over_direct_us").get("p50").get("mean").asDouble()
                        : l.get("latency_us_over_rounds").get("p50").get("median").asDouble());
            }
        }
        throw new AssertionError(t.get("name") + " has no level at " + rate);
    }

    /** P25 and P75 of an HdrHistogram percentile distribution (its text output), us: the first value at or past each. */
    private static long[] quartiles(Path hgrm) throws IOException {
        long[] q = {-1, -1};
        for (String line : Files.readAllLines(hgrm)) {
            String[] f = line.trim().split("\\s+");
            if (f.length < 4 || !f[0].matches("[\\d.]+") || !f[1].matches("[\\d.]+")) {
                continue;
            }
            double percentile = Double.parseDouble(f[1]);
            long value = Math.round(Double.parseDouble(f[0]));
            if (q[0] < 0 && percentile >= 0.25) {
                q[0] = value;
            }
            if (q[1] < 0 && percentile >= 0.75) {
                q[1] = value;
            }
        }
        assertTrue(q[0] >= 0 && q[1] >= 0, "no quartiles in " + hgrm);
        return q;
    }
}
