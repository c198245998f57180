package io.gatewaybench.microbench;

import io.gatewaybench.harness.measure.SimulationLog;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The harness's decoder of Gatling's binary simulation.log ({@link SimulationLog}), a regression guard: every run
 * of {@code ./bench run} decodes one log per target and round, and a full run's logs hold millions of requests.
 * The file is a real Gatling 3.15 log of a ladder run (harness/src/test/resources/gatling-sample/ladder, 100 KB,
 * 2,740 requests in 5 series), copied out of the jar to a temporary file once.
 *
 * <p>{@code read} decodes the file; {@code readAndSummarise} also computes one series' figures (sorting its
 * response times for the percentiles), as the harness does for each series. Baseline: {@code baseline} reads the
 * file's bytes, which {@code read} does first.
 *
 * <p>Pitfalls: the file sits in the page cache after the first read, so this measures decoding, not the disk. The
 * decoded log is returned to JMH, so no part of the decoding can be dropped. Figures are per file: divide by 2,740
 * for a cost per request.
 *
 * <p>Run alone: {@code java -jar microbench/target/benchmarks.jar SimulationLogBenchmark -prof gc}
 */
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class SimulationLogBenchmark extends Microbenchmark {

    private Path log;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        log = Files.createTempFile("simulation", ".log");
        try (InputStream in = SimulationLogBenchmark.class.getResourceAsStream("/gatling-sample/simulation.log")) {
            if (in == null) {
                throw new IllegalStateException("gatling-sample/simulation.log is missing from the jar");
            }
            Files.copy(in, log, StandardCopyOption.REPLACE_EXISTING);
        }
        if (SimulationLog.read(log).requests("book").isEmpty()) {
            throw new IllegalStateException(log + " has no 'book' requests");
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        Files.deleteIfExists(log);
    }

    @Benchmark
    public byte[] baseline() throws IOException {
        return Files.readAllBytes(log);
    }

    @Benchmark
    public SimulationLog read() throws IOException {
        return SimulationLog.read(log);
    }

    @Benchmark
    public Object readAndSummarise() throws IOException {
        return SimulationLog.read(log).stats("book");
    }
}
