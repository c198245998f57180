package io.gatewaybench.nettyproxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code --routes=N}: N routes {@code /r0} to {@code /r<N-1>}, each forwarding with its prefix stripped; any other path
 * gets 404 here.
 */
@Timeout(120)
class RoutesScenarioTest {

    private static RecordingOrigin origin;
    private static NettyProxy proxy;

    @BeforeAll
    static void start() throws IOException {
        origin = new RecordingOrigin();
        proxy = origin.proxy("--routes=1000");
    }

    @AfterAll
    static void stop() {
        proxy.close();
        origin.close();
    }

    @Test
    void everyRouteReachesTheOriginWithItsPrefixStripped() throws IOException {
        // Ten connections at a time, so that the JDK origin's delayed ACKs (some 40 ms an exchange) are waited out
        // ten at once; the origin answers with the request-target it saw.
        List<RawHttp> clients = new ArrayList<>();
        try {
            for (int c = 0; c < 10; c++) {
                clients.add(new RawHttp(proxy.port()));
            }
            for (int i = 0; i < 1000; i += clients.size()) {
                for (int c = 0; c < clients.size(); c++) {
                    clients.get(c).send("GET /r" + (i + c) + "/examples/x.jsp?a=" + (i + c)
                            + " HTTP/1.1\r\nHost: front\r\n\r\n");
                }
                for (int c = 0; c < clients.size(); c++) {
                    RawHttp.Response response = clients.get(c).read();
                    assertEquals(200, response.status(), "/r" + (i + c));
                    assertEquals("origin saw /examples/x.jsp?a=" + (i + c), response.text());
                }
            }
        } finally {
            for (RawHttp client : clients) {
                client.close();
            }
        }
        assertEquals("front", origin.last().headers().getFirst("X-Forwarded-Host"));
        assertEquals("127.0.0.1:" + origin.port(), origin.last().headers().getFirst("Host"));
    }

    @Test
    void aRouteWithNothingAfterItsPrefixForwardsTheRoot() throws IOException {
        String[][] cases = {{"/r7", "/"}, {"/r7/", "/"}, {"/r7?a=1", "/?a=1"}, {"/r7/r8/x", "/r8/x"}};
        try (RawHttp client = new RawHttp(proxy.port())) {
            for (String[] c : cases) {
                client.send("GET " + c[0] + " HTTP/1.1\r\nHost: x\r\n\r\n");
                assertEquals(200, client.read().status(), c[0]);
                assertEquals(c[1], origin.last().target(), c[0]);
            }
        }
    }

    @Test
    void aPathNoRouteMatchesGets404AndIsNotForwarded() throws IOException {
        String[] unrouted = {"/r1000/examples/x.jsp", "/", "/examples/x.jsp", "/r17x/a", "/R17/a", "/r-1/a", "*",
                "http://front/r17/a"};
        try (RawHttp client = new RawHttp(proxy.port())) {
            for (String target : unrouted) {
                int before = origin.count();
                client.send((target.equals("*") ? "OPTIONS " : "GET ") + target + " HTTP/1.1\r\nHost: x\r\n\r\n");
                RawHttp.Response response = client.read();
                assertEquals(404, response.status(), target);
                assertTrue(response.text().startsWith("404 Not Found: no route"), response.text());
                assertNull(response.header("connection")); // kept alive
                assertEquals(before, origin.count(), target + " reached the origin");
            }
            client.send("GET /r999/last HTTP/1.1\r\nHost: x\r\n\r\n");
            assertEquals(200, client.read().status());
            assertEquals("/last", origin.last().target());
        }
    }

    @Test
    void fiveThousandRoutesLeadToOnePoolOfTheirUpstream() throws IOException {
        try (NettyProxy big = origin.proxy("--routes=5000");
             RawHttp client = new RawHttp(big.port())) {
            int upstreamConnection = -1;
            for (int i : new int[] {0, 2500, 4999, 17}) {
                client.send("GET /r" + i + "/x HTTP/1.1\r\nHost: x\r\n\r\n");
                assertEquals(200, client.read().status());
                assertEquals("/x", origin.last().target());
                // Routes to one upstream share its kept-alive connections: one pool per upstream, not per route.
                assertTrue(upstreamConnection == -1 || upstreamConnection == origin.last().fromPort());
                upstreamConnection = origin.last().fromPort();
            }
            client.send("GET /r5000/x HTTP/1.1\r\nHost: x\r\n\r\n");
            assertEquals(404, client.read().status());
        }
    }
}
