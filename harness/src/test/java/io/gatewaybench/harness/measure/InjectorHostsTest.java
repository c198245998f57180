package io.gatewaybench.harness.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gatewaybench.harness.model.InjectorShare;
import io.gatewaybench.harness.model.ProbeResult;
import io.gatewaybench.harness.plan.Repo;
import io.gatewaybench.harness.plan.Topology;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What one load sent from several injector hosts is ({@code --injectors}), on given records: split evenly, merged record by
 * record (never percentiles), counted over the window every host was measuring in, and late where any host was.
 * End to end on the emulated hosts: InjectorHostsIT.
 */
class InjectorHostsTest {
    private static final Path SAMPLE = Path.of("src/test/resources/vegeta/nginx-100rps-2s.json");
    private static final String MARKER = "THE LORD OF THE RINGS";
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void aLoadIsSplitAsEvenlyAsWholeUnitsGo() {
        assertEquals(List.of(50, 50), InjectorHosts.split(100, 2, "x"));
        assertEquals(List.of(34, 33, 33), InjectorHosts.split(100, 3, "x"));
        assertEquals(List.of(1, 1), InjectorHosts.split(2, 2, "x"));
        String fewer = assertThrows(IllegalArgumentException.class, () -> InjectorHosts.split(1, 2, "1 users")).getMessage();
        assertTrue(fewer.startsWith("1 users cannot be split between 2 injector hosts"), fewer);
    }

    /**
     * Two hosts' shares of one level, one answered as the real sample was (about 1 ms) and one 20 ms later each: the merged
     * level holds both modes, every request of each counted once, and more requests outstanding at once than either host had.
     */
    @Test
    void sharesMergeRecordByRecordAndKeepBothModes() throws IOException {
        VegetaLevel.Decoded fast = decode(Files.readAllLines(SAMPLE));
        List<String> slower = new ArrayList<>();
        for (String line : Files.readAllLines(SAMPLE)) {
            ObjectNode rec = (ObjectNode) JSON.readTree(line);
            slower.add(JSON.writeValueAsString(rec.put("latency", rec.get("latency").asLong() + 20_000_000L)));
        }
        VegetaLevel.Decoded slow = decode(slower);
        List<long[]> spans = new ArrayList<>(fast.spans());
        spans.addAll(slow.spans());
        VegetaLevel.Result merged = VegetaLevel.merged(List.of(fast.result(), slow.result()), spans);
        assertEquals(200, merged.rateRps());
        assertEquals(200, merged.planned());
        assertEquals(200, merged.sent());
        assertEquals(200, merged.good());
        assertEquals(200, merged.fromIntended().getTotalCount());
        assertTrue(fast.result().fromIntended().getMaxValue() < 20_000, "the sample itself answers under 20 ms");
        // half the requests answered fast, half 20 ms later: the lower quartile is the fast mode, the upper the slow one
        assertTrue(merged.fromIntended().getValueAtPercentile(25) < 20_000, "P25 " + merged.fromIntended().getValueAtPercentile(25));
        assertTrue(merged.fromIntended().getValueAtPercentile(75) >= 20_000, "P75 " + merged.fromIntended().getValueAtPercentile(75));
        assertEquals(fast.result().cpuMs() + slow.result().cpuMs(), merged.cpuMs(), 1e-9);
        // each slow request is outstanding while its fast twin is: at once, more than either host alone had
        assertTrue(merged.maxInFlight() > Math.max(fast.result().maxInFlight(), slow.result().maxInFlight()),
                merged.maxInFlight() + " against " + fast.result().maxInFlight() + " and " + slow.result().maxInFlight());
    }

    /** One host late is the level late, named by the host, though every other host's punctual requests hide it in the merged lag. */
    @Test
    void aLevelIsLateWhereAnyHostWasAndSoItStaysInTheSummary() {
        Ladder.Level merged = new Ladder.Level(200, 400, 400, 0, null, null, false, 2.1, 9.0, null, null,
                new Ladder.Level.Vegeta(null, Double.NaN, null));
        assertEquals("", merged.injectorLate(), "the merged lag alone is within the bound");
        InjectorShare onTime = share("injector", null);
        Ladder.Level late = merged.withInjectors(List.of(onTime, share("injector2", "send lag P99 6.40 ms")));
        assertEquals("injector2: send lag P99 6.40 ms", late.injectorLate());
        assertEquals(late.injectorLate(), Ladder.Level.of(late.measuredIn(1)).injectorLate(), "read back from summary.json");
        assertEquals("", merged.withInjectors(List.of(onTime, share("injector2", null))).injectorLate());
    }

