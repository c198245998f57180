package io.gatewaybench.harness;

import io.gatewaybench.harness.analyse.SliceSpread;
import io.gatewaybench.harness.measure.SimulationLog;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code ./bench precision <run folder>... [--target=0.05]}: where each target's noise comes from, from the raw logs of
 * runs made here ({@link SliceSpread}), and the cheapest design that would reach ±target.
 */
final class PrecisionCommand {
    static final String USAGE = "usage: ./bench precision <run folder>... [--target=0.05]";

    private PrecisionCommand() {
    }

    /** Prints the report; the exit status: 0, or 2 with the reason on stderr. */
    static int main(List<String> args) {
        try {
            double target = 0.05;
            List<Path> runs = new ArrayList<>();
            for (String a : args) {
                if (a.startsWith("--target=")) {
                    String v = a.substring("--target=".length());
                    target = v.matches("0?\\.\\d+") ? Double.parseDouble(v) : 0;
                    if (!(target > 0 && target < 1)) {
                        throw new IllegalArgumentException("--target is a share above 0 and below 1 (0.05), got '"
                                + v + "'");
                    }
                } else if (a.startsWith("--")) {
                    throw new IllegalArgumentException("unknown option " + a + "; " + USAGE);
                } else {
                    runs.add(Path.of(a));
                }
            }
            if (runs.isEmpty()) {
                throw new IllegalArgumentException(USAGE);
            }
            System.out.print(SliceSpread.report(runs, target, SimulationLog::roundsPerSecond));
            return 0;
        } catch (IOException | RuntimeException e) {
            System.err.println("bench: precision: " + e.getMessage());
            return 2;
        }
    }
}
