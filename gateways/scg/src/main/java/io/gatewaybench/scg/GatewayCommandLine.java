package io.gatewaybench.scg;

import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.gatewaybench.duties.Duties;

/**
 * The suite's gateway command line, checked before Spring starts (Spring would accept any
 * {@code --foo} silently) and turned into the Spring properties it stands for. The scenarios'
 * options ({@link #DUTY_OPTIONS}) are read by the shared {@link Duties}, so that a bad file or
 * number is the same one-line usage error as in the other JVM gateways.
 *
 * @param duties what each request must pass besides forwarding; {@link Duties#none()} for the plain scenario
 * @param dutyOptions the scenarios' options as given (name without dashes, to value), for Spring's conditions
 */
record GatewayCommandLine(int port, String bind, String upstream, int eventLoops, Integer responseTimeoutMillis,
		Duties duties, Map<String, String> dutyOptions) {

	/** The scenarios' options, the same in every JVM gateway (Duties.from reads them). */
	static final List<String> DUTY_OPTIONS = List.of("api-keys", "jwt-secret", "rate-limit", "routes");

	private static final List<String> OPTIONS = List.of("port", "upstream", "bind", "event-loops",
			"response-timeout-ms", "api-keys", "jwt-secret", "rate-limit", "routes");

	private static final Pattern UPSTREAM = Pattern
		.compile("http://([A-Za-z0-9.-]+|\\[[0-9A-Fa-f:.]+\\]):([0-9]{1,5})/?");

	/** Thrown for anything the user must fix; the message is the rest of the one stderr line. */
	static final class UsageException extends Exception {

		UsageException(String message) {
			super(message);
		}

	}

	static GatewayCommandLine parse(String[] args) throws UsageException {
		Map<String, String> given = new LinkedHashMap<>();
		for (String arg : args) {
			int eq = arg.indexOf('=');
			if (!arg.startsWith("--") || eq < 0) {
				throw new UsageException("expected --name=value, got '" + arg + "'");
			}
			String name = arg.substring(2, eq);
			if (!OPTIONS.contains(name)) {
				throw new UsageException("unknown option '--" + name + "'; the options are --"
						+ String.join(", --", OPTIONS));
			}
			if (given.put(name, arg.substring(eq + 1)) != null) {
				throw new UsageException("--" + name + " is given twice; give it once");
			}
		}

		String portText = required(given, "port", "--port=8080");
		int port = number(portText, 1, 65535, "--port must be a number from 1 to 65535, got '" + portText + "'");

		String upstreamText = required(given, "upstream", "--upstream=http://127.0.0.1:8080");
		Matcher upstream = UPSTREAM.matcher(upstreamText);
		if (!upstream.matches() || number(upstream.group(2), 1, 65535, null) < 0) {
			throw new UsageException("--upstream must look like http://host:port, got '" + upstreamText + "'");
		}

		String bind = given.getOrDefault("bind", "0.0.0.0");
		try {
			if (bind.isEmpty()) {
				throw new UnknownHostException(bind);
			}
			InetAddress.getByName(bind);
		}
		catch (UnknownHostException ex) {
			throw new UsageException("--bind must be an IP address or host name of this machine, got '" + bind + "'");
		}

		String loopsText = given.getOrDefault("event-loops", String.valueOf(Runtime.getRuntime().availableProcessors()));
		int eventLoops = number(loopsText, 1, 1024, "--event-loops must be a number from 1 to 1024, got '" + loopsText + "'");

		String timeoutText = given.get("response-timeout-ms");
		Integer responseTimeout = (timeoutText != null) ? number(timeoutText, 1, Integer.MAX_VALUE,
				"--response-timeout-ms must be a positive number of milliseconds, got '" + timeoutText + "'") : null;

		Map<String, String> dutyOptions = new LinkedHashMap<>(given);
		dutyOptions.keySet().retainAll(DUTY_OPTIONS);
		Duties duties;
		try {
			duties = Duties.from(dutyOptions);
		}
		catch (IllegalArgumentException | UncheckedIOException ex) {
			throw new UsageException(ex.getMessage());
		}

		return new GatewayCommandLine(port, bind, "http://" + upstream.group(1) + ":" + upstream.group(2), eventLoops,
				responseTimeout, duties, Map.copyOf(dutyOptions));
	}

	/**
	 * The command line as Spring properties; the profile refers to {@code scg.upstream} in its route. Each scenario
	 * option given becomes {@code scg.duties.<option>}, which the duties' beans are conditional on (none without it).
	 */
	String[] springArguments() {
		List<String> spring = new ArrayList<>();
		spring.add("--server.port=" + this.port);
		spring.add("--server.address=" + this.bind);
		spring.add("--scg.upstream=" + this.upstream);
		if (this.responseTimeoutMillis != null) {
			spring.add("--spring.cloud.gateway.server.webflux.httpclient.response-timeout=" + this.responseTimeoutMillis
					+ "ms");
		}
		this.dutyOptions.forEach((name, value) -> spring.add("--scg.duties." + name + "=" + value));
		return spring.toArray(String[]::new);
	}

	private static String required(Map<String, String> given, String name, String example) throws UsageException {
		String value = given.get(name);
		if (value == null) {
			throw new UsageException("--" + name + " is required, e.g. " + example);
		}
		return value;
	}

	/** The number, or -1 when {@code problem} is null and the text is not a number in range. */
	private static int number(String text, int min, int max, String problem) throws UsageException {
		try {
			int value = Integer.parseInt(text);
			if (value >= min && value <= max) {
				return value;
			}
		}
		catch (NumberFormatException ex) {
			// reported below
		}
		if (problem == null) {
			return -1;
		}
		throw new UsageException(problem);
	}

}
