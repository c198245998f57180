package io.gatewaybench.harness.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.gatewaybench.harness.model.WrkCheck;
import org.junit.jupiter.api.Test;

/**
 * wrk's console output into the cross-check figures. Each output is wrk 4.1.0's, captured here against
 * a local NGINX that answered 200, 503, closed the connection without an answer (444), or answered
 * 503 to about half the requests.
 */
class WrkCrossCheckTest {
    private static final String ALL_200 = """
            Running 1s test @ http://127.0.0.1:18777/ok
              1 threads and 2 connections
              Thread Stats   Avg      Stdev     Max   +/- Stdev
                Latency    65.42us  142.97us   2.58ms   97.75%
                Req/Sec    35.45k     6.74k   51.51k    72.73%
              38714 requests in 1.10s, 6.28MB read
            Requests/sec:  35203.92
            Transfer/sec:      5.71MB
            """;
    private static final String ALL_503 = """
            Running 1s test @ http://127.0.0.1:18777/bad
              1 threads and 2 connections
              Thread Stats   Avg      Stdev     Max   +/- Stdev
                Latency    92.34us  215.55us   4.52ms   97.29%
                Req/Sec    26.80k     3.71k   33.88k    72.73%
              29308 requests in 1.10s, 10.45MB read
              Non-2xx or 3xx responses: 29308
            Requests/sec:  26658.03
            Transfer/sec:      9.51MB
            """;
    private static final String CLOSED_UNANSWERED = """
            Running 1s test @ http://127.0.0.1:18777/close
              1 threads and 2 connections
              Thread Stats   Avg      Stdev     Max   +/- Stdev
                Latency     0.00us    0.00us   0.00us    -nan%
                Req/Sec     0.00      0.00     0.00      -nan%
              0 requests in 1.10s, 0.00B read
              Socket errors: connect 0, read 26740, write 0, timeout 0
            Requests/sec:      0.00
            Transfer/sec:       0.00B
            """;
    private static final String HALF_503 = """
            Running 1s test @ http://127.0.0.1:18777/some
              1 threads and 2 connections
              Thread Stats   Avg      Stdev     Max   +/- Stdev
                Latency    86.87us  372.79us   5.36ms   96.11%
                Req/Sec    89.75k    25.61k   99.94k    90.91%
              98132 requests in 1.10s, 24.49MB read
              Non-2xx or 3xx responses: 48947
            Requests/sec:  89205.31
            Transfer/sec:     22.27MB
            """;

    @Test
    void onlyGoodAnswersAreComparedWithGatling() {
        WrkCheck m = WrkCrossCheck.parse(ALL_200, 20_000, "wrk ...");
        assertEquals(true, m.valid());
        assertEquals(38714L, m.answers());
        assertEquals(1.1, m.durationS());
        assertEquals(35203.92, m.wrkRps());
        assertEquals(1.7602, m.wrkOverGatling());
        assertEquals(0L, m.non2xx());
        assertEquals(0L, m.socketErrors());
        assertEquals(true, m.injectorLimited());
        assertEquals(false, WrkCrossCheck.parse(ALL_200, 33_000, "wrk ...").injectorLimited());
    }

    @Test
    void errorAnswersMakeTheCheckInvalidNeverInjectorLimited() {
        WrkCheck m = WrkCrossCheck.parse(ALL_503, 1000, "wrk ...");
        assertEquals(false, m.valid());
        assertEquals("wrk saw 29308 non-2xx answers and 0 socket errors", m.invalidBecause());
        assertEquals(0.0, m.wrkRps(), "wrk's Requests/sec counts the 503s; none of them is throughput");
        assertEquals(26658.03, m.wrkAllAnswersRps());
        assertNull(m.injectorLimited(), "wrk 26x above Gatling with only 503s says nothing about the injector");

        WrkCheck half = WrkCrossCheck.parse(HALF_503, 1000, "wrk ...");
        assertEquals(false, half.valid());
        assertEquals(44710.83, half.wrkRps()); // 89205.31 x (98132 - 48947) / 98132
        assertNull(half.injectorLimited());
    }

    @Test
    void socketErrorsMakeTheCheckInvalid() {
        WrkCheck m = WrkCrossCheck.parse(CLOSED_UNANSWERED, 1000, "wrk ...");
        assertEquals(false, m.valid());
        assertEquals("wrk saw 0 non-2xx answers and 26740 socket errors", m.invalidBecause());
        assertEquals(0.0, m.wrkRps());
        assertNull(m.injectorLimited());
    }

    @Test
    void outputWithoutARateIsAnError() {
        assertThrows(IllegalStateException.class, () -> WrkCrossCheck.parse("unable to connect to 127.0.0.1:1", 1000, "wrk ..."));
    }
}
