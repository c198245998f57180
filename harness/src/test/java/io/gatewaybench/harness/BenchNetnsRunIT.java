package io.gatewaybench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gatewaybench.harness.plan.Repo;
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
 * without it here beside two other integration tests), and an open load of 100 requests a second, not the closed loop:
 * nothing it checks is a closed-loop figure, and the closed loop took every CPU it was given beside the other integration
 * tests (alone here, 20261202: 111 s and 141 CPU-seconds closed, 94 s and 99 open, the wrk cross-check gone with it).
 * The closed loop runs on the emulated hosts in the Ansible test, the stopped run and InjectorHostsIT. Two injector hosts
 * against one: InjectorHostsIT, alone.
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
    /**
     * How long after the first host's schedule the second host's may begin, in the Ansible test, us: far less than an ssh
     * session (0.5-0.9 s to the emulated hosts' sshd), which a level started without its lead would wait for; more than
     * InjectorHostsIT's 50 ms, since this test runs beside others that keep the injectors' CPU busy (0-6.6 ms alone here).
     */
    private static final long REMOTE_LEVEL_START_US = 250_000;
    /**
     * How long after its start gate's instant each host's Gatling may begin, ms: the gate, written over the shared ssh
     * connection with 1.5 s of lead, is looked for every 5 ms; 0-3 ms here (20261129). A gate written after its instant,
     * as by an ssh session slower than the lead, is late by that much.
     */
    private static final long GATE_LATE_MS = 250;
    /**
     * How long after the start instant + the warm-up each host may still begin a request named "warm-up", ms: the closed
     * loop names each request when it is about to send it, timing the warm-up from the gate's instant, so only the time
     * between naming and sending is left (4 ms at most on the CI of fdeabf4; injector2's last warm-up request began 184-443 ms
     * before the switch). Timed from each host's own first request instead, as before ee67c69, the warm-up ran that first
     * request's lateness past the instant: 0.5-0.8 s on this host, 1.0-1.4 s on injector2.
     */
    private static final long WARMUP_OVER_MS = 250;
    /**
     * The most ssh connections injector2's sshd may accept in the Ansible test: Ansible's own, the site's "reach each host"
     * check from the injector, and the run's one shared connection ({@code launch.SshConnections}): 3 on every CI of
     * 20261129. When each of the run's commands (a gate, a level, a copy, a clock session) connected on its own: 36-39.
     */
    private static final int INJECTOR2_CONNECTIONS = 6;

    /**
     * Where {@code host}'s closed load (its console {@code gatling.log} and its simulation.log, under {@code folder}) began a
     * request named "warm-up" later than the start instant + {@code warmupMs} + {@link #WARMUP_OVER_MS}: the warm-up is timed
     * from the gate's instant on every host, not from the host's own first request. Empty when it did not, and when the host
     * sent no warm-up request at all: its first request came after the instant + the warm-up (injector2's netty-proxy round
     * on a fresh-clone CI here, 20261129: 2,588 ms after the instant, past the quick run's 2 s warm-up), which the warm-up
     * timed from the host's own first request would never give.
     */
    private static java.util.Optional<String> warmUpPastTheInstant(String what, Path folder, long warmupMs,
            List<String> warmedUp) throws java.io.IOException {
        long instant = StartGates.began(folder.resolve("gatling.log"))[0];
        io.gatewaybench.harness.measure.SimulationLog log = StartGates.log(folder);
        java.util.OptionalInt lastStart = log.requests("warm-up").stream().mapToInt(r -> r.start()).max();
        if (lastStart.isEmpty()) {
            return java.util.Optional.empty();
        }
        warmedUp.add(what);
        long over = log.runStartEpochMillis() + lastStart.getAsInt() - (instant + warmupMs);
        return over > WARMUP_OVER_MS ? java.util.Optional.of(what + ": a warm-up request began " + over + " ms after the start instant "
                + instant + " + the " + warmupMs + " ms warm-up") : java.util.Optional.empty();
    }

    @BeforeAll
    static void asRoot() {
        Leftovers.requireRoot();
    }

    @Test
    void quickRunAcrossTheEmulatedHostsRecordsThePlacementAndLeavesNothing() throws Exception {
        Path results = Path.of("target", "bench-netns-it").toAbsolutePath();
        QuickRun.bench(results, "run", "--design=rounds", "--quick", "--topology", "netns", "--levels=none",
                "--model=open", "--rate=100", "--results=" + results);
        JsonNode summary = QuickRun.checkSummary(QuickRun.newest(results), QuickRun.ALL_SIX, false);
        assertEquals("open", summary.get("load").get("model").asText(), "the load: " + summary.get("load"));
        assertEquals(100, summary.get("load").get("rate_rps").asInt(), "the load: " + summary.get("load"));
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
        Process bench = new ProcessBuilder(Repo.root().resolve("bench").toString(), "run", "--design=rounds", "--quick",
                "--topology=netns",
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
     * The Ansible deployment (infra/ansible/) against the same three hosts and a second injector host (the inventory's
     * {@code [injectors]}), each a network namespace with its own sshd (infra/ansible/test/run.sh): site.yml deploys, bench.yml
     * runs a quick run from the injector with the gateway and Tomcat started on their hosts over ssh and half the load sent
     * from the second injector host over ssh ({@code --injectors=2}), and brings it back.
     */
    /** The second run of the Ansible test: nginx at equal rates on the same hosts, as short as a run can be. */
    private static final String EQUAL_RATES_ON_HOSTS = "--targets=nginx --warm-rate=100 --slice=1 --warmup-cap=12 "
            + "--percents=50 --slices=4 --rounds=1 --warmup=2 --duration=3 --cross-check=none";

    @Test
    void playbooksDeployRunAndBringTheResultsBack() throws Exception {
        Path work = Path.of("target", "ansible-it").toAbsolutePath();
        if (Files.exists(work)) {
            try (var old = Files.walk(work)) {
                old.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
        Files.createDirectories(work);
        String output = QuickRun.run(List.of("env", "BENCH_THEN=" + EQUAL_RATES_ON_HOSTS, "bash",
                Repo.root().resolve("infra/ansible/test/run.sh").toString(), work.toString(),
                "--design=rounds", "--quick",
                "--targets=" + String.join(",", ANSIBLE_TARGETS.subList(1, ANSIBLE_TARGETS.size())), "--injectors=2",
                // no wrk: it would run on the injector host beside the harness, as it runs on loopback (OwnDeploymentIT's cross-check)
                "--cross-check=none"),
                work.resolve("../ansible-it.log"), 30);
        // run.sh prints each run's folder once it is back, the second after the second playbook's own output
        List<String> folders = output.lines().map(String::trim)
                .filter(l -> l.startsWith(work.resolve("results").toString() + "/")).toList();
        assertEquals(2, folders.size(), "the two runs' folders: " + folders);
        Path run = Path.of(folders.get(0));
        Path equalRates = Path.of(folders.get(1));
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

        // the second injector host sent its share of every load from its own address, begun with the first's: its Gatling
        // began at the start gate's instant, as the first's did (not after an ssh session's time: with 100 ms of lead, its
        // closed load began 560-886 ms late); its clock measured; its records came back. Where each host's measured window
        // then began (its start_offset_ms) is the injector JVM's own: the first request it sends after the warm-up, which a
        // stall of that JVM delays (the second host's, started without the class-data archive on a shared core, 5-338 ms
        // here, 20261129); InjectorHostsIT, alone, bounds it. Only the second host's level starts are bounded: the first
        // host's Vegeta, on the CPU this phase's other tests keep busy, began a level 89 ms after it on the CI of 65640b4.
        JsonNode second = placement.get("more_injectors").get(0);
        assertEquals(conf.getProperty("INJECTOR2_ADDRESS"), second.get("address").asText());
        assertTrue(second.get("clock").get("uncertainty_us").asLong() <= 50_000, second.toString());
        for (JsonNode t : summary.get("targets")) {
            String name = t.get("name").asText();
            int number = 0;
            for (JsonNode round : t.get("rounds")) {
                number++;
                assertEquals(2, round.get("injectors").size(), name + ": " + round);
                round.get("injectors").forEach(share -> assertTrue(share.get("requests").asLong() > 0, name + ": " + share));
                Path raw = run.resolve("raw").resolve(name + "-round" + number);
                long[] began1 = StartGates.began(raw.resolve("gatling.log"));
                long[] began2 = StartGates.began(raw.resolve("injector2/gatling.log"));
                assertEquals(began1[0], began2[0], name + ": both hosts' gates held one instant");
                assertTrue(began1[1] <= GATE_LATE_MS && began2[1] <= GATE_LATE_MS, name + ": begun " + began1[1] + " and " + began2[1]
                        + " ms after the start instant");
                // injector2's Gatling ran on a machine the harness does not sample: no injector cost rather than half of it
                assertFalse(round.path("resources").has("injector"), name + ": " + round.get("resources"));
            }
            for (JsonNode level : t.get("fixed_rate")) {
                for (JsonNode round : level.get("rounds")) {
                    assertEquals(List.of("injector", "injector2"), round.get("injectors").findValuesAsText("host"), name + ": " + round);
                    round.get("injectors").forEach(share -> assertTrue(share.get("sent").asLong() > 0, name + ": " + share));
                    JsonNode level2 = round.get("injectors").get(1);
                    assertTrue(level2.get("start_offset_us").asLong() <= REMOTE_LEVEL_START_US, name + ": " + level2);
                }
            }
            // injector2's Gatling and Vegeta wrote into its own copy of the run, brought back to the injector's
            Path raw = Path.of("results", run.getFileName().toString(), "raw", name + "-round1");
            assertTrue(Files.exists(work.resolve("injector2/gateway-bench").resolve(raw).resolve("injector2")), name);
            assertTrue(Files.exists(run.resolve("raw").resolve(name + "-round1").resolve("injector2")), name);
        }
        // Both hosts' warm-ups ended at the one instant + the warm-up; the run's commands to injector2 shared one connection.
        long warmupMs = summary.get("load").get("warmup_s").asLong() * 1000;
        List<String> warmUpsPast = new java.util.ArrayList<>();
        List<String> warmedUp = new java.util.ArrayList<>();
        List<String> rounds = new java.util.ArrayList<>();
        for (JsonNode t : summary.get("targets")) {
            for (int number = 1; number <= t.get("rounds").size(); number++) {
                Path raw = run.resolve("raw").resolve(t.get("name").asText() + "-round" + number);
                rounds.add(raw.getFileName().toString());
                warmUpPastTheInstant(raw.getFileName() + " on injector", raw, warmupMs, warmedUp)
                        .ifPresent(warmUpsPast::add);
                warmUpPastTheInstant(raw.getFileName() + " on injector2", raw.resolve("injector2"), warmupMs, warmedUp)
                        .ifPresent(warmUpsPast::add);
            }
        }
        long accepted = Files.readAllLines(work.resolve("injector2/sshd.log"), java.nio.charset.StandardCharsets.ISO_8859_1).stream()
                .filter(l -> l.contains("Accepted publickey")).count();
        org.junit.jupiter.api.Assertions.assertAll(
                () -> assertTrue(warmUpsPast.isEmpty(), "warm-ups not timed from the start instant: " + warmUpsPast),
                // the check above reads warm-up requests, none where a host sent none: every round has some
                () -> assertTrue(rounds.stream()
                                .allMatch(r -> warmedUp.stream().anyMatch(w -> w.startsWith(r + " on "))),
                        "warm-up requests in every round " + rounds + ", found in " + warmedUp),
                () -> assertTrue(accepted <= INJECTOR2_CONNECTIONS, "injector2's sshd accepted " + accepted + " connections, at most "
                        + INJECTOR2_CONNECTIONS + " when the run's commands share one"));

        // at equal rates the gateway on its host is read there (infra/hosts/cpu-of): a CPU per request for nginx, where
        // none was read before; Tomcat's group is not read on the injector, where Tomcat does not run
        SummarySchemaTest.assertMatchesSchema(equalRates);
        JsonNode equal = new ObjectMapper().readTree(equalRates.resolve("summary.json").toFile());
        assertEquals("nginx", equal.get("targets").get(1).get("name").asText());
        assertTrue(equal.get("complete").asBoolean(), equal.path("incomplete_because").toString());
        assertTrue(equal.get("equal_rates").get("cpu").asText().contains("infra/hosts/cpu-of"),
                equal.get("equal_rates").get("cpu").asText());
        JsonNode nginxCost = equal.get("targets").get(1).get("cost").get("at_rates").get(0);
        assertTrue(nginxCost.path("cpu_us_per_request").path("value").asDouble() > 0, nginxCost.toString());
        assertFalse(equal.get("equal_rates").get("roles").findValuesAsText("role").contains("tomcat"),
                equal.get("equal_rates").get("roles").toString());
        Leftovers.assertNone(work);
    }
}
