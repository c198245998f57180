package io.gatewaybench.nettyproxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --rate-limit=N}: a token bucket of N per client (its address, or its API key when keys are checked); a
 * request over it gets 429 here. A burst of 100 requests sent at once meets a full bucket of 20, refilled at 20/s
 * while the burst arrives: at most 20 plus 20 for each second the burst took (measured around it), so a slow
 * machine widens the bound instead of failing it.
 */
@Timeout(60)
class RateLimitScenarioTest {

    @TempDir
    static Path dir;
    private static RecordingOrigin origin;

    @BeforeAll
    static void start() throws IOException {
        origin = new RecordingOrigin();
    }

    @AfterAll
    static void stop() {
        origin.close();
    }

    @Test
    void aBurstOfAHundredGetsAboutTheBucketThroughAndTheRest429() throws IOException {
        try (NettyProxy proxy = origin.proxy("--rate-limit=20")) {
            int[] counts = burst(proxy, 100, "");
            assertTrue(counts[0] >= 15 && counts[0] <= counts[2], counts[0] + " of 100 accepted with a limit of 20/s (at most " + counts[2] + ")");
            assertEquals(100, counts[0] + counts[1]);
        }
    }

    @Test
    void theLimitIsPerApiKeyWhenKeysAreChecked() throws IOException {
        Path keys = Files.writeString(dir.resolve("keys"), "key-a\nkey-b\n");
        try (NettyProxy proxy = origin.proxy("--api-keys=" + keys, "--rate-limit=20")) {
            int[] a = burst(proxy, 100, "apikey: key-a\r\n");
            assertTrue(a[0] >= 15 && a[0] <= a[2], a[0] + " of 100 accepted with a limit of 20/s (at most " + a[2] + ")");
            int[] b = burst(proxy, 10, "apikey: key-b\r\n"); // same address, another consumer: its own full bucket
            assertEquals(10, b[0]);
        }
    }

    /**
     * Sends {@code n} GETs at once, each on a connection of its own (so that none waits for another's answer, and all
     * meet the limiter within a moment); returns {accepted, refused with 429, the most a bucket of 20 refilled at 20/s
     * lets through in the time the burst took}.
     */
    private static int[] burst(NettyProxy proxy, int n, String headers) throws IOException {
        int accepted = 0;
        int refused = 0;
        int before = origin.count();
        List<RawHttp> clients = new ArrayList<>();
        long start = System.nanoTime();
        try {
            for (int i = 0; i < n; i++) {
                clients.add(new RawHttp(proxy.port()));
            }
            for (int i = 0; i < n; i++) {
                clients.get(i).send("GET /limited/" + i + " HTTP/1.1\r\nHost: x\r\n" + headers + "\r\n");
            }
            for (int i = 0; i < n; i++) {
                RawHttp.Response response = clients.get(i).read();
                if (response.status() == 200) {
                    assertEquals("origin saw /limited/" + i, response.text());
                    accepted++;
                } else {
                    assertEquals(429, response.status());
                    assertEquals("1", response.header("retry-after"));
                    assertTrue(response.text().startsWith("429 Too Many Requests"), response.text());
                    assertNull(response.header("connection")); // kept alive
                    refused++;
                }
            }
        } finally {
            for (RawHttp client : clients) {
                client.close();
            }
        }
        assertEquals(accepted, origin.count() - before, "only accepted requests reach the origin");
        double seconds = (System.nanoTime() - start) / 1e9;
        return new int[] {accepted, refused, 20 + (int) Math.ceil(20 * seconds) + 1};
    }
}
