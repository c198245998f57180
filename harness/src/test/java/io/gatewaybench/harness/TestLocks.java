package io.gatewaybench.harness;

/**
 * The JUnit resource locks of the unit tests, which run one class at a time except the hostile-input suites
 * (harness/pom.xml). Those start a target each and mostly wait out clients' timeouts, so they run side by side; but
 * their windows (a cut 10-12 s after a timeout started) do not hold beside a class that keeps the two CPUs busy for
 * seconds: Spring Cloud Gateway cut a slow client after 12.05 s with the scenario suites beside it.
 */
public final class TestLocks {
    /**
     * The machine's CPUs: the hostile-input suites hold it shared ({@code READ}) among themselves; a class that
     * starts gateways or computes for seconds holds it alone (the default, {@code READ_WRITE}).
     */
    public static final String CPU = "cpu";

    private TestLocks() {
    }
}
