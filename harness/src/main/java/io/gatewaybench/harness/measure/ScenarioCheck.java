package io.gatewaybench.harness.measure;

import io.gatewaybench.harness.model.Decimals;
import io.gatewaybench.harness.model.RateLimitCheck;
import io.gatewaybench.harness.plan.Credentials;
import io.gatewaybench.harness.plan.OriginPlan;
import io.gatewaybench.harness.plan.Scenario;
import io.gatewaybench.harness.plan.Target;
import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Verify before you measure, with one HTTP/1.1 client (the load's protocol) for every check. Under plain, a target
 * must serve the book page exactly as the origin does (status 200, the page's marker, the same body bytes). Under any
 * other scenario, conformance to it, before any load: a target must do its scenario's duties, or its figures would be
 * those of a gateway that skips work. The request the load sends gets the origin's page byte for byte; a request
 * without its API key, or with an unknown one, gets 401; a token that is missing, badly signed, unsigned, expired
 * or malformed gets 401; every route reaches the origin with its prefix stripped, and a path of no route gets 404;
 * and, with the limit set low ({@link #limitBites}), the rate limit does answer 429 at about its rate.
 */
public final class ScenarioCheck {
    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build();
    /** Seconds of the low-limit check, at twice the limit. */
    static final int LIMIT_SECONDS = 3;

    private ScenarioCheck() {
    }

    /** The book page as the origin serves it, to compare every target against. */
    public static byte[] referencePage(URI origin) {
        return referencePage(origin, OriginPlan.TOMCAT);
    }

    /** The run's page as its origin at {@code url} serves it, to compare every target against; it must hold the marker, if any. */
    public static byte[] referencePage(URI url, OriginPlan origin) {
        byte[] body = page(url, origin.path(), "the origin");
        if (origin.markerText().isPresent() && !contains(body, origin.marker())) {
            throw new IllegalStateException("the origin's page at " + origin.page(url) + " lacks '" + origin.marker() + "': "
                    + (origin.atUrl() ? "is --origin-marker the text of that page?" : "is tomcat10-examples installed (infra/packages.sh)?"));
        }
        return body;
    }

    private static boolean contains(byte[] body, String marker) {
        return new String(body, java.nio.charset.StandardCharsets.ISO_8859_1).contains(marker);
    }

    /** Verify before you measure: fails, saying what differs, unless the target serves the reference book page byte for byte. */
    public static void check(String target, URI url, byte[] reference) {
        check(target, url, OriginPlan.TOMCAT, reference);
    }

    /**
     * Verify before you measure: fails, saying what differs, unless the target serves the run's page as the origin does: byte
     * for byte; for an origin at a URL with a marker (whose page may change from one answer to the next), holding the marker.
     */
    public static void check(String target, URI url, OriginPlan origin, byte[] reference) {
        byte[] body = page(url, origin.path(), target);
        if (origin.atUrl() && origin.markerText().isPresent()) {
            if (!contains(body, origin.marker())) {
                throw new IllegalStateException(target + " serves a page without '" + origin.marker() + "' (" + body.length
                        + " bytes); refusing to measure it");
            }
        } else if (!Arrays.equals(body, reference)) {
            throw new IllegalStateException(target + " serves a different " + (origin.atUrl() ? "page" : "book page") + " ("
                    + body.length + " bytes, origin " + reference.length + "); refusing to measure it");
        }
    }

    /**
     * A fresh session cookie ({@code JSESSIONID=...}) from the origin, for a client that must not
     * make the origin create a session per request (infra/tomcat/README.md, "A steady baseline").
     */
    public static String sessionCookie(URI origin) {
        HttpResponse<byte[]> r = send(origin, Scenario.BOOK_PATH, Map.of());
        return r.headers().allValues("Set-Cookie").stream().filter(c -> c.startsWith("JSESSIONID=")).map(c -> c.split(";", 2)[0])
                .findFirst().orElseThrow(() -> new IllegalStateException("the origin set no JSESSIONID cookie at " + r.uri()));
    }

    /** The page at {@code path} from {@code base}, which must answer 200. */
    private static byte[] page(URI base, String path, String who) {
        HttpResponse<byte[]> r;
        try {
            r = send(base, path, Map.of());
        } catch (IllegalStateException e) {
            throw new IllegalStateException(who + ": " + e.getMessage(), e);
        }
        if (r.statusCode() != 200) {
            throw new IllegalStateException(who + " answered " + r.statusCode() + " for " + r.uri() + "; refusing to measure it");
        }
        return r.body();
    }

    /** The page the origin serves for the scenario's path: what every target must deliver. */
    public static byte[] originPage(URI origin, Scenario s) {
        HttpResponse<byte[]> r = send(origin, s.path(), Map.of());
        if (r.statusCode() != 200) {
            throw new IllegalStateException("the origin answered " + r.statusCode() + " for " + s.path() + " (scenario " + s.name()
                    + "); is infra/tomcat/static deployed (infra/tomcat/static.xml.template)?");
        }
        return r.body();
    }

    /**
     * Fails, saying what went wrong, unless {@code url} does the scenario's duties. With {@code everyRoute}, each
     * of the scenario's routes is tried (5,000 requests for routes-5000); otherwise the first, a middle and the last.
     */
    public static void verify(String target, URI url, Scenario s, Credentials c, byte[] page) {
        verify(target, url, s, c, page, true);
    }

    public static void verify(String target, URI url, Scenario s, Credentials c, byte[] page, boolean everyRoute) {
        Map<String, String> good = s.headers(c);
        expectPage(target, url, s.requestPath(0), good, page, "the load's own request");
        if (s.duties().contains("api-keys")) {
            Map<String, String> none = new LinkedHashMap<>(good);
            none.remove("apikey");
            expect(target, url, s.requestPath(0), none, 401, "a request without its apikey header");
            Map<String, String> unknown = new LinkedHashMap<>(good);
            unknown.put("apikey", "key-not-issued-by-this-run");
            expect(target, url, s.requestPath(0), unknown, 401, "a request with an unknown API key");
        }
        if (s.duties().contains("jwt")) {
            long now = System.currentTimeMillis() / 1000;
            String other = c.jwtSecret().replace('a', 'b').replace('0', '1');
            Map<String, String> tokens = new LinkedHashMap<>();
            tokens.put("no token", null);
            tokens.put("a token signed with another secret", Credentials.token(other.equals(c.jwtSecret()) ? other + "x" : other, "HS256", now, now + 3600));
            tokens.put("an expired token", Credentials.token(c.jwtSecret(), "HS256", now - 7200, now - 3600));
            tokens.put("an unsigned token (alg none)", Credentials.token(c.jwtSecret(), "none", now, now + 3600));
            tokens.put("a malformed token", "not.a.token");
            tokens.forEach((what, token) -> {
                Map<String, String> h = new LinkedHashMap<>(good);
                if (token == null) {
                    h.remove("Authorization");
                } else {
                    h.put("Authorization", "Bearer " + token);
                }
                expect(target, url, s.requestPath(0), h, 401, "a request with " + what);
            });
        }
        if (s.routes() > 0) {
            int[] routes = everyRoute ? java.util.stream.IntStream.range(0, s.routes()).toArray() : new int[] {0, s.routes() / 2, s.routes() - 1};
            for (int i : routes) {
                expectPage(target, url, s.requestPath(i), good, page, "route " + Scenario.routePrefix(i) + "/");
            }
            expect(target, url, Scenario.routePrefix(s.routes()) + s.path(), good, 404, "a path of no route");
        }
    }

    /**
     * With the target started with a rate limit of {@code limit} per second ({@link Target#withRateLimit}), requests
     * at twice that for {@value #LIMIT_SECONDS} s must be answered 200 or 429, about the limit's share of them
     * 200: between 60% of limit x seconds (a limit that counts refused requests too lets fewer through) and 125%
     * of limit x (seconds + 1) (a token bucket lets a second's burst through first), the upper bound over the
     * seconds the requests actually took: a slow target stretches the loop and earns its tokens for it. Where it
     * stretched so far that twice the limit was never offered, the check cannot judge and says so. Returns what
     * it saw.
     */
    public static RateLimitCheck limitBites(String target, URI url, Scenario s, Credentials c, int limit) {
        int sent = 2 * limit * LIMIT_SECONDS;
        long gapNanos = 1_000_000_000L / (2L * limit);
        int ok = 0;
        int refused = 0;
        long start = System.nanoTime();
        for (int i = 0; i < sent; i++) {
            long due = start + i * gapNanos;
            long wait = due - System.nanoTime();
            if (wait > 0) {
                sleep(wait);
            }
            HttpResponse<byte[]> r = send(url, s.requestPath(i), s.headers(c));
            if (r.statusCode() == 200) {
                ok++;
            } else if (r.statusCode() == 429) {
                refused++;
            } else {
                throw new IllegalStateException(target + " answered " + r.statusCode() + " under its rate limit (" + limit
                        + "/s), where only 200 or 429 are right; refusing to measure it");
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        int low = (int) Math.floor(0.6 * limit * LIMIT_SECONDS);
        int high = (int) Math.ceil(1.25 * limit * (Math.max(seconds, LIMIT_SECONDS) + 1));
        if (high >= sent) {
            throw new IllegalStateException(target + " took " + String.format(java.util.Locale.ROOT, "%.1f", seconds) + " s for " + sent
                    + " requests one at a time, so its rate limit of " + limit + "/s was never offered twice its rate and cannot be "
                    + "checked; refusing to measure it (a target this slow under one client is not fit to measure)");
        }
        if (refused == 0 || ok < low || ok > high) {
            throw new IllegalStateException(target + " does not limit as set: with a limit of " + limit + "/s, " + sent + " requests over "
                    + String.format(java.util.Locale.ROOT, "%.1f", seconds) + " s got " + ok + " answers 200 and " + refused
                    + " answers 429 (expected " + low + " to " + high + " answers 200, the rest 429); refusing to measure it");
        }
        return new RateLimitCheck(limit, sent, Decimals.round(seconds), ok, refused, low + ".." + high, anotherClient(target, url, s, c));
    }

    /** Requests a second client sends back to back while the first is limited: within any limit's burst ({@link Scenario#LOW_LIMIT}). */
    static final int ANOTHER_CLIENT_REQUESTS = 5;

    /**
     * Right after {@link #limitBites} has held the first client at its limit, a second client, with another of the run's API
     * keys where the limit is per key and from another source address where it is per client address, sends
     * {@value #ANOTHER_CLIENT_REQUESTS} requests back to back: each must be answered 200, since that client has its own
     * limit, untouched. A limit kept for every client together has at most a token or two left then (the first client took
     * each as it came), so most of them get 429. Another source address is another loopback address (127.0.0.2 toward
     * 127.0.0.1: the whole of 127/8 is this machine's); toward a host elsewhere the run has one address, and says the check
     * was not made.
     */
    private static String anotherClient(String target, URI url, Scenario s, Credentials c) {
        boolean perKey = s.duties().contains("api-keys");
        Map<String, String> headers = new LinkedHashMap<>(s.headers(c));
        InetAddress source = null;
        String who;
        if (perKey) {
            headers.put("apikey", c.apiKeys().get(1));
            who = "another API key";
        } else {
            InetAddress host;
            try {
                host = InetAddress.getByName(url.getHost());
            } catch (UnknownHostException e) {
                throw new IllegalStateException(target + ": " + url.getHost() + " does not resolve: " + e.getMessage(), e);
            }
            if (!host.isLoopbackAddress()) {
                return "not checked: the limit is per client address, and toward " + url.getHost() + " this run has one address";
            }
            byte[] other = host.getAddress().clone();
            other[other.length - 1] = (byte) (other[other.length - 1] == 2 ? 3 : 2);
            try {
                source = InetAddress.getByAddress(other);
            } catch (UnknownHostException e) {
                throw new IllegalStateException(e);
            }
            who = "source address " + source.getHostAddress();
        }
        String[] lines = headers.entrySet().stream().map(e -> e.getKey() + ": " + e.getValue()).toArray(String[]::new);
        int ok = 0;
        List<Integer> statuses = new ArrayList<>();
        for (int i = 0; i < ANOTHER_CLIENT_REQUESTS; i++) {
            try (Http1Client client = new Http1Client(url, 10_000, source)) {
                int status = client.get(s.requestPath(i), lines).status();
                statuses.add(status);
                ok += status == 200 ? 1 : 0;
            } catch (IOException e) {
                throw new IllegalStateException(target + ": no answer to a second client (" + who + ") at " + url + ": " + e, e);
            }
        }
        if (ok < ANOTHER_CLIENT_REQUESTS) {
            throw new IllegalStateException(target + " limits its clients together, not each on its own (per " + (perKey ? "API key"
                    : "client address") + "): while the first client was held at its limit, a second one (" + who + ") sent "
                    + ANOTHER_CLIENT_REQUESTS + " requests and got " + statuses + "; refusing to measure it");
        }
        return ok + " of " + ANOTHER_CLIENT_REQUESTS + " answered 200 to " + who + " while the first client was limited";
    }

    private static void expectPage(String target, URI url, String path, Map<String, String> headers, byte[] page, String what) {
        HttpResponse<byte[]> r = send(url, path, headers);
        if (r.statusCode() != 200) {
            throw new IllegalStateException(target + " answered " + r.statusCode() + " to " + what + " (" + path + "), where the origin's page"
                    + " was due; refusing to measure it");
        }
        if (!Arrays.equals(r.body(), page)) {
            throw new IllegalStateException(target + " answered " + what + " (" + path + ") with a different page (" + r.body().length
                    + " bytes, origin " + page.length + "); refusing to measure it");
        }
    }

    private static void expect(String target, URI url, String path, Map<String, String> headers, int status, String what) {
        HttpResponse<byte[]> r = send(url, path, headers);
        if (r.statusCode() != status) {
            throw new IllegalStateException(target + " answered " + r.statusCode() + " to " + what + " (" + path + "), where " + status
                    + " was due: it does not do its scenario's duty; refusing to measure it");
        }
    }

    private static HttpResponse<byte[]> send(URI base, String path, Map<String, String> headers) {
        HttpRequest.Builder b = HttpRequest.newBuilder(base.resolve(path)).timeout(Duration.ofSeconds(30));
        headers.forEach(b::header);
        try {
            return CLIENT.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            throw new IllegalStateException("no answer from " + base.resolve(path) + ": " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    private static void sleep(long nanos) {
        try {
            Thread.sleep(nanos / 1_000_000, (int) (nanos % 1_000_000));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
