package io.gatewaybench.harness.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gatewaybench.harness.Origins;
import io.gatewaybench.harness.model.ProbeResult;
import io.gatewaybench.harness.TestGroups;
import io.gatewaybench.harness.TestOrigin;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.Tag;

/**
 * The microsecond probe against the real origin (every response checked, every request counted once) and against one
 * that answers garbage (every request an error, the probe goes on). What it times is planted in LatencyProbeIT.
 */
@Tag(TestGroups.ALONE) // times requests to the microsecond: one class at a time (harness/pom.xml)
@ExtendWith(Origins.Resolver.class)
class LatencyProbeTest {

    @Test
    void unloadedProbeTimesEveryCorrectResponse(Origins origins, @TempDir Path dir) throws Exception {
        String cookie = ScenarioCheck.sessionCookie(origins.tomcatUrl());
        LatencyProbe.Result r = LatencyProbe.unloaded(origins.tomcatUrl(), GatlingRun.Request.book(cookie), 20, 200);
        assertEquals(200, r.micros().getTotalCount());
        assertEquals(0, r.errors());
        assertTrue(r.micros().getValueAtPercentile(50) > 0);
        r.write(dir.resolve("p.hgrm"));
        assertTrue(Files.readString(dir.resolve("p.hgrm")).contains("#[Mean"), "not HdrHistogram's percentile distribution");
    }

    @Test
    void aWrongPageIsAnErrorNotAFastResponse() throws Exception {
        try (TestOrigin other = new TestOrigin()) { // answers 404: no book page there
            LatencyProbe.Result r = LatencyProbe.unloaded(other.url(), GatlingRun.Request.book("JSESSIONID=x"), 0, 30);
            assertEquals(0, r.micros().getTotalCount());
            assertEquals(30, r.errors());
        }
    }

    /** Under a scenario the probe sends the load's request: its headers, and a page other than the book's checked by length. */
    @Test
    void theProbeSendsTheScenariosRequestAndChecksItsPage() throws Exception {
        try (TestOrigin origin = new TestOrigin()) { // /headers echoes the request's headers; /bytes?n=N answers N bytes
            GatlingRun.Request keyed = new GatlingRun.Request("/headers", "apikey: k1", -1, 0, "k1", "t0k3n", "JSESSIONID=x");
            LatencyProbe.Result r = LatencyProbe.unloaded(origin.url(), keyed, 0, 20);
            assertEquals(20, r.micros().getTotalCount(), "the API key sent with every request");
            GatlingRun.Request bearer = new GatlingRun.Request("/headers", "authorization: Bearer t0k3n", -1, 0, "k1", "t0k3n", "");
            assertEquals(20, LatencyProbe.unloaded(origin.url(), bearer, 0, 20).micros().getTotalCount(), "the token sent with every request");
            GatlingRun.Request sized = new GatlingRun.Request("/bytes?n=1024", "", 1024, 0, "", "", "");
            assertEquals(20, LatencyProbe.unloaded(origin.url(), sized, 0, 20).micros().getTotalCount());
            // a page one byte off the length the scenario expects is the wrong page: an error, not a fast answer
            GatlingRun.Request wrongLength = new GatlingRun.Request("/bytes?n=1024", "", 1023, 0, "", "", "");
            LatencyProbe.Result wrong = LatencyProbe.unloaded(origin.url(), wrongLength, 0, 20);
            assertEquals(0, wrong.micros().getTotalCount());
            assertEquals(20, wrong.errors());
        }
    }

    @Test
    void pacedProbeKeepsOnlyTheWindowsRequests(Origins origins) throws Exception {
        String cookie = ScenarioCheck.sessionCookie(origins.tomcatUrl());
        long before = System.currentTimeMillis();
        try (LatencyProbe.Paced p = new LatencyProbe.Paced(origins.tomcatUrl(), GatlingRun.Request.book(cookie), 100, 60)) {
            Thread.sleep(1_500);
            long now = System.currentTimeMillis();
            LatencyProbe.Result all = p.between(before - 1_000, now);
            LatencyProbe.Result none = p.between(now + 60_000, now + 120_000);
            assertTrue(all.micros().getTotalCount() > 0, "no probe requests in 1.5 s at 100/s");
            assertEquals(0, all.errors());
            assertEquals(0, none.micros().getTotalCount() + none.errors());
        }
    }

