package io.gatewaybench.harness;

import io.gatewaybench.harness.analyse.Analysis;
import io.gatewaybench.harness.report.HtmlReport;
import io.gatewaybench.harness.report.JmhReport;
import io.gatewaybench.harness.report.RunSummary;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** {@code ./bench report <run folder>}: renders a run folder again under the current rules. */
final class ReportCommand {
    static final String USAGE = "usage: ./bench report <run folder>";

    private ReportCommand() {
    }

    /** Renders the run folder {@code args} names; the exit status: 0 rendered, 1 it could not be, 2 a usage error. */
    static int main(List<String> args) {
        if (args.size() != 1 || args.get(0).startsWith("--")) {
            System.err.println(USAGE);
            return 2;
        }
        Path run = Path.of(args.get(0));
        try {
            System.out.println("bench: wrote " + String.join(", ", report(run).stream()
                    .map(f -> run.resolve(f).toString()).toList()));
            return 0;
        } catch (IOException | RuntimeException e) {
            System.err.println("bench: cannot render " + run + "/summary.md: " + e.getMessage());
            return 1;
        }
    }

    /**
     * Renders a run folder again from what it measured (summary.json; a JMH run's jmh.json and environment) under the
     * current rules; returns the files it wrote.
     */
    static List<String> report(Path run) throws IOException {
        if (JmhReport.isJmhRun(run)) {
            JmhReport.write(run);
            return List.of("summary.md", "summary.json", HtmlReport.FILE);
        }
        RunSummary.write(run, Analysis.read(run));
        return List.of("summary.json", "summary.md", RunSummary.DETAILS, HtmlReport.FILE);
    }
}
