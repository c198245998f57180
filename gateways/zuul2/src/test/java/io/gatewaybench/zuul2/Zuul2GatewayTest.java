package io.gatewaybench.zuul2;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Starts the real gateway, as its own JVM from the test classpath (Zuul's configuration is static, one per
 * JVM), in front of a JDK HttpServer origin on free loopback ports, and talks HTTP/1.1 to it over plain sockets.
 */
class Zuul2GatewayTest {

    /** Generous limits that only guard against hangs; no assertion is about speed. */
    private static final int SOCKET_TIMEOUT_MS = 15_000;
    private static final long START_TIMEOUT_S = 60;

    private static HttpServer origin;
    private static ExecutorService originThreads;
    private static Gateway gateway;

    @BeforeAll
    static void start() throws Exception {
        originThreads = Executors.newCachedThreadPool();
        origin = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        origin.setExecutor(originThreads);
        origin.createContext("/", Zuul2GatewayTest::describeRequest);
        origin.createContext("/echo", exchange -> reply(exchange, 200, exchange.getRequestBody().readAllBytes()));
        origin.createContext("/missing", exchange -> reply(exchange, 404, "not here".getBytes(UTF_8)));
        origin.createContext("/slow", exchange -> {
            sleep(5_000);
            reply(exchange, 200, "late".getBytes(UTF_8));
        });
        origin.start();
        gateway = Gateway.start("--bind=127.0.0.1", "--port=" + freePort(),
                "--upstream=http://127.0.0.1:" + origin.getAddress().getPort(), "--event-loops=2",
                "--response-timeout-ms=1000");
    }

    @AfterAll
    static void stop() {
        if (gateway != null) {
            gateway.stop();
        }
        if (origin != null) {
            origin.stop(0);
            originThreads.shutdownNow();
        }
    }

    @Test
    void announcesItselfInOneLine() {
        assertEquals(List.of("zuul2 listening on 127.0.0.1:" + gateway.port + ", upstream http://127.0.0.1:"
                + origin.getAddress().getPort() + ", event loops 2, transport epoll"), gateway.stdout());
    }

    @Test
    void proxiesGetWithForwardedHeadersAndWithoutHopByHopHeaders() throws IOException {
        Response response = exchangeOnce("GET /some/path?b=x%20y&&a=1 HTTP/1.1\r\n"
                + "Host: gateway.test:1234\r\n"
                + "X-Forwarded-For: 192.0.2.7\r\n"
                + "Connection: keep-alive, X-Hop\r\n"
                + "X-Hop: must not arrive\r\n"
                + "TE: trailers\r\n"
                + "Cookie: JSESSIONID=abc\r\n\r\n");

        assertEquals(200, response.status);
        Map<String, String> seen = parseDescription(response.bodyText());
        assertEquals("GET /some/path?b=x%20y&&a=1", seen.get("request"), "path and query arrive unchanged");
        assertEquals("192.0.2.7, 127.0.0.1", seen.get("x-forwarded-for"), "X-Forwarded-For is appended to");
        assertEquals("http", seen.get("x-forwarded-proto"));
        assertEquals("gateway.test:1234", seen.get("x-forwarded-host"));
        assertEquals("gateway.test:1234", seen.get("host"), "Host is forwarded as the client sent it");
        assertEquals("JSESSIONID=abc", seen.get("cookie"));
        assertNull(seen.get("x-hop"), "a header named in Connection is hop-by-hop");
        assertNull(seen.get("te"));
    }

    @Test
    void keepsTheClientConnectionAcrossTenRequests() throws IOException {
        try (Connection connection = new Connection(gateway.port)) {
            for (int i = 0; i < 10; i++) {
                Response response = connection.exchange("GET /round/" + i + " HTTP/1.1\r\nHost: localhost\r\n\r\n");
                assertEquals(200, response.status);
                assertEquals("GET /round/" + i, parseDescription(response.bodyText()).get("request"));
            }
        }
    }

    @Test
    void passesOriginStatusThrough() throws IOException {
        Response response = exchangeOnce("GET /missing HTTP/1.1\r\nHost: localhost\r\n\r\n");
        assertEquals(404, response.status);
        assertEquals("not here", response.bodyText());
    }

