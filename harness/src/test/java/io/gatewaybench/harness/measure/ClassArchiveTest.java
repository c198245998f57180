package io.gatewaybench.harness.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gatewaybench.harness.plan.Repo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The injector's class-data archive: made on this machine, mapped by the JVM the injector runs on with the class path it
 * runs with, holding the compiled simulation, and, where it cannot be made, the injector started as before with the reason said.
 */
class ClassArchiveTest {
    /**
     * The injector's own command line up to its main class, with {@code -Xshare:on} for the pom's {@code -Xshare:auto} (a JVM
     * that cannot map the archive stops instead of starting without it) and {@code -version} for the simulation: it exits 0
     * only if the archive is valid for this JVM, its flags and its class path. The same command with the simulation's jar
     * replaced by a copy must fail it: a check that could not fail would prove nothing.
     */
    @Test
    void theInjectorsJvmMapsTheArchiveWithTheClassPathItRunsWith(@TempDir Path dir) throws Exception {
        Optional<ClassArchive> made = GatlingCommand.archive();
        assertTrue(made.isPresent(), "no archive was made on this machine (simulations/target/cds/*.log say why)");
        ClassArchive archive = made.get();
        List<String> command = GatlingCommand.of(List.of("-DbaseUrl=http://127.0.0.1:1"), dir, false);
        List<String> strict = strictVersion(command);
        assertEquals(0, exit(strict, dir.resolve("mapped.log")), "the injector's JVM refused its archive: "
                + Files.readString(dir.resolve("mapped.log")));

        // planted: the jar the archive was made with replaced by a copy of itself written later
        Path copy = dir.resolve("simulation.jar");
        Files.copy(archive.jar(), copy, StandardCopyOption.COPY_ATTRIBUTES);
        Files.setLastModifiedTime(copy, FileTime.fromMillis(Files.getLastModifiedTime(archive.jar()).toMillis() + 60_000));
        List<String> planted = new ArrayList<>(strict);
        int cp = planted.indexOf("-cp") + 1;
        planted.set(cp, planted.get(cp).replace(archive.jar().toString(), copy.toString()));
        assertNotEquals(0, exit(planted, dir.resolve("planted.log")), "a class path the archive was not made with must be refused");
    }

    @Test
    void theArchivedJarHoldsTheCompiledSimulation() throws Exception {
        ClassArchive archive = GatlingCommand.archive().orElseThrow(() -> new AssertionError("no archive was made (simulations/target/cds/*.log)"));
        Path classes = Repo.root().resolve("simulations/target/test-classes");
        List<String> compiled;
        try (Stream<Path> files = Files.walk(classes)) {
            compiled = files.filter(Files::isRegularFile).map(f -> classes.relativize(f).toString()).sorted().toList();
        }
        assertTrue(compiled.contains("io/gatewaybench/simulations/BookPageSimulation.class"), compiled.toString());
        try (ZipFile jar = new ZipFile(archive.jar().toFile())) {
            assertEquals(compiled, jar.stream().map(java.util.zip.ZipEntry::getName).sorted().toList());
        }
    }

    /**
     * Each way the archive can fail to be made leaves none and says which step failed, with its log: a "java" that fails at
     * once (no class list), one that lists classes but stops before the simulation ran (no simulation.log: a listing that
     * misses what every load loads, as the run without a session cookie did, which fetched one first and stopped), and one
     * whose dump fails.
     */
    @Test
    void anArchiveThatCannotBeMadeIsNoneAndSaysWhy(@TempDir Path dir) throws Exception {
        assertNotMade(dir.resolve("fails"), "", "the run that lists the injector's classes listed none", "list.log");
        assertNotMade(dir.resolve("stops"), "list", "the run that lists the injector's classes did not run the simulation", "list.log");
        assertNotMade(dir.resolve("dump"), "list run", "java -Xshare:dump exited with 1", "dump.log");
    }

    /**
     * A "java" that says "Error: not a JVM" and, as {@code does} holds, writes the class list it is asked for ({@code list})
     * and a simulation.log in the results folder it is given ({@code run}); it exits 1 on {@code -Xshare:dump}, 2 otherwise.
     */
    private static void assertNotMade(Path dir, String does, String reason, String log) throws IOException {
        Path java = Files.createDirectories(dir).resolve("java");
        Files.writeString(java, """
                #!/bin/bash
                echo 'Error: not a JVM'
                prev=
                for a in "$@"; do
                  case "$a" in -XX:DumpLoadedClassList=*) [[ "%1$s" == *list* ]] && echo java/lang/Object > "${a#*=}" ;; esac
                  [ "$prev" = -rf ] && [[ "%1$s" == *run* ]] && mkdir -p "$a/sim" && echo x > "$a/sim/simulation.log"
                  [ "$a" = -Xshare:dump ] && exit 1
                  prev="$a"
                done
                exit 2
                """.formatted(does));
        assertTrue(java.toFile().setExecutable(true));
        Path classes = Files.createDirectories(dir.resolve("classes/x"));
        Files.writeString(classes.resolve("A.class"), "x");
        StringBuilder why = new StringBuilder();
        Optional<ClassArchive> none = ClassArchive.prepare(dir.resolve("cds"), java.toString(), List.of("-Xmx1G"), dir.resolve("classes"),
                "", FileTime.fromMillis(0), List.of("Main"), why);
        assertFalse(none.isPresent(), does + ": no archive");
        assertTrue(why.toString().startsWith(reason) && why.toString().contains(log), does + ": " + why);
        assertTrue(Files.readString(dir.resolve("cds").resolve(log)).contains("Error: not a JVM"), "what the JVM said, kept");
        try (Stream<Path> left = Files.list(dir.resolve("cds"))) {
            assertTrue(left.noneMatch(f -> f.toString().endsWith(".jsa")), "no archive left behind");
        }
    }

    /** {@code command} (the injector's) up to its class path, its archive required, running {@code -version}. */
    private static List<String> strictVersion(List<String> command) {
        int cp = command.indexOf("-cp");
        List<String> strict = new ArrayList<>(command.subList(0, cp + 2));
        assertTrue(strict.remove("-Xshare:auto"), "the injector's archive is optional to its JVM: " + command);
        strict.add(1, "-Xshare:on");
        strict.add("-version");
        return strict;
    }

    private static int exit(List<String> command, Path log) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "java -version ended");
        return p.exitValue();
    }
}
