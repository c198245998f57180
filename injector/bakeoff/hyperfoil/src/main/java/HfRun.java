import io.hyperfoil.api.config.Benchmark;
import io.hyperfoil.api.statistics.StatisticsSnapshot;
import io.hyperfoil.core.impl.LocalBenchmarkData;
import io.hyperfoil.core.impl.LocalSimulationRunner;
import io.hyperfoil.core.parser.BenchmarkParser;
import java.io.FileInputStream;
import java.nio.file.Path;
import java.util.Map;

/**
 * The injector bake-off's Hyperfoil runner (injector/bakeoff/bakeoff.py): one benchmark from YAML, run in this JVM by
 * Hyperfoil's local runner; prints the requests of every phase and, for the phase "measure", its counts and its pooled
 * histogram's percentiles in microseconds, as key=value.
 */
public class HfRun {
    public static void main(String[] args) throws Exception {
        Path yaml = Path.of(args[0]);
        Benchmark b;
        try (FileInputStream in = new FileInputStream(yaml.toFile())) {
            b = BenchmarkParser.instance().buildBenchmark(in, new LocalBenchmarkData(yaml), Map.of());
        }
        StatisticsSnapshot total = new StatisticsSnapshot();
        StatisticsSnapshot all = new StatisticsSnapshot();
        LocalSimulationRunner runner = new LocalSimulationRunner(b, (phase, stepId, metric, snapshot, countDown) -> {
            synchronized (total) {
                all.add(snapshot);
                if (phase.name().equals("measure")) {
                    total.add(snapshot);
                }
            }
        }, null, null);
        runner.run();
        var h = total.histogram;
        System.out.printf("all_requests=%d%n", all.requestCount);
        System.out.printf("requests=%d responses=%d invalid=%d connErrors=%d timeouts=%d internal=%d blocked_ms=%.1f%n", total.requestCount,
                total.responseCount, total.invalid, total.connectionErrors, total.requestTimeouts, total.internalErrors, total.blockedTime / 1e6);
        System.out.printf("p50_us=%.0f p99_us=%.0f p999_us=%.0f max_us=%.0f%n", h.getValueAtPercentile(50) / 1e3, h.getValueAtPercentile(99) / 1e3,
                h.getValueAtPercentile(99.9) / 1e3, h.getMaxValue() / 1e3);
    }
}
