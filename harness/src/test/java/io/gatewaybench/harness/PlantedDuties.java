package io.gatewaybench.harness;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.gatewaybench.duties.Duties;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Test only (PlantedDutyChecksTest): a reverse proxy that does every duty of a scenario as the JVM gateways do, with the
 * same library ({@link Duties}: the API key, the JWT, the rate limit per API key or client address, the routes), except
 * the one check {@code --skip} names, which it lets through. Each of the run's duty checks (ScenarioCheck) must fail on
 * the plant that skips it and on no other: with {@code --skip=none} every check passes.
 *
 * <p>The checks it can skip: {@code missing-key} (forwards a request without its apikey header), {@code unknown-key}
 * (one with a key the run did not issue), {@code no-token}, {@code wrong-secret}, {@code expired}, {@code alg-none},
 * {@code malformed} (a request with no bearer token, or one signed with another secret, expired, unsigned or not a
 * token), {@code no-route} (a path under a route number past the last, stripped and forwarded as if it were a route),
 * {@code rate-limit} (never answers 429), {@code per-client} (one limit for every client together, not one per API key or
 * client address).
 *
 * <p>{@code PlantedDuties --bind=127.0.0.1 --port=9000 --upstream=http://127.0.0.1:8080 --skip=expired
 * [--api-keys=FILE] [--jwt-secret=FILE] [--rate-limit=N] [--routes=N]}; the duty options are the JVM gateways' own.
 */
public final class PlantedDuties {
    /** What {@code --skip} may name. */
    static final List<String> CHECKS = List.of("none", "missing-key", "unknown-key", "no-token", "wrong-secret", "expired", "alg-none",
            "malformed", "no-route", "rate-limit", "per-client");
    private static final Pattern ROUTE = Pattern.compile("^/r(\\d+)(/.*)$");

    private final URI upstream;
    private final Duties duties;
    private final String skip;
    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build();

    private PlantedDuties(URI upstream, Duties duties, String skip) {
        this.upstream = upstream;
        this.duties = duties;
        this.skip = skip;
    }

    public static void main(String[] args) throws IOException {
        Map<String, String> o = PlantedProxy.options(args, PlantedDuties::usage);
        String skip = o.remove("skip");
        if (skip == null || !CHECKS.contains(skip)) {
            usage("--skip must be one of " + CHECKS + ", got " + skip);
        }
        String bind = o.remove("bind");
        String port = o.remove("port");
        String upstream = o.remove("upstream");
        if (bind == null || port == null || upstream == null) {
            usage("--bind, --port and --upstream are required");
        }
        PlantedDuties proxy = new PlantedDuties(URI.create(upstream.replaceAll("/+$", "")), Duties.from(o), skip);
        // Off by default: the server writes headers and body apart, and the body then waits for the client's delayed ACK
        System.setProperty("sun.net.httpserver.nodelay", "true");
        HttpServer server = HttpServer.create(new InetSocketAddress(bind, Integer.parseInt(port)), 256);
        server.setExecutor(Executors.newFixedThreadPool(16));
        server.createContext("/", proxy::handle);
        server.start();
        System.out.println("PlantedDuties: listening on " + bind + ":" + port + ", forwarding to " + upstream + "; planted: "
                + (skip.equals("none") ? "every duty done" : "skips the check " + skip) + proxy.duties.describe());
    }

    private void handle(HttpExchange ex) throws IOException {
        try (ex) {
            ex.getRequestBody().readAllBytes();
            String path = ex.getRequestURI().getRawPath() + (ex.getRequestURI().getRawQuery() == null ? "" : "?" + ex.getRequestURI().getRawQuery());
            String key = ex.getRequestHeaders().getFirst(Duties.API_KEY_HEADER);
            String client = ex.getRemoteAddress().getAddress().getHostAddress();
            if (duties.apiKeys().isPresent() && duties.apiKeys().get().consumer(key) == null
                    && !skip.equals(key == null ? "missing-key" : "unknown-key")) {
                answer(ex, 401, "no valid API key");
                return;
            }
            if (duties.jwt().isPresent()) {
                String authorization = ex.getRequestHeaders().getFirst("Authorization");
                String why = duties.jwt().get().reject(authorization);
                if (why != null && !skip.equals(check(why, authorization))) {
                    answer(ex, 401, why);
                    return;
                }
            }
            String limitedAs = skip.equals("per-client") ? "every client" : duties.apiKeys().isPresent() && key != null ? key : client;
            if (duties.rateLimit().isPresent() && !skip.equals("rate-limit") && !duties.rateLimit().get().tryAcquire(limitedAs)) {
                answer(ex, 429, "rate limited");
                return;
            }
            if (duties.routes() > 0) {
                Matcher m = ROUTE.matcher(path);
                if (!m.matches() || Integer.parseInt(m.group(1)) >= duties.routes() && !skip.equals("no-route")) {
                    answer(ex, 404, "no route");
                    return;
                }
                path = m.group(2);
            }
            forward(ex, path);
        } catch (RuntimeException e) {
            System.err.println("PlantedDuties: " + e);
        }
    }

    /** The check a rejected token fails, in --skip's words: JwtCheck reads an unsigned token as malformed, the header says. */
    private static String check(String why, String authorization) {
        if (why.equals("no bearer token")) {
            return "no-token";
        }
        String token = authorization.substring(7).trim();
        int dot = token.indexOf('.');
        if (dot > 0) {
            try {
                String header = new String(Base64.getUrlDecoder().decode(token.substring(0, dot)), StandardCharsets.UTF_8);
                if (header.replace(" ", "").contains("\"alg\":\"none\"")) {
                    return "alg-none";
                }
            } catch (IllegalArgumentException notBase64) {
                return "malformed";
            }
        }
        return switch (why) {
            case "bad signature" -> "wrong-secret";
            case "expired" -> "expired";
            default -> "malformed";
        };
    }

    private void forward(HttpExchange ex, String path) throws IOException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(upstream + path)).timeout(Duration.ofSeconds(10)).GET();
        String cookie = ex.getRequestHeaders().getFirst("Cookie");
        if (cookie != null) {
            request.header("Cookie", cookie);
        }
        HttpResponse<InputStream> r;
        try {
            r = client.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            answer(ex, 502, "interrupted");
            return;
        }
        byte[] body;
        try (InputStream in = r.body()) {
            body = in.readAllBytes();
        }
        r.headers().firstValue("Content-Type").ifPresent(t -> ex.getResponseHeaders().set("Content-Type", t));
        ex.sendResponseHeaders(r.statusCode(), body.length == 0 ? -1 : body.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(body);
        }
    }

    private static void answer(HttpExchange ex, int status, String why) throws IOException {
        byte[] body = (why + "\n").getBytes(StandardCharsets.UTF_8);
        ex.sendResponseHeaders(status, body.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(body);
        }
    }

    private static void usage(String problem) {
        System.err.println("PlantedDuties: " + problem + "\nusage: PlantedDuties --bind=ADDRESS --port=N --upstream=http://HOST:PORT --skip="
                + String.join("|", CHECKS) + " " + Duties.USAGE);
        System.exit(2);
    }
}
