package io.gatewaybench.harness;

import io.gatewaybench.harness.analyse.Analysis;
import io.gatewaybench.harness.analyse.RunComparison;
import io.gatewaybench.harness.model.Summary;
import io.gatewaybench.harness.report.CompareHtml;
import io.gatewaybench.harness.report.CompareTable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code ./bench compare <run> <run> [--margin=0.10] [--alpha=0.05] [--html=compare.html]}: prints the comparison,
 * writes it as a page (a relative path is from the suite's folder, where ./bench runs; stdout keeps only the table).
 */
final class CompareCommand {
    static final String USAGE = "usage: ./bench compare <run folder> <run folder> [--margin=0.10] [--alpha=0.05] "
            + "[--html=compare.html]";

    private CompareCommand() {
    }

    /**
     * The exit status: 0 when every figure is equivalent, 1 when some differs or is inconclusive, 2 when the runs
     * cannot be compared (with a one-line reason on stderr, and no page).
     */
    static int main(List<String> args) {
        List<String> runs = args.stream().filter(a -> !a.startsWith("--")).toList();
        try {
            double margin = RunComparison.MARGIN;
            double alpha = RunComparison.ALPHA;
            Path html = Path.of(CompareHtml.FILE);
            for (String a : args) {
                if (a.startsWith("--margin=")) {
                    margin = RunComparison.margin(a.substring("--margin=".length()));
                } else if (a.startsWith("--alpha=")) {
                    alpha = RunComparison.alpha(a.substring("--alpha=".length()));
                } else if (a.startsWith("--html=") && a.length() > "--html=".length()) {
                    html = Path.of(a.substring("--html=".length()));
                } else if (a.startsWith("--")) {
                    throw new IllegalArgumentException("unknown option " + a + "; " + USAGE);
                }
            }
            if (runs.size() != 2) {
                throw new IllegalArgumentException(USAGE);
            }
            Summary a = Analysis.read(Path.of(runs.get(0)));
            Summary b = Analysis.read(Path.of(runs.get(1)));
            RunComparison.Result result = RunComparison.compare(a, b, margin, alpha);
            if (result.exit() == 2) {
                System.err.println("bench: cannot compare " + runs.get(0) + " and " + runs.get(1) + ": "
                        + result.reason());
            } else {
                System.out.print(CompareTable.markdown(Path.of(runs.get(0)).getFileName().toString(),
                        Path.of(runs.get(1)).getFileName().toString(), result, margin));
                CompareHtml.write(html, a, b, result, margin);
                System.err.println("bench: wrote " + html.toAbsolutePath());
            }
            return result.exit();
        } catch (IOException | RuntimeException e) {
            System.err.println("bench: cannot compare " + String.join(" and ", runs) + ": " + e.getMessage());
            return 2;
        }
    }
}
