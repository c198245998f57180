package io.gatewaybench.harness.measure;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ProtocolException;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A bare HTTP/1.1 client on one socket. The conformance tests need what a library client hides
 * (whether the connection stays the same, the body bytes exactly as they were framed), and the
 * latency probe needs nothing between its clock and the socket. It never reconnects: a request on
 * a connection the peer closed fails.
 */
public final class Http1Client implements AutoCloseable {
    private static final int CHUNK = 64 * 1024;

    public record Response(int status, Map<String, List<String>> headers, byte[] body, boolean chunked) {
        public String header(String name) {
            List<String> values = headers.get(name.toLowerCase(Locale.ROOT));
            return values == null ? null : String.join(", ", values);
        }

        public String text() {
            return new String(body, StandardCharsets.ISO_8859_1);
        }
    }

    private final Socket socket = new Socket();
    private final String hostHeader;
    private final InputStream in;
    private final OutputStream out;

    /** @param readTimeoutMillis how long a silent peer is waited for: a guard against hanging, not a speed goal */
    public Http1Client(URI base, int readTimeoutMillis) throws IOException {
        this(base, readTimeoutMillis, null);
    }

    /**
     * @param readTimeoutMillis how long a silent peer is waited for: a guard against hanging, not a speed goal
     * @param source the local address to send from (another client's, 127.0.0.2 on loopback), or null for the system's choice
     */
    public Http1Client(URI base, int readTimeoutMillis, java.net.InetAddress source) throws IOException {
        if (source != null) {
            socket.bind(new InetSocketAddress(source, 0));
        }
        socket.connect(new InetSocketAddress(base.getHost(), base.getPort()), 5_000);
        socket.setSoTimeout(readTimeoutMillis);
        socket.setTcpNoDelay(true);
        hostHeader = base.getHost() + ":" + base.getPort();
        in = new BufferedInputStream(socket.getInputStream());
        out = socket.getOutputStream();
    }

    public Http1Client(URI base) throws IOException {
        this(base, 30_000);
    }

    public Response get(String path, String... headerLines) throws IOException {
        return send("GET", path, null, false, headerLines);
    }

    /** Sends one request (body with Content-Length, or chunked) and reads its whole response. */
    public Response send(String method, String path, byte[] body, boolean chunked, String... headerLines) throws IOException {
        StringBuilder head = new StringBuilder(method).append(' ').append(path).append(" HTTP/1.1\r\n")
                .append("Host: ").append(hostHeader).append("\r\n");
        for (String h : headerLines) {
            head.append(h).append("\r\n");
        }
        if (body != null) {
            head.append(chunked ? "Transfer-Encoding: chunked" : "Content-Length: " + body.length).append("\r\n");
        }
        out.write(head.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1));
        if (body != null && !chunked) {
            out.write(body);
        } else if (body != null) {
            for (int off = 0; off < body.length; off += CHUNK) {
                int n = Math.min(CHUNK, body.length - off);
                out.write((Integer.toHexString(n) + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
                out.write(body, off, n);
                out.write("\r\n".getBytes(StandardCharsets.ISO_8859_1));
            }
            out.write("0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
        }
        out.flush();
        return read(method);
    }

    private Response read(String method) throws IOException {
        int status;
        Map<String, List<String>> headers;
        do { // skip interim responses (100 Continue)
            String statusLine = line();
            String[] parts = statusLine.split(" ", 3);
            if (parts.length < 2 || !parts[0].startsWith("HTTP/1.") || !parts[1].matches("[1-5][0-9][0-9]")) {
                throw new ProtocolException("not an HTTP/1.x status line: '" + statusLine + "'");
            }
            status = Integer.parseInt(parts[1]);
            headers = new LinkedHashMap<>();
            for (String h = line(); !h.isEmpty(); h = line()) {
                int colon = h.indexOf(':');
                if (colon <= 0) {
                    throw new ProtocolException("not a header line: '" + h + "'");
                }
                headers.computeIfAbsent(h.substring(0, colon).trim().toLowerCase(Locale.ROOT), k -> new ArrayList<>())
                        .add(h.substring(colon + 1).trim());
            }
        } while (status / 100 == 1);

        Response noBody = new Response(status, headers, new byte[0], false);
        if (method.equals("HEAD") || status == 204 || status == 304) {
            return noBody;
        }
        String te = noBody.header("transfer-encoding");
        if (te != null && te.toLowerCase(Locale.ROOT).contains("chunked")) {
            return new Response(status, headers, chunkedBody(), true);
        }
        String header = noBody.header("content-length");
        int length = header == null ? -1 : number(header, 10, "Content-Length");
        byte[] body = length >= 0 ? in.readNBytes(length) : in.readAllBytes();
        if (length >= 0 && body.length != length) {
            throw new EOFException("connection closed after " + body.length + " of " + length + " body bytes");
        }
        return new Response(status, headers, body, false);
    }

    private byte[] chunkedBody() throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        for (int size = chunkSize(); size > 0; size = chunkSize()) {
            byte[] chunk = in.readNBytes(size);
            if (chunk.length != size) {
                throw new EOFException("connection closed inside a chunk");
            }
            body.write(chunk);
            line(); // the CRLF after the chunk
        }
        while (!line().isEmpty()) {
            // trailers: none of the tests use them
        }
        return body.toByteArray();
    }

    private int chunkSize() throws IOException {
        String size = line();
        int semicolon = size.indexOf(';');
        return number((semicolon < 0 ? size : size.substring(0, semicolon)).trim(), 16, "chunk size");
    }

    /** A length the peer sent; one that is not a length is a protocol error, not a bug of ours. */
    private static int number(String text, int radix, String what) throws ProtocolException {
        try {
            int n = Integer.parseInt(text.trim(), radix);
            if (n >= 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new ProtocolException("not a " + what + ": '" + text + "'");
    }

    private String line() throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        for (int b = in.read(); b != '\n'; b = in.read()) {
            if (b < 0) {
                throw new EOFException("connection closed by the peer");
            }
            line.write(b);
        }
        String s = line.toString(StandardCharsets.ISO_8859_1);
        return s.endsWith("\r") ? s.substring(0, s.length() - 1) : s;
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