    /**
     * Two hosts' Gatling logs, the second begun 50 ms after the first, each sending one request every 10 ms over its 3 s
     * window: merged onto one clock, counted over the 2,950 ms both were measuring in, 590 requests, 200 a second. Counted
     * from the first host's start alone, the second's last 50 ms would be missing and its first 50 ms never sent.
     */
    @Test
    void closedLoadsAreMergedOnOneClockOverTheirCommonWindow() {
        SimulationLog first = SimulationLog.of(10_000, Map.of("book", every10ms()));
        SimulationLog second = SimulationLog.of(10_050, Map.of("book", every10ms()));
        long[] window = SimulationLog.commonWindow(List.of(first, second), "book", 3);
        assertEquals(10_050, window[0]);
        assertEquals(13_000, window[1]);
        SimulationLog merged = SimulationLog.merged(List.of(first, second));
        assertEquals(10_000, merged.runStartEpochMillis());
        assertEquals(2, merged.requests("book").stream().filter(r -> r.start() == 50).count(),
                "the first's request at 50 ms and the second's first, moved onto the first's clock");
        assertEquals(3040, merged.requests("book").get(merged.requests("book").size() - 1).start(), "the second's last, moved");
        RequestStats stats = merged.stats("book", window[0], window[1]);
        assertEquals(590, stats.requests());
        assertEquals(200.0, stats.throughputRps(), 1e-9);
        assertEquals(295, first.counts("book", window[0], window[1])[0]);
        assertEquals(295, second.counts("book", window[0], window[1])[0]);
        String apart = assertThrows(IllegalStateException.class, () -> SimulationLog.commonWindow(List.of(first,
                SimulationLog.of(14_000, Map.of("book", every10ms()))), "book", 3)).getMessage();
        assertTrue(apart.contains("do not overlap"), apart);
    }

    /**
     * The same two hosts, the second's clock 5 s ahead of the harness's (its log says it began at 15,050): read on the
     * harness's clock by its measured offset, it merges as above; read as written, the two windows would not even overlap.
     */
    @Test
    void anotherHostsLogIsReadOnTheHarnesssClock() {
        SimulationLog first = SimulationLog.of(10_000, Map.of("book", every10ms()));
        SimulationLog second = SimulationLog.of(15_050, Map.of("book", every10ms())).onClock(5_000);
        assertEquals(10_050, second.runStartEpochMillis());
        long[] window = SimulationLog.commonWindow(List.of(first, second), "book", 3);
        assertEquals(10_050, window[0]);
        assertEquals(13_000, window[1]);
        assertEquals(590, SimulationLog.merged(List.of(first, second)).stats("book", window[0], window[1]).requests());
    }

    @Test
    void theInjectorsCostIsEveryInjectorHostsTogether() {
        var costs = Map.of("injector", new ResourceSampler.Cost(1.0, 100, 0.2, 1000), "injector2", new ResourceSampler.Cost(0.5, 50, 0.1, 500),
                "gateway", new ResourceSampler.Cost(2.0, 200, 0.4, 3000));
        var resources = RequestStats.resources(costs);
        assertEquals(1.5, resources.injector().cpuS(), 1e-9);
        assertEquals(150, resources.injector().cpuMsPer1000Requests(), 1e-9);
        assertEquals(2.0, resources.gateway().cpuS(), 1e-9);
    }

    private static List<SimulationLog.Request> every10ms() {
        List<SimulationLog.Request> requests = new ArrayList<>();
        for (int t = 0; t < 3000; t += 10) {
            requests.add(new SimulationLog.Request("book", t, t + 1, true));
        }
        return requests;
    }

    private static InjectorShare share(String host, String late) {
        return new InjectorShare(host, "10.123.0.1", 100, 200, 200, new ProbeResult.SendLagUs(500, late == null ? 2000 : 6400, 9000), null, 0,
                late);
    }

    private static VegetaLevel.Decoded decode(List<String> lines) throws IOException {
        return VegetaLevel.decode(new BufferedReader(new StringReader(String.join("\n", lines))), 100, 1, 1, VegetaLevel.Expect.marker(MARKER),
                url -> true, 1);
    }

    /**
     * A copy to another injector host that fails (its ssh cannot reach it) is that host lost, named with what ssh said, for
     * each way a run copies to it: a file sent (Vegeta's targets), a file written and sent (a start gate), a folder shipped
     * (Gatling's run folder). The same copies through a "host" that is this machine's shell land whole in its home.
     */
    @Test
    void aFailedCopyToAnotherHostIsThatHostLost(@TempDir Path home) throws IOException {
        Path folder = Files.createDirectories(Repo.root().resolve("harness/target/injector-hosts-test/run"));
        Path file = Files.writeString(folder.resolve("targets.txt"), "GET http://127.0.0.1:1/\n");
        String said = "ssh: connect to host 10.123.0.11 port 22: No route to host";
        Topology.Host gone = new Topology.Host("injector2", "10.123.0.11", 0, List.of("sh", "-c", "cat > /dev/null; echo '" + said + "'; exit 255"),
                home, null, null);
        for (Runnable copy : List.<Runnable>of(() -> gone.send(file), () -> gone.write(folder.resolve("start-gate"), "1"),
                () -> gone.ship(folder))) {
            String message = assertThrows(InjectorHosts.Lost.class, () -> InjectorHosts.on(gone, copy)).getMessage();
            assertTrue(message.startsWith("injector host injector2 (10.123.0.11) was lost: cannot copy "), message);
            assertTrue(message.endsWith(said), message);
        }
        Topology.Host here = new Topology.Host("injector2", "127.0.0.1", 0, List.of("sh", "-c"), home, null, null);
        InjectorHosts.on(here, () -> here.send(file));
        InjectorHosts.on(here, () -> here.write(folder.resolve("start-gate"), "2"));
        Path there = home.resolve(Repo.root().relativize(folder));
        assertEquals(Files.readString(file), Files.readString(there.resolve("targets.txt")));
        assertEquals("2", Files.readString(there.resolve("start-gate")));
    }
}
