package io.gatewaybench.harness.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gatewaybench.harness.Origins;
import io.gatewaybench.harness.TestGroups;
import io.gatewaybench.harness.model.InterleavedSlices;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The interleaved load ({@code ./bench interleave}): Gatling's slices against real Tomcat, each counted in its own window
 * and in the order the cycles rotate; and a slice with one failed answer refuses the load instead of reading slow.
 */
@Tag(TestGroups.ALONE) // times Gatling's slices: one class at a time (harness/pom.xml)
@ExtendWith(Origins.Resolver.class)
class InterleavedLoadTest {
    @Test
    void everySliceIsCountedInItsOwnWindowInTheRotatedOrder(Origins origins, @TempDir Path raw) throws Exception {
        URI tomcat = origins.tomcatUrl();
        GatlingRun.Request request = GatlingRun.Request.book(ScenarioCheck.sessionCookie(tomcat));
        InterleavedSlices s = InterleavedLoad.run(List.of("a", "b"), List.of(tomcat, tomcat), request, 2, 1, 2, 2, raw);
        assertEquals(List.of("a", "b"), s.names());
        assertEquals(2, s.cycles());
        // a cycle: two slices of 1 + 2 + 1 s, each after the one before has ended, so never under 8 s (how much longer
        // Gatling takes on a busy machine is not this test's business: no upper bound)
        assertTrue(s.cycleSeconds() >= 8, "a cycle took " + s.cycleSeconds() + " s");
        for (int t = 0; t < 2; t++) {
            for (int c = 0; c < 2; c++) {
                assertEquals(2, s.perSecond()[t][c].length);
                for (double answers : s.perSecond()[t][c]) {
                    assertTrue(answers > 0, "every second of every slice served: " + java.util.Arrays.deepToString(s.perSecond()));
                }
            }
        }
        SimulationLog log;
        try (Stream<Path> dirs = Files.list(raw)) {
            log = SimulationLog.read(dirs.filter(Files::isDirectory).findFirst().orElseThrow().resolve("simulation.log"));
        }
        // cycle 1: a then b; cycle 2: b then a; each slice after the one before it has ended
        List<String> order = List.of("a#1", "b#1", "b#2", "a#2");
        for (int i = 1; i < order.size(); i++) {
            int lastOfBefore = log.requests(order.get(i - 1)).stream().mapToInt(SimulationLog.Request::end).max().orElseThrow();
            int firstOfNext = log.requests(order.get(i)).stream().mapToInt(SimulationLog.Request::start).min().orElseThrow();
            assertTrue(firstOfNext >= lastOfBefore, order.get(i) + " began before " + order.get(i - 1) + " ended");
        }
        // what a cycle took is read from the log: the first window of cycle 2 began that long after cycle 1's
        int cycle1 = Math.min(firstSend(log, "a#1"), firstSend(log, "b#1"));
        int cycle2 = Math.min(firstSend(log, "a#2"), firstSend(log, "b#2"));
        assertEquals((cycle2 - cycle1) / 1000.0, s.cycleSeconds(), 1e-9, "a cycle, as the log holds it");
        // and the first and last second of each slice are left out: a slice's window is its stated length (Gatling
        // records whole milliseconds, a little after the instant the request was named)
        for (String slice : order) {
            List<SimulationLog.Request> r = log.requests(slice);
            int span = r.stream().mapToInt(SimulationLog.Request::start).max().orElseThrow() - r.stream().mapToInt(SimulationLog.Request::start).min().orElseThrow();
            assertTrue(span <= 2010 && span > 1500, slice + " sent over " + span + " ms, not the 2 s of its window");
            assertTrue(log.requests("lead").size() > 0 && log.requests("tail").size() > 0, "the seconds before and after each window, apart");
        }
    }

    private static int firstSend(SimulationLog log, String slice) {
        return log.requests(slice).stream().mapToInt(SimulationLog.Request::start).min().orElseThrow();
    }

    @Test
    void oneFailedAnswerInASliceRefusesTheLoad() {
        Map<String, List<SimulationLog.Request>> requests = new LinkedHashMap<>();
        for (String name : List.of("a#1", "b#1", "b#2", "a#2")) {
            List<SimulationLog.Request> r = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                r.add(new SimulationLog.Request(name, i * 100, i * 100 + 5, true));
            }
            requests.put(name, r);
        }
        InterleavedSlices s = InterleavedLoad.slices(SimulationLog.of(requests), List.of("a", "b"), 2, 2);
        assertEquals(10.0, s.throughput(1, 1));
        assertEquals(0.0, s.cycleSeconds(), "every slice planted at the same instant");
        requests.get("b#2").set(7, new SimulationLog.Request("b#2", 700, 705, false));
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> InterleavedLoad.slices(SimulationLog.of(requests), List.of("a", "b"), 2, 2));
        assertTrue(e.getMessage().contains("1 of 'b#2'"), e.getMessage());
        requests.remove("a#2");
        requests.get("b#2").set(7, new SimulationLog.Request("b#2", 700, 705, true));
        e = assertThrows(IllegalStateException.class, () -> InterleavedLoad.slices(SimulationLog.of(requests), List.of("a", "b"), 2, 2));
        assertTrue(e.getMessage().contains("a's slice in cycle 2"), e.getMessage());
    }
}
