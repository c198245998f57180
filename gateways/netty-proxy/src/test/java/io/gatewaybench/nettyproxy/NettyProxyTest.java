package io.gatewaybench.nettyproxy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The real proxy, started in-process on a free port, in front of a real JDK HTTP server. */
@Timeout(60)
class NettyProxyTest {

    private static final ExecutorService originThreads = Executors.newCachedThreadPool();
    private static HttpServer origin;
    private static NettyProxy proxy;

    @BeforeAll
    static void start() throws IOException {
        origin = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        origin.setExecutor(originThreads);
        origin.createContext("/headers", NettyProxyTest::echoHeaders);
        origin.createContext("/echo", NettyProxyTest::echoBody);
        origin.createContext("/chunked", exchange -> respond(exchange, 200,
                exchange.getRequestMethod().equals("HEAD") ? -1 : 0, bytes(300_000, 7)));
        origin.createContext("/missing", exchange -> respond(exchange, 404, 9, "not here\n".getBytes()));
        origin.createContext("/slow", exchange -> {
            sleep(5_000);
            respond(exchange, 200, 4, "late".getBytes());
        });
        origin.start();
        proxy = startProxy("--response-timeout-ms=500");
    }

    @AfterAll
    static void stop() {
        proxy.close();
        origin.stop(0);
        originThreads.shutdownNow();
    }

    @Test
    void getIsProxiedWithForwardedHeaders() throws IOException {
        try (RawHttp client = new RawHttp(proxy.port())) {
            client.send("GET /headers?a=1&b=%20 HTTP/1.1\r\nHost: front.example:8000\r\n"
                    + "X-Forwarded-For: 203.0.113.9\r\nCookie: JSESSIONID=abc\r\n\r\n");
            RawHttp.Response response = client.read();
            assertEquals(200, response.status());
            assertEquals("abc", response.header("set-cookie").replace("JSESSIONID=", ""));
            String seen = response.text();
            assertTrue(seen.contains("uri: /headers?a=1&b=%20\n"), seen);
            assertTrue(seen.contains("x-forwarded-for: 203.0.113.9, 127.0.0.1\n"), seen);
            assertTrue(seen.contains("x-forwarded-proto: http\n"), seen);
            assertTrue(seen.contains("x-forwarded-host: front.example:8000\n"), seen);
            assertTrue(seen.contains("host: 127.0.0.1:" + origin.getAddress().getPort() + "\n"), seen);
            assertTrue(seen.contains("cookie: JSESSIONID=abc\n"), seen);
        }
    }

    @Test
    void hopByHopHeadersAreNotForwarded() throws IOException {
        try (RawHttp client = new RawHttp(proxy.port())) {
            client.send("GET /headers HTTP/1.1\r\nHost: x\r\nConnection: keep-alive, X-Private\r\nX-Private: 1\r\n"
                    + "Keep-Alive: timeout=5\r\nProxy-Authorization: Basic Zm9vOmJhcg==\r\nTE: trailers\r\n"
                    + "Upgrade: websocket\r\nX-Kept: yes\r\n\r\n");
            RawHttp.Response response = client.read();
            String seen = response.text();
            for (String dropped : new String[] {"connection", "x-private", "keep-alive", "proxy-authorization",
                    "te", "upgrade"}) {
                assertTrue(!seen.contains("\n" + dropped + ":") && !seen.startsWith(dropped + ":"), seen);
            }
            assertTrue(seen.contains("x-kept: yes\n"), seen);
            // and back: the origin's own hop-by-hop headers stay between it and the proxy
            try (RawHttp direct = new RawHttp(origin.getAddress().getPort())) {
                direct.send("GET /headers HTTP/1.1\r\nHost: x\r\n\r\n");
                assertEquals("1", direct.read().header("x-origin-private"));
            }
            assertNull(response.header("x-origin-private"));
            assertNull(response.header("keep-alive"));
            assertEquals("kept", response.header("x-origin-kept"));
        }
    }

