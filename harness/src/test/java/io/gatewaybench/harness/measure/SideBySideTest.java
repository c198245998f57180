package io.gatewaybench.harness.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@link SideBySide}: the attack's schedule (every target once a cycle, in an order of its own) and its records cut
 * into slices, on records made as Vegeta writes them, with answers, lateness and CPU readings planted.
 */
class SideBySideTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String PAGE = "<html>THE LORD OF THE RINGS</html>";
    private static final List<URI> BASES = List.of(URI.create("http://127.0.0.1:9001"),
            URI.create("http://127.0.0.1:9002"));
    /** 1 s of warm-up, then 2 slices of 1 s, at 10 req/s each: 20 req/s in all, one request every 50 ms. */
    private static final int RATE = 10;
    private static final long START = 1_700_000_000_000_000_000L;

    @Test
    void everyCycleTakesEveryTargetOnceInAnOrderOfItsOwn() {
        String targets = SideBySide.shuffledTargets(BASES, List.of("/page"), List.of("Cookie: a=b"), new Random(1));
        List<String> gets = targets.lines().filter(l -> l.startsWith("GET ")).toList();
        assertEquals(SideBySide.CYCLES * BASES.size(), gets.size());
        Set<String> firsts = new HashSet<>();
        for (int c = 0; c < SideBySide.CYCLES; c++) {
            List<String> cycle = gets.subList(c * 2, c * 2 + 2);
            assertEquals(Set.of("GET http://127.0.0.1:9001/page", "GET http://127.0.0.1:9002/page"), Set.copyOf(cycle),
                    "cycle " + c);
            firsts.add(cycle.get(0));
        }
        assertEquals(2, firsts.size(), "one target always first: the order is not drawn anew each cycle");
        assertEquals(SideBySide.CYCLES * BASES.size(), targets.lines().filter(l -> l.equals("Cookie: a=b")).count());
    }

    @Test
    void eachRequestFallsInTheSliceItWasDueInAndTheWarmUpIsLeftOut() throws IOException {
        SideBySide.Result r = read(records(seq -> PAGE, seq -> 0L), null);
        for (String name : List.of("a", "b")) {
            for (SideBySide.Slice s : r.of(name)) {
                assertEquals(RATE, s.sent(), name);
                assertEquals(RATE, s.good(), name);
                assertEquals(-1, s.cpuNanos(), "no sampler: no CPU");
            }
        }
        assertEquals(START + 1_000_000_000L, r.measuredFromEpochNanos(),
                "the measured span starts after 1 s of warm-up");
    }

    @Test
    void anAnswerThatIsNotThePageIsCountedByItsReasonInItsSliceOnly() throws IOException {
        // target b's requests are the odd ones; its third of the second slice (seq 40-59) is not the page
        SideBySide.Result r = read(records(seq -> seq == 45 ? "<html>an error page</html>" : PAGE, seq -> 0L), null);
        assertEquals(RATE, r.of("a").get(1).good());
        assertEquals(RATE, r.of("b").get(0).good());
        assertEquals(RATE - 1, r.of("b").get(1).good());
        assertEquals(Map.of("no marker", 1L), r.of("b").get(1).failures());
        assertEquals(RATE, r.of("b").get(1).sent());
    }

    @Test
    void aRequestSentLateCountsItsLatenessFromItsIntendedSend() throws IOException {
        long late = 30_000_000L; // 30 ms
        SideBySide.Result r = read(records(seq -> PAGE, seq -> seq == 44 ? late : 0L), null);
        SideBySide.Slice s = r.of("a").get(1); // seq 44: target a's third request of the second slice
        assertTrue(s.sendLag().getMaxValue() >= 29_900 && s.sendLag().getMaxValue() <= 30_100,
                "lag " + s.sendLag().getMaxValue());
        assertTrue(s.fromIntended().getMaxValue() >= 30_000 + s.fromSend().getMinValue(), "from intended "
                + s.fromIntended().getMaxValue());
        assertTrue(r.of("a").get(0).sendLag().getMaxValue() < 1_000, "a punctual slice reads no lag");
    }

    @Test
    void eachSlicesCpuIsItsGroupsBetweenItsEndsInterpolated() throws IOException {
        // group a burns 2 ms of CPU each 100 ms, read every 100 ms from 50 ms before the attack; b burns 1 ms
        Map<String, List<long[]>> readings = Map.of("a", burn(2_000_000L), "b", burn(1_000_000L),
                "tomcat", burn(500_000L));
        SideBySide.Result r = read(records(seq -> PAGE, seq -> 0L), SideBySide.CpuSampler.over(readings));
        assertEquals(20_000_000L, r.of("a").get(0).cpuNanos(), "a: 2 ms a 100 ms over 1 s");
        assertEquals(10_000_000L, r.of("b").get(1).cpuNanos());
        assertEquals(2_000_000.0 / RATE * 10 / 1000, r.of("a").get(0).cpuUsPerRequest(), 1e-9, "us per good answer");
        assertEquals(5_000_000L, r.roleCpuNanos().get("tomcat")[1]);
        assertNotEquals(r.of("a").get(0).cpuNanos(), r.of("b").get(0).cpuNanos());
    }

    @Test
    void eachSlicesCollectionCpuIsItsJvmsThreadsBetweenItsEnds() throws IOException {
        // a's collection burns 0.3 ms each 100 ms; b is no JVM read; tomcat's reading fails from 2.5 s on, inside
        // the second slice (2-3 s after the start)
        List<long[]> gone = new ArrayList<>(burn(500_000L));
        gone.replaceAll(x -> x[0] > START + 2_500_000_000L ? new long[] {x[0], -1} : x);
        Map<String, List<long[]>> readings = Map.of("a", burn(2_000_000L), "b", burn(1_000_000L),
                SideBySide.GC + "a", burn(300_000L), "tomcat", gone);
        SideBySide.Result r = read(records(seq -> PAGE, seq -> 0L), SideBySide.CpuSampler.over(readings));
        assertEquals(3_000_000L, r.of("a").get(0).gcNanos(), "a's collection: 0.3 ms a 100 ms over 1 s");
        assertEquals(3_000_000L, r.of("a").get(1).gcNanos());
        assertEquals(-1, r.of("b").get(0).gcNanos(), "b's collection is not read");
        assertEquals(5_000_000L, r.roleCpuNanos().get("tomcat")[0], "read throughout the first slice");
        assertEquals(-1, r.roleCpuNanos().get("tomcat")[1], "a slice that needs a failed reading is unknown");
    }

    /** Readings every 100 ms from 50 ms before the attack to 4 s past it, of a group burning {@code per100ms} each. */
    private static List<long[]> burn(long per100ms) {
        List<long[]> s = new ArrayList<>();
        for (int i = 0; i <= 40; i++) {
            long at = START - 50_000_000L + i * 100_000_000L;
            s.add(new long[] {at, Math.round((at - START) / 100_000_000.0 * per100ms) + 10 * per100ms});
        }
        return s;
    }

    private static SideBySide.Result read(List<String> lines, SideBySide.CpuSampler sampler) throws IOException {
        return SideBySide.read(new BufferedReader(new StringReader(String.join("\n", lines))), List.of("a", "b"), BASES,
                List.of("a", "b"), List.of("tomcat"), RATE, 1, 2, 1, VegetaLevel.Expect.marker("THE LORD OF THE RINGS"),
                sampler);
    }

    /** 3 s of records at 20 req/s in all, the targets in turn (a even, b odd), each answered in 1 ms. */
    private static List<String> records(java.util.function.LongFunction<String> body,
            java.util.function.LongUnaryOperator lateNanos) {
        List<String> lines = new ArrayList<>();
        for (long seq = 0; seq < 60; seq++) {
            long at = START + seq * 50_000_000L + lateNanos.applyAsLong(seq);
            ObjectNode r = JSON.createObjectNode();
            r.put("seq", seq);
            r.put("code", 200);
            r.put("timestamp", Instant.ofEpochSecond(at / 1_000_000_000L, at % 1_000_000_000L).toString());
            r.put("latency", 1_000_000L);
            r.put("error", "");
            r.put("body", Base64.getEncoder().encodeToString(body.apply(seq).getBytes(StandardCharsets.UTF_8)));
            r.put("url", BASES.get((int) (seq % 2)) + "/page");
            lines.add(r.toString());
        }
        return lines;
    }

    /** Every CPU reading an attack made is kept (name, instant, time), so that a slice's CPU can be traced to them. */
    @Test
    void theCpuReadingsAreKept(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.util.Map<String, java.util.List<long[]>> readings = new java.util.LinkedHashMap<>();
        readings.put("cpu:nginx", java.util.List.of(new long[] {1_000, 5}, new long[] {2_000, 9}));
        readings.put("injector", java.util.List.of(new long[] {1_000, -1}));
        java.nio.file.Path file = dir.resolve("rate-110-turn-1-cpu.tsv");
        SideBySide.CpuSampler.over(readings).write(file);
        assertEquals(java.util.List.of("# name\tepoch_ns\tcpu_ns", "cpu:nginx\t1000\t5", "cpu:nginx\t2000\t9",
                "injector\t1000\t-1"), java.nio.file.Files.readAllLines(file));
    }
}
