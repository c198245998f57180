package io.gatewaybench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gatewaybench.harness.plan.Repo;
import io.gatewaybench.harness.report.RunSummary;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A JVM profile matrix through {@code ./bench run --quick --jfr}: every JVM gateway under each of
 * two profiles, each with its flags, its GC and allocation figures and its top frames in
 * summary.json, and a profile table per gateway in summary.md. A planted descriptor whose nio
 * switch does nothing must fail under the nio profile (the gateway reports epoll), and a profile
 * with an unknown flag must stop the run before any load. Two profiles, not three: a third (parallel, until 20261127)
 * showed its flags reach the gateway as nio does, for two more cells of the run ({@code JvmProfileTest} reads every
 * profile's flags).
 */
class JvmProfilesIT {

    @Test
    void aThreeProfileMatrixRecordsEachProfilesFiguresAndCatchesAPlantedWrongTransport() throws Exception {
        Path results = Path.of("target", "jvm-profiles-it").toAbsolutePath();
        QuickRun.bench(results, 1, "run", "--design=rounds", "--quick",
                "--targets=netty-proxy,harness/src/test/resources/planted-transport/zuul2-lying.properties",
                "--jvm=default,nio", "--jfr", "--levels=none", "--cross-check=none", "--results=" + results);
        Path run = QuickRun.newest(results);
        SummarySchemaTest.assertMatchesSchema(run);
        JsonNode summary = new ObjectMapper().readTree(run.resolve("summary.json").toFile());
        List<String> names = new ArrayList<>();
        summary.get("targets").forEach(t -> names.add(t.get("name").asText()));
        assertEquals(List.of("direct", "netty-proxy@default", "netty-proxy@nio", "zuul2-lying@default", "zuul2-lying@nio"), names);
        int allocationFrames = 0;
        for (JsonNode t : summary.get("targets")) {
            String name = t.get("name").asText();
            if (name.equals("direct")) {
                continue;
            }
            if (name.equals("zuul2-lying@nio")) {
                assertTrue(t.get("failure").asText().contains("asks for the nio transport but zuul2-lying runs epoll"), t.toString());
                continue;
            }
            assertEquals(0, t.get("errors").asLong(), name);
            assertTrue(t.get("jvm_flags").asText().contains("-XX:+UseG1GC"), name);
            JsonNode runtime = t.get("rounds").get(0).get("runtime");
            assertEquals(name.endsWith("@nio") ? "nio" : name.startsWith("netty-proxy") ? "io_uring" : "epoll", runtime.get("transport").asText(), name);
            assertTrue(runtime.get("first_answer_ms").asLong() > 0, name);
            JsonNode jfr = runtime.get("jfr");
            assertTrue(jfr.get("pauses").has("count") && jfr.get("pauses").has("max_ms"), name + ": " + jfr);
            assertTrue(runtime.get("allocated_bytes_per_request").asDouble() > 0, name + " allocated nothing per request: " + runtime);
            assertTrue(jfr.get("top_cpu_frames").size() > 0, name + " has no CPU frames under --jfr: " + jfr);
            // a quick run's 3 s window holds few allocation samples (a thread's first one in the window is left out): the
            // list is always there, and across the run some gateway has entries in it
            assertTrue(jfr.get("top_allocation_frames").isArray() && jfr.has("allocation_samples"), name + ": " + jfr);
            allocationFrames += jfr.get("top_allocation_frames").size();
        }
        assertTrue(allocationFrames > 0, "no gateway has allocation frames under --jfr");
        JsonNode profiles = summary.get("jvm_profiles");
        assertEquals("default", profiles.get("reference").asText());
        assertEquals(2, profiles.get("profiles").size());
        JsonNode proxy = profiles.get("by_gateway").get("netty-proxy");
        assertEquals(2, proxy.size());
        proxy.forEach(row -> assertTrue(row.has("throughput_relative") && row.has("gc_pauses") && row.has("allocated_bytes_per_request"), row.toString()));
        String md = Files.readString(run.resolve("summary.md"));
        assertTrue(md.contains("## JVM profiles") && md.contains("### netty-proxy") && md.contains("### zuul2-lying"), md);
        String details = Files.readString(run.resolve(RunSummary.DETAILS));
        assertTrue(details.contains("## Top frames (JDK Flight Recorder)"), details);
    }

    @Test
    void aProfileWithAnUnknownFlagStopsTheRunBeforeAnyLoad() throws Exception {
        Path profiles = Files.createDirectories(Path.of("target", "jvm-profiles-it-bad").toAbsolutePath());
        Files.writeString(profiles.resolve("default.properties"), "flags=-Xmx1g\n");
        Files.writeString(profiles.resolve("typo.properties"), "flags=-Xmx1g -XX:+UseG1GCC\n");
        Path log = profiles.resolve("bench.log");
        String out = QuickRun.run(List.of("java", "-Dbench.jvmProfiles=" + profiles, "-jar", Repo.root().resolve("harness/target/bench.jar").toString(),
                "run", "--design=rounds", "--quick", "--targets=scg", "--jvm=default,typo", "--results="
                + profiles.resolve("results")), log, 2, 2);
        assertTrue(out.contains("JVM profile 'typo' does not start scg's JVM: Unrecognized VM option 'UseG1GCC'"), out);
        assertTrue(!Files.exists(profiles.resolve("results")) || Files.list(profiles.resolve("results")).findAny().isEmpty(),
                "no run folder: nothing was measured");
    }
}
