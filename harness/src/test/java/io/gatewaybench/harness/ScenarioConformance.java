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
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Tag;

/**
 * Every scenario a target implements, checked as a run checks it before measuring ({@link ScenarioCheck}): each
 * subclass names one target, started for real from its descriptor under each scenario in front of real Tomcat.
 * Under a scenario with a rate limit, the target is also started with the limit set low, and must answer 429 at
 * about that rate. {@link PlantedScenarioTest} shows that each duty's check fails on a target that skips the duty, and
 * {@link PlantedDutyChecksTest} each single check on a target that does every duty but that check.
 */
@Tag(TestGroups.GATEWAY_SUITES) // starts a target and drives it, no time window of its own: two such classes at a time (harness/pom.xml)
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

    /**
     * Every shipped scenario but plain, which ProxyConformance covers, comma-separated in groups that start the gateway
     * alike: scenarios whose options to the gateway are the same but for their name (the response sizes: no duty, another
     * page of the origin) share one start, and each is checked through it. The gateway reads no scenario's name; three
     * starts of Spring Cloud Gateway for one configuration cost about 13 s.
     */
    static Stream<String> scenarios() {
        Map<Map<String, String>, List<String>> alike = new LinkedHashMap<>();
        Credentials credentials = Credentials.issue();
        Scenario.ALL.stream().filter(n -> !n.equals(Scenario.PLAIN)).forEach(n -> {
            Map<String, String> options = new LinkedHashMap<>(Scenario.named(n).keys(credentials));
            options.remove("scenario");
            alike.computeIfAbsent(options, o -> new ArrayList<>()).add(n);
        });
        return alike.values().stream().map(names -> String.join(",", names));
    }

    @ParameterizedTest
    @MethodSource("scenarios")
    void doesTheScenariosDuties(String names) {
        List<Scenario> group = Arrays.stream(names.split(",")).map(Scenario::named).toList();
        Scenario first = group.get(0);
        try (TargetProcess p = start(target.underScenario(first, credentials), first.name())) {
            for (Scenario s : group) {
                byte[] page = ScenarioCheck.originPage(origin, s);
                if (s.changesThePage()) { // the response-size scenarios: the file of that size, whole
                    assertEquals(Integer.parseInt(s.name().replace("kb", "")) * 1024, page.length, s.name());
                }
                ScenarioCheck.verify(target.name(), p.launch().url(), s, credentials, page, true);
            }
        }
        if (first.rateLimit() > 0) {
            try (TargetProcess p = start(target.underScenario(first, credentials).withRateLimit(Scenario.LOW_LIMIT), first.name() + "-low-limit")) {
                io.gatewaybench.harness.model.RateLimitCheck seen = ScenarioCheck.limitBites(target.name(), p.launch().url(), first, credentials,
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