    /**
     * Requests the probe sent late: the figure less its own lag takes each request's lag out of its latency, the
     * latency from the intended send keeps it, and a failed request counts in neither.
     */
    @Test
    void theProbesOwnLagIsTakenOutOfItsFigureBesideIt() {
        List<long[]> taken = new java.util.ArrayList<>();
        for (int i = 0; i < 98; i++) {
            taken.add(new long[] {1_000 + i, 300, 0, 1}); // on time, answered in 300 us
        }
        taken.add(new long[] {1_098, 5_300, 5_000, 1}); // sent 5 ms late, answered in 300 us after it
        taken.add(new long[] {1_099, 9_000, 8_000, 0}); // late and failed
        LatencyProbe.Result r = LatencyProbe.Paced.over(taken).between(1_000, 2_000);
        ProbeResult intended = r.figures();
        ProbeResult less = r.lessOwnLag();
        assertEquals(1, intended.errors());
        assertEquals(5_303, intended.max(), 5, "from the intended send: the lag kept");
        assertEquals(300, less.max(), 1, "less its own lag: " + less);
        assertEquals(300, less.p99(), 1, less.toString());
        assertEquals(intended.requests(), less.requests());
        assertEquals(8_000, r.figures().sendLagUs().orElseThrow().max(), 8, "the lag itself, given apart");
    }

    @Test
    void garbageAnswersAreErrorsAndTheProbeGoesOn() throws Exception {
        try (GarbageOrigin garbage = new GarbageOrigin()) {
            long before = System.currentTimeMillis();
            LatencyProbe.Paced p = new LatencyProbe.Paced(garbage.url(), GatlingRun.Request.book("JSESSIONID=x"), 50, 60);
            Thread.sleep(1_000);
            p.close();
            LatencyProbe.Result r = p.between(before - 1_000, System.currentTimeMillis());
            assertEquals(0, r.micros().getTotalCount());
            assertEquals(garbage.answered.get(), r.errors(), "every answer the probe got is one failed request");
            // 50 req/s for 1 s: one kind of garbage ended the old probe's thread after at most four requests
            assertTrue(r.errors() >= 30, "the probe stopped sending: " + r.figures());
            assertEquals(r.errors(), r.figures().requests());

            int answeredBefore = garbage.answered.get();
            LatencyProbe.Result unloaded = LatencyProbe.unloaded(garbage.url(), GatlingRun.Request.book("JSESSIONID=x"), 0, 12);
            assertEquals(12, unloaded.errors());
            assertEquals(12, garbage.answered.get() - answeredBefore);
        }
    }

    @Test
    void aProbeWhoseThreadDiedSaysSo() {
        // A rate of 0 fails inside the probe's thread, standing in for any failure of the probe itself.
        LatencyProbe.Paced p = new LatencyProbe.Paced(URI.create("http://127.0.0.1:9"), GatlingRun.Request.book("JSESSIONID=x"), 0, 1);
        p.close();
        String message = assertThrows(IllegalStateException.class, () -> p.between(0, Long.MAX_VALUE)).getMessage();
        assertTrue(message.contains("thread died"), message);
    }

    /** Answers every request with something that is not a well-formed HTTP response, in turn, then closes. */
    private static final class GarbageOrigin implements AutoCloseable {
        private static final List<String> ANSWERS = List.of(
                "HELLO\r\n\r\n",
                "HTTP/1.1 2OO OK\r\n\r\n", // letters in the status code
                "HTTP/1.1 200 OK\r\nno colon here\r\n\r\n",
                "HTTP/1.1 200 OK\r\nContent-Length: lots\r\n\r\n");
        final AtomicInteger answered = new AtomicInteger();
        private final ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        private final Thread acceptor = new Thread(this::serve, "garbage-origin");

        GarbageOrigin() throws IOException {
            acceptor.setDaemon(true);
            acceptor.start();
        }

        URI url() {
            return URI.create("http://127.0.0.1:" + server.getLocalPort());
        }

        private void serve() {
            while (!server.isClosed()) {
                try (Socket s = server.accept()) {
                    InputStream in = s.getInputStream();
                    for (int b = 0, state = 0; state < 4 && b >= 0; ) { // up to the blank line after the request head
                        b = in.read();
                        state = b == (state % 2 == 0 ? '\r' : '\n') ? state + 1 : 0;
                    }
                    int n = answered.getAndIncrement(); // before the answer, so the probe cannot have counted one we did not
                    OutputStream out = s.getOutputStream();
                    out.write(ANSWERS.get(n % ANSWERS.size()).getBytes(StandardCharsets.ISO_8859_1));
                    out.flush();
                } catch (IOException e) {
                    // closed by the test, or a client that went away
                }
            }
        }

        @Override
        public void close() throws Exception {
            server.close();
            acceptor.join(5_000);
        }
    }
}
