package io.gatewaybench.harness.launch;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gatewaybench.harness.Origins;
import io.gatewaybench.harness.plan.Ports;
import io.gatewaybench.harness.plan.Target;
import java.net.URI;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The generated NGINX and HAProxy configurations pass {@code nginx -t} and {@code haproxy -c} (the descriptors' checks). */
class NativeProxyConfigTest {

    @ParameterizedTest
    @CsvSource({"nginx,1", "nginx,2", "haproxy,1", "haproxy,2"})
    void generatedConfigurationPassesItsCheck(String name, int workers) {
        Path dir = Origins.RUNS.resolve("config-check-" + name + "-" + workers);
        Launch launch = Launch.onLoopback(dir, Ports.free(), URI.create("http://127.0.0.1:8080"), workers, "");
        assertDoesNotThrow(() -> TargetProcess.prepare(Target.named(name), launch));
    }

    @ParameterizedTest
    @ValueSource(strings = {"nginx", "haproxy"})
    void brokenConfigurationFailsNamingTheTarget(String name) {
        Path dir = Origins.RUNS.resolve("config-check-broken-" + name);
        Launch launch = new Launch(dir, "no-such-host.invalid", Ports.free(), URI.create("http://127.0.0.1:8080"), 1, "java", "");
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> TargetProcess.prepare(Target.named(name), launch));
        assertTrue(e.getMessage().startsWith(name + ": configuration check failed"), e.getMessage());
    }
}
