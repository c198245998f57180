package io.gatewaybench.microbench;

import io.netty.util.ReferenceCountUtil;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * What every benchmark here shares: the average time of one operation, one fork, 3 warm-up and 5 measured
 * iterations of 1 s (a whole run of all benchmarks takes about five minutes; JMH's options override these), and
 * the state of one benchmark thread. A class may set its own time unit.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public abstract class Microbenchmark {

    /**
     * Hands every message {@code next} yields (an EmbeddedChannel's readInbound or readOutbound) to the Blackhole,
     * then releases it: dropping it would let the JIT remove the work that made it, keeping it would leak the buffer.
     */
    protected static void consumeAll(Supplier<Object> next, Blackhole bh) {
        Object msg;
        while ((msg = next.get()) != null) {
            bh.consume(msg);
            ReferenceCountUtil.release(msg);
        }
    }
}
