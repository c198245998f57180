package io.gatewaybench.nettyproxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The command line of the contract, run as a separate JVM exactly like the jar would be. */
@Timeout(120)
class CommandLineTest {

    record Run(int status, String stdout, String stderr) {
    }

    @Test
    void malformedUpstreamExits2WithOneLine() throws Exception {
        Run run = run("--port=" + NettyProxyTest.freePort(), "--upstream=foo");
        assertEquals(2, run.status());
        assertEquals("netty-proxy: --upstream must look like http://host:port, got 'foo'\n", run.stderr());
    }

    @Test
    void upstreamWithAPathIsMalformed() throws Exception {
        Run run = run("--port=" + NettyProxyTest.freePort(), "--upstream=http://127.0.0.1:8080/app");
        assertEquals(2, run.status());
        assertTrue(run.stderr().startsWith("netty-proxy: --upstream must look like http://host:port"), run.stderr());
    }

    @Test
    void missingPortExits2() throws Exception {
        Run run = run("--upstream=http://127.0.0.1:8080");
        assertEquals(2, run.status());
        assertEquals("netty-proxy: --port is required, e.g. --port=8080\n", run.stderr());
    }

    @Test
    void portZeroExits2() throws Exception {
        Run run = run("--port=0", "--upstream=http://127.0.0.1:8080");
        assertEquals(2, run.status());
        assertEquals("netty-proxy: --port must be a number from 1 to 65535, got '0'\n", run.stderr());
    }

    @Test
    void unknownOptionExits2() throws Exception {
        Run run = run("--port=8080", "--upstream=http://127.0.0.1:8080", "--frobnicate=yes");
        assertEquals(2, run.status());
        assertTrue(run.stderr().startsWith("netty-proxy: unknown option '--frobnicate=yes'; options are"),
                run.stderr());
        assertEquals(1, run.stderr().lines().count());
    }

    @Test
    void portInUseExits1() throws Exception {
        try (ServerSocket taken = new ServerSocket()) {
            taken.bind(new InetSocketAddress("127.0.0.1", 0));
            Run run = run("--port=" + taken.getLocalPort(), "--bind=127.0.0.1", "--upstream=http://127.0.0.1:8080");
            assertEquals(1, run.status());
            assertEquals("netty-proxy: cannot listen on 127.0.0.1:" + taken.getLocalPort()
                    + ": Address already in use\n", run.stderr());
        }
    }

    @Test
    void printsOneLineWhenListeningAndStopsOnSigterm(@TempDir Path dir) throws Exception {
        int port = NettyProxyTest.freePort();
        Path stderrFile = dir.resolve("stderr"); // Process.destroy() closes the pipes, so not read from one
        Process process = start("--port=" + port, "--upstream=http://127.0.0.1:9/", "--event-loops=1")
                .redirectError(stderrFile.toFile()).start();
        try {
            BufferedReader stdout = new BufferedReader(
                    new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
            String line = stdout.readLine();
            assertTrue(line.matches("netty-proxy listening on 0\\.0\\.0\\.0:" + port
                    + ", upstream http://127\\.0\\.0\\.1:9, event loops 1, transport (io_uring|epoll|nio)"), line);
            process.destroy(); // SIGTERM
            assertTrue(process.waitFor(10, TimeUnit.SECONDS), "still running 10 s after SIGTERM");
            String stderr = Files.readString(stderrFile);
            assertTrue(!stderr.contains("Exception"), stderr);
        } finally {
            process.destroyForcibly();
        }
    }

    @Test
    void badScenarioOptionsExit2WithOneLine(@TempDir Path dir) throws Exception {
        String port = "--port=" + NettyProxyTest.freePort();
        Run zeroRoutes = run(port, "--upstream=http://127.0.0.1:8080", "--routes=0");
        assertEquals(2, zeroRoutes.status());
        assertEquals("netty-proxy: --routes must be a whole number above 0, got '0'\n", zeroRoutes.stderr());
        Run noKeyFile = run(port, "--upstream=http://127.0.0.1:8080", "--api-keys=" + dir.resolve("absent"));
        assertEquals(2, noKeyFile.status());
        assertTrue(noKeyFile.stderr().startsWith("netty-proxy: --api-keys=" + dir.resolve("absent") + ": cannot read"),
                noKeyFile.stderr());
        Run shortSecret = run(port, "--upstream=http://127.0.0.1:8080",
                "--jwt-secret=" + Files.writeString(dir.resolve("secret"), "short\n"));
        assertEquals(2, shortSecret.status());
        assertEquals(1, shortSecret.stderr().lines().count(), shortSecret.stderr());
    }

    @Test
    void theFirstLineDescribesTheDutiesBeforeItsUsualEnding(@TempDir Path dir) throws Exception {
        int port = NettyProxyTest.freePort();
        Path keys = Files.writeString(dir.resolve("keys"), "a\nb\n");
        Process process = start("--port=" + port, "--upstream=http://127.0.0.1:9/", "--event-loops=1",
                "--api-keys=" + keys, "--rate-limit=1000000", "--routes=5000")
                .redirectError(dir.resolve("stderr").toFile()).start();
        try {
            String line = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))
                    .readLine();
            assertTrue(line.matches("netty-proxy listening on 0\\.0\\.0\\.0:" + port + ", upstream "
                    + "http://127\\.0\\.0\\.1:9 \\(api keys 2, rate limit 1000000/s per api key, routes 5000\\), "
                    + "event loops 1, transport (io_uring|epoll|nio)"), line);
        } finally {
            process.destroy();
            assertTrue(process.waitFor(10, TimeUnit.SECONDS), "still running 10 s after SIGTERM");
        }
    }

    private static ProcessBuilder start(String... args) {
        List<String> command = new ArrayList<>(List.of(
                System.getProperty("java.home") + File.separator + "bin" + File.separator + "java",
                "-cp", System.getProperty("java.class.path")));
        if (Runtime.version().feature() >= 22) {
            command.add("--enable-native-access=ALL-UNNAMED"); // what the jar's manifest says
        }
        command.add(NettyProxy.class.getName());
        command.addAll(List.of(args));
        return new ProcessBuilder(command);
    }

    private static Run run(String... args) throws Exception {
        Process process = start(args).start();
        try {
            assertTrue(process.waitFor(60, TimeUnit.SECONDS), "did not exit");
            return new Run(process.exitValue(),
                    new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8),
                    new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
        } finally {
            process.destroyForcibly();
        }
    }
}
