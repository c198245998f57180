package io.gatewaybench.harness.analyse;

import io.gatewaybench.harness.launch.Launch;
import io.gatewaybench.harness.report.CompareTable;
import java.io.IOException;
import java.nio.file.Path;

/**
 * What the architecture forbids, planted in a test package of analyse for {@code ArchitectureTest} to find: an analysis
 * that starts a process, asks launch for a launch and lays out a report. Never called; the real check imports no test class.
 */
final class PlantedViolation {
    private PlantedViolation() {
    }

    static Process startsAProcess() throws IOException {
        return new ProcessBuilder("true").start();
    }

    static long knowsAProcess() {
        return ProcessHandle.current().pid();
    }

    static Launch usesLaunch() {
        return Launch.onLoopback(Path.of("planted"), 9, null, 1, "");
    }

    static String usesTheReport(RunComparison.Result result) {
        return CompareTable.markdown("a", "b", result, RunComparison.MARGIN);
    }
}
