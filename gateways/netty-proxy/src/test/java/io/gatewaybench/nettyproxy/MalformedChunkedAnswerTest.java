package io.gatewaybench.nettyproxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * An origin whose chunked answer breaks (RFC 9112 7.1). While nothing of the answer has gone to the client, the
 * proxy can still say so with a status: 502, as for every other malformed answer. Once the head went out, only a
 * close can tell the client that the body is broken.
 */
@Timeout(60)
class MalformedChunkedAnswerTest {

    private static final String HEAD = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n";

    @Test
    void aChunkBrokenBeforeAnyByteWentOutIs502() throws Exception {
        for (String body : new String[] {"zz\r\nabc\r\n0\r\n\r\n", "fffffffffffffffff1\r\nabc\r\n0\r\n\r\n", "9\r\nonly-this\r\nzz\r\n0\r\n\r\n"}) {
            try (ScriptedOrigin origin = new ScriptedOrigin(HEAD + body, null);
                 NettyProxy proxy = origin.proxy();
                 RawHttp client = new RawHttp(proxy.port())) {
                client.send("GET /a HTTP/1.1\r\nHost: x\r\n\r\n");
                RawHttp.Response response = client.read();
                assertEquals(502, response.status(), body);
                assertTrue(response.text().startsWith("502 Bad Gateway: the upstream sent a broken response"), response.text());
            }
        }
    }

    @Test
    void aChunkBrokenAfterTheHeadWentOutClosesTheClientConnection() throws Exception {
        CountDownLatch headSeen = new CountDownLatch(1);
        try (ScriptedOrigin origin = new ScriptedOrigin(HEAD + "9\r\nonly-this\r\n", headSeen);
             NettyProxy proxy = origin.proxy();
             Socket client = new Socket("127.0.0.1", proxy.port())) {
            client.setSoTimeout(10_000);
            client.getOutputStream().write("GET /a HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
            String seen = readUntil(client.getInputStream(), "only-this\r\n");
            assertTrue(seen.startsWith("HTTP/1.1 200 OK\r\n"), seen);
            headSeen.countDown(); // only now does the origin send its broken chunk
            InputStream in = client.getInputStream();
            byte[] rest = in.readAllBytes(); // to the close; a timeout here is a hang
            assertEquals("", new String(rest, StandardCharsets.ISO_8859_1), "after the head, nothing but the close");
        }
    }

    private static String readUntil(InputStream in, String end) throws IOException {
        StringBuilder seen = new StringBuilder();
        while (!seen.toString().endsWith(end)) {
            int c = in.read();
            if (c == -1) {
                throw new SocketException("closed after '" + seen + "'");
            }
            seen.append((char) c);
        }
        return seen.toString();
    }

    /** Answers the first request on each connection with {@code first}, then, once {@code thenBroken} opens, a broken chunk. */
    private static final class ScriptedOrigin implements AutoCloseable {
        private final ServerSocket socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());

        ScriptedOrigin(String first, CountDownLatch thenBroken) throws IOException {
            Thread t = new Thread(() -> {
                try (Socket connection = socket.accept()) {
                    StaleUpstreamConnectionTest.readHead(connection.getInputStream());
                    OutputStream out = connection.getOutputStream();
                    out.write(first.getBytes(StandardCharsets.ISO_8859_1));
                    out.flush();
                    if (thenBroken != null && thenBroken.await(20, TimeUnit.SECONDS)) {
                        out.write("zz\r\nmore\r\n0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
                        out.flush();
                    }
                    connection.getInputStream().read(); // until the proxy closes it
                } catch (IOException | InterruptedException e) {
                    // the proxy closed it, or the test ended
                }
            });
            t.setDaemon(true);
            t.start();
        }

        NettyProxy proxy() throws IOException {
            return NettyProxy.start(Settings.parse("--port=" + NettyProxyTest.freePort(), "--bind=127.0.0.1",
                    "--upstream=http://127.0.0.1:" + socket.getLocalPort(), "--event-loops=1"));
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }
}
