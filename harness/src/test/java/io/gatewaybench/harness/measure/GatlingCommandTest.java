package io.gatewaybench.harness.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.gatewaybench.harness.plan.Repo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The injector started without Maven is started as {@code mvn gatling:test} started it. */
class GatlingCommandTest {
    /** The reference run, measured when the harness still ran {@code mvn gatling:test} and read the forked JVM's flags. */
    private static final Path REFERENCE = Repo.root().resolve("results/20261124-035143/summary.json");

    @Test
    void theInjectorJvmGetsTheFlagsTheMavenPluginGaveIt() throws Exception {
        String recorded = new ObjectMapper().readTree(REFERENCE.toFile()).get("jvm_flags").get("gatling").asText();
        List<String> pluginFlags = Arrays.asList(recorded.split(" ")).subList(1, recorded.split(" ").length); // less the executable
        List<String> command = GatlingCommand.of(List.of("-DbaseUrl=http://127.0.0.1:1"), Path.of("/tmp/results"), true);
        List<String> flags = new java.util.ArrayList<>(command.stream().skip(1).takeWhile(a -> !a.equals("-cp"))
                .filter(a -> a.startsWith("-X") || a.startsWith("--")).toList());
        // the class-data archive's two flags, after the pom's: where the classes' metadata comes from, not a flag of the JVM that
        // runs the load (ClassArchive; ClassArchiveTest)
        ClassArchive archive = GatlingCommand.archive().orElseThrow(() -> new AssertionError("no archive was made (simulations/target/cds/*.log)"));
        assertEquals(archive.flags(), flags.subList(flags.size() - 2, flags.size()), "the archive's flags last: " + flags);
        flags.removeAll(archive.flags());
        assertEquals(pluginFlags, flags, "the injector's JVM flags (simulations/pom.xml) against those mvn gatling:test gave the reference run "
                + REFERENCE + "; a change meant to be made is a new injector, and needs a new reference run");
        // and the plugin's properties: the dead HTTPS proxy that keeps Gatling's release check on the machine
        assertTrue(command.containsAll(List.of("-Dhttps.proxyHost=127.0.0.1", "-Dhttps.proxyPort=1")), command.toString());
    }

    @Test
    void theSimulationRunsFromItsCompiledClassesWithItsClassPathAndTheRunsProperties() throws Exception {
        List<String> command = GatlingCommand.of(List.of("-DbaseUrl=http://127.0.0.1:1", "-Dusers=4"), Path.of("/tmp/results"), true);
        int cp = command.indexOf("-cp");
        assertTrue(command.subList(0, cp).containsAll(List.of("-DbaseUrl=http://127.0.0.1:1", "-Dusers=4")), command.toString());
        List<String> classPath = List.of(command.get(cp + 1).split(":"));
        // here from the jar of the compiled classes the archive was made with; on another host from the classes themselves
        assertEquals(GatlingCommand.archive().orElseThrow(() -> new AssertionError("no archive was made (simulations/target/cds/*.log)")).jar().toString(), classPath.get(0));
        List<String> there = GatlingCommand.of(List.of("-DbaseUrl=http://127.0.0.1:1"), Path.of("/tmp/results"), true, false);
        assertTrue(there.stream().noneMatch(a -> a.startsWith("-XX:SharedArchiveFile") || a.startsWith("-Xshare")), there.toString());
        List<String> classPathThere = List.of(there.get(there.indexOf("-cp") + 1).split(":"));
        assertEquals(Repo.root().resolve("simulations/target/test-classes").toString(), classPathThere.get(0));
        assertEquals(classPath.subList(1, classPath.size()), classPathThere.subList(1, classPathThere.size()), "the same dependencies");
        assertTrue(Files.isRegularFile(Repo.root().resolve("simulations/target/test-classes/io/gatewaybench/simulations/BookPageSimulation.class")),
                "the simulation was compiled");
        assertTrue(classPath.stream().anyMatch(e -> e.contains("gatling-http-java")), "Gatling's HTTP DSL on the class path: " + classPath);
        classPath.forEach(e -> assertTrue(Files.exists(Path.of(e)), e + " is on the class path and does not exist"));
        assertEquals(List.of(GatlingCommand.MAIN, "-s", "io.gatewaybench.simulations.BookPageSimulation", "-rf", "/tmp/results"),
                command.subList(cp + 2, command.size()));
        // without its HTML report: Gatling's own option, last
        List<String> noReport = GatlingCommand.of(List.of("-DbaseUrl=http://127.0.0.1:1", "-Dusers=4"), Path.of("/tmp/results"), false);
        assertEquals(List.of(GatlingCommand.MAIN, "-s", "io.gatewaybench.simulations.BookPageSimulation", "-rf", "/tmp/results", "-nr"),
                noReport.subList(cp + 2, noReport.size()));
    }

