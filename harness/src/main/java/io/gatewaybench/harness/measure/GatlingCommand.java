package io.gatewaybench.harness.measure;

import io.gatewaybench.harness.plan.Repo;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * The command that runs the suite's simulation as {@code mvn gatling:test} runs it, without starting Maven for every
 * target: the same simulation class, JVM flags and class path, all read from {@code simulations/pom.xml} and what it
 * builds. Maven's own start cost about 2 s of every measured target. The simulation is compiled (and its class path
 * written, {@code target/gatling-classpath.txt}) by Maven, as {@code make} would: when a file it is built from (its
 * sources, its pom, the parent pom) changed since the last compile that succeeded, or what that compile wrote is gone,
 * so a changed simulation is what runs, and an unchanged one costs no Maven start (4 s and 7 CPU-seconds here, in each of
 * the test suite's 34 runs). Several {@code ./bench} runs may share one checkout (the integration tests run some at
 * once): each checks, compiles and reads the class path under an exclusive lock on
 * {@code simulations/target/.compile.lock}, so none reads a class or the class path while another rewrites it.
 */
final class GatlingCommand {
    private static final Path POM = Repo.root().resolve("simulations/pom.xml");
    private static final Path TARGET = Repo.root().resolve("simulations/target");
    /** What the compile is made from: a change in any of them (a later modification time than the stamp's) compiles again. */
    private static final List<Path> INPUTS = List.of(POM, Repo.root().resolve("pom.xml"), Repo.root().resolve("simulations/src"));
    /** Touched by each compile that succeeded, with the time it began: an input changed while it ran is newer. */
    static final String STAMP = ".compiled";
    /** Gatling's own entry point, which the plugin starts in its forked JVM. */
    static final String MAIN = "io.gatling.app.Gatling";
    /** The pom's JVM flags and simulation class, read with the compilation, once per harness. */
    private static List<String> jvmArgs;
    private static String simulationClass;
    private static String classPath;
    /** The simulation's dependencies, the class path less its compiled classes. */
    private static String dependencies;
    /** The class-data archive of the injector's start ({@link ClassArchive}); null: none could be made, or it is turned off. */
    private static ClassArchive archive;
    /** {@code BENCH_GATLING_CDS=off} starts every injector without the archive. */
    static final String ARCHIVE_SWITCH = "BENCH_GATLING_CDS";

    private GatlingCommand() {
    }

    /**
     * {@code java <the pom's jvmArgs> <properties> -cp <test classes and dependencies> io.gatling.app.Gatling -s <the
     * pom's simulationClass> -rf <resultsFolder>}, as the plugin's fork: the plugin passes Maven's -D properties as
     * system properties, and strips colour from Gatling's console (jansi.mode=strip) as here. Without {@code report},
     * {@code -nr} after it (the plugin's {@code -Dgatling.noReports=true}): the simulation.log without the HTML report.
     */
    static List<String> of(List<String> properties, Path resultsFolder, boolean report) throws IOException {
        return of(properties, resultsFolder, report, true);
    }

    /**
     * As {@link #of(List, Path, boolean)}; {@code here}: the JVM starts on this machine, from its class-data archive where
     * there is one ({@link ClassArchive}); else on another host, which has the compiled classes but not the archive (made
     * for this machine's JDK), as before.
     */
    static List<String> of(List<String> properties, Path resultsFolder, boolean report, boolean here) throws IOException {
        prepareOnce();
        List<String> argv = new ArrayList<>(List.of(java()));
        argv.addAll(jvmArgs);
        boolean archived = here && archive != null;
        if (archived) {
            argv.addAll(archive.flags());
        }
        argv.add("-Djansi.mode=strip");
        argv.addAll(properties);
        argv.addAll(List.of("-cp", archived ? archive.jar() + ":" + dependencies : classPath,
                MAIN, "-s", simulationClass, "-rf", resultsFolder.toString()));
        if (!report) {
            argv.add("-nr");
        }
        return argv;
    }

    /** The one simulation the pom runs ({@code <simulationClass>}). */
    private static String pomSimulationClass() {
        List<String> named = pluginConfiguration("simulationClass");
        if (named.size() != 1) {
            throw new IllegalStateException(POM + " names " + named.size() + " simulationClass in the Gatling plugin's configuration, not one");
        }
        return named.get(0);
    }

    /** The text of every element named {@code element} in the Gatling plugin's {@code <configuration>}, in order. */
    private static List<String> pluginConfiguration(String element) {
        try {
            Document pom = DocumentBuilderFactory.newDefaultInstance().newDocumentBuilder().parse(POM.toFile());
            NodeList plugins = pom.getElementsByTagName("plugin");
            for (int i = 0; i < plugins.getLength(); i++) {
                Element plugin = (Element) plugins.item(i);
                if (text(plugin, "artifactId").equals("gatling-maven-plugin")) {
                    NodeList found = ((Element) plugin.getElementsByTagName("configuration").item(0)).getElementsByTagName(element);
                    List<String> values = new ArrayList<>();
                    for (int j = 0; j < found.getLength(); j++) {
                        values.add(found.item(j).getTextContent().strip());
                    }
                    return values;
                }
            }
            throw new IllegalStateException(POM + " has no gatling-maven-plugin");
        } catch (IOException | javax.xml.parsers.ParserConfigurationException | org.xml.sax.SAXException e) {
            throw new IllegalStateException("cannot read " + POM + ": " + e.getMessage(), e);
        }
    }