    @Test
    void streamsOneMebibytePostIntact() throws IOException {
        byte[] body = new byte[1024 * 1024];
        new Random(42).nextBytes(body);
        try (Connection connection = new Connection(gateway.port)) {
            connection.send(("POST /echo HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/octet-stream\r\n"
                    + "Content-Length: " + body.length + "\r\n\r\n").getBytes(ISO_8859_1));
            connection.send(body);
            Response response = connection.read();
            assertEquals(200, response.status);
            assertArrayEquals(body, response.body);
        }
    }

    @Test
    void slowOriginGets504() throws IOException {
        Response response = exchangeOnce("GET /slow HTTP/1.1\r\nHost: localhost\r\n\r\n");
        assertEquals(504, response.status);
        assertEquals("0", response.header("content-length"), "an explicit empty body, not a chunked one");
    }

    @Test
    void refusedUpstreamGets502() throws Exception {
        int deadPort = freePort(); // nothing listens there
        Gateway refused = Gateway.start("--bind=127.0.0.1", "--port=" + freePort(),
                "--upstream=http://127.0.0.1:" + deadPort, "--event-loops=1");
        try {
            Response response = exchangeOnce(refused.port, "GET / HTTP/1.1\r\nHost: localhost\r\n\r\n");
            assertEquals(502, response.status);
            assertEquals("0", response.header("content-length"));
        } finally {
            refused.stop();
        }
    }

    @Test
    void malformedUpstreamExitsWith2AndOneLine() throws Exception {
        Exit exit = Gateway.run("--port=" + freePort(), "--upstream=https://127.0.0.1:8080");
        assertEquals(2, exit.status);
        assertEquals(List.of("zuul2: --upstream must look like http://host:port, got 'https://127.0.0.1:8080'"),
                exit.stderr);
    }

    @Test
    void unknownOrMissingOptionsExitWith2() throws Exception {
        Exit unknown = Gateway.run("--port=8080", "--upstream=http://127.0.0.1:8080", "--workers=2");
        assertEquals(2, unknown.status);
        assertEquals(1, unknown.stderr.size());
        assertTrue(unknown.stderr.get(0).startsWith("zuul2: unknown argument '--workers=2'"), unknown.stderr.get(0));

        Exit missing = Gateway.run("--upstream=http://127.0.0.1:8080");
        assertEquals(2, missing.status);
        assertEquals(List.of("zuul2: --port is required, e.g. --port=8080"), missing.stderr);

        Exit zero = Gateway.run("--port=0", "--upstream=http://127.0.0.1:8080");
        assertEquals(2, zero.status);
        assertEquals(List.of("zuul2: --port must be a number from 1 to 65535, got '0'"), zero.stderr);
    }

