package io.gatewaybench.nettyproxy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** An HTTP/1.1 client on a plain socket, so tests control every header byte and see every one that comes back. */
final class RawHttp implements AutoCloseable {

    record Response(int status, Map<String, List<String>> headers, byte[] body) {
        String header(String name) {
            List<String> values = headers.get(name.toLowerCase(Locale.ROOT));
            return values == null ? null : String.join(", ", values);
        }

        String text() {
            return new String(body, StandardCharsets.UTF_8);
        }
    }

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;

    RawHttp(int port) throws IOException {
        socket = new Socket("127.0.0.1", port);
        socket.setSoTimeout(10_000); // guards against a hang; no test waits anywhere near this long
        in = socket.getInputStream();
        out = socket.getOutputStream();
    }

    void send(String head, byte[] body) throws IOException {
        out.write(head.getBytes(StandardCharsets.ISO_8859_1));
        out.write(body);
        out.flush();
    }

    void send(String head) throws IOException {
        send(head, new byte[0]);
    }

    /** Reads one response; a HEAD request's response has no body, whatever its headers say. */
    Response read(boolean toHead) throws IOException {
        String[] status = line().split(" ", 3);
        Map<String, List<String>> headers = new LinkedHashMap<>();
        for (String line = line(); !line.isEmpty(); line = line()) {
            int colon = line.indexOf(':');
            headers.computeIfAbsent(line.substring(0, colon).trim().toLowerCase(Locale.ROOT), k -> new ArrayList<>())
                    .add(line.substring(colon + 1).trim());
        }
        int code = Integer.parseInt(status[1]);
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        List<String> length = headers.get("content-length");
        List<String> encoding = headers.get("transfer-encoding");
        if (toHead || code == 204 || code == 304 || code / 100 == 1) {
            // no body
        } else if (encoding != null && encoding.contains("chunked")) {
            for (int size = Integer.parseInt(line().split(";")[0].trim(), 16); size > 0;
                 size = Integer.parseInt(line().split(";")[0].trim(), 16)) {
                body.write(in.readNBytes(size));
                line();
            }
            while (!line().isEmpty()) {
                // trailers
            }
        } else if (length != null) {
            body.write(in.readNBytes(Integer.parseInt(length.get(0))));
        } else {
            body.write(in.readAllBytes()); // delimited by the close
        }
        return new Response(code, headers, body.toByteArray());
    }

    Response read() throws IOException {
        return read(false);
    }

    /** True when the server closed its side: the next read sees the end of the stream. */
    boolean closedByServer() throws IOException {
        return in.read() == -1;
    }

    private String line() throws IOException {
        StringBuilder line = new StringBuilder();
        for (int c = in.read(); c != '\n'; c = in.read()) {
            if (c == -1) {
                throw new IOException("connection closed after '" + line + "'");
            }
            if (c != '\r') {
                line.append((char) c);
            }
        }
        return line.toString();
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
