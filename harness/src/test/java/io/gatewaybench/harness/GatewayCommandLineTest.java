package io.gatewaybench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gatewaybench.harness.launch.Launch;
import io.gatewaybench.harness.launch.TargetProcess;
import io.gatewaybench.harness.plan.Environment;
import io.gatewaybench.harness.plan.JvmProfile;
import io.gatewaybench.harness.plan.Ports;
import io.gatewaybench.harness.plan.Repo;
import io.gatewaybench.harness.plan.Target;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Tag;

/**
 * The three JVM gateways start the same way, from their real jars: a bad command line or a port that
 * cannot be bound ends the JVM with one clear line on stderr; SIGTERM stops it cleanly.
 */
@Tag(TestGroups.GATEWAY_SUITES) // starts gateways, no time window of its own: two such classes at a time (harness/pom.xml)
class GatewayCommandLineTest {

    @ParameterizedTest
    @ValueSource(strings = {"netty-proxy", "scg", "zuul2"})
    void malformedUpstreamExitsWithStatus2AndOneLine(String name) throws Exception {
        Exit exit = run(name, "--port=" + Ports.free(), "--upstream=ftp//nowhere");
        assertEquals(2, exit.status, exit.stderr);
        assertOneLineFrom(name, exit.stderr);
    }

    @ParameterizedTest
    @ValueSource(strings = {"netty-proxy", "scg", "zuul2"})
    void missingPortExitsWithStatus2AndOneLine(String name) throws Exception {
        Exit exit = run(name, "--upstream=http://127.0.0.1:8080");
        assertEquals(2, exit.status, exit.stderr);
        assertOneLineFrom(name, exit.stderr);
    }

    @ParameterizedTest
    @ValueSource(strings = {"netty-proxy", "scg", "zuul2"})
    void portInUseExitsWithStatus1AndOneLine(String name) throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Exit exit = run(name, "--bind=127.0.0.1", "--port=" + taken.getLocalPort(), "--upstream=http://127.0.0.1:8080");
            assertEquals(1, exit.status, exit.stderr);
            assertOneLineFrom(name, exit.stderr);
            assertTrue(exit.stderr.contains("cannot listen"), exit.stderr);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"netty-proxy", "scg", "zuul2"})
    void sigtermStopsTheGatewayCleanly(String name) throws Exception {
        Launch launch = Launch.onLoopback(Origins.RUNS.resolve(name + "-sigterm"), Ports.free(),
                URI.create("http://127.0.0.1:" + Ports.free()), 1, JvmProfile.load("default").flags());
        TargetProcess gateway = TargetProcess.start(Target.named(name), launch);
        Process p = gateway.process();
        p.destroy(); // SIGTERM
        boolean exited = p.waitFor(30, TimeUnit.SECONDS);
        gateway.close();
        assertTrue(exited, name + " was still running 30 s after SIGTERM");
        assertTrue(p.exitValue() == 0 || p.exitValue() == 143, name + " exited with " + p.exitValue());
        String stderr = Files.readString(launch.dir().resolve("stderr.log"));
        assertFalse(stderr.contains("Exception"), name + " printed an exception on SIGTERM: " + stderr);
    }

    private static void assertOneLineFrom(String name, String stderr) {
        List<String> lines = stderr.lines().filter(l -> !l.isBlank()).toList();
        assertEquals(1, lines.size(), "expected one line on stderr, got: " + stderr);
        assertTrue(lines.get(0).startsWith(name + ": "), lines.get(0));
    }

    private record Exit(int status, String stderr) {
    }

    private static Exit run(String name, String... args) throws IOException, InterruptedException {
        Path jar = Repo.root().resolve(Target.named(name).key("jar").orElseThrow());
        List<String> argv = new ArrayList<>(List.of(Environment.currentJava(), "-jar", jar.toString()));
        argv.addAll(List.of(args));
        Process p = new ProcessBuilder(argv).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        String stderr = new String(p.getErrorStream().readAllBytes());
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError(name + " " + args[args.length - 1] + ": the JVM was still running after 60 s");
        }
        return new Exit(p.exitValue(), stderr);
    }
}
