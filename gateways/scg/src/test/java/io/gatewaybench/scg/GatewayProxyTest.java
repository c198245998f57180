package io.gatewaybench.scg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

import com.sun.net.httpserver.Headers;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.springframework.cloud.gateway.filter.ratelimit.KeyResolver;
import org.springframework.cloud.gateway.filter.ratelimit.RateLimiter;
import org.springframework.cloud.gateway.route.Route;
import org.springframework.cloud.gateway.route.RouteLocator;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.security.web.server.SecurityWebFilterChain;
import org.springframework.security.web.server.WebFilterChainProxy;
import org.springframework.web.server.WebFilter;

/**
 * The real gateway, started in this JVM through the same path as main, in front of a real
 * origin; a second one in front of a port where nothing listens.
 */
class GatewayProxyTest {

	private static final HttpClient client = HttpClient.newBuilder()
		.version(HttpClient.Version.HTTP_1_1)
		.connectTimeout(Duration.ofSeconds(5))
		.build();

	private static Origin origin;

	private static ConfigurableApplicationContext gateway;

	private static ConfigurableApplicationContext gatewayToNothing;

	private static int port;

	private static int portToNothing;

	@BeforeAll
	static void start() throws Exception {
		origin = new Origin();
		port = FreePort.next();
		gateway = ScgGateway.start(GatewayCommandLine.parse(new String[] { "--port=" + port, "--bind=127.0.0.1",
				"--upstream=" + origin.url(), "--response-timeout-ms=500" }));
		portToNothing = FreePort.next();
		gatewayToNothing = ScgGateway.start(GatewayCommandLine.parse(new String[] { "--port=" + portToNothing,
				"--bind=127.0.0.1", "--upstream=http://127.0.0.1:" + FreePort.next() }));
	}

	@AfterAll
	static void stop() {
		// Both share Reactor Netty's global loops: close them together, after every test.
		if (gatewayToNothing != null) {
			gatewayToNothing.close();
		}
		if (gateway != null) {
			gateway.close();
		}
		if (origin != null) {
			origin.close();
		}
	}

	@Test
	void proxiesGetWithForwardingHeaders() throws Exception {
		HttpResponse<String> response = client.send(HttpRequest
			.newBuilder(URI.create("http://127.0.0.1:" + port + "/a/b?x=1&y=%2F"))
			.header("X-Forwarded-For", "203.0.113.7")
			.header("Cookie", "JSESSIONID=client")
			.timeout(Duration.ofSeconds(10))
			.build(), HttpResponse.BodyHandlers.ofString());

		assertEquals(200, response.statusCode());
		assertEquals("GET /a/b?x=1&y=%2F", response.body());
		assertEquals(List.of("JSESSIONID=origin; Path=/"), response.headers().allValues("Set-Cookie"));
		Headers seen = origin.lastHeaders;
		assertEquals("203.0.113.7,127.0.0.1", seen.getFirst("X-Forwarded-For"));
		assertEquals("http", seen.getFirst("X-Forwarded-Proto"));
		assertEquals("127.0.0.1:" + port, seen.getFirst("X-Forwarded-Host"));
		assertEquals("JSESSIONID=client", seen.getFirst("Cookie"));
		// The gateway sends the upstream's host, as NGINX does by default.
		assertEquals(URI.create(origin.url()).getAuthority(), seen.getFirst("Host"));
		assertNull(seen.getFirst("X-Forwarded-Port"), "only For, Proto and Host are added");
		assertNull(seen.getFirst("Forwarded"), "RFC 7239 Forwarded is switched off");
		assertTrue(List.of("epoll", "io_uring", "nio").contains(ScgGateway.transport()), ScgGateway.transport());
	}

