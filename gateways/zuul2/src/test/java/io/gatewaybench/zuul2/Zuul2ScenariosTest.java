package io.gatewaybench.zuul2;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.PlainJWT;
import com.nimbusds.jwt.SignedJWT;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.gatewaybench.zuul2.Zuul2GatewayTest.Connection;
import io.gatewaybench.zuul2.Zuul2GatewayTest.Exit;
import io.gatewaybench.zuul2.Zuul2GatewayTest.Gateway;
import io.gatewaybench.zuul2.Zuul2GatewayTest.Response;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The scenarios' duties (--api-keys, --jwt-secret, --rate-limit, --routes), each on the real gateway started as in
 * {@link Zuul2GatewayTest}, in front of an origin that records every request it gets: what the gateway refuses
 * (401, 429, 404) never arrives there, and what it lets through arrives with the right path and headers.
 */
class Zuul2ScenariosTest {

    private static final String SECRET = "4f1c2a9be07d5836a1c94e2b7f60d3a85e9c1b4722d0f6a3b8e5c9017d2a4f6e";

    private static HttpServer origin;
    private static ExecutorService originThreads;
    /** What the origin got, one description per request ("request: GET /path?query", then "name: value" lines). */
    private static final ConcurrentLinkedQueue<Map<String, String>> arrived = new ConcurrentLinkedQueue<>();

    @TempDir
    static Path files;

    private Gateway gateway;

    @BeforeAll
    static void startOrigin() throws IOException {
        originThreads = Executors.newCachedThreadPool();
        origin = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        origin.setExecutor(originThreads);
        origin.createContext("/", Zuul2ScenariosTest::record);
        origin.start();
    }

    @AfterAll
    static void stopOrigin() {
        if (origin != null) {
            origin.stop(0);
            originThreads.shutdownNow();
        }
    }

    @BeforeEach
    void forget() {
        arrived.clear();
    }

    @AfterEach
    void stopGateway() {
        if (gateway != null) {
            gateway.stop();
        }
    }

    @Test
    void apiKeysRefuseMissingAndUnknownKeysWith401() throws Exception {
        gateway = start("--api-keys=" + write("keys.txt", "# the consumers\nkey-one\n\nkey-two\n"));

        try (Connection connection = new Connection(gateway.port)) {
            Response missing = connection.exchange("GET /a HTTP/1.1\r\nHost: localhost\r\n\r\n");
            assertEquals(401, missing.status());
            assertEquals("Key", missing.header("www-authenticate"));
            assertEquals(String.valueOf(missing.body().length), missing.header("content-length"));

            assertEquals(401, connection.exchange("GET /a HTTP/1.1\r\nHost: localhost\r\napikey: key-three\r\n\r\n").status());
            assertEquals(401, connection.exchange("GET /a HTTP/1.1\r\nHost: localhost\r\napikey: KEY-ONE\r\n\r\n").status());
            // A refused request's body is read and dropped; the connection goes on.
            assertEquals(401, connection.exchange("POST /upload HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5\r\n\r\nhello").status());
            assertTrue(arrived.isEmpty(), "refused requests never reach the origin: " + arrived);

            Response valid = connection.exchange("GET /a/b?c=1 HTTP/1.1\r\nHost: localhost\r\napikey: key-two\r\n\r\n");
            assertEquals(200, valid.status());
        }
        Map<String, String> seen = single();
        assertEquals("GET /a/b?c=1", seen.get("request"));
        assertEquals("key-two", seen.get("apikey"), "the key is forwarded unchanged");
    }

