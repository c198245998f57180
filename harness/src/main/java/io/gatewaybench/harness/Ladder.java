package io.gatewaybench.harness;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The fixed-rate ladder of one target in one round (the wrk2 / GigaOm method): the same arrival
 * rates for every target, ascending, each level {@code levelSeconds} of open-model load, as the
 * simulation's {@code rate-<N>} requests. Gatling times each request from the instant it tries to
 * send it, TCP connect included, and its pool is uncapped: a request never waits for a free
 * connection, it opens one. So a target that cannot keep up shows it as latency (and, past the
 * simulation's in-flight guard, as an overloaded level), never as a quietly lower rate.
 */
public final class Ladder {
    /** Above this, the injector itself sent 1% of a level's requests late enough to matter. */
    static final double LATE_SEND_MS = 10;
    private static final java.util.regex.Pattern OVERLOADED = java.util.regex.Pattern.compile("BookPageSimulation: overloaded at rate-(\\d+)");

    private Ladder() {
    }

    /**
     * One level as measured. {@code stats} is null when no request of the level succeeded;
     * {@code sent} below {@code planned} means the run stopped during this level.
     */
    public record Level(int rate, long planned, long sent, long errors, RequestStats stats, boolean overloaded,
                        double sendLagP99Ms, double sendLagMaxMs, LatencyProbe.Result probe) {

        /** Every planned request was sent and the target kept up. */
        public boolean complete() {
            return !overloaded && sent >= planned;
        }

        public double errorShare() {
            return sent == 0 ? 0 : (double) errors / sent;
        }

        public Map<String, Object> asMap() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("rate_rps", rate);
            m.put("planned", planned);
            m.put("sent", sent);
            m.put("errors", errors);
            m.put("error_share", RunSummary.round(errorShare()));
            m.put("overloaded", overloaded);
            m.put("latency_ms", stats == null ? null : stats.latency().asMap());
            m.put("throughput_rps", stats == null ? null : RunSummary.round(stats.throughputRps()));
            m.put("send_lag_ms", Map.of("p99", RunSummary.round(sendLagP99Ms), "max", RunSummary.round(sendLagMaxMs)));
            m.put("probe_us", probe == null ? null : probe.asMap());
            return m;
        }
    }

    /** The request name of a level in the simulation. */
    public static String requestName(int rate) {
        return "rate-" + rate;
    }

    /**
     * The levels of {@code rates} found in the log; levels above the one where the simulation
     * reported overload were never sent and are left out. {@code probe} gives the microsecond
     * probe's result over a window (epoch ms), or null.
     */
    public static List<Level> read(SimulationLog log, List<Integer> rates, int levelSeconds, Integer overloadedAt,
                                   java.util.function.BiFunction<Long, Long, LatencyProbe.Result> probe) {
        List<Level> levels = new ArrayList<>();
        for (int rate : rates) {
            String name = requestName(rate);
            List<SimulationLog.Request> requests = log.requests(name);
            if (requests.isEmpty()) {
                break;
            }
            long errors = requests.stream().filter(r -> !r.ok()).count();
            RequestStats stats = errors == requests.size() ? null : log.stats(name);
            double[] lag = log.sendLag(name, rate);
            long[] window = log.window(name);
            levels.add(new Level(rate, (long) rate * levelSeconds, requests.size(), errors, stats,
                    overloadedAt != null && overloadedAt == rate, lag[0], lag[1], probe == null ? null : probe.apply(window[0], window[1])));
        }
        return levels;
    }

    /** The rate the simulation said it stopped at ("BookPageSimulation: overloaded at rate-N: ..."), or null. */
    public static Integer overloadedAt(List<String> consoleLines) {
        for (String line : consoleLines) {
            java.util.regex.Matcher m = OVERLOADED.matcher(line);
            if (m.find()) {
                return Integer.parseInt(m.group(1));
            }
        }
        return null;
    }

    /**
     * The ladder's rates: {@code percents} of direct's capacity, rounded to two significant digits
     * (at least 10 req/s), and the absolute {@code rates}, ascending, without repeats. Two digits
     * keep the levels apart also where direct is slow (one CPU, a cold quick run).
     */
    public static List<Integer> rates(List<Integer> percents, double capacityRps, List<Integer> rates) {
        List<Integer> all = new ArrayList<>(rates);
        for (int p : percents) {
            double rate = Math.max(10, capacityRps * p / 100);
            double step = Math.pow(10, Math.floor(Math.log10(rate)) - 1);
            all.add((int) (Math.round(rate / step) * step));
        }
        return all.stream().distinct().sorted().toList();
    }
}
