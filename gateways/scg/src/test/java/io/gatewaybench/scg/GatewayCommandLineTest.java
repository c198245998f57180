package io.gatewaybench.scg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** What the command line accepts, without starting anything. */
class GatewayCommandLineTest {

	@Test
	void defaultsAndTrailingSlash() throws Exception {
		GatewayCommandLine line = GatewayCommandLine.parse(new String[] { "--port=8080",
				"--upstream=http://127.0.0.1:9000/" });
		assertEquals(8080, line.port());
		assertEquals("0.0.0.0", line.bind());
		assertEquals("http://127.0.0.1:9000", line.upstream());
		assertEquals(Runtime.getRuntime().availableProcessors(), line.eventLoops());
	}

	@ParameterizedTest
	@ValueSource(strings = { "foo", "https://h:1", "http://h", "http://h:0", "http://h:65536", "http://h:80/path",
			"http://h:80?q", "http://user@h:80", "http://:80" })
	void malformedUpstream(String upstream) {
		GatewayCommandLine.UsageException problem = assertThrows(GatewayCommandLine.UsageException.class,
				() -> GatewayCommandLine.parse(new String[] { "--port=8080", "--upstream=" + upstream }));
		assertEquals("--upstream must look like http://host:port, got '" + upstream + "'", problem.getMessage());
	}

	@ParameterizedTest
	@ValueSource(strings = { "--port=0", "--port=65536", "--port=x", "--port=1 --port=2", "--port=1 --foo=1",
			"--port=1 --upstream", "--port=1 port=1", "--port=1 --event-loops=0", "--port=1 --response-timeout-ms=-1",
			"--port=1 --bind=" })
	void rejected(String args) {
		String[] line = (args + " --upstream=http://h:1").split(" ");
		assertThrows(GatewayCommandLine.UsageException.class, () -> GatewayCommandLine.parse(line));
	}

	@Test
	void missingPortSaysHowToFixIt() {
		GatewayCommandLine.UsageException problem = assertThrows(GatewayCommandLine.UsageException.class,
				() -> GatewayCommandLine.parse(new String[] { "--upstream=http://h:1" }));
		assertTrue(problem.getMessage().startsWith("--port is required"), problem.getMessage());
	}

}
