package io.gatewaybench.harness.measure;

/**
 * Fixed-rate levels of 4 s as one round of the ladder measures them, each of a planted shape, for the ladder's tests.
 */
public final class PlantedLevels {
    private PlantedLevels() {
    }

    /** A complete level with the given P99 and max (ms) and error count. */
    public static Ladder.Level level(int rate, double p99, double max, long errors) {
        RequestStats stats = new RequestStats(rate * 4L, errors, rate,
                new RequestStats.Latency(1, 1, 2, p99, max, max, max));
        return new Ladder.Level(rate, rate * 4L, rate * 4L, errors, stats, stats.latency(), false, 0, 0, null);
    }

    /** A level the target could not keep up with: 500 of its requests sent, its latency the queue's. */
    public static Ladder.Level overloaded(int rate) {
        RequestStats stats = new RequestStats(500, 0, 400, new RequestStats.Latency(300, 200, 800, 900, 950, 950, 950));
        return new Ladder.Level(rate, rate * 4L, 500, 0, stats, stats.latency(), true, 0, 0, null);
    }

    /**
     * A level the injector sent late (Gatling: send lag P99 over 10 ms) with the given P99 (ms), the target not
     * overloaded.
     */
    public static Ladder.Level late(int rate, double p99) {
        RequestStats stats = new RequestStats(rate * 4L, 0, rate,
                new RequestStats.Latency(1, 1, 2, p99, p99, p99, p99));
        return new Ladder.Level(rate, rate * 4L, rate * 4L, 0, stats, stats.latency(), false, 65, 80, null);
    }
}
