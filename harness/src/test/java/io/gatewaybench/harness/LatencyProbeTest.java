package io.gatewaybench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** The microsecond probe against the real origin: every response checked, every request counted once. */
@ExtendWith(Origins.Resolver.class)
class LatencyProbeTest {

    @Test
    void unloadedProbeTimesEveryCorrectResponse(Origins origins, @TempDir Path dir) throws Exception {
        String cookie = Verification.sessionCookie(origins.tomcatUrl());
        LatencyProbe.Result r = LatencyProbe.unloaded(origins.tomcatUrl(), cookie, 20, 200);
        assertEquals(200, r.micros().getTotalCount());
        assertEquals(0, r.errors());
        assertTrue(r.micros().getValueAtPercentile(50) > 0);
        r.write(dir.resolve("p.hgrm"));
        assertTrue(Files.readString(dir.resolve("p.hgrm")).contains("#[Mean"), "not HdrHistogram's percentile distribution");
    }

    @Test
    void aWrongPageIsAnErrorNotAFastResponse() throws Exception {
        try (TestOrigin other = new TestOrigin()) { // answers 404: no book page there
            LatencyProbe.Result r = LatencyProbe.unloaded(other.url(), "JSESSIONID=x", 0, 30);
            assertEquals(0, r.micros().getTotalCount());
            assertEquals(30, r.errors());
        }
    }

    @Test
    void pacedProbeKeepsOnlyTheWindowsRequests(Origins origins) throws Exception {
        String cookie = Verification.sessionCookie(origins.tomcatUrl());
        long before = System.currentTimeMillis();
        try (LatencyProbe.Paced p = new LatencyProbe.Paced(origins.tomcatUrl(), cookie, 100, 60)) {
            Thread.sleep(1_500);
            long now = System.currentTimeMillis();
            LatencyProbe.Result all = p.between(before - 1_000, now);
            LatencyProbe.Result none = p.between(now + 60_000, now + 120_000);
            assertTrue(all.micros().getTotalCount() > 0, "no probe requests in 1.5 s at 100/s");
            assertEquals(0, all.errors());
            assertEquals(0, none.micros().getTotalCount() + none.errors());
        }
    }
}
