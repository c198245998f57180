package io.gatewaybench.nettyproxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nimbusds.jose.JWSAlgorithm;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * All four duties at once, in the suite's order: API key (401), JWT (401), rate limit (429), route (404), and only
 * then the origin.
 */
@Timeout(60)
class DutiesOrderTest {

    private static final String SECRET = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";

    @Test
    void keyThenJwtThenLimitThenRoute(@TempDir Path dir) throws Exception {
        Path keys = Files.writeString(dir.resolve("keys"), "key-a\n");
        Path secret = Files.writeString(dir.resolve("secret"), SECRET + "\n");
        String jwt = "Authorization: Bearer "
                + JwtScenarioTest.token(JWSAlgorithm.HS256, SECRET, JwtScenarioTest.inSeconds(300)) + "\r\n";
        String badJwt = "Authorization: Bearer "
                + JwtScenarioTest.token(JWSAlgorithm.HS256, SECRET, JwtScenarioTest.inSeconds(-60)) + "\r\n";
        String key = "apikey: key-a\r\n";
        try (RecordingOrigin origin = new RecordingOrigin();
             NettyProxy proxy = origin.proxy("--api-keys=" + keys, "--jwt-secret=" + secret, "--rate-limit=5",
                     "--routes=10");
             RawHttp client = new RawHttp(proxy.port())) {
            assertEquals("401 Unauthorized: no API key in the apikey header\n",
                    exchange(client, "/r10/x", badJwt).text());
            assertEquals("401 Unauthorized: JWT: expired\n", exchange(client, "/r10/x", key + badJwt).text());
            assertEquals(200, exchange(client, "/r3/x", key + jwt).status());
            assertEquals("/x", origin.last().target());

            // Ten at once with a bucket of 5 (4 left): the first get past the limit to the route check, the rest 429.
            StringBuilder burst = new StringBuilder();
            for (int i = 0; i < 10; i++) {
                burst.append("GET /r10/x HTTP/1.1\r\nHost: x\r\n").append(key).append(jwt).append("\r\n");
            }
            long start = System.nanoTime();
            client.send(burst.toString());
            int notFound = 0;
            for (int i = 0; i < 10; i++) {
                int status = client.read().status();
                assertTrue(status == 404 || status == 429 && i > 0, "response " + i + ": " + status);
                notFound += status == 404 ? 1 : 0;
            }
            // The 4 tokens left, and 5 more for each second the ten took: a slow machine widens the bound.
            double seconds = (System.nanoTime() - start) / 1e9;
            int most = 4 + (int) Math.ceil(5 * seconds) + 1;
            assertTrue(notFound >= 3 && notFound <= most, notFound + " of 10 got past a limit of 5/s in " + seconds + " s (at most " + most + ")");

            // Over the limit, the checks before it still come first, and refused requests take no token.
            assertEquals(401, exchange(client, "/r3/x", "").status());
            assertTrue(exchange(client, "/r3/x", key + badJwt).text().startsWith("401 Unauthorized: JWT"));
            assertEquals(1, origin.count());
        }
    }

    private static RawHttp.Response exchange(RawHttp client, String target, String headers) throws Exception {
        client.send("GET " + target + " HTTP/1.1\r\nHost: x\r\n" + headers + "\r\n");
        return client.read();
    }
}
