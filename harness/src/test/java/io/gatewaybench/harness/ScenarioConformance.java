package io.gatewaybench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gatewaybench.harness.launch.Launch;
import io.gatewaybench.harness.launch.TargetProcess;
import io.gatewaybench.harness.measure.ScenarioCheck;
import io.gatewaybench.harness.plan.Credentials;
import io.gatewaybench.harness.plan.JvmProfile;
import io.gatewaybench.harness.plan.Ports;
import io.gatewaybench.harness.plan.Scenario;
import io.gatewaybench.harness.plan.Target;
import java.net.URI;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * Every scenario a target implements, checked as a run checks it before measuring ({@link ScenarioCheck}): each
 * subclass names one target, started for real from its descriptor under each scenario in front of real Tomcat.
 * Under a scenario with a rate limit, the target is also started with the limit set low, and must answer 429 at
 * about that rate. {@link PlantedScenarioTest} shows that each duty's check fails on a target that skips the duty, and
 * {@link PlantedDutyChecksTest} each single check on a target that does every duty but that check.
 */
@ResourceLock(TestLocks.CPU) // starts a target and drives it: not beside the hostile-input suites' time windows
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ExtendWith(Origins.Resolver.class)
abstract class ScenarioConformance {
    final Target target;
    final Credentials credentials = Credentials.issue();
    URI origin;

    ScenarioConformance(String name) {
        target = Target.named(name);
    }

    @BeforeAll
    void origins(Origins origins) {
        origin = origins.tomcatUrl();
    }

    /** Every shipped scenario but plain, which ProxyConformance covers. */
    static Stream<String> scenarios() {
        return Scenario.ALL.stream().filter(n -> !n.equals(Scenario.PLAIN));
    }

    @ParameterizedTest
    @MethodSource("scenarios")
    void doesTheScenariosDuties(String name) {
        Scenario s = Scenario.named(name);
        byte[] page = ScenarioCheck.originPage(origin, s);
        if (s.changesThePage()) { // the response-size scenarios: the file of that size, whole
            assertEquals(Integer.parseInt(name.replace("kb", "")) * 1024, page.length, name);
        }
        try (TargetProcess p = start(target.underScenario(s, credentials), name)) {
            ScenarioCheck.verify(target.name(), p.launch().url(), s, credentials, page, true);
        }
        if (s.rateLimit() > 0) {
            try (TargetProcess p = start(target.underScenario(s, credentials).withRateLimit(Scenario.LOW_LIMIT), name + "-low-limit")) {
                io.gatewaybench.harness.model.RateLimitCheck seen = ScenarioCheck.limitBites(target.name(), p.launch().url(), s, credentials,
                        Scenario.LOW_LIMIT);
                assertTrue(seen.answered429() > 0, seen.toString());
            }
        }
    }

    TargetProcess start(Target t, String what) {
        return TargetProcess.start(t, Launch.onLoopback(Origins.RUNS.resolve(target.name() + "-scenario-" + what), Ports.free(),
                origin, 1, JvmProfile.load("default").flags()));
    }
}
