package io.gatewaybench.harness;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Runs the suite's Gatling simulation ({@code simulations/}) against one target exactly as a user
 * would, {@code mvn gatling:test}, and reads the measured requests' figures from its output.
 */
public final class GatlingRun {
    /** The measured request's name in the simulation; warm-up requests are named "warm-up" and excluded. */
    public static final String MEASURED = "book";
    private GatlingRun() {
    }

    /** The Gatling JVM's flags, as the plugin starts it (recorded with every run). */
    public static String jvmFlags() {
        return "gatling-maven-plugin " + Environment.pinned("gatling-maven-plugin.version") + " defaults";
    }

    /**
     * Warm-up and measurement against {@code target}; the raw output (simulation.log, Gatling's HTML
     * report, Maven's console) lands in {@code raw}. The figures are decoded from simulation.log
     * ({@link SimulationLog}); the report's own request count must agree with them.
     */
    public static RequestStats measure(URI target, RunPlan.Load load, Path raw) throws IOException {
        Files.createDirectories(raw);
        List<String> args = List.of(
                "-DbaseUrl=" + target, "-Dmodel=" + load.model(), "-Dusers=" + load.users(), "-Drate=" + load.rate(),
                "-Dwarmup=" + load.warmupSeconds(), "-Dduration=" + load.durationSeconds(), "-Dsessions=" + load.sessions(),
                "-Dgatling.resultsFolder=" + raw);
        int exit = mvn(args, raw.resolve("gatling.log"), load.warmupSeconds() + load.durationSeconds() + 600);
        return stats(report(raw, exit));
    }

    /** The measured request's figures from one Gatling result folder, checked against its report. */
    static RequestStats stats(Path report) throws IOException {
        RequestStats stats = SimulationLog.read(report.resolve("simulation.log")).stats(MEASURED);
        long reported = GatlingReport.row(report, MEASURED).count("Total");
        if (reported != stats.requests()) {
            throw new IllegalStateException("simulation.log holds " + stats.requests() + " '" + MEASURED
                    + "' requests but Gatling's report says " + reported + ": the log reader is out of step with Gatling");
        }
        return stats;
    }

    private static Path report(Path raw, int exit) throws IOException {
        try (Stream<Path> dirs = Files.list(raw)) {
            return dirs.filter(d -> Files.isRegularFile(d.resolve("index.html"))).findFirst()
                    .orElseThrow(() -> new IllegalStateException("Gatling exited with " + exit + " and wrote no report; see "
                            + raw.resolve("gatling.log") + ": " + lastLines(raw.resolve("gatling.log"))));
        }
    }

    private static int mvn(List<String> args, Path log, long timeoutSeconds) throws IOException {
        List<String> argv = new ArrayList<>(List.of("mvn", "-B", "-f", Repo.root().resolve("simulations/pom.xml").toString(), "gatling:test"));
        argv.addAll(args);
        Process p = new ProcessBuilder(argv).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                throw new IllegalStateException("Gatling did not finish within " + timeoutSeconds + " s; see " + log);
            }
        } catch (InterruptedException e) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
        return p.exitValue();
    }

    private static String lastLines(Path log) {
        try {
            List<String> lines = Files.readAllLines(log).stream().filter(l -> l.contains("ERROR") || l.contains("Exception")).toList();
            return String.join(" | ", lines.subList(Math.max(0, lines.size() - 3), lines.size()));
        } catch (IOException e) {
            return "(no log)";
        }
    }
}