	/** No scenario option: no Spring Security filter chain, no duty's bean, the one catch-all route, no extra headers. */
	@Test
	void plainScenarioHasNoDuties() throws Exception {
		assertEquals(0, gateway.getBeanNamesForType(SecurityWebFilterChain.class).length);
		assertEquals(0, gateway.getBeanNamesForType(WebFilterChainProxy.class).length);
		for (WebFilter filter : gateway.getBeansOfType(WebFilter.class).values()) {
			assertFalse(filter.getClass().getName().startsWith("org.springframework.security"), filter.toString());
		}
		assertEquals(0, gateway.getBeanNamesForType(RateLimiter.class).length);
		assertEquals(0, gateway.getBeanNamesForType(KeyResolver.class).length);
		assertEquals(0, gateway.getBeanNamesForType(ApiKeyFilter.class).length);
		assertEquals(List.of("upstream"), gateway.getBean(RouteLocator.class).getRoutes().map(Route::getId).collectList()
			.block());

		HttpResponse<String> response = get(port, "/r1/a");
		assertEquals(200, response.statusCode());
		assertEquals("GET /r1/a", response.body(), "no prefix stripped");
		for (String header : List.of("WWW-Authenticate", "X-Content-Type-Options", "X-Frame-Options", "Cache-Control",
				"Pragma", "Expires", "X-XSS-Protection", "X-RateLimit-Remaining")) {
			assertTrue(response.headers().firstValue(header).isEmpty(), header);
		}
	}

	@Test
	void notFoundPassesThrough() throws Exception {
		HttpResponse<String> response = get(port, "/missing");
		assertEquals(404, response.statusCode());
		assertEquals("GET /missing", response.body());
	}

	@Test
	void slowOriginGives504() throws Exception {
		assertEquals(504, get(port, "/slow").statusCode());
	}

	@Test
	void refusedUpstreamGives502() throws Exception {
		assertEquals(502, get(portToNothing, "/").statusCode());
	}

	@Test
	void upstreamClosingWithoutAnswerGives502() throws Exception {
		assertEquals(502, get(port, "/hangup").statusCode());
	}

	@Test
	void keepAliveAndHopByHopHeaders() throws Exception {
		try (Socket socket = new Socket("127.0.0.1", port)) {
			socket.setSoTimeout(10_000);
			OutputStream out = socket.getOutputStream();
			InputStream in = socket.getInputStream();
			for (int i = 0; i < 3; i++) {
				out.write(("GET /hop/" + i + " HTTP/1.1\r\nHost: example.test\r\nConnection: keep-alive, X-Secret\r\n"
						+ "X-Secret: s\r\nKeep-Alive: timeout=5\r\nTE: trailers\r\nProxy-Authorization: Basic eA==\r\n\r\n")
					.getBytes(StandardCharsets.US_ASCII));
				out.flush();
				assertTrue(readResponse(in).endsWith("GET /hop/" + i), "request " + i + " on the same connection");
				Headers seen = origin.lastHeaders;
				for (String hopByHop : List.of("Connection", "X-Secret", "Keep-Alive", "TE", "Proxy-Authorization")) {
					assertNull(seen.getFirst(hopByHop), hopByHop + " must not be forwarded");
				}
				assertEquals("example.test", seen.getFirst("X-Forwarded-Host"));
			}
		}
	}

	private static HttpResponse<String> get(int port, String path) throws IOException, InterruptedException {
		return client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
			.timeout(Duration.ofSeconds(10))
			.build(), HttpResponse.BodyHandlers.ofString());
	}

	/** One response with a Content-Length body, as the origin sends them. */
	private static String readResponse(InputStream in) throws IOException {
		ByteArrayOutputStream head = new ByteArrayOutputStream();
		while (!head.toString(StandardCharsets.US_ASCII).endsWith("\r\n\r\n")) {
			int b = in.read();
			if (b < 0) {
				throw new IOException("connection closed after: " + head);
			}
			head.write(b);
		}
		String headers = head.toString(StandardCharsets.US_ASCII);
		int length = 0;
		for (String line : headers.split("\r\n")) {
			if (line.toLowerCase().startsWith("content-length:")) {
				length = Integer.parseInt(line.substring(15).trim());
			}
		}
		return headers + new String(in.readNBytes(length), StandardCharsets.US_ASCII);
	}

}