    private static String text(Element parent, String child) {
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && e.getTagName().equals(child)) {
                return e.getTextContent().strip();
            }
        }
        return "";
    }

    /**
     * Compiles the simulation and writes its class path, as {@code mvn gatling:test} would before running it, and reads the
     * pom's JVM flags and simulation class.
     */
    private static synchronized void prepareOnce() throws IOException {
        if (simulationClass != null) {
            return;
        }
        Files.createDirectories(TARGET);
        try (FileChannel lockFile = FileChannel.open(TARGET.resolve(".compile.lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                FileLock ignored = lockFile.lock()) {
            if (!upToDate(TARGET, INPUTS)) {
                FileTime began = FileTime.from(Instant.now());
                compile();
                Files.setLastModifiedTime(Files.write(TARGET.resolve(STAMP), new byte[0]), began);
            }
            dependencies = Files.readString(TARGET.resolve("gatling-classpath.txt")).strip();
            classPath = TARGET.resolve("test-classes") + ":" + dependencies;
            jvmArgs = List.copyOf(pluginConfiguration("jvmArg"));
            simulationClass = pomSimulationClass();
            if (!"off".equals(System.getenv(ARCHIVE_SWITCH))) {
                StringBuilder why = new StringBuilder();
                archive = ClassArchive.prepare(TARGET.resolve("cds"), java(), jvmArgs, TARGET.resolve("test-classes"), dependencies,
                        Files.getLastModifiedTime(TARGET.resolve(STAMP)), noLoad(), why).orElse(null);
                if (archive == null) {
                    System.err.println("bench: Gatling starts without a class-data archive, each start slower (simulations/README.md): "
                            + why);
                }
            }
        }
    }

    /** The class-data archive the injector starts from on this machine; empty: none could be made, or it is turned off. */
    static Optional<ClassArchive> archive() throws IOException {
        prepareOnce();
        return Optional.ofNullable(archive);
    }

    private static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /**
     * The tail of a command line that runs the simulation and sends nothing: its closed load of no seconds to a refused port,
     * with a session cookie given (without one the simulation would fetch one first, fail, and stop before Gatling ran).
     */
    private static List<String> noLoad() {
        List<String> tail = new ArrayList<>(List.of("-Djansi.mode=strip", "-DbaseUrl=http://127.0.0.1:1", "-Dmodel=closed", "-Dusers=1",
                "-Dwarmup=0", "-Dduration=0", "-Dsessions=shared"));
        tail.addAll(GatlingRun.Request.book("JSESSIONID=none").args());
        tail.addAll(List.of(MAIN, "-s", simulationClass));
        return tail;
    }

    /**
     * Whether the last compile that succeeded into {@code target} is still what {@code inputs} make: its stamp is newer
     * than every file of them, and the compiled classes and every entry of the class path (Maven's local repository may
     * have been cleared) still exist.
     */
    static boolean upToDate(Path target, List<Path> inputs) throws IOException {
        Path stamp = target.resolve(STAMP);
        Path classPathFile = target.resolve("gatling-classpath.txt");
        if (!Files.isRegularFile(stamp) || !Files.isRegularFile(classPathFile) || !Files.isDirectory(target.resolve("test-classes"))) {
            return false;
        }
        FileTime compiled = Files.getLastModifiedTime(stamp);
        for (Path input : inputs) {
            try (Stream<Path> files = Files.walk(input)) {
                if (files.anyMatch(f -> modifiedAfter(f, compiled))) {
                    return false;
                }
            }
        }
        return Arrays.stream(Files.readString(classPathFile).strip().split(":")).allMatch(e -> Files.exists(Path.of(e)));
    }

    private static boolean modifiedAfter(Path file, FileTime time) {
        try {
            return Files.getLastModifiedTime(file).compareTo(time) > 0;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code mvn -o process-test-classes} on the simulations' pom: compiles the simulation and writes its class path. */
    private static void compile() throws IOException {
        Path log = Files.createTempFile("gatling-compile", ".log");
        Process p = new ProcessBuilder("mvn", "-B", "-o", "-q", "-f", POM.toString(), "process-test-classes")
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        Processes.await(p, TimeUnit.MINUTES.toSeconds(5), "compiling the simulation (mvn -o -f " + POM + " process-test-classes)");
        if (p.exitValue() != 0) {
            throw new IllegalStateException("the simulation did not compile (mvn -o -f " + POM + " process-test-classes exited with "
                    + p.exitValue() + "): " + Files.readString(log).strip());
        }
        Files.delete(log);
    }
}
