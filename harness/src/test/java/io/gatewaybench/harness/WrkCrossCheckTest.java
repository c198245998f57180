package io.gatewaybench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** wrk's console output into the cross-check figures (output captured from wrk 4.1.0 here). */
class WrkCrossCheckTest {
    private static final String OUTPUT = """
            Running 1s test @ http://127.0.0.1:18555/nope
              1 threads and 2 connections
              Thread Stats   Avg      Stdev     Max   +/- Stdev
                Latency     1.50ms    1.08ms   8.70ms   87.53%
                Req/Sec     1.36k   209.28     1.76k    80.00%
              1355 requests in 1.00s, 688.27KB read
              Socket errors: connect 0, read 2, write 0, timeout 1
              Non-2xx or 3xx responses: 1355
            Requests/sec:   1352.65
            Transfer/sec:    687.07KB
            """;

    @Test
    void agreementAndWrongAnswersAreRead() {
        Map<String, Object> m = WrkCrossCheck.parse(OUTPUT, 1000, "wrk ...");
        assertEquals(1352.65, m.get("wrk_rps"));
        assertEquals(1.3527, m.get("wrk_over_gatling"));
        assertEquals(1355L, m.get("non_2xx"));
        assertEquals(3L, m.get("socket_errors"));
        assertEquals(true, m.get("injector_limited"));
        assertEquals(false, WrkCrossCheck.parse(OUTPUT, 1300, "wrk ...").get("injector_limited"));
    }

    @Test
    void outputWithoutARateIsAnError() {
        assertThrows(IllegalStateException.class, () -> WrkCrossCheck.parse("unable to connect to 127.0.0.1:1", 1000, "wrk ..."));
    }
}
