package io.gatewaybench.harness;

/**
 * The JUnit tags that put a unit test class in one of the harness's three surefire executions (harness/pom.xml), run in
 * this order:
 * <ol>
 *   <li>untagged: the hostile-input suites side by side ({@code @Execution(CONCURRENT)}: each starts its own target and mostly
 *       waits out clients' 10 s timeouts), and beside them, one at a time, every class that computes briefly or reads
 *       files (the model's, the analysis's and the report's tests over committed runs). Beside a class that keeps the
 *       CPUs busy for seconds their cuts come late (Spring Cloud Gateway cut a slow client 12.05 s after its timeout
 *       started with the scenario suites beside it), eating into the window that tells the stated timer from the
 *       others;</li>
 *   <li>{@link #GATEWAY_SUITES}: classes that start gateways and check what they answer, or compute for seconds, with no time
 *       window of their own: two at a time, so that one's wait (a gateway starting, a rate limit's seconds) is the other's
 *       CPU;</li>
 *   <li>{@link #ALONE}: classes that time something themselves (Gatling's or Vegeta's lateness, the microsecond probe, Flight
 *       Recorder's samples, a start that must fail within its timeout) or set a property the others read: one at a
 *       time.</li>
 * </ol>
 */
public final class TestGroups {
    /** Starts gateways and checks their answers, or computes for seconds; no time window of its own: two at a time. */
    public static final String GATEWAY_SUITES = "gateway-suites";
    /** Times something itself, or changes what the others read: alone. */
    public static final String ALONE = "alone";

    private TestGroups() {
    }
}
