package io.gatewaybench.harness.measure;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * The injector's classes as a class-data-sharing archive (AppCDS, the JDK's own: {@code -Xshare:dump}), so that each
 * Gatling JVM maps the 6,000 classes its start loads instead of reading and verifying them again (what it saves:
 * simulations/README.md). It changes where the classes' metadata comes from, not the code the JIT compiles or the flags the
 * JVM runs with, so the measured windows (after the warm-up) are the same load.
 *
 * <p>Made once per compile of the simulation (and per JVM, flags and class path: the file is named by a hash of them, and
 * several stay side by side), under the compile's lock, in two steps of the JDK's documented flow: a run of the simulation
 * that sends to a refused loopback port for no seconds lists the classes it loads ({@code -XX:DumpLoadedClassList}; it must
 * have run the simulation, not stopped before it), then {@code -Xshare:dump} archives them. The list's
 * {@code @lambda-proxy} lines are left out: OpenJDK 17.0.15 crashes archiving them (SIGSEGV in
 * {@code SystemDictionaryShared::adjust_lambda_proxy_class_dictionary}), so lambdas are spun at start as without an
 * archive. CDS needs jars on the class path, not folders: the compiled simulation is archived from a jar of its classes.
 * Whatever fails, the injector starts as before, without the archive, and the harness says so once.
 */
record ClassArchive(Path jar, Path archive) {
    /** The JVM flags that start the injector from the archive, with {@link #jar} first on its class path. */
    List<String> flags() {
        return List.of("-XX:SharedArchiveFile=" + archive, "-Xshare:auto");
    }

    /**
     * The archive for {@code java} with {@code jvmArgs}, the simulation's classes {@code classes} and its dependencies
     * {@code dependencies} (a class path), made in {@code folder} unless one made after {@code compiled} is there;
     * {@code noLoad}: a command line's tail (properties, Gatling's main class and its simulation) that runs the simulation
     * against a refused port for no seconds, its results folder and {@code -nr} added here.
     * Empty, with the reason on {@code why}, when it could not be made.
     */
    static Optional<ClassArchive> prepare(Path folder, String java, List<String> jvmArgs, Path classes, String dependencies,
                                          FileTime compiled, List<String> noLoad, StringBuilder why) {
        try {
            String key = hash(java + "\n" + System.getProperty("java.vm.version") + "\n" + jvmArgs + "\n" + dependencies);
            ClassArchive a = new ClassArchive(folder.resolve("simulation.jar"), folder.resolve("gatling-" + key + ".jsa"));
            if (a.madeAfter(compiled)) {
                return Optional.of(a);
            }
            Files.createDirectories(folder);
            if (!Files.isRegularFile(a.jar()) || Files.getLastModifiedTime(a.jar()).compareTo(compiled) <= 0) {
                // compiled again: a new jar (whole, by rename), and no archive of the old one (a JVM would not map it)
                Path written = folder.resolve("simulation.jar.new");
                jar(classes, written);
                Files.move(written, a.jar(), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                try (Stream<Path> old = Files.list(folder)) {
                    for (Path f : old.filter(f -> f.getFileName().toString().endsWith(".jsa")).toList()) {
                        Files.delete(f);
                    }
                }
            }
            String classPath = a.jar() + ":" + dependencies;
            Path listed = folder.resolve("classes.lst");
            Path results = folder.resolve("listing");
            deleteTree(results);
            List<String> list = new ArrayList<>(List.of(java, "-XX:DumpLoadedClassList=" + listed));
            list.addAll(jvmArgs);
            list.addAll(List.of("-cp", classPath));
            list.addAll(noLoad);
            list.addAll(List.of("-rf", results.toString(), "-nr"));
            // it ends as a run against a refused port does (its assertions fail: exit 2), so its exit status says nothing
            run(list, folder.resolve("list.log"), 120, "the run that lists the injector's classes", false);
            if (!Files.isRegularFile(listed)) {
                throw new IOException("the run that lists the injector's classes listed none (" + folder.resolve("list.log") + ")");
            }
            if (!ranTheSimulation(results)) {
                // a listing of a JVM that stopped before Gatling ran misses the classes every load loads
                throw new IOException("the run that lists the injector's classes did not run the simulation (no simulation.log; "
                        + folder.resolve("list.log") + ")");
            }
            Path kept = folder.resolve("classes-without-lambdas.lst");
            try (Stream<String> lines = Files.lines(listed)) {
                Files.write(kept, lines.filter(l -> !l.startsWith("@")).toList());
            }
            Path dumped = folder.resolve(a.archive().getFileName() + ".new");
            List<String> dump = new ArrayList<>(List.of(java, "-Xshare:dump", "-XX:SharedClassListFile=" + kept,
                    "-XX:SharedArchiveFile=" + dumped));
            dump.addAll(jvmArgs);
            dump.addAll(List.of("-cp", classPath));
            run(dump, folder.resolve("dump.log"), 300, "java -Xshare:dump", true);
            if (!Files.isRegularFile(dumped)) {
                throw new IOException("java -Xshare:dump wrote no archive (" + folder.resolve("dump.log") + ")");
            }
            Files.move(dumped, a.archive(), StandardCopyOption.ATOMIC_MOVE);
            return Optional.of(a);
        } catch (IOException | java.io.UncheckedIOException e) {
            why.append(e.getMessage());
            return Optional.empty();
        }
    }

    /** Both files there, the jar written after {@code time}, the archive after the jar (made from it). */
    boolean madeAfter(FileTime time) throws IOException {
        return Files.isRegularFile(jar) && Files.isRegularFile(archive) && Files.getLastModifiedTime(jar).compareTo(time) > 0
                && Files.getLastModifiedTime(archive).compareTo(Files.getLastModifiedTime(jar)) >= 0;
    }

    /** {@code classes}' files in a jar at {@code jar}, in name order. */
    static void jar(Path classes, Path jar) throws IOException {
        try (OutputStream out = Files.newOutputStream(jar); ZipOutputStream zip = new ZipOutputStream(out);
                Stream<Path> files = Files.walk(classes)) {
            for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                zip.putNextEntry(new ZipEntry(classes.relativize(f).toString().replace('\\', '/')));
                Files.copy(f, zip);
                zip.closeEntry();
            }
        }
    }

    private static void run(List<String> command, Path log, long seconds, String what, boolean mustSucceed) throws IOException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        Processes.await(p, seconds, what);
        if (mustSucceed && p.exitValue() != 0) {
            throw new IOException(what + " exited with " + p.exitValue() + " (" + log + ")");
        }
    }

    private static boolean ranTheSimulation(Path results) throws IOException {
        if (!Files.isDirectory(results)) {
            return false;
        }
        try (Stream<Path> files = Files.walk(results)) {
            return files.anyMatch(f -> f.getFileName().toString().equals("simulation.log"));
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        if (Files.exists(dir)) {
            try (Stream<Path> files = Files.walk(dir)) {
                for (Path f : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.delete(f);
                }
            }
        }
    }

    private static String hash(String s) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8)), 0, 6);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