    @Test
    void statusPassesThrough() throws IOException {
        try (RawHttp client = new RawHttp(proxy.port())) {
            client.send("GET /missing HTTP/1.1\r\nHost: x\r\n\r\n");
            RawHttp.Response response = client.read();
            assertEquals(404, response.status());
            assertEquals("not here\n", response.text());
        }
    }

    @Test
    void tenSequentialRequestsShareOneClientConnection() throws IOException {
        try (RawHttp client = new RawHttp(proxy.port())) {
            for (int i = 0; i < 10; i++) {
                client.send("GET /headers?n=" + i + " HTTP/1.1\r\nHost: x\r\n\r\n");
                RawHttp.Response response = client.read();
                assertEquals(200, response.status());
                assertTrue(response.text().contains("uri: /headers?n=" + i + "\n"));
                assertNull(response.header("connection"));
            }
        }
    }

    @Test
    void requestsSentBackToBackAreAnsweredInOrder() throws IOException {
        try (RawHttp client = new RawHttp(proxy.port())) {
            client.send("GET /headers?n=1 HTTP/1.1\r\nHost: x\r\n\r\nGET /headers?n=2 HTTP/1.1\r\nHost: x\r\n\r\n");
            assertTrue(client.read().text().contains("uri: /headers?n=1\n"));
            assertTrue(client.read().text().contains("uri: /headers?n=2\n"));
        }
    }

    @Test
    void http10ClientIsClosedAfterTheResponse() throws IOException {
        try (RawHttp client = new RawHttp(proxy.port())) {
            client.send("GET /headers HTTP/1.0\r\n\r\n");
            RawHttp.Response response = client.read();
            assertEquals(200, response.status());
            assertEquals("close", response.header("connection"));
            assertTrue(client.closedByServer());
        }
    }

    @Test
    void megabytePostIsEchoedIntact() throws IOException {
        byte[] body = bytes(1 << 20, 1);
        try (RawHttp client = new RawHttp(proxy.port())) {
            client.send("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: " + body.length + "\r\n\r\n", body);
            RawHttp.Response response = client.read();
            assertEquals(200, response.status());
            assertArrayEquals(body, response.body());
        }
    }

