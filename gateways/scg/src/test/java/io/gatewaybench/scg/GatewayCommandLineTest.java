package io.gatewaybench.scg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import io.gatewaybench.duties.Duties;
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

	@ParameterizedTest
	@ValueSource(strings = { "--rate-limit=0", "--rate-limit=x", "--routes=-1", "--routes=", "--api-keys=/nonexistent/keys",
			"--jwt-secret=/nonexistent/secret" })
	void badScenarioOption(String option) {
		GatewayCommandLine.UsageException problem = assertThrows(GatewayCommandLine.UsageException.class,
				() -> GatewayCommandLine.parse(new String[] { "--port=8080", "--upstream=http://h:1", option }));
		assertTrue(problem.getMessage().startsWith(option.substring(0, option.indexOf('='))), problem.getMessage());
	}

	@Test
	void scenarioOptionsBecomeSpringProperties() throws Exception {
		GatewayCommandLine line = GatewayCommandLine.parse(new String[] { "--port=8080", "--upstream=http://h:1",
				"--routes=5", "--rate-limit=7" });
		assertEquals(5, line.duties().routes());
		assertEquals(7, line.duties().rateLimit().orElseThrow().perSecond());
		assertTrue(List.of(line.springArguments()).containsAll(List.of("--scg.duties.routes=5", "--scg.duties.rate-limit=7")));
		assertEquals(Duties.none(), GatewayCommandLine.parse(new String[] { "--port=1", "--upstream=http://h:1" }).duties());
	}

	@Test
	void missingPortSaysHowToFixIt() {
		GatewayCommandLine.UsageException problem = assertThrows(GatewayCommandLine.UsageException.class,
				() -> GatewayCommandLine.parse(new String[] { "--upstream=http://h:1" }));
		assertTrue(problem.getMessage().startsWith("--port is required"), problem.getMessage());
	}

}