    @Test
    void jwtRefusesEveryBadTokenWith401() throws Exception {
        gateway = start("--jwt-secret=" + write("secret.txt", SECRET + "\n"));
        long now = System.currentTimeMillis();
        JWTClaimsSet valid = new JWTClaimsSet.Builder().subject("alice").expirationTime(new Date(now + 600_000)).build();

        Map<String, String> bad = new LinkedHashMap<>();
        bad.put("no header", null);
        bad.put("not a bearer", "Basic YWxpY2U6c2VjcmV0");
        bad.put("malformed", "Bearer not.a.jwt");
        bad.put("alg none", "Bearer " + new PlainJWT(valid).serialize());
        bad.put("HS384", "Bearer " + sign(JWSAlgorithm.HS384, SECRET + SECRET, valid));
        bad.put("other secret", "Bearer " + sign(JWSAlgorithm.HS256, SECRET.replace('4', '5'), valid));
        bad.put("expired", "Bearer " + sign(JWSAlgorithm.HS256, SECRET,
                new JWTClaimsSet.Builder().subject("alice").expirationTime(new Date(now - 60_000)).build()));
        bad.put("no exp", "Bearer " + sign(JWSAlgorithm.HS256, SECRET, new JWTClaimsSet.Builder().subject("alice").build()));
        try (Connection connection = new Connection(gateway.port)) {
            for (Map.Entry<String, String> token : bad.entrySet()) {
                String header = token.getValue() == null ? "" : "Authorization: " + token.getValue() + "\r\n";
                Response response = connection.exchange("GET /private HTTP/1.1\r\nHost: localhost\r\n" + header + "\r\n");
                assertEquals(401, response.status(), token.getKey());
                assertEquals("Bearer", response.header("www-authenticate"), token.getKey());
            }
            assertTrue(arrived.isEmpty(), "refused requests never reach the origin: " + arrived);

            String authorization = "Bearer " + sign(JWSAlgorithm.HS256, SECRET, valid);
            Response accepted = connection.exchange("GET /private?x=%20 HTTP/1.1\r\nHost: localhost\r\n"
                    + "Authorization: " + authorization + "\r\n\r\n");
            assertEquals(200, accepted.status());
            Map<String, String> seen = single();
            assertEquals("GET /private?x=%20", seen.get("request"));
            assertEquals(authorization, seen.get("authorization"), "the token is forwarded unchanged");
        }
    }

    @Test
    void rateLimitPerClientAddressAnswers429OverTheLimit() throws Exception {
        gateway = start("--rate-limit=20");
        // Another client warms the gateway up (its first requests load classes): its bucket is its own.
        InetAddress warmUp = InetAddress.getByName("127.0.0.2");
        try (Connection connection = new Connection(gateway.port, warmUp)) {
            for (int i = 0; i < 30; i++) {
                connection.exchange("GET /warm HTTP/1.1\r\nHost: localhost\r\n\r\n");
            }
        }
        arrived.clear();

        long start = System.nanoTime();
        List<Integer> statuses = burst(100, InetAddress.getByName("127.0.0.1"), "GET /limited HTTP/1.1\r\nHost: localhost\r\n\r\n");
        double seconds = (System.nanoTime() - start) / 1e9;
        long accepted = statuses.stream().filter(s -> s == 200).count();
        long limited = statuses.stream().filter(s -> s == 429).count();
        assertEquals(100, accepted + limited, statuses.toString());
        // A bucket of 20 refilled at 20/s lets 20 through, and 20 more for each second the burst took to meet it:
        // the bound follows the burst's own duration, so a slow machine cannot fail it and a limiter that lets
        // the burst through still does.
        int most = 20 + (int) Math.ceil(20 * seconds) + 1;
        assertTrue(accepted >= 15 && accepted <= most, accepted + " of 100 let through at 20/s in " + seconds + " s (at most " + most + ")");
        assertEquals(accepted, arrived.size(), "only accepted requests reach the origin");
        assertTrue(arrived.stream().allMatch(seen -> seen.get("request").equals("GET /limited")));

        // Yet another address has a full bucket.
        try (Connection other = new Connection(gateway.port, InetAddress.getByName("127.0.0.3"))) {
            Response response = other.exchange("GET /other HTTP/1.1\r\nHost: localhost\r\n\r\n");
            assertEquals(200, response.status());
        }
        // 429's own headers.
        try (Connection again = new Connection(gateway.port)) {
            Response response;
            do {
                response = again.exchange("GET /limited HTTP/1.1\r\nHost: localhost\r\n\r\n");
            } while (response.status() == 200);
            assertEquals(429, response.status());
            assertEquals("1", response.header("retry-after"));
        }
    }

