package io.gatewaybench.scg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The gateway as its own JVM: exit statuses, the one stderr line, SIGTERM. */
class CommandLineProcessTest {

	@TempDir
	Path dir;

	private Process process;

	@AfterEach
	void stopProcess() {
		if (this.process != null && this.process.isAlive()) {
			this.process.destroyForcibly();
		}
	}

	@Test
	void malformedUpstreamExits2BeforeSpringStarts() throws Exception {
		Result result = run("--port=" + FreePort.next(), "--upstream=foo");
		assertEquals(2, result.status);
		assertEquals(List.of("scg: --upstream must look like http://host:port, got 'foo'"), result.stderr);
	}

	@Test
	void unknownOptionExits2() throws Exception {
		Result result = run("--port=" + FreePort.next(), "--upstream=http://127.0.0.1:1", "--server.port=1");
		assertEquals(2, result.status);
		assertEquals(1, result.stderr.size(), result.stderr::toString);
		assertTrue(result.stderr.get(0).startsWith("scg: unknown option '--server.port'"), result.stderr::toString);
	}

	@Test
	void portInUseExits1WithOneLine() throws Exception {
		try (ServerSocket taken = new ServerSocket(0, 50, InetAddress.getByName("127.0.0.1"))) {
			int port = taken.getLocalPort();
			Result result = run("--port=" + port, "--bind=127.0.0.1", "--upstream=http://127.0.0.1:1");
			assertEquals(1, result.status);
			assertEquals(List.of("scg: cannot listen on 127.0.0.1:" + port + ": Address already in use"),
					result.stderr);
		}
	}

	@Test
	void listensThenStopsCleanlyOnSigterm() throws Exception {
		int port = FreePort.next();
		this.process = start("--port=" + port, "--bind=127.0.0.1", "--upstream=http://127.0.0.1:1",
				"--event-loops=3");
		String line = awaitStdoutLine(60);
		assertTrue(line.matches("scg listening on 127\\.0\\.0\\.1:" + port
				+ ", upstream http://127\\.0\\.0\\.1:1, event loops 3, transport (epoll|io_uring|nio)"), line);
		this.process.destroy(); // SIGTERM
		assertTrue(this.process.waitFor(30, TimeUnit.SECONDS), "JVM still running after SIGTERM");
		assertEquals(List.of(), stderr(), "no stack traces on shutdown");
		assertEquals(List.of(line), Files.readAllLines(this.dir.resolve("stdout")), "one line on stdout");
	}

	@Test
	void firstLineNamesTheDutiesBeforeTheLoops() throws Exception {
		int port = FreePort.next();
		this.process = start("--port=" + port, "--bind=127.0.0.1", "--upstream=http://127.0.0.1:1", "--event-loops=1",
				"--rate-limit=1000000", "--routes=10");
		String line = awaitStdoutLine(60);
		assertTrue(line.matches("scg listening on 127\\.0\\.0\\.1:" + port + ", upstream http://127\\.0\\.0\\.1:1 "
				+ "\\(rate limit 1000000/s per client address, routes 10\\), event loops 1, transport (epoll|io_uring|nio)"),
				line);
		this.process.destroy();
		assertTrue(this.process.waitFor(30, TimeUnit.SECONDS), "JVM still running after SIGTERM");
		assertEquals(List.of(), stderr());
	}

	private Result run(String... args) throws Exception {
		this.process = start(args);
		assertTrue(this.process.waitFor(60, TimeUnit.SECONDS), "JVM did not exit");
		return new Result(this.process.exitValue(), stderr());
	}

	private Process start(String... args) throws IOException {
		List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
				// As the jar's manifest does: JDK 22+ would warn on stderr when Netty loads epoll.
				"--enable-native-access=ALL-UNNAMED",
				"-cp", System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")),
				ScgGateway.class.getName()));
		command.addAll(List.of(args));
		return new ProcessBuilder(command).redirectOutput(this.dir.resolve("stdout").toFile())
			.redirectError(this.dir.resolve("stderr").toFile())
			.start();
	}

	/** The first line the gateway prints, once it has printed it. */
	private String awaitStdoutLine(int seconds) throws Exception {
		Path stdout = this.dir.resolve("stdout");
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
		while (System.nanoTime() < deadline && this.process.isAlive()) {
			String text = Files.readString(stdout);
			if (text.contains("\n")) {
				return text.substring(0, text.indexOf('\n'));
			}
			Thread.sleep(100);
		}
		throw new AssertionError("no line on stdout; stderr: " + stderr());
	}

	private List<String> stderr() throws IOException {
		File file = this.dir.resolve("stderr").toFile();
		return file.exists() ? Files.readAllLines(file.toPath()) : List.of();
	}

	private record Result(int status, List<String> stderr) {
	}

}