    /**
     * The simulation is compiled again exactly when make would: a source, the pom or anything the compile wrote changed
     * since its stamp. Each case below plants one such change on a compile that is otherwise up to date.
     */
    @Test
    void theSimulationIsCompiledAgainWhenAnInputIsNewerOrAnOutputIsGone(@TempDir Path dir) throws Exception {
        Path target = Files.createDirectories(dir.resolve("target"));
        Path source = Files.createDirectories(dir.resolve("src/test/java")).resolve("Simulation.java");
        Path pom = dir.resolve("pom.xml");
        Path jar = dir.resolve("m2/gatling.jar");
        Files.createDirectories(jar.getParent());
        for (Path f : List.of(source, pom, jar)) {
            Files.writeString(f, "x");
        }
        FileTime before = FileTime.fromMillis(1_000_000_000_000L);
        FileTime stamped = FileTime.fromMillis(1_000_000_060_000L);
        FileTime after = FileTime.fromMillis(1_000_000_120_000L);
        Files.setLastModifiedTime(pom, before);
        allModified(dir.resolve("src"), before);
        Files.createDirectories(target.resolve("test-classes"));
        Files.writeString(target.resolve("gatling-classpath.txt"), jar + "\n");
        Files.setLastModifiedTime(Files.write(target.resolve(GatlingCommand.STAMP), new byte[0]), stamped);
        List<Path> inputs = List.of(pom, dir.resolve("src"));
        assertTrue(GatlingCommand.upToDate(target, inputs), "nothing changed since the compile");

        Files.setLastModifiedTime(source, after);
        assertFalse(GatlingCommand.upToDate(target, inputs), "a source edited after the compile");
        Files.setLastModifiedTime(source, before);
        Files.setLastModifiedTime(pom, after);
        assertFalse(GatlingCommand.upToDate(target, inputs), "the pom edited after the compile");
        Files.setLastModifiedTime(pom, before);
        Files.setLastModifiedTime(Files.writeString(source.resolveSibling("New.java"), "x"), after);
        assertFalse(GatlingCommand.upToDate(target, inputs), "a source added after the compile");
        Files.delete(source.resolveSibling("New.java"));
        assertFalse(GatlingCommand.upToDate(target, inputs), "a source deleted after the compile (its folder changed)");
        allModified(dir.resolve("src"), before);
        assertTrue(GatlingCommand.upToDate(target, inputs), "every plant undone");

        Files.delete(jar);
        assertFalse(GatlingCommand.upToDate(target, inputs), "a jar of the class path gone (Maven's repository cleared)");
        Files.writeString(jar, "x");
        Files.delete(target.resolve("test-classes"));
        assertFalse(GatlingCommand.upToDate(target, inputs), "the compiled classes gone (mvn clean)");
        Files.createDirectories(target.resolve("test-classes"));
        Files.delete(target.resolve(GatlingCommand.STAMP));
        assertFalse(GatlingCommand.upToDate(target, inputs), "no compile succeeded here yet");
    }

    private static void allModified(Path folder, FileTime time) throws java.io.IOException {
        try (java.util.stream.Stream<Path> files = Files.walk(folder)) {
            for (Path f : files.toList()) {
                Files.setLastModifiedTime(f, time);
            }
        }
    }
}
