package io.gatewaybench.harness.measure;

import io.gatewaybench.harness.model.Decimals;
import io.gatewaybench.harness.model.WrkCheck;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A second, independent injector: wrk (Debian's package), a small C program that needs far less CPU
 * per request than Gatling. Run against a warm target with as many connections as Gatling had users
 * and the same kind of session cookie, its throughput says how far the two injectors agree. Where wrk
 * gets clearly more than Gatling, Gatling rather than the target was the limit. wrk checks status
 * codes, not bodies, and its Requests/sec counts every answer, errors too: only its 2xx answers are
 * compared (wrk counts 3xx with them; the book page never redirects), and a check in which wrk saw any
 * error answer or socket error is invalid and says why, since a target that fails fast is not fast.
 */
public final class WrkCrossCheck {
    /** wrk above Gatling by more than this fraction marks Gatling as the limit. */
    public static final double INJECTOR_LIMIT = 0.15;
    private static final Pattern RPS = Pattern.compile("Requests/sec:\\s+([0-9.]+)");
    private static final Pattern REQUESTS = Pattern.compile("(\\d+) requests in ([0-9.]+)(us|ms|s|m|h),");
    private static final Pattern BAD = Pattern.compile("Non-2xx or 3xx responses:\\s+(\\d+)");
    private static final Pattern ERRORS = Pattern.compile("Socket errors: connect (\\d+), read (\\d+), write (\\d+), timeout (\\d+)");

    private WrkCrossCheck() {
    }

    /**
     * Runs wrk for {@code seconds} with {@code connections} connections against the page at {@code path} (with the session
     * {@code cookie}; empty: none); its console output goes to {@code log}.
     */
    public static WrkCheck run(URI target, String path, String cookie, int connections, int seconds, double gatlingRps, Path log)
            throws IOException {
        List<String> argv = new java.util.ArrayList<>(List.of("wrk", "-t1", "-c" + connections, "-d" + seconds + "s", "--timeout", "10s"));
        if (!cookie.isEmpty()) {
            argv.addAll(List.of("-H", "Cookie: " + cookie));
        }
        argv.add(target.resolve(path).toString());
        Process p = new ProcessBuilder(argv).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        Processes.await(p, seconds + 60L, "wrk");
        return parse(Files.readString(log), gatlingRps, String.join(" ", argv));
    }

    public static WrkCheck parse(String output, double gatlingRps, String command) {
        Matcher rps = RPS.matcher(output);
        Matcher requests = REQUESTS.matcher(output);
        if (!rps.find() || !requests.find()) {
            throw new IllegalStateException("wrk printed no Requests/sec or request count: " + output.strip());
        }
        double allRps = Double.parseDouble(rps.group(1));
        long answers = Long.parseLong(requests.group(1));
        Matcher bad = BAD.matcher(output);
        long non2xx = bad.find() ? Long.parseLong(bad.group(1)) : 0;
        Matcher errors = ERRORS.matcher(output);
        long socketErrors = 0;
        if (errors.find()) {
            for (int i = 1; i <= 4; i++) {
                socketErrors += Long.parseLong(errors.group(i));
            }
        }
        // wrk's Requests/sec is its answers over its exact run time; the printed time has only two decimals
        double okRps = answers == 0 ? 0 : allRps * (answers - non2xx) / answers;
        boolean valid = non2xx == 0 && socketErrors == 0;
        return new WrkCheck(command, Decimals.round(seconds(Double.parseDouble(requests.group(2)), requests.group(3))), answers,
                Decimals.round(okRps), Decimals.round(allRps), Decimals.round(gatlingRps), Decimals.round(okRps / gatlingRps), non2xx,
                socketErrors, valid, valid ? null : "wrk saw " + non2xx + " non-2xx answers and " + socketErrors + " socket errors",
                valid ? okRps > gatlingRps * (1 + INJECTOR_LIMIT) : null);
    }

    private static double seconds(double value, String unit) {
        return switch (unit) {
            case "us" -> value / 1e6;
            case "ms" -> value / 1e3;
            case "m" -> value * 60;
            case "h" -> value * 3600;
            default -> value;
        };
    }
}
