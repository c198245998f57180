package io.gatewaybench.harness;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.gatewaybench.harness.plan.Scenario;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A second origin, for what the book page cannot show: large and chunked response bodies, uploaded
 * bodies as they arrived, the request headers as the origin saw them, and a known latency.
 * <ul>
 *   <li>{@code GET /bytes?n=N}: N bytes of {@link #pattern}, with a Content-Length</li>
 *   <li>{@code GET /chunked?n=N}: the same bytes, chunked, written in 8 KiB pieces</li>
 *   <li>{@code POST /upload}: answers {@code length=<n> sha256=<hex>} of the body it received</li>
 *   <li>{@code GET /headers}: answers the request headers, one {@code name: value} per line</li>
 *   <li>only from {@link #bookPageAfter}: {@code GET} {@link Scenario#BOOK_PATH}, a small page with the
 *       book's marker, answered after a fixed delay (without it, that path is a 404)</li>
 * </ul>
 */
public final class TestOrigin implements AutoCloseable {
    static {
        // The JDK server writes a response's head and body separately; with Nagle's algorithm on, the
        // body waits for the client's delayed ACK (40 ms on Linux), which would swamp a known delay.
        // Read once, when the JDK's server first starts in this JVM.
        System.setProperty("sun.net.httpserver.nodelay", "true");
    }

    private final HttpServer server;
    private final ExecutorService executor = Executors.newCachedThreadPool();

    public TestOrigin() throws IOException {
        this(-1, 0, 0);
    }

    /** An origin whose book page takes {@code delayMillis} (a sleep before answering), for checking a measured latency. */
    public static TestOrigin bookPageAfter(int delayMillis) throws IOException {
        return new TestOrigin(delayMillis, 0, 0);
    }

    /**
     * An origin whose book page is answered at once but for every {@code every}-th request, the first included, which
     * it holds {@code stallMillis}: a stall that the requests sent meanwhile on the same connection queue behind.
     */
    public static TestOrigin bookPageStalling(int every, int stallMillis) throws IOException {
        return new TestOrigin(0, every, stallMillis);
    }

    private TestOrigin(int bookDelayMillis, int stallEvery, int stallMillis) throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 128);
        server.setExecutor(executor);
        server.createContext("/bytes", ex -> respond(ex, pattern(count(ex)), false));
        server.createContext("/chunked", ex -> respond(ex, pattern(count(ex)), true));
        server.createContext("/upload", ex -> {
            byte[] received;
            try (InputStream body = ex.getRequestBody()) {
                received = body.readAllBytes();
            }
            respond(ex, ("length=" + received.length + " sha256=" + sha256(received)).getBytes(StandardCharsets.US_ASCII), false);
        });
        server.createContext("/headers", ex -> {
            StringBuilder lines = new StringBuilder();
            new TreeMap<>(ex.getRequestHeaders()).forEach((name, values) ->
                    lines.append(name.toLowerCase(Locale.ROOT)).append(": ").append(String.join(", ", values)).append('\n'));
            respond(ex, lines.toString().getBytes(StandardCharsets.ISO_8859_1), false);
        });
        if (bookDelayMillis >= 0) {
            byte[] page = ("<html><body><p>" + Scenario.BOOK_MARKER + "</p></body></html>").getBytes(StandardCharsets.ISO_8859_1);
            java.util.concurrent.atomic.AtomicLong asked = new java.util.concurrent.atomic.AtomicLong();
            server.createContext(Scenario.BOOK_PATH, ex -> {
                try {
                    boolean stall = stallEvery > 0 && asked.getAndIncrement() % stallEvery == 0;
                    Thread.sleep(stall ? stallMillis : bookDelayMillis);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                respond(ex, page, false);
            });
        }
        server.start();
    }

    public URI url() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    /** Deterministic bytes that are not all alike, so that a shifted or dropped piece shows. */
    static byte[] pattern(int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (i * 31 + (i >>> 8) * 7);
        }
        return b;
    }

    static String sha256(byte[] data) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(data));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static int count(HttpExchange ex) {
        String query = ex.getRequestURI().getQuery();
        return query != null && query.startsWith("n=") ? Integer.parseInt(query.substring(2)) : 0;
    }

    private static void respond(HttpExchange ex, byte[] body, boolean chunked) throws IOException {
        ex.getResponseHeaders().set("Content-Type", "application/octet-stream");
        ex.sendResponseHeaders(200, chunked ? 0 : body.length); // 0 means chunked to this server
        try (OutputStream out = ex.getResponseBody()) {
            int piece = chunked ? 8192 : Math.max(1, body.length);
            for (int off = 0; off < body.length; off += piece) {
                out.write(body, off, Math.min(piece, body.length - off));
                out.flush();
            }
        }
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
