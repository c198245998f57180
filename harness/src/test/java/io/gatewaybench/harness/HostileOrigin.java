package io.gatewaybench.harness;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A raw-socket origin for the hostile-input suite: it logs every request it parses (and every byte
 * and connection it receives), and answers {@code /s/<script>} with one of {@link #SCRIPTS}, most of
 * them malformed on purpose. Anything else gets a small well-formed 200. It parses requests the
 * naive way a real origin might (chunked if any Transfer-Encoding says so, else the first
 * Content-Length), so that a request a gateway framed ambiguously shows up here as what it became.
 */
final class HostileOrigin implements AutoCloseable {
    static final byte[] OK_BODY = "origin-ok\n".getBytes(StandardCharsets.US_ASCII);

    /** One request as the origin parsed it. */
    record Request(String method, String target, List<String[]> headers, byte[] body) {
        List<String> all(String name) {
            return headers.stream().filter(h -> h[0].equalsIgnoreCase(name)).map(h -> h[1]).toList();
        }

        @Override
        public String toString() {
            return method + " " + target + " (" + body.length + " body bytes)";
        }
    }

    /** The malformed (or interim) answers, by script name; each ends by closing the connection unless said otherwise. */
    static final Map<String, String> SCRIPTS = Map.ofEntries(
            Map.entry("dup-cl", "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nabcdef"),
            Map.entry("cl-list", "HTTP/1.1 200 OK\r\nContent-Length: 5, 6\r\n\r\nabcdef"),
            Map.entry("cl-negative", "HTTP/1.1 200 OK\r\nContent-Length: -3\r\n\r\nabc"),
            Map.entry("te-space-colon", "HTTP/1.1 200 OK\r\nTransfer-Encoding : chunked\r\nContent-Length: 14\r\n\r\n"
                    + "3\r\nabc\r\n0\r\n\r\n"),
            Map.entry("te-identity", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked, identity\r\n\r\n3\r\nabc\r\n0\r\n\r\n"),
            Map.entry("long-header", "HTTP/1.1 200 OK\r\nX-Long: " + "a".repeat(64 * 1024) + "\r\nContent-Length: 3\r\n\r\nabc"),
            Map.entry("bad-status", "HTTP/1.1 2x0 OK\r\nContent-Length: 3\r\n\r\nabc"),
            Map.entry("not-http", "HELLO THERE\r\nContent-Length: 3\r\n\r\nabc"),
            Map.entry("nul-header", "HTTP/1.1 200 OK\r\nX-A: a\0b\r\nContent-Length: 3\r\n\r\nabc"),
            Map.entry("space-in-name", "HTTP/1.1 200 OK\r\nX A: b\r\nContent-Length: 3\r\n\r\nabc"),
            Map.entry("truncated-cl", "HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nonly-this"),
            Map.entry("truncated-chunked", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n9\r\nonly-this\r\n"),
            Map.entry("bad-chunk", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n9\r\nonly-this\r\nzz\r\nmore\r\n0\r\n\r\n"),
            // Malformed from the first chunk on (RFC 9112 7.1): nothing of the body is valid.
            Map.entry("bad-first-chunk", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n"),
            Map.entry("chunk-size-overflow", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nfffffffffffffffff1\r\nabc\r\n0\r\n\r\n"),
            Map.entry("chunk-without-crlf", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabcXY0\r\n\r\n"),
            Map.entry("chunked-no-last-chunk", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n"),
            Map.entry("truncated-head", "HTTP/1.1 200 OK\r\nContent-Le"),
            Map.entry("empty", ""),
            Map.entry("100-then-200", "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\norigin-ok\n"),
            Map.entry("103-then-200", "HTTP/1.1 103 Early Hints\r\nLink: </style.css>; rel=preload\r\n\r\n"
                    + "HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\norigin-ok\n"),
            Map.entry("101-unasked", "HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n"
                    + "raw-bytes-after-101"),
            // The answer to a HEAD: chunked, and so no body at all (not even the last chunk); keep-alive.
            Map.entry("head-chunked", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"),
            // Keep-alive, then bytes past the declared length: a proxy that reads them as the next response is desynchronised.
            Map.entry("extra-bytes", "HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\norigin-ok\nHTTP/1.1 200 OK\r\n"
                    + "Content-Length: 9\r\n\r\ninjected\n"));

    /** Scripts after which the connection stays open (the others close it, and say so in a complete head). */
    private static final Set<String> KEEP_OPEN = Set.of("100-then-200", "103-then-200", "extra-bytes", "head-chunked");

    private final ServerSocket server;
    private final List<Request> requests = new CopyOnWriteArrayList<>();
    private final AtomicInteger connections = new AtomicInteger();
    private final AtomicLong bytes = new AtomicLong();
    private final AtomicInteger readingBodies = new AtomicInteger();
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;

    HostileOrigin() throws IOException {
        server = new ServerSocket(0, 128, InetAddress.getLoopbackAddress());
        Thread accept = new Thread(this::acceptLoop, "hostile-origin-" + server.getLocalPort());
        accept.setDaemon(true);
        accept.start();
    }

    URI url() {
        return URI.create("http://127.0.0.1:" + server.getLocalPort());
    }

    int port() {
        return server.getLocalPort();
    }

    /**
     * Forgets what was received so far (between cases), once nothing has arrived for 50 ms: what a gateway still
     * forwards of the case before counts there, not here.
     */
    void reset() {
        long seenBytes = -1;
        int seenRequests = -1;
        for (int i = 0; i < 40 && (bytes.get() != seenBytes || requests.size() != seenRequests); i++) {
            seenBytes = bytes.get();
            seenRequests = requests.size();
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        requests.clear();
        connections.set(0);
        bytes.set(0);
    }

    List<Request> requests() {
        return List.copyOf(requests);
    }

    int connections() {
        return connections.get();
    }

    long bytes() {
        return bytes.get();
    }

    /**
     * Connections on which a request body is being read: the head has arrived and the body has neither ended nor been
     * cut by a close. A gateway that gave up a client mid-body must bring this back to 0 (its origin connection released).
     */
    int readingBodies() {
        return readingBodies.get();
    }

    private void acceptLoop() {
        while (!closed) {
            try {
                Socket s = server.accept();
                connections.incrementAndGet();
                open.add(s);
                Thread t = new Thread(() -> serve(s), "hostile-origin-conn");
                t.setDaemon(true);
                t.start();
            } catch (IOException e) {
                if (!closed) {
                    System.err.println("hostile origin: accept failed: " + e);
                }
            }
        }
    }

    private void serve(Socket s) {
        try (s) {
            s.setSoTimeout(120_000); // a pooled connection may idle between cases; close() ends it anyway
            s.setTcpNoDelay(true);
            CountingInput in = new CountingInput(s.getInputStream());
            OutputStream out = s.getOutputStream();
            while (true) {
                Request r = readRequest(in, out);
                if (r == null) {
                    return;
                }
                String script = r.target().startsWith("/s/") ? r.target().substring(3).replaceFirst("[?#].*", "") : "";
                String answer = SCRIPTS.get(script);
                if (r.target().startsWith("/echo/")) { // the path it was asked, so that a crossed or replayed answer shows
                    byte[] echo = ("echo " + r.target() + "\n").getBytes(StandardCharsets.US_ASCII);
                    out.write(("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: " + echo.length + "\r\n\r\n")
                            .getBytes(StandardCharsets.US_ASCII));
                    out.write(echo);
                    out.flush();
                    continue;
                }
                if (answer == null) {
                    out.write(("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: " + OK_BODY.length + "\r\n\r\n")
                            .getBytes(StandardCharsets.US_ASCII));
                    out.write(OK_BODY);
                    out.flush();
                    continue;
                }
                if (!KEEP_OPEN.contains(script) && answer.startsWith("HTTP/1.1 2") && answer.contains("\r\n\r\n")) {
                    // the close is announced, so that a gateway that took the answer for a good one does not
                    // reuse the connection: what is tested is the malformation, not a keep-alive race
                    answer = answer.replaceFirst("\r\n", "\r\nConnection: close\r\n");
                }
                out.write(answer.getBytes(StandardCharsets.ISO_8859_1));
                out.flush();
                if (!KEEP_OPEN.contains(script)) {
                    Thread.sleep(50); // let the gateway read it all before the FIN
                    return;
                }
            }
        } catch (IOException e) {
            // the gateway closed or reset the connection: nothing to log
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            open.remove(s);
        }
    }

    /** The next request, or null when the connection ended or sent something that is not one. */
    private Request readRequest(CountingInput in, OutputStream out) throws IOException {
        String requestLine = line(in, true);
        if (requestLine == null) {
            return null;
        }
        while (requestLine.isEmpty()) { // CRLF between requests is tolerated (RFC 9112 2.2)
            requestLine = line(in, false);
            if (requestLine == null) {
                return null;
            }
        }
        String[] parts = requestLine.split(" ");
        if (parts.length != 3) {
            requests.add(new Request("(unparsable)", requestLine, List.of(), new byte[0]));
            return null;
        }
        List<String[]> headers = new ArrayList<>();
        for (String h = line(in, false); h != null && !h.isEmpty(); h = line(in, false)) {
            int colon = h.indexOf(':');
            headers.add(colon < 0 ? new String[] {h, ""} : new String[] {h.substring(0, colon).trim(), h.substring(colon + 1).trim()});
        }
        Request head = new Request(parts[0], parts[1], headers, new byte[0]);
        requests.add(head); // logged as soon as its head is here: a body that never ends must not hide it
        if (head.all("expect").stream().anyMatch(v -> v.equalsIgnoreCase("100-continue"))) {
            out.write("HTTP/1.1 100 Continue\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
        }
        byte[] body;
        readingBodies.incrementAndGet();
        try {
            if (head.all("transfer-encoding").stream().anyMatch(v -> v.toLowerCase(Locale.ROOT).contains("chunked"))) {
                body = chunked(in);
            } else if (!head.all("content-length").isEmpty()) {
                long n;
                try {
                    n = Long.parseLong(head.all("content-length").get(0).split(",")[0].trim());
                } catch (NumberFormatException e) {
                    n = 0;
                }
                body = in.readNBytes((int) Math.max(0, Math.min(n, 64L << 20)));
            } else {
                body = new byte[0];
            }
        } finally {
            readingBodies.decrementAndGet();
        }
        Request whole = new Request(parts[0], parts[1], headers, body);
        requests.replaceAll(r -> r == head ? whole : r);
        return whole;
    }

    private static byte[] chunked(CountingInput in) throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        while (true) {
            String sizeLine = line(in, false);
            if (sizeLine == null) {
                return body.toByteArray();
            }
            int size;
            try {
                size = Integer.parseInt(sizeLine.replaceFirst(";.*", "").trim(), 16);
            } catch (NumberFormatException e) {
                return body.toByteArray();
            }
            if (size == 0) {
                for (String t = line(in, false); t != null && !t.isEmpty(); t = line(in, false)) {
                    // trailers
                }
                return body.toByteArray();
            }
            body.write(in.readNBytes(size));
            line(in, false);
        }
    }

    /** One line without its CRLF (or bare LF), or null at the end of the stream. */
    private static String line(CountingInput in, boolean first) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        for (int b = in.read(); b != '\n'; b = in.read()) {
            if (b < 0) {
                return null;
            }
            line.write(b);
            if (line.size() > 256 * 1024) {
                return null;
            }
        }
        String s = line.toString(StandardCharsets.ISO_8859_1);
        return s.endsWith("\r") ? s.substring(0, s.length() - 1) : s;
    }

    /** Counts every byte the origin reads, whatever it makes of them. */
    private final class CountingInput extends InputStream {
        private final InputStream in;
        private final byte[] buffer = new byte[16384];
        private int pos;
        private int limit;

        CountingInput(InputStream in) {
            this.in = in;
        }

        @Override
        public int read() throws IOException {
            if (pos == limit) {
                try {
                    limit = in.read(buffer);
                } catch (SocketException e) {
                    limit = -1;
                }
                pos = 0;
                if (limit <= 0) {
                    limit = 0;
                    return -1;
                }
                bytes.addAndGet(limit);
            }
            return buffer[pos++] & 0xff;
        }
    }

    @Override
    public void close() {
        closed = true;
        try {
            server.close();
        } catch (IOException e) {
            // closing anyway
        }
        for (Socket s : open) {
            try {
                s.close();
            } catch (IOException e) {
                // closing anyway
            }
        }
    }
}
