package io.gatewaybench.nettyproxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code --api-keys=FILE}: a request without one of the file's keys in its {@code apikey} header gets 401 here. */
@Timeout(60)
class ApiKeyScenarioTest {

    @TempDir
    static Path dir;
    private static RecordingOrigin origin;
    private static NettyProxy proxy;

    @BeforeAll
    static void start() throws IOException {
        Path keys = Files.writeString(dir.resolve("keys"), "# the consumers\nkey-one\n\nkey-two\n");
        origin = new RecordingOrigin();
        proxy = origin.proxy("--api-keys=" + keys);
    }

    @AfterAll
    static void stop() {
        proxy.close();
        origin.close();
    }

    @Test
    void aValidKeyIsForwardedWithTheHeaderUnchanged() throws IOException {
        try (RawHttp client = new RawHttp(proxy.port())) {
            for (String key : new String[] {"key-one", "key-two"}) {
                client.send("GET /examples/x.jsp?a=1 HTTP/1.1\r\nHost: x\r\napikey: " + key + "\r\n\r\n");
                RawHttp.Response response = client.read();
                assertEquals(200, response.status());
                assertEquals("/examples/x.jsp?a=1", origin.last().target());
                assertEquals(key, origin.last().headers().getFirst("apikey"));
                assertEquals("127.0.0.1:" + origin.port(), origin.last().headers().getFirst("Host"));
            }
        }
    }

    @Test
    void theHeaderNameIsCaseInsensitive() throws IOException {
        try (RawHttp client = new RawHttp(proxy.port())) {
            client.send("GET /a HTTP/1.1\r\nHost: x\r\nApiKey: key-one\r\n\r\n");
            assertEquals(200, client.read().status());
        }
    }

    @Test
    void aMissingOrUnknownKeyGets401AndIsNotForwarded() throws IOException {
        String[] heads = {
                "GET /a HTTP/1.1\r\nHost: x\r\n\r\n",
                "GET /a HTTP/1.1\r\nHost: x\r\napikey: key-three\r\n\r\n",
                "GET /a HTTP/1.1\r\nHost: x\r\napikey: \r\n\r\n",
                "GET /a HTTP/1.1\r\nHost: x\r\nAuthorization: key-one\r\n\r\n",
                "POST /a HTTP/1.1\r\nHost: x\r\napikey: KEY-ONE\r\nContent-Length: 5\r\n\r\nhello",
        };
        try (RawHttp client = new RawHttp(proxy.port())) {
            for (String head : heads) {
                int before = origin.count();
                client.send(head);
                RawHttp.Response response = client.read();
                assertEquals(401, response.status(), head);
                assertTrue(response.text().startsWith("401 Unauthorized"), response.text());
                assertEquals("Key realm=\"netty-proxy\"", response.header("www-authenticate"));
                assertNull(response.header("connection")); // kept alive, as for the proxy's other local answers
                assertEquals(before, origin.count(), "a refused request reached the origin: " + head);
            }
            client.send("GET /after HTTP/1.1\r\nHost: x\r\napikey: key-one\r\n\r\n"); // the same connection
            assertEquals(200, client.read().status());
            assertEquals("/after", origin.last().target());
        }
    }

    @Test
    void refusalsKeepTheirPlaceAmongPipelinedRequests() throws IOException {
        try (RawHttp client = new RawHttp(proxy.port())) {
            client.send("GET /1 HTTP/1.1\r\nHost: x\r\napikey: key-one\r\n\r\n"
                    + "GET /2 HTTP/1.1\r\nHost: x\r\n\r\n"
                    + "GET /3 HTTP/1.1\r\nHost: x\r\napikey: key-two\r\n\r\n");
            assertEquals("origin saw /1", client.read().text());
            assertEquals(401, client.read().status());
            assertEquals("origin saw /3", client.read().text());
        }
    }
}
