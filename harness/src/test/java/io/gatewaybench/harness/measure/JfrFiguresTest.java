package io.gatewaybench.harness.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gatewaybench.harness.PlantedWork;
import io.gatewaybench.harness.TestGroups;
import io.gatewaybench.harness.plan.Repo;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import jdk.jfr.Recording;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Tag;

/**
 * JfrFigures against planted work ({@link PlantedWork}): a JVM started with
 * {@link JfrFigures#jvmOptions}, stopped with SIGTERM so that the recording is the one dumped at exit,
 * and read with its own JDK's jfr tool, on JDK 17 and 25 with G1, Parallel and ZGC (generational on
 * 25). Two runs each, side by side: the minimal recording around 256 MiB allocated, and the
 * profiling recording around 8 MiB allocated and a second of {@link PlantedWork#spin}. The
 * allocation figure must find the plant within its stated bound and move with it; every System.gc()
 * must show as a pause; the planted hot method must top the CPU and allocation frames.
 */
@Tag(TestGroups.ALONE) // counts Flight Recorder's samples: one class at a time (harness/pom.xml)
class JfrFiguresTest {
    private static final Path JDK17 = Path.of(System.getProperty("jfr.test.jdk17", "/usr/lib/jvm/java-17-openjdk-amd64"));
    private static final Path JDK25 = Path.of(System.getProperty("jfr.test.jdk25", "/usr/lib/jvm/temurin-25-jdk-amd64"));
    private static final long MIB = 1 << 20;
    private static final int GCS = 3;
    /** What a JVM allocates in a window besides the plant (JFR's own threads, the sleeping main thread): well under 1 MiB here. */
    private static final long SLACK = 4 * MIB;
    private static final long RUN_TIMEOUT_S = 60;

