package io.gatewaybench.harness;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gatewaybench.harness.launch.TargetProcess;
import io.gatewaybench.harness.measure.ScenarioCheck;
import io.gatewaybench.harness.plan.Scenario;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The checks fail where they should: planted-no-duties claims every duty but only forwards (a gateway that skips
 * its work would measure faster). Under each scenario with a duty, the run's check refuses it, and with the limit
 * set low it answers no 429 (the limit alone, far above the load, shows only then). Under the response-size
 * scenarios it has no duty to skip, and passes.
 */
class PlantedScenarioTest extends ScenarioConformance {
    PlantedScenarioTest() {
        super("harness/src/test/resources/planted/planted-no-duties.properties");
    }

    @ParameterizedTest
    @MethodSource("scenarios")
    @Override
    void doesTheScenariosDuties(String names) { // each of a group on its own start: the planted proxy starts in a moment
        for (String name : names.split(",")) {
            Scenario s = Scenario.named(name);
            byte[] page = ScenarioCheck.originPage(origin, s);
            try (TargetProcess p = start(target.underScenario(s, credentials), name)) {
                if (s.duties().stream().allMatch(d -> d.equals("rate-limit"))) { // a limit far above the load shows only when set low
                    ScenarioCheck.verify(target.name(), p.launch().url(), s, credentials, page, true);
                } else {
                    IllegalStateException refused = assertThrows(IllegalStateException.class,
                            () -> ScenarioCheck.verify(target.name(), p.launch().url(), s, credentials, page, true));
                    assertTrue(refused.getMessage().contains("refusing to measure it"), refused.getMessage());
                }
                if (s.rateLimit() > 0) {
                    IllegalStateException unlimited = assertThrows(IllegalStateException.class,
                            () -> ScenarioCheck.limitBites(target.name(), p.launch().url(), s, credentials, Scenario.LOW_LIMIT));
                    assertTrue(unlimited.getMessage().contains("does not limit as set"), unlimited.getMessage());
                }
            }
        }
    }
}