    @Test
    void chunkedPostIsEchoedIntact() throws IOException {
        byte[] body = bytes(200_000, 2);
        ByteArrayOutputStream chunked = new ByteArrayOutputStream();
        for (int at = 0; at < body.length; at += 30_000) {
            int size = Math.min(30_000, body.length - at);
            chunked.write((Integer.toHexString(size) + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
            chunked.write(body, at, size);
            chunked.write("\r\n".getBytes(StandardCharsets.ISO_8859_1));
        }
        chunked.write("0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
        try (RawHttp client = new RawHttp(proxy.port())) {
            client.send("POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n", chunked.toByteArray());
            RawHttp.Response response = client.read();
            assertEquals(200, response.status());
            assertArrayEquals(body, response.body());
        }
    }

    @Test
    void bodyWaitsFor100Continue() throws IOException {
        byte[] body = bytes(100_000, 3);
        try (RawHttp client = new RawHttp(proxy.port())) {
            client.send("PUT /echo HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: " + body.length
                    + "\r\n\r\n");
            assertEquals(100, client.read().status());
            client.send("", body);
            RawHttp.Response response = client.read();
            assertEquals(200, response.status());
            assertArrayEquals(body, response.body());
        }
    }

    @Test
    void chunkedResponseArrivesIntact() throws IOException {
        try (RawHttp client = new RawHttp(proxy.port())) {
            client.send("GET /chunked HTTP/1.1\r\nHost: x\r\n\r\n");
            RawHttp.Response response = client.read();
            assertEquals("chunked", response.header("transfer-encoding"));
            assertArrayEquals(bytes(300_000, 7), response.body());
            client.send("HEAD /chunked HTTP/1.1\r\nHost: x\r\n\r\n"); // same connection: framing survived
            assertEquals(200, client.read(true).status());
        }
    }

    @Test
    void slowOriginGives504() throws IOException {
        try (RawHttp client = new RawHttp(proxy.port())) {
            client.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n");
            RawHttp.Response response = client.read();
            assertEquals(504, response.status());
            client.send("GET /headers HTTP/1.1\r\nHost: x\r\n\r\n"); // the client connection is still good
            assertEquals(200, client.read().status());
        }
    }

    @Test
    void refusedUpstreamGives502() throws IOException {
        int closedPort;
        try (ServerSocket s = new ServerSocket(0)) {
            closedPort = s.getLocalPort();
        }
        try (NettyProxy refused = NettyProxy.start(Settings.parse("--port=" + freePort(), "--bind=127.0.0.1",
                "--upstream=http://127.0.0.1:" + closedPort, "--event-loops=1"));
             RawHttp client = new RawHttp(refused.port())) {
            client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n");
            RawHttp.Response response = client.read();
            assertEquals(502, response.status());
            assertTrue(response.text().startsWith("502 Bad Gateway"), response.text());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"io_uring", "epoll", "nio"})
    void everyTransportProxies(String transport) throws IOException {
        assertTrue(Transport.valueOf(transport.toUpperCase()).isAvailable(), transport + " is not available on this kernel, and the "
                + "JVM profiles measure each transport: run the tests on a Linux kernel with io_uring enabled");
        try (NettyProxy other = startProxy("--transport=" + transport, "--event-loops=1");
             RawHttp client = new RawHttp(other.port())) {
            assertEquals(transport, other.transport.label);
            for (int i = 0; i < 3; i++) {
                client.send("GET /missing HTTP/1.1\r\nHost: x\r\n\r\n");
                assertEquals(404, client.read().status());
            }
        }
    }

    static NettyProxy startProxy(String... options) throws IOException {
        String[] args = new String[options.length + 3];
        args[0] = "--port=" + freePort();
        args[1] = "--bind=127.0.0.1";
        args[2] = "--upstream=http://127.0.0.1:" + origin.getAddress().getPort();
        System.arraycopy(options, 0, args, 3, options.length);
        return NettyProxy.start(Settings.parse(args));
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    static byte[] bytes(int n, long seed) {
        byte[] b = new byte[n];
        new Random(seed).nextBytes(b);
        return b;
    }

    private static void echoHeaders(HttpExchange exchange) throws IOException {
        String seen = "uri: " + exchange.getRequestURI().toString() + "\n"
                + exchange.getRequestHeaders().entrySet().stream()
                .flatMap(e -> e.getValue().stream().map(v -> e.getKey().toLowerCase() + ": " + v + "\n"))
                .collect(Collectors.joining());
        String cookie = exchange.getRequestHeaders().getFirst("Cookie");
        if (cookie != null) {
            exchange.getResponseHeaders().add("Set-Cookie", cookie);
        }
        exchange.getResponseHeaders().add("Connection", "X-Origin-Private");
        exchange.getResponseHeaders().add("X-Origin-Private", "1");
        exchange.getResponseHeaders().add("Keep-Alive", "timeout=60");
        exchange.getResponseHeaders().add("X-Origin-Kept", "kept");
        byte[] body = seen.getBytes(StandardCharsets.UTF_8);
        respond(exchange, 200, body.length, body);
    }

    private static void echoBody(HttpExchange exchange) throws IOException {
        byte[] body = exchange.getRequestBody().readAllBytes();
        respond(exchange, 200, body.length, body);
    }

    /** length 0 means chunked, as in HttpExchange.sendResponseHeaders. */
    private static void respond(HttpExchange exchange, int status, long length, byte[] body) throws IOException {
        exchange.sendResponseHeaders(status, length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