    static Stream<Arguments> jdksAndCollectors() {
        List<Arguments> cases = new ArrayList<>();
        for (Path jdk : List.of(JDK17, JDK25)) {
            for (String gc : List.of("G1", "Parallel", "Z")) {
                cases.add(Arguments.of(jdk, gc));
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} -XX:+Use{1}GC")
    @MethodSource("jdksAndCollectors")
    void figuresFindThePlantedWork(Path jdk, String gc, @TempDir Path dir) throws Exception {
        assertTrue(Files.isExecutable(jdk.resolve("bin/java")), "no JDK at " + jdk + ": JFR's figures are checked on both JDKs "
                + "the JVM profiles use (-Djfr.test.jdk17=<path>, -Djfr.test.jdk25=<path> where they lie elsewhere)");
        Planted heavy = Planted.start(jdk, gc, false, 256, 0, dir.resolve("heavy.jfr"));
        Planted light = Planted.start(jdk, gc, true, 8, 1000, dir.resolve("light.jfr"));
        JfrFigures a = heavy.figures();
        JfrFigures b = light.figures();
        System.out.printf("%s %s: minimal %s%n  profile %s%n", jdk.getFileName(), gc, a.result(), b.result());

        assertWithin(a.allocatedBytes(), 256 * MIB, "minimal recording, 256 MiB planted: " + a.result());
        assertWithin(b.allocatedBytes(), 8 * MIB, "profiling recording, 8 MiB planted: " + b.result());
        assertTrue(b.allocatedBytes() < a.allocatedBytes() / 8, "the figure moves with the plant: " + b.allocatedBytes() + " vs " + a.allocatedBytes());

        for (JfrFigures f : List.of(a, b)) {
            assertTrue(f.pauses().count() >= GCS, GCS + " System.gc() calls, each at least one pause: " + f.result());
            assertTrue(f.gcCount() >= GCS, GCS + " System.gc() calls, each at least one collection: " + f.result());
            assertEquals(f.pauses().count(), f.pauses().byName().values().stream().mapToInt(Integer::intValue).sum(), "by_name covers every pause");
            assertFalse(f.pauses().byName().keySet().stream().anyMatch(n -> n.startsWith("?")), "every pause has its collection: " + f.result());
            assertTrue(f.pauses().p99Ms() <= f.pauses().maxMs() && f.pauses().maxMs() <= f.pauses().totalMs(), f.result().toString());
        }

        assertEquals(List.of(), a.topCpuFrames(), "no profile, no CPU frames");
        assertEquals(List.of(), a.topAllocationFrames(), "no profile, no allocation frames");
        assertTopFrame(b.topCpuFrames(), "spin", b);
        assertTopFrame(b.topAllocationFrames(), "allocate", b);
    }

    private static void assertWithin(long measured, long planted, String what) {
        assertTrue(measured >= planted && measured <= planted * 5 / 4 + SLACK,
                what + ": expected " + planted + " to " + (planted * 5 / 4 + SLACK) + " bytes, got " + measured);
    }

    private static void assertTopFrame(List<JfrFigures.Frame> frames, String method, JfrFigures f) {
        assertFalse(frames.isEmpty(), "profile recording without frames: " + f.result());
        assertEquals(PlantedWork.class.getName() + "." + method, frames.get(0).frame(), f.result().toString());
        assertTrue(frames.get(0).share() > 0.5, "the planted " + method + " holds most of the samples: " + f.result());
    }

    @Test
    void jvmOptionsStartOneRecordingThatDumpsAtExit(@TempDir Path dir) {
        List<String> minimal = JfrFigures.jvmOptions(dir.resolve("gateway.jfr"), false);
        assertEquals(1, minimal.size());
        assertTrue(minimal.get(0).startsWith("-XX:StartFlightRecording=filename=" + dir.resolve("gateway.jfr") + ",dumponexit=true,"), minimal.get(0));
        assertTrue(minimal.get(0).endsWith("infra/jvm/figures.jfc"), minimal.get(0));
        List<String> profile = JfrFigures.jvmOptions(dir.resolve("gateway.jfr"), true);
        assertTrue(profile.get(0).endsWith(",settings=" + Repo.root().resolve("infra/jvm/figures-profile.jfc")), profile.get(0));
        assertThrows(IllegalArgumentException.class, () -> JfrFigures.jvmOptions(dir.resolve("a b.jfr"), false));
        assertThrows(IllegalArgumentException.class, () -> JfrFigures.jvmOptions(dir.resolve("a,b.jfr"), false));
        assertThrows(IllegalArgumentException.class, () -> JfrFigures.jvmOptions(dir.resolve("gateway.rec"), false));
    }

    /** Window edges, threads born inside the window, nearest-rank P99 and names, on jfr's JSON written by hand. */
    @Test
    void parseKeepsToTheWindow() throws IOException {
        StringBuilder events = new StringBuilder();
        // thread 1 lives throughout: 100 before, 1000 at from, 5000 at to, 9000 after
        events.append(allocation("00.000", 1, 100)).append(allocation("10.000", 1, 1_000))
                .append(allocation("20.000", 1, 5_000)).append(allocation("21.000", 1, 9_000));
        // thread 2 is born inside the window: counted from 0; thread 3 only after it: not counted
        events.append(allocation("15.000", 2, 700)).append(allocation("25.000", 3, 50_000));
        events.append(collection("09.000", 1, "G1New")).append(pause("09.000", 1, "GC Pause", "PT0.5S"));
        for (int i = 0; i < 100; i++) {
            events.append(collection("12.000", 10 + i, "G1Full")).append(pause("12.000", 10 + i, "GC Pause", "PT0.00" + (i < 99 ? 1 : 9) + "S"));
        }
        events.append(pause("20.001", 200, "Pause Remark", "PT1S"));
        // thread 1's first sample in the window reaches back before it: left out; thread 2's counts (born inside)
        events.append(sampled("jdk.ObjectAllocationSample", "12.000", 1, "io/x/B", 10)).append(sampled("jdk.ObjectAllocationSample", "11.000", 1, "io/x/A", 1_000_000))
                .append(sampled("jdk.ObjectAllocationSample", "13.000", 1, "io/x/B", 10)).append(sampled("jdk.ObjectAllocationSample", "16.000", 2, "io/x/C", 30))
                .append(sampled("jdk.ObjectAllocationSample", "21.000", 2, "io/x/A", 1_000));
        for (String second : List.of("05.000", "11.000", "12.000", "13.000", "21.000")) {
            events.append(sampled("jdk.ExecutionSample", second, 1, second.equals("11.000") ? "io/x/A" : "io/x/B$$Lambda$14/0x0000000800c03000", 0));
        }
        String json = "{\"recording\": {\"events\": [" + events.substring(0, events.length() - 1) + "]}}";
        JfrFigures f = JfrFigures.parse(new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)),
                Instant.parse("2026-01-01T00:00:10Z"), Instant.parse("2026-01-01T00:00:20Z"), Path.of("hand.jfr"));
        assertEquals(4_000 + 700, f.allocatedBytes());
        assertEquals(100, f.pauses().count());
        assertEquals(100, f.gcCount());
        assertEquals(9.0, f.pauses().maxMs(), 1e-9);
        assertEquals(1.0, f.pauses().p99Ms(), 1e-9);
        assertEquals(108.0, f.pauses().totalMs(), 1e-9);
        assertEquals(Map.of("G1Full: GC Pause", 100), f.pauses().byName());
        assertEquals(List.of(new JfrFigures.Frame("io.x.C.run", 0.6), new JfrFigures.Frame("io.x.B.run", 0.4)), f.topAllocationFrames());
        assertEquals(3, f.allocationSamples());
        assertEquals(List.of(new JfrFigures.Frame("io.x.B$$Lambda$14.run", 2 / 3.0), new JfrFigures.Frame("io.x.A.run", 1 / 3.0)), f.topCpuFrames());
        assertEquals(3, f.cpuSamples());
    }