    @Test
    void portInUseExitsWith1AndOneLine() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            int port = taken.getLocalPort();
            Exit exit = Gateway.run("--bind=127.0.0.1", "--port=" + port, "--upstream=http://127.0.0.1:9");
            assertEquals(1, exit.status);
            assertEquals(1, exit.stderr.size(), String.join("\n", exit.stderr));
            assertTrue(exit.stderr.get(0).startsWith("zuul2: cannot listen on 127.0.0.1:" + port + ": "),
                    exit.stderr.get(0));
        }
    }

    /**
     * A fixed port whose last server has just stopped still has that server's side of a connection in TIME_WAIT (the
     * server closed first). Zuul can listen there, so its check of the address must let it; on real hosts, where every
     * gateway takes port 8000 in turn, it did not.
     */
    @Test
    void aPortWithAConnectionInTimeWaitIsFree() throws Exception {
        int port;
        try (ServerSocket previous = new ServerSocket()) {
            previous.setReuseAddress(true);
            previous.bind(new InetSocketAddress("127.0.0.1", 0));
            port = previous.getLocalPort();
            try (Socket client = new Socket("127.0.0.1", port); Socket accepted = previous.accept()) {
                accepted.close(); // the server side closes first: its end goes to TIME_WAIT once the client closes too
                assertEquals(-1, client.getInputStream().read());
            }
        }
        try (Socket plain = new Socket()) { // the condition itself: a bind without SO_REUSEADDR is refused
            IOException refused = assertThrows(IOException.class,
                    () -> plain.bind(new InetSocketAddress("127.0.0.1", port)));
            assertTrue(refused.getMessage().contains("in use"), refused.getMessage());
        }
        Gateway next = Gateway.start("--bind=127.0.0.1", "--port=" + port,
                "--upstream=http://127.0.0.1:" + origin.getAddress().getPort(), "--event-loops=1");
        try (Connection connection = new Connection(next.port)) {
            assertEquals(200, connection.exchange("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n").status);
        } finally {
            next.stop();
        }
    }

    @Test
    void sigtermStopsTheJvmCleanly() throws Exception {
        Gateway stopping = Gateway.start("--bind=127.0.0.1", "--port=" + freePort(),
                "--upstream=http://127.0.0.1:" + origin.getAddress().getPort(), "--event-loops=1");
        try (Connection idle = new Connection(stopping.port)) {
            assertEquals(200, idle.exchange("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n").status);
            stopping.process.destroy(); // SIGTERM, with an idle keep-alive connection open
            assertTrue(stopping.process.waitFor(30, TimeUnit.SECONDS), "the JVM exits");
        } finally {
            stopping.stop();
        }
        String stderr = Files.readString(stopping.stderrFile);
        assertFalse(stderr.contains("Exception") || stderr.contains("\tat "), stderr);
    }

    // ---- the origin: describes each request as "name: value" lines, request line first

    private static void describeRequest(HttpExchange exchange) throws IOException {
        exchange.getRequestBody().readAllBytes();
        StringBuilder out = new StringBuilder("request: ")
                .append(exchange.getRequestMethod()).append(' ')
                .append(exchange.getRequestURI().getRawPath());
        if (exchange.getRequestURI().getRawQuery() != null) {
            out.append('?').append(exchange.getRequestURI().getRawQuery());
        }
        out.append('\n');
        exchange.getRequestHeaders().forEach((name, values) -> values.forEach(
                value -> out.append(name.toLowerCase(Locale.ROOT)).append(": ").append(value).append('\n')));
        reply(exchange, 200, out.toString().getBytes(UTF_8));
    }

    private static Map<String, String> parseDescription(String body) {
        Map<String, String> seen = new LinkedHashMap<>();
        for (String line : body.split("\n")) {
            int colon = line.indexOf(": ");
            seen.merge(line.substring(0, colon), line.substring(colon + 2), (a, b) -> a + ", " + b);
        }
        return seen;
    }

    private static void reply(HttpExchange exchange, int status, byte[] body) throws IOException {
        exchange.sendResponseHeaders(status, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    // ---- helpers

    private static Response exchangeOnce(String requestHead) throws IOException {
        return exchangeOnce(gateway.port, requestHead);
    }

    private static Response exchangeOnce(int port, String requestHead) throws IOException {
        try (Connection connection = new Connection(port)) {
            return connection.exchange(requestHead);
        }
    }

    /** Ports handed out in this JVM: the module's two test classes run side by side (pom.xml), and the kernel may give a
     * port closed a moment ago to the next bind(0), before the gateway meant to listen there has started. */
    private static final java.util.Set<Integer> HANDED_OUT = new java.util.HashSet<>();

    static synchronized int freePort() throws IOException {
        while (true) {
            try (ServerSocket socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
                if (HANDED_OUT.add(socket.getLocalPort())) {
                    return socket.getLocalPort();
                }
            }
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    record Exit(int status, List<String> stderr) {}

    /** The gateway as a separate JVM: java -cp (this test classpath) io.gatewaybench.zuul2.Main ... */
    static final class Gateway {
        final Process process;
        final int port;
        final Path stderrFile;
        private final LinkedBlockingQueue<String> stdoutLines = new LinkedBlockingQueue<>();

        private Gateway(Process process, int port, Path stderrFile) {
            this.process = process;
            this.port = port;
            this.stderrFile = stderrFile;
            Thread reader = new Thread(() -> {
                try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), UTF_8))) {
                    for (String line; (line = in.readLine()) != null; ) {
                        stdoutLines.add(line);
                    }
                } catch (IOException e) {
                    // process gone
                }
            }, "gateway-stdout");
            reader.setDaemon(true);
            reader.start();
        }

        static Gateway start(String... args) throws Exception {
            int port = Integer.parseInt(List.of(args).stream()
                    .filter(a -> a.startsWith("--port=")).findFirst().orElseThrow().substring(7));
            Path stderr = Files.createTempFile("zuul2-test-", ".stderr");
            Process process = command(args).redirectError(stderr.toFile()).start();
            Gateway gateway = new Gateway(process, port, stderr);
            String first = gateway.stdoutLines.poll(START_TIMEOUT_S, TimeUnit.SECONDS);
            if (first == null || !first.startsWith("zuul2 listening on ")) {
                gateway.stop();
                throw new AssertionError("gateway did not start: " + first + "\n" + Files.readString(stderr));
            }
            gateway.stdoutLines.add(first);
            return gateway;
        }

        /** Runs the gateway to its exit, for command-line errors. */
        static Exit run(String... args) throws Exception {
            Process process = command(args).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            List<String> stderr;
            try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getErrorStream(), UTF_8))) {
                stderr = in.lines().collect(Collectors.toList());
            }
            if (!process.waitFor(START_TIMEOUT_S, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new AssertionError("the JVM did not exit: " + stderr);
            }
            return new Exit(process.exitValue(), stderr);
        }

        List<String> stdout() {
            return new ArrayList<>(stdoutLines);
        }

        void stop() {
            process.destroy();
            try {
                if (!process.waitFor(30, TimeUnit.SECONDS)) {
                    process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }

        private static ProcessBuilder command(String... args) {
            List<String> command = new ArrayList<>();
            command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            command.add("-Xmx256m");
            if (Runtime.version().feature() >= 23) {
                // What the jar's manifest says for java -jar, and Netty 4.1's use of Unsafe: keep stderr to our lines.
                command.add("--enable-native-access=ALL-UNNAMED");
                command.add("--sun-misc-unsafe-memory-access=allow");
            }
            command.add("-cp");
            command.add(System.getProperty("java.class.path"));
            command.add(Main.class.getName());
            command.addAll(List.of(args));
            return new ProcessBuilder(command);
        }
    }

    /** One client connection speaking HTTP/1.1 by hand, so that any header can be sent. */
    static final class Connection implements AutoCloseable {
        private final Socket socket;
        private final InputStream in;

        Connection(int port) throws IOException {
            this(port, null);
        }

        /** From a given local address (any of 127.0.0.0/8 on Linux), to be another client for the rate limit; null: any. */
        Connection(int port, InetAddress from) throws IOException {
            socket = new Socket(InetAddress.getLoopbackAddress(), port, from, 0);
            socket.setSoTimeout(SOCKET_TIMEOUT_MS);
            in = socket.getInputStream();
        }

        Response exchange(String requestHead) throws IOException {
            send(requestHead.getBytes(ISO_8859_1));
            return read();
        }

        void send(byte[] bytes) throws IOException {
            socket.getOutputStream().write(bytes);
            socket.getOutputStream().flush();
        }

        Response read() throws IOException {
            String statusLine = line();
            int status = Integer.parseInt(statusLine.split(" ")[1]);
            Map<String, String> headers = new LinkedHashMap<>();
            for (String line; !(line = line()).isEmpty(); ) {
                int colon = line.indexOf(':');
                headers.put(line.substring(0, colon).trim().toLowerCase(Locale.ROOT), line.substring(colon + 1).trim());
            }
            ByteArrayOutputStream body = new ByteArrayOutputStream();
            if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
                for (int size; (size = Integer.parseInt(line().split(";")[0].trim(), 16)) > 0; ) {
                    body.write(in.readNBytes(size));
                    line();
                }
                while (!line().isEmpty()) {
                    // trailers
                }
            } else if (headers.containsKey("content-length")) {
                body.write(in.readNBytes(Integer.parseInt(headers.get("content-length"))));
            }
            return new Response(status, headers, body.toByteArray());
        }

        private String line() throws IOException {
            ByteArrayOutputStream line = new ByteArrayOutputStream();
            for (int b; (b = in.read()) != '\n'; ) {
                if (b < 0) {
                    throw new IOException("connection closed mid-response");
                }
                if (b != '\r') {
                    line.write(b);
                }
            }
            return line.toString(ISO_8859_1);
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }

    record Response(int status, Map<String, String> headers, byte[] body) {
        String header(String name) {
            return headers.get(name);
        }

        String bodyText() {
            return new String(body, UTF_8);
        }
    }
}
