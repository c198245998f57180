package io.gatewaybench.harness;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One loopback connection for the hostile-input suite: sends any bytes, and reads back what the peer
 * made of them without trusting it (a response may be malformed, cut short, or never come). Every
 * read has a timeout, so a gateway that hangs fails the case instead of the build.
 */
final class RawConnection implements AutoCloseable {

    /** What came back: the interim (1xx) statuses, then the final response, or the reason there was none. */
    record Reply(List<Integer> interim, int status, Map<String, List<String>> headers, byte[] body, boolean complete,
                 String problem) {
        /** No response at all: the connection was closed (or reset) before any byte came. */
        boolean closedSilently() {
            return status < 0 && problem.equals("closed");
        }

        String header(String name) {
            List<String> v = headers.get(name.toLowerCase(Locale.ROOT));
            return v == null ? null : String.join(", ", v);
        }

        String text() {
            return new String(body, StandardCharsets.ISO_8859_1);
        }

        /** A few words for the outcome table. */
        String summary() {
            StringBuilder s = new StringBuilder();
            interim.forEach(i -> s.append(i).append(" then "));
            if (status < 0) {
                s.append(problem.equals("closed") ? "closed, no response" : problem);
            } else {
                s.append(status);
                if (!complete) {
                    s.append(" (body cut: ").append(problem).append(')');
                }
            }
            return s.toString();
        }
    }

    private final Socket socket = new Socket();
    private final InputStream in;
    private final OutputStream out;

    RawConnection(int port, int readTimeoutMillis) throws IOException {
        socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
        socket.setSoTimeout(readTimeoutMillis);
        socket.setTcpNoDelay(true);
        in = new BufferedInputStream(socket.getInputStream());
        out = socket.getOutputStream();
    }

    RawConnection send(String ascii) throws IOException {
        return send(ascii.getBytes(StandardCharsets.ISO_8859_1));
    }

    RawConnection send(byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
        return this;
    }

    /** Writes without failing when the peer has closed already (a refused request may be cut off mid-send). */
    RawConnection sendQuietly(String ascii) {
        try {
            send(ascii);
        } catch (IOException e) {
            // the peer refused and closed: what it answered is still to be read
        }
        return this;
    }

    /** Reads interim responses and one final response; {@code head}: the request was HEAD (no body follows). */
    Reply read(boolean head) {
        List<Integer> interim = new ArrayList<>();
        while (true) {
            String statusLine;
            try {
                statusLine = line();
            } catch (SocketTimeoutException e) {
                return new Reply(interim, -1, Map.of(), new byte[0], false, "no response (hang)");
            } catch (IOException e) {
                return new Reply(interim, -1, Map.of(), new byte[0], false, "closed");
            }
            if (statusLine == null) {
                return new Reply(interim, -1, Map.of(), new byte[0], false, "closed");
            }
            String[] parts = statusLine.split(" ", 3);
            if (parts.length < 2 || !parts[0].startsWith("HTTP/1.") || !parts[1].matches("[1-5][0-9][0-9]")) {
                return new Reply(interim, -1, Map.of(), new byte[0], false, "not HTTP: '" + abbreviate(statusLine) + "'");
            }
            int status = Integer.parseInt(parts[1]);
            Map<String, List<String>> headers = new LinkedHashMap<>();
            try {
                for (String h = line(); h != null && !h.isEmpty(); h = line()) {
                    int colon = h.indexOf(':');
                    String name = (colon < 0 ? h : h.substring(0, colon)).trim().toLowerCase(Locale.ROOT);
                    headers.computeIfAbsent(name, k -> new ArrayList<>()).add(colon < 0 ? "" : h.substring(colon + 1).trim());
                }
            } catch (IOException e) {
                return new Reply(interim, status, headers, new byte[0], false, "head cut");
            }
            if (status / 100 == 1 && status != 101) {
                interim.add(status);
                continue;
            }
            return body(interim, status, headers, head || status == 204 || status == 304 || status == 101);
        }
    }

    private Reply body(List<Integer> interim, int status, Map<String, List<String>> headers, boolean none) {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        String te = headers.containsKey("transfer-encoding") ? String.join(",", headers.get("transfer-encoding")) : null;
        List<String> cl = headers.get("content-length");
        try {
            if (none) {
                return new Reply(interim, status, headers, new byte[0], true, "");
            }
            if (te != null && te.toLowerCase(Locale.ROOT).trim().endsWith("chunked")) {
                while (true) {
                    String size = line();
                    if (size == null) {
                        return new Reply(interim, status, headers, body.toByteArray(), false, "closed inside chunked body");
                    }
                    int n = Integer.parseInt(size.replaceFirst(";.*", "").trim(), 16);
                    if (n == 0) {
                        for (String t = line(); t != null && !t.isEmpty(); t = line()) {
                            // trailers
                        }
                        return new Reply(interim, status, headers, body.toByteArray(), true, "");
                    }
                    byte[] chunk = in.readNBytes(n);
                    body.write(chunk);
                    if (chunk.length < n || line() == null) {
                        return new Reply(interim, status, headers, body.toByteArray(), false, "closed inside a chunk");
                    }
                }
            }
            if (cl != null) {
                int n = Integer.parseInt(cl.get(0).trim());
                if (n < 0) {
                    return new Reply(interim, status, headers, new byte[0], false, "negative Content-Length " + n);
                }
                byte[] b = in.readNBytes(n);
                return new Reply(interim, status, headers, b, b.length == n,
                        b.length == n ? "" : "closed after " + b.length + " of " + n + " bytes");
            }
            byte[] rest = in.readAllBytes(); // close-delimited: complete only when the peer closes
            return new Reply(interim, status, headers, rest, true, "");
        } catch (SocketTimeoutException e) {
            return new Reply(interim, status, headers, body.toByteArray(), false, "body never ended (hang)");
        } catch (IOException | NumberFormatException e) {
            return new Reply(interim, status, headers, body.toByteArray(), false, "broken framing: " + e.getMessage());
        }
    }

    /**
     * Whether the peer closes the connection (EOF or reset) before the read timeout, discarding whatever else
     * it sends; false if it stays open.
     */
    boolean closesWithinTimeout() {
        byte[] sink = new byte[4096];
        try {
            while (in.read(sink) >= 0) {
                // drain
            }
            return true;
        } catch (SocketTimeoutException e) {
            return false;
        } catch (IOException e) {
            return true;
        }
    }

    void readTimeout(int millis) throws IOException {
        socket.setSoTimeout(millis);
    }

    /** A line without CRLF (a bare LF ends one too), or null at the end of the stream. */
    private String line() throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        for (int b = in.read(); b != '\n'; b = in.read()) {
            if (b < 0) {
                return line.size() == 0 ? null : line.toString(StandardCharsets.ISO_8859_1);
            }
            line.write(b);
            if (line.size() > 256 * 1024) {
                throw new IOException("line longer than 256 KiB");
            }
        }
        String s = line.toString(StandardCharsets.ISO_8859_1);
        return s.endsWith("\r") ? s.substring(0, s.length() - 1) : s;
    }

    private static String abbreviate(String s) {
        return s.length() > 40 ? s.substring(0, 40) + "..." : s;
    }

    @Override
    public void close() {
        try {
            socket.close();
        } catch (IOException e) {
            // closing anyway
        }
    }
}