    /**
     * Allocation in windows between samplings: three threads sampled every second from 10 s to 20 s, out of order and
     * a few ms apart within a sampling; one allocating 1,000 B/s throughout, one 2,000 B/s that ends at 15 s, one
     * born at 13 s with 500 B/s. Over 12.5-17.5 s: 37,750 B at the start and 50,250 at the end, both between two
     * samplings, so 12,500; a window before the first sampling is not covered.
     */
    @Test
    void allocationInWindowsIsInterpolatedBetweenSamplings() throws IOException {
        List<String> events = new ArrayList<>();
        for (int t = 10; t <= 20; t++) {
            events.add(allocation(String.format(java.util.Locale.ROOT, "%02d.004", t), 1, 1_000L * t));
            if (t <= 15) {
                events.add(allocation(String.format(java.util.Locale.ROOT, "%02d.000", t), 2, 2_000L * t));
            }
            if (t >= 13) {
                events.add(allocation(String.format(java.util.Locale.ROOT, "%02d.002", t), 3, 500L * (t - 12)));
            }
        }
        java.util.Collections.shuffle(events, new java.util.Random(1));
        String json = "{\"recording\": {\"events\": [" + String.join("", events).replaceFirst(",$", "") + "]}}";
        JfrFigures.AllocationSeries series = JfrFigures.AllocationSeries.parse(
                new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)));
        long at = Instant.parse("2026-01-01T00:00:00Z").getEpochSecond() * 1_000_000_000L;
        // each sampling's last event is thread 1's, at x.004 s: the window's ends lie half way between two samplings
        assertEquals(12_500, series.between(at + 12_504_000_000L, at + 17_504_000_000L));
        assertEquals(-1, series.between(at + 9_000_000_000L, at + 11_000_000_000L));
        assertEquals(series.total()[series.total().length - 1] - series.total()[0],
                series.between(series.atNanos()[0], series.atNanos()[series.atNanos().length - 1]));
    }

    private static String sampled(String type, String second, long thread, String frameClass, long weight) {
        return "{\"type\": \"" + type + "\", \"values\": {\"startTime\": \"2026-01-01T00:00:" + second + "Z\", \"weight\": " + weight
                + ", \"eventThread\": {\"javaThreadId\": " + thread + "}, \"stackTrace\": {\"truncated\": true, \"frames\": [{\"method\": "
                + "{\"type\": {\"name\": \"" + frameClass + "\"}, \"name\": \"run\"}}]}}},";
    }

    private static String allocation(String second, long thread, long bytes) {
        return "{\"type\": \"jdk.ThreadAllocationStatistics\", \"values\": {\"startTime\": \"2026-01-01T00:00:" + second + "Z\", \"allocated\": "
                + bytes + ", \"thread\": {\"javaThreadId\": " + thread + ", \"osThreadId\": " + (1000 + thread) + "}}},";
    }

    private static String collection(String second, long gcId, String name) {
        return "{\"type\": \"jdk.GarbageCollection\", \"values\": {\"startTime\": \"2026-01-01T00:00:" + second + "Z\", \"gcId\": " + gcId
                + ", \"name\": \"" + name + "\"}},";
    }

    private static String pause(String second, long gcId, String name, String duration) {
        return "{\"type\": \"jdk.GCPhasePause\", \"values\": {\"startTime\": \"2026-01-01T00:00:" + second + "Z\", \"duration\": \"" + duration
                + "\", \"gcId\": " + gcId + ", \"name\": \"" + name + "\"}},";
    }

    @Test
    void unreadableRecordingsAreNamedWithTheirLikelyCause(@TempDir Path dir) throws Exception {
        Path jdk = Path.of(System.getProperty("java.home"));
        Instant from = Instant.now().minusSeconds(10);
        Instant to = Instant.now();
        String missing = assertThrows(IllegalStateException.class, () -> JfrFigures.read(dir.resolve("none.jfr"), jdk, from, to)).getMessage();
        assertTrue(missing.contains("none.jfr") && missing.contains("SIGKILL"), missing);

        Path empty = Files.createFile(dir.resolve("empty.jfr"));
        String emptyMessage = assertThrows(IllegalStateException.class, () -> JfrFigures.read(empty, jdk, from, to)).getMessage();
        assertTrue(emptyMessage.contains("empty.jfr") && emptyMessage.contains("killed while dumping"), emptyMessage);

        Path whole = dir.resolve("whole.jfr");
        try (Recording r = new Recording()) { // this JVM's own recording, a few hundred KB
            r.enable("jdk.ThreadAllocationStatistics").withPeriod(java.time.Duration.ofMillis(100));
            r.start();
            Thread.sleep(500);
            r.stop();
            r.dump(whole);
        }
        byte[] bytes = Files.readAllBytes(whole);
        Path truncated = Files.write(dir.resolve("truncated.jfr"), java.util.Arrays.copyOf(bytes, bytes.length / 2));
        String cut = assertThrows(IllegalStateException.class, () -> JfrFigures.read(truncated, jdk, from, to)).getMessage();
        assertTrue(cut.contains("truncated.jfr") && cut.contains("killed while dumping"), cut);
        assertFalse(cut.contains("\n"), "one line: " + cut);

        String noTool = assertThrows(IllegalStateException.class, () -> JfrFigures.read(whole, dir, from, to)).getMessage();
        assertTrue(noTool.contains(dir.resolve("bin/jfr").toString()), noTool);

        String outside = assertThrows(IllegalStateException.class,
                () -> JfrFigures.read(whole, jdk, to.plusSeconds(3600), to.plusSeconds(3700))).getMessage();
        assertTrue(outside.contains("whole.jfr") && outside.contains("before the window's end"), outside);
    }

    /** One PlantedWork JVM: started with the recording's options, stopped by PID with SIGTERM once its window is over. */
    private record Planted(Path jdk, Process process, Path recording, Path log) {
        static Planted start(Path jdk, String gc, boolean profile, long allocateMib, long spinMs, Path recording) throws IOException {
            List<String> argv = new ArrayList<>(List.of(jdk.resolve("bin/java").toString(), "-Xms256m", "-Xmx256m", "-XX:+Use" + gc + "GC"));
            argv.addAll(JfrFigures.jvmOptions(recording, profile));
            argv.addAll(List.of("-cp", testClasses(), PlantedWork.class.getName(),
                    "--allocate-mib=" + allocateMib, "--gcs=" + GCS, "--spin-ms=" + spinMs));
            Path log = Path.of(recording + ".err");
            Process p = new ProcessBuilder(argv).redirectError(log.toFile()).start();
            // never outlives the test, whatever happens to it
            CompletableFuture.delayedExecutor(RUN_TIMEOUT_S, TimeUnit.SECONDS).execute(p::destroyForcibly);
            return new Planted(jdk, p, recording, log);
        }

        JfrFigures figures() throws IOException, InterruptedException {
            Instant from = null;
            Instant to = null;
            try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while (to == null && (line = out.readLine()) != null) {
                    if (line.startsWith("from ")) {
                        from = Instant.ofEpochMilli(Long.parseLong(line.substring(5)));
                    } else if (line.startsWith("to ")) {
                        to = Instant.ofEpochMilli(Long.parseLong(line.substring(3)));
                    }
                }
                process.destroy(); // SIGTERM: the JVM exits normally and dumps the recording
                assertTrue(process.waitFor(30, TimeUnit.SECONDS), "PlantedWork ignored SIGTERM");
            } finally {
                process.destroyForcibly();
            }
            assertTrue(from != null && to != null, "PlantedWork announced no window (exit " + process.exitValue() + "): " + Files.readString(log));
            assertEquals(143, process.exitValue(), "stopped by SIGTERM, not by the timeout: " + Files.readString(log));
            return JfrFigures.read(recording, jdk, from, to);
        }
    }

    private static String testClasses() {
        try {
            return Path.of(PlantedWork.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
