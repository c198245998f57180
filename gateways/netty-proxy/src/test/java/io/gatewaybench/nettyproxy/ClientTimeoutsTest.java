package io.gatewaybench.nettyproxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * ClientGuard's two timeouts, shortened to a few hundred milliseconds: a request head that takes too long gets 408 and
 * a close, also on the second request of a kept-alive connection; an idle kept-alive connection is closed. (The
 * harness's HostileInput checks the profile's 10 s against every target.)
 */
@Timeout(30)
class ClientTimeoutsTest {

    private static HttpServer origin;
    private static NettyProxy proxy;

    @BeforeAll
    static void start() throws IOException {
        origin = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        origin.createContext("/", exchange -> {
            byte[] ok = "ok".getBytes(StandardCharsets.US_ASCII);
            exchange.sendResponseHeaders(200, ok.length);
            exchange.getResponseBody().write(ok);
            exchange.close();
        });
        origin.start();
        proxy = NettyProxy.start(Settings.parse("--port=" + NettyProxyTest.freePort(), "--bind=127.0.0.1",
                "--upstream=http://127.0.0.1:" + origin.getAddress().getPort(), "--event-loops=1",
                "--header-timeout-ms=300", "--client-idle-timeout-ms=600"));
    }

    @AfterAll
    static void stop() {
        proxy.close();
        origin.stop(0);
    }

    @Test
    void aSlowSecondHeadGets408AndAClose() throws Exception {
        try (RawHttp client = new RawHttp(proxy.port())) {
            client.send("GET /a HTTP/1.1\r\nHost: x\r\n\r\n");
            assertEquals("ok", client.read(false).text());
            client.send("GET /b HTTP/1.1\r\nHost: x\r\n"); // and never the empty line
            assertEquals(408, client.read(false).status());
        }
    }

    @Test
    void aSilentNewConnectionIsCut() throws Exception {
        try (Socket s = new Socket("127.0.0.1", proxy.port())) {
            s.setSoTimeout(5_000); // a guard against a hang
            String answer = new String(s.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
            assertTrue(answer.startsWith("HTTP/1.1 408 "), answer);
        }
    }

    @Test
    void anIdleKeptAliveConnectionIsClosedAfterTheIdleTimeoutNotTheHeaderTimeout() throws Exception {
        try (RawHttp client = new RawHttp(proxy.port())) {
            // The clock starts before the request: the proxy's idle time can only start after it arrives, so however
            // late this thread reads the answer, the close comes at least the idle timeout (600 ms) after this point,
            // and after the header timeout (300 ms) if that is what closed it.
            long since = System.nanoTime();
            client.send("GET /a HTTP/1.1\r\nHost: x\r\n\r\n");
            // the whole response, body included: its head and body may come in separate segments
            assertEquals("ok", client.read().text());
            assertTrue(client.closedByServer(), "the connection must be closed without a further answer");
            long idleMs = (System.nanoTime() - since) / 1_000_000;
            assertTrue(idleMs >= 599, "closed " + idleMs + " ms after the request: that was the header timeout, not the idle one");
        }
    }
}
