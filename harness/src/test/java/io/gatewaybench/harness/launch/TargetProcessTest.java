package io.gatewaybench.harness.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gatewaybench.harness.TestGroups;
import io.gatewaybench.harness.plan.Credentials;
import io.gatewaybench.harness.plan.Ports;
import io.gatewaybench.harness.plan.Scenario;
import io.gatewaybench.harness.plan.Target;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.Tag;

/** Starting a target where it cannot be started: a port already taken, a target that never listens. */
@Tag(TestGroups.ALONE) // a start that must fail within its timeout: one class at a time (harness/pom.xml)
class TargetProcessTest {
    private static final String FAULTS = "harness/src/test/resources/faults/";

    /** Another process listening on the target's port would pass for the target: refused before anything starts. */
    @Test
    void aPortAlreadyTakenIsRefusedBeforeTheTargetStarts(@TempDir Path dir) throws Exception {
        Target target = Target.named("harness/src/test/resources/planted/planted-delay.properties");
        try (ServerSocket taken = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Launch launch = Launch.onLoopback(dir.resolve("planted-delay"), taken.getLocalPort(), URI.create("http://127.0.0.1:9"), 1, "");
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> TargetProcess.start(target, launch));
            assertTrue(e.getMessage().contains("port " + taken.getLocalPort() + " on 127.0.0.1 is already taken"), e.getMessage());
            assertFalse(Files.exists(dir.resolve("planted-delay").resolve("pid")), "a process was started all the same");
        }
    }

    /** A target that runs but never opens its port is stopped after its descriptor's ready-timeout, with a reason. */
    @Test
    void aTargetThatNeverListensIsStoppedAfterItsReadyTimeout(@TempDir Path dir) throws Exception {
        Target target = Target.named(FAULTS + "planted-silent.properties");
        assertEquals(Duration.ofSeconds(5), TargetProcess.readyTimeout(target));
        Launch launch = Launch.onLoopback(dir.resolve("planted-silent"), Ports.free(), URI.create("http://127.0.0.1:9"), 1, "");
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> TargetProcess.start(target, launch));
        assertTrue(e.getMessage().startsWith("planted-silent did not listen on port " + launch.port() + " within 5 s; stopped it"), e.getMessage());
        long pid = Long.parseLong(Files.readString(dir.resolve("planted-silent").resolve("pid")).trim());
        assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "the silent target still runs");
    }

    @Test
    void aReadyTimeoutThatIsNoNumberIsNamed(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("bad-timeout.properties");
        Files.writeString(file, "name=bad-timeout\ncommand=true\nready-timeout=soon\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TargetProcess.readyTimeout(Target.load(file)));
        assertTrue(e.getMessage().endsWith("ready-timeout must be a whole number of seconds above 0, got 'soon'"), e.getMessage());
    }

    @Test
    void theScenarioPlaceholdersAreEmptyUnderPlainAndTheGatewayOptionsUnderADuty() {
        Credentials c = Credentials.issue();
        Map<String, String> plain = TargetProcess.scenarioValues(Target.named("scg").keys(), "/run");
        assertEquals("", plain.get("scenario.args"));
        assertEquals("plain", plain.get("scenario"));
        Target keyed = Target.named("scg").underScenario(Scenario.named("keyauth+ratelimit"), c);
        Map<String, String> v = TargetProcess.scenarioValues(keyed.keys(), "/run");
        assertEquals("--api-keys=/run/api-keys.txt --rate-limit=1000000", v.get("scenario.args"));
        assertEquals(Credentials.KEYS, v.get("scenario.api-key-list").split("\n").length);
        Map<String, String> routes = TargetProcess.scenarioValues(Target.named("scg").underScenario(Scenario.named("routes-1000"), c).keys(), "/run");
        assertEquals("--routes=1000", routes.get("scenario.args"));
        assertEquals("/r999", routes.get("scenario.route-prefixes").split("\n")[999]);
        assertEquals("--rate-limit=20", TargetProcess.scenarioValues(
                Target.named("scg").underScenario(Scenario.named("ratelimit"), c).withRateLimit(20).keys(), "/run").get("scenario.args"));
    }
}