    @Test
    void rateLimitCountsByApiKeyAfterTheKeyCheck() throws Exception {
        gateway = start("--api-keys=" + write("keys.txt", "key-one\nkey-two\nwarm-up\n"), "--rate-limit=3");
        try (Connection connection = new Connection(gateway.port)) {
            // The first requests load classes; a key of its own warms the gateway up.
            for (int i = 0; i < 5; i++) {
                connection.exchange("GET /warm HTTP/1.1\r\nHost: localhost\r\napikey: warm-up\r\n\r\n");
            }
            arrived.clear();
            int accepted = 0;
            long start = System.nanoTime();
            for (int i = 0; i < 10; i++) {
                int status = connection.exchange("GET /k1 HTTP/1.1\r\nHost: localhost\r\napikey: key-one\r\n\r\n").status();
                assertTrue(status == 200 || status == 429, "status " + status);
                accepted += status == 200 ? 1 : 0;
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            // key-one's bucket of 3, refilled at 3/s for as long as the ten exchanges took.
            int most = 3 + (int) Math.ceil(3 * seconds) + 1;
            assertTrue(accepted >= 3 && accepted <= most, "key-one's bucket of 3: " + accepted + " of 10 in " + seconds + " s (at most " + most + ")");
            // The same address with the other key has its own bucket; an unknown key is refused before any limit.
            assertEquals(200, connection.exchange("GET /k2 HTTP/1.1\r\nHost: localhost\r\napikey: key-two\r\n\r\n").status());
            assertEquals(401, connection.exchange("GET /k3 HTTP/1.1\r\nHost: localhost\r\napikey: key-nine\r\n\r\n").status());
            assertEquals(accepted + 1, arrived.size());
        }
    }

    @Test
    void everyOneOfAThousandRoutesReachesTheOriginWithoutItsPrefix() throws Exception {
        gateway = start("--routes=1000");
        assertTrue(gateway.stdout().get(0).contains(", routes 1000, event loops 1, transport "), gateway.stdout().get(0));
        try (Connection connection = new Connection(gateway.port)) {
            for (int i = 0; i < 1000; i++) {
                Response response = connection.exchange("GET /r" + i + "/examples/x" + i + ".jsp?a=" + i + "&b=%20 HTTP/1.1\r\n"
                        + "Host: localhost\r\nX-Route: " + i + "\r\n\r\n");
                assertEquals(200, response.status(), "route " + i);
            }
            assertEquals(1000, arrived.size());
            int i = 0;
            for (Map<String, String> seen : arrived) {
                assertEquals("GET /examples/x" + i + ".jsp?a=" + i + "&b=%20", seen.get("request"), "route " + i);
                assertEquals(String.valueOf(i), seen.get("x-route"));
                assertEquals("localhost", seen.get("host"));
                assertEquals("127.0.0.1", seen.get("x-forwarded-for"));
                i++;
            }
            arrived.clear();

            for (String path : List.of("/r1000/examples/x.jsp", "/", "/examples/x.jsp", "/r17x/y", "/R17/y", "//r17/y", "/r-1/y")) {
                Response response = connection.exchange("GET " + path + " HTTP/1.1\r\nHost: localhost\r\n\r\n");
                assertEquals(404, response.status(), path);
                assertEquals("no route\n", response.bodyText(), path);
            }
            assertTrue(arrived.isEmpty(), "no route, no origin: " + arrived);

            // A route's own prefix, with or without a slash, is the origin's root.
            assertEquals(200, connection.exchange("GET /r17 HTTP/1.1\r\nHost: localhost\r\n\r\n").status());
            assertEquals(200, connection.exchange("GET /r17/ HTTP/1.1\r\nHost: localhost\r\n\r\n").status());
            assertEquals(200, connection.exchange("GET /r17?q=1 HTTP/1.1\r\nHost: localhost\r\n\r\n").status());
            assertEquals(List.of("GET /", "GET /", "GET /?q=1"), arrived.stream().map(seen -> seen.get("request")).toList());
        }
    }

    @Test
    void checksRunInOrderApiKeyJwtRateLimitRoute() throws Exception {
        gateway = start("--api-keys=" + write("keys.txt", "key-one\n"), "--jwt-secret=" + write("secret.txt", SECRET),
                "--rate-limit=2", "--routes=10");
        String first = gateway.stdout().get(0);
        assertTrue(first.endsWith(", api keys 1, jwt HS256, rate limit 2/s per api key, routes 10, event loops 1, transport "
                + first.substring(first.lastIndexOf(' ') + 1)), first);

        String token = "Authorization: Bearer " + sign(JWSAlgorithm.HS256, SECRET, new JWTClaimsSet.Builder()
                .subject("alice").expirationTime(new Date(System.currentTimeMillis() + 600_000)).build()) + "\r\n";
        try (Connection connection = new Connection(gateway.port)) {
            Response noKey = connection.exchange("GET /nowhere HTTP/1.1\r\nHost: localhost\r\n\r\n");
            assertEquals(401, noKey.status());
            assertEquals("Key", noKey.header("www-authenticate"), "the API key is checked first");

            Response noToken = connection.exchange("GET /nowhere HTTP/1.1\r\nHost: localhost\r\napikey: key-one\r\n\r\n");
            assertEquals(401, noToken.status());
            assertEquals("Bearer", noToken.header("www-authenticate"), "then the token");

            String authorized = "Host: localhost\r\napikey: key-one\r\n" + token + "\r\n";
            assertEquals(404, connection.exchange("GET /nowhere HTTP/1.1\r\n" + authorized).status(), "then the route");
            Response routed = connection.exchange("GET /r9/x HTTP/1.1\r\n" + authorized);
            assertEquals(200, routed.status());
            // The 401s took no token, the 404 and the 200 one each, of a bucket of 2 refilled at 2/s: requests with no
            // route soon find it empty and get 429, not 404.
            Response limited;
            do {
                limited = connection.exchange("GET /nowhere HTTP/1.1\r\n" + authorized);
            } while (limited.status() == 404);
            assertEquals(429, limited.status(), "the rate limit comes before the route");
        }
        Map<String, String> seen = single();
        assertEquals("GET /x", seen.get("request"));
        assertEquals("key-one", seen.get("apikey"));
        assertTrue(seen.get("authorization").startsWith("Bearer "));
    }

    @Test
    void badDutyOptionsExitWith2AndOneLine() throws Exception {
        Exit zero = Gateway.run("--port=8080", "--upstream=http://127.0.0.1:8080", "--rate-limit=0");
        assertEquals(2, zero.status());
        assertEquals(List.of("zuul2: --rate-limit must be a whole number above 0, got '0'"), zero.stderr());

        Exit routes = Gateway.run("--port=8080", "--upstream=http://127.0.0.1:8080", "--routes=many");
        assertEquals(2, routes.status());
        assertEquals(List.of("zuul2: --routes must be a whole number above 0, got 'many'"), routes.stderr());

        Exit missing = Gateway.run("--port=8080", "--upstream=http://127.0.0.1:8080", "--api-keys=" + files.resolve("absent"));
        assertEquals(2, missing.status());
        assertEquals(1, missing.stderr().size(), missing.stderr().toString());
        assertTrue(missing.stderr().get(0).startsWith("zuul2: --api-keys=" + files.resolve("absent") + ": cannot read it"),
                missing.stderr().get(0));

        Exit shortSecret = Gateway.run("--port=8080", "--upstream=http://127.0.0.1:8080", "--jwt-secret=" + write("short.txt", "abc"));
        assertEquals(2, shortSecret.status());
        assertEquals(1, shortSecret.stderr().size(), shortSecret.stderr().toString());
    }

    // ---- helpers

    private static Gateway start(String... duties) throws Exception {
        List<String> args = new ArrayList<>(List.of("--bind=127.0.0.1", "--port=" + Zuul2GatewayTest.freePort(),
                "--upstream=http://127.0.0.1:" + origin.getAddress().getPort(), "--event-loops=1"));
        args.addAll(List.of(duties));
        return Gateway.start(args.toArray(String[]::new));
    }

    /** {@code count} requests at once, one connection each, all opened before any request is sent; their statuses. */
    private List<Integer> burst(int count, InetAddress from, String request) throws Exception {
        ExecutorService clients = Executors.newFixedThreadPool(count);
        List<Connection> connections = new ArrayList<>();
        try {
            for (int i = 0; i < count; i++) {
                connections.add(new Connection(gateway.port, from));
            }
            CountDownLatch go = new CountDownLatch(1);
            List<Future<Integer>> statuses = new ArrayList<>();
            for (Connection connection : connections) {
                statuses.add(clients.submit(() -> {
                    go.await();
                    return connection.exchange(request).status();
                }));
            }
            go.countDown();
            List<Integer> result = new ArrayList<>();
            for (Future<Integer> status : statuses) {
                result.add(status.get(30, TimeUnit.SECONDS));
            }
            return result;
        } finally {
            for (Connection connection : connections) {
                connection.close();
            }
            clients.shutdownNow();
        }
    }

    private static Map<String, String> single() {
        assertEquals(1, arrived.size(), arrived.toString());
        return arrived.peek();
    }

    private static String sign(JWSAlgorithm algorithm, String secret, JWTClaimsSet claims) throws JOSEException {
        SignedJWT jwt = new SignedJWT(new JWSHeader(algorithm), claims);
        jwt.sign(new MACSigner(secret.getBytes(UTF_8)));
        return jwt.serialize();
    }

    private static Path write(String name, String content) throws IOException {
        return Files.writeString(files.resolve(name), content);
    }

    /** The origin: records the request and answers 200 with an empty body. */
    private static void record(HttpExchange exchange) throws IOException {
        exchange.getRequestBody().readAllBytes();
        Map<String, String> seen = new LinkedHashMap<>();
        String query = exchange.getRequestURI().getRawQuery();
        seen.put("request", exchange.getRequestMethod() + " " + exchange.getRequestURI().getRawPath() + (query == null ? "" : "?" + query));
        exchange.getRequestHeaders().forEach((name, values) -> seen.put(name.toLowerCase(Locale.ROOT), String.join(", ", values)));
        arrived.add(seen);
        exchange.sendResponseHeaders(200, -1);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(new byte[0]);
        }
    }
}
