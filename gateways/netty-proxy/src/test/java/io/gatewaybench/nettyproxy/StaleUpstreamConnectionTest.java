package io.gatewaybench.nettyproxy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * An origin that answers the first request of each connection with keep-alive, then closes the connection when the
 * second request arrives: exactly what a pooled connection looks like when the origin gave up on it at the moment
 * the proxy picked it.
 */
@Timeout(60)
class StaleUpstreamConnectionTest {

    private final AtomicInteger connections = new AtomicInteger();

    @Test
    void aRequestThatWentOutIsNeverSentTwice() throws Exception {
        try (ServerSocket origin = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread acceptor = new Thread(() -> serve(origin));
            acceptor.setDaemon(true);
            acceptor.start();
            try (NettyProxy proxy = NettyProxy.start(Settings.parse("--port=" + NettyProxyTest.freePort(),
                    "--bind=127.0.0.1", "--upstream=http://127.0.0.1:" + origin.getLocalPort(), "--event-loops=1"));
                 RawHttp client = new RawHttp(proxy.port())) {
                client.send("GET /a HTTP/1.1\r\nHost: x\r\n\r\n");
                assertEquals("first", client.read().text());
                client.send("GET /b HTTP/1.1\r\nHost: x\r\n\r\n"); // goes out on the pooled connection, which closes
                assertEquals(502, client.read().status()); // the origin may have acted on it: not sent again, even a GET
                assertEquals(1, connections.get());
            }
        }
    }

    private void serve(ServerSocket origin) {
        while (!origin.isClosed()) {
            try {
                Socket connection = origin.accept();
                connections.incrementAndGet();
                Thread t = new Thread(() -> answerOnce(connection));
                t.setDaemon(true);
                t.start();
            } catch (IOException e) {
                return;
            }
        }
    }

    private static void answerOnce(Socket connection) {
        try (connection) {
            InputStream in = connection.getInputStream();
            readHead(in);
            connection.getOutputStream().write(
                    "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nfirst".getBytes(StandardCharsets.ISO_8859_1));
            readHead(in);
        } catch (IOException e) {
            // the proxy closed it: fine
        }
    }

    /** Reads up to the blank line that ends a request head. */
    static void readHead(InputStream in) throws IOException {
        int matched = 0;
        while (matched < 4) {
            int c = in.read();
            if (c == -1) {
                throw new SocketException("closed");
            }
            matched = c == "\r\n\r\n".charAt(matched) ? matched + 1 : (c == '\r' ? 1 : 0);
        }
    }
}
