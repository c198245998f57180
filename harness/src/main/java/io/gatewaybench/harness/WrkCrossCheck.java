package io.gatewaybench.harness;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A second, independent injector: wrk (Debian's package), a small C program that needs far less CPU
 * per request than Gatling. Run against a warm target with as many connections as Gatling had users
 * and the same kind of session cookie, its throughput says how far the two injectors agree. Where wrk
 * gets clearly more than Gatling, Gatling rather than the target was the limit. wrk checks status
 * codes (a non-2xx answer counts against it), not bodies.
 */
public final class WrkCrossCheck {
    /** wrk above Gatling by more than this fraction marks Gatling as the limit. */
    static final double INJECTOR_LIMIT = 0.15;
    private static final Pattern RPS = Pattern.compile("Requests/sec:\\s+([0-9.]+)");
    private static final Pattern BAD = Pattern.compile("Non-2xx or 3xx responses:\\s+(\\d+)");
    private static final Pattern ERRORS = Pattern.compile("Socket errors: connect (\\d+), read (\\d+), write (\\d+), timeout (\\d+)");

    private WrkCrossCheck() {
    }

    /** Runs wrk for {@code seconds} with {@code connections} connections; its console output goes to {@code log}. */
    public static Map<String, Object> run(URI target, String cookie, int connections, int seconds, double gatlingRps, Path log)
            throws IOException {
        List<String> argv = List.of("wrk", "-t1", "-c" + connections, "-d" + seconds + "s", "--timeout", "10s",
                "-H", "Cookie: " + cookie, target.resolve(Origin.BOOK_PATH).toString());
        Process p = new ProcessBuilder(argv).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            if (!p.waitFor(seconds + 60L, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IllegalStateException("wrk did not finish within " + (seconds + 60) + " s");
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
        return parse(Files.readString(log), gatlingRps, String.join(" ", argv));
    }

    static Map<String, Object> parse(String output, double gatlingRps, String command) {
        Matcher rps = RPS.matcher(output);
        if (!rps.find()) {
            throw new IllegalStateException("wrk printed no Requests/sec: " + output.strip());
        }
        double wrkRps = Double.parseDouble(rps.group(1));
        Matcher bad = BAD.matcher(output);
        Matcher errors = ERRORS.matcher(output);
        long socketErrors = 0;
        if (errors.find()) {
            for (int i = 1; i <= 4; i++) {
                socketErrors += Long.parseLong(errors.group(i));
            }
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("command", command);
        m.put("wrk_rps", RunSummary.round(wrkRps));
        m.put("gatling_rps", RunSummary.round(gatlingRps));
        m.put("wrk_over_gatling", RunSummary.round(wrkRps / gatlingRps));
        m.put("non_2xx", bad.find() ? Long.parseLong(bad.group(1)) : 0L);
        m.put("socket_errors", socketErrors);
        m.put("injector_limited", wrkRps > gatlingRps * (1 + INJECTOR_LIMIT));
        return m;
    }
}
