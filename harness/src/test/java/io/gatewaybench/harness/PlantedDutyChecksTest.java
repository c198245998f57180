package io.gatewaybench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gatewaybench.harness.launch.Launch;
import io.gatewaybench.harness.launch.TargetProcess;
import io.gatewaybench.harness.measure.ScenarioCheck;
import io.gatewaybench.harness.plan.Credentials;
import io.gatewaybench.harness.plan.JvmProfile;
import io.gatewaybench.harness.plan.Ports;
import io.gatewaybench.harness.plan.Scenario;
import io.gatewaybench.harness.plan.Target;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every check of the scenarios' duties is seen to fail, each on its own plant: {@link PlantedDuties} does every duty as the
 * JVM gateways do but one, and the run's check (ScenarioCheck, as a run calls it before measuring) must refuse it, naming
 * that check; the same plant skipping nothing passes every check, so the refusal is the skipped check's alone.
 * ({@link PlantedScenarioTest}'s proxy does no duty at all, so there only each duty's first check is ever seen to fail.)
 */
@Tag(TestGroups.GATEWAY_SUITES) // starts a target and drives it, no time window of its own: two such classes at a time (harness/pom.xml)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ExtendWith(Origins.Resolver.class)
class PlantedDutyChecksTest {
    private final Credentials credentials = Credentials.issue();
    private URI origin;
    @TempDir
    Path descriptors;

    @BeforeAll
    void origins(Origins origins) {
        origin = origins.tomcatUrl();
    }

    /** Per scenario, each check the run makes of it, as --skip names it, with the words the check's refusal uses. */
    static Stream<Arguments> plants() {
        return Stream.of(
                Arguments.of("keyauth+ratelimit", "missing-key", "a request without its apikey header"),
                Arguments.of("keyauth+ratelimit", "unknown-key", "a request with an unknown API key"),
                Arguments.of("jwt", "no-token", "a request with no token"),
                Arguments.of("jwt", "wrong-secret", "a request with a token signed with another secret"),
                Arguments.of("jwt", "expired", "a request with an expired token"),
                Arguments.of("jwt", "alg-none", "a request with an unsigned token (alg none)"),
                Arguments.of("jwt", "malformed", "a request with a malformed token"),
                Arguments.of("routes-1000", "no-route", "a path of no route"));
    }

    @ParameterizedTest(name = "{0}: a plant that skips {1}")
    @MethodSource("plants")
    void eachCheckRefusesThePlantThatSkipsIt(String scenario, String skip, String refusal) throws IOException {
        Scenario s = Scenario.named(scenario);
        byte[] page = ScenarioCheck.originPage(origin, s);
        try (TargetProcess p = start(plant(skip).underScenario(s, credentials), scenario + "-skip-" + skip)) {
            IllegalStateException refused = assertThrows(IllegalStateException.class,
                    () -> ScenarioCheck.verify("planted-duties", p.launch().url(), s, credentials, page, false));
            assertTrue(refused.getMessage().contains(refusal), "refused, but not for " + refusal + ": " + refused.getMessage());
        }
    }

    /** The plant skipping nothing does each scenario's duties: every check passes, the limit set low answers 429. */
    @ParameterizedTest(name = "{0}: a plant that skips nothing")
    @MethodSource("withDuties")
    void thePlantSkippingNothingPassesEveryCheck(String scenario) throws IOException {
        Scenario s = Scenario.named(scenario);
        byte[] page = ScenarioCheck.originPage(origin, s);
        try (TargetProcess p = start(plant("none").underScenario(s, credentials), scenario + "-skip-none")) {
            ScenarioCheck.verify("planted-duties", p.launch().url(), s, credentials, page, false);
        }
        if (s.rateLimit() > 0) {
            try (TargetProcess p = start(plant("none").underScenario(s, credentials).withRateLimit(Scenario.LOW_LIMIT), scenario + "-low")) {
                io.gatewaybench.harness.model.RateLimitCheck seen = ScenarioCheck.limitBites("planted-duties", p.launch().url(), s, credentials,
                        Scenario.LOW_LIMIT);
                assertTrue(seen.answered429() > 0, seen.toString());
                // a second client, with its own limit, is served in full while the first is held at its own
                assertEquals("5 of 5 answered 200 to " + (s.duties().contains("api-keys") ? "another API key" : "source address 127.0.0.2")
                        + " while the first client was limited", seen.anotherClient());
            }
            // one limit for every client together: the second client finds it spent
            try (TargetProcess p = start(plant("per-client").underScenario(s, credentials).withRateLimit(Scenario.LOW_LIMIT), scenario + "-global")) {
                IllegalStateException together = assertThrows(IllegalStateException.class,
                        () -> ScenarioCheck.limitBites("planted-duties", p.launch().url(), s, credentials, Scenario.LOW_LIMIT));
                assertTrue(together.getMessage().contains("limits its clients together, not each on its own (per "
                        + (s.duties().contains("api-keys") ? "API key" : "client address") + ")"), together.getMessage());
            }
            try (TargetProcess p = start(plant("rate-limit").underScenario(s, credentials).withRateLimit(Scenario.LOW_LIMIT), scenario + "-unlimited")) {
                IllegalStateException unlimited = assertThrows(IllegalStateException.class,
                        () -> ScenarioCheck.limitBites("planted-duties", p.launch().url(), s, credentials, Scenario.LOW_LIMIT));
                assertTrue(unlimited.getMessage().contains("does not limit as set"), unlimited.getMessage());
            }
        }
    }

    static Stream<String> withDuties() {
        return Stream.of("ratelimit", "keyauth+ratelimit", "jwt", "routes-1000");
    }

    /** A descriptor of the plant skipping {@code skip}, written for this test. */
    private Target plant(String skip) throws IOException {
        Path file = descriptors.resolve("planted-duties-" + skip + ".properties");
        Files.writeString(file, String.join("\n",
                "name=planted-duties-" + skip,
                "description=test-only proxy doing every duty but the check " + skip,
                // the duties library and its JWT library come in the Netty proxy's jar, which every gateway build makes
                "command={{java}} -cp {{repo}}/harness/target/test-classes:{{repo}}/gateways/netty-proxy/target/netty-proxy.jar"
                        + " io.gatewaybench.harness.PlantedDuties --bind={{bind}} --port={{port}} --upstream={{upstream}} --skip=" + skip
                        + " {{scenario.args}}",
                "duties=api-keys jwt rate-limit routes", ""));
        Target t = Target.named(file.toString());
        assertEquals("planted-duties-" + skip, t.name());
        return t;
    }

    private TargetProcess start(Target t, String what) {
        return TargetProcess.start(t, Launch.onLoopback(Origins.RUNS.resolve("planted-duties-" + what), Ports.free(), origin, 1,
                JvmProfile.load("default").flags()));
    }
}
