package io.gatewaybench.scg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.IntFunction;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.PlainJWT;
import com.nimbusds.jwt.SignedJWT;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.cloud.gateway.filter.ratelimit.RateLimiter;
import org.springframework.cloud.gateway.route.RouteLocator;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The scenarios' options (--api-keys, --jwt-secret, --rate-limit, --routes), each on a real gateway started in this
 * JVM as main starts it, in front of one real origin that counts what reaches it: the 401/429/404 answers, that
 * rejected requests never reach the origin, and that accepted ones arrive with their path and headers.
 */
class ScenariosTest {

	private static final String SECRET = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";

	private static final HttpClient client = HttpClient.newBuilder()
		.version(HttpClient.Version.HTTP_1_1)
		.connectTimeout(Duration.ofSeconds(5))
		.build();

	@TempDir
	static Path dir;

	private static Origin origin;

	private static final List<ConfigurableApplicationContext> gateways = new ArrayList<>();

	private static int keys;

	private static int jwt;

	private static int rate;

	private static int keysRate;

	private static int routes;

	private static int all;

	private static ConfigurableApplicationContext routesGateway;

	@BeforeAll
	static void start() throws Exception {
		origin = new Origin();
		Path keyFile = Files.writeString(dir.resolve("keys"), "# consumers\nkey-one\n\nkey-two\n");
		Path secretFile = Files.writeString(dir.resolve("secret"), SECRET + "\n");
		keys = start("--api-keys=" + keyFile);
		jwt = start("--jwt-secret=" + secretFile);
		rate = start("--rate-limit=20");
		keysRate = start("--api-keys=" + keyFile, "--rate-limit=20");
		routes = start("--routes=1000");
		routesGateway = gateways.get(gateways.size() - 1);
		all = start("--api-keys=" + keyFile, "--jwt-secret=" + secretFile, "--rate-limit=20", "--routes=3");
	}

	private static int start(String... duties) throws Exception {
		int port = FreePort.next();
		List<String> args = new ArrayList<>(List.of("--port=" + port, "--bind=127.0.0.1", "--upstream=" + origin.url()));
		args.addAll(List.of(duties));
		gateways.add(ScgGateway.start(GatewayCommandLine.parse(args.toArray(String[]::new))));
		return port;
	}

	@AfterAll
	static void stop() {
		// They share Reactor Netty's global loops: close them together, after every test.
		gateways.forEach(ConfigurableApplicationContext::close);
		if (origin != null) {
			origin.close();
		}
	}

	@Test
	void apiKeys() throws Exception {
		assertRejected(401, keys, "/a", "x-other", "1");
		assertRejected(401, keys, "/a", "apikey", "unknown");
		assertRejected(401, keys, "/a", "apikey", "# consumers");
		assertRejected(401, keys, "/a", "apikey", "");

		HttpResponse<String> ok = send(keys, "/a/b?c=1", "apikey", "key-two");
		assertEquals(200, ok.statusCode());
		assertEquals("GET /a/b?c=1", ok.body());
		assertEquals("key-two", origin.lastHeaders.getFirst("apikey"), "the key is forwarded unchanged");
		assertEquals(200, send(keys, "/", "apikey", "key-one").statusCode());
	}

	@Test
	void jwt() throws Exception {
		long now = System.currentTimeMillis();
		String valid = hs256(SECRET, JWSAlgorithm.HS256, new Date(now + 600_000));
		assertRejected(401, jwt, "/a", "x-other", "1");
		assertRejected(401, jwt, "/a", "Authorization", "Bearer");
		assertRejected(401, jwt, "/a", "Authorization", "Bearer not.a.jwt");
		assertRejected(401, jwt, "/a", "Authorization", "Basic dXNlcjpwYXNz");
		assertRejected(401, jwt, "/a", "Authorization", "Bearer " + valid.substring(0, valid.length() - 2) + "xx");
		assertRejected(401, jwt, "/a", "Authorization",
				"Bearer " + hs256("another secret another secret another secret!", JWSAlgorithm.HS256,
						new Date(now + 600_000)));
		assertRejected(401, jwt, "/a", "Authorization",
				"Bearer " + hs256(SECRET, JWSAlgorithm.HS384, new Date(now + 600_000)));
		assertRejected(401, jwt, "/a", "Authorization", "Bearer " + hs256(SECRET, JWSAlgorithm.HS256, null));
		assertRejected(401, jwt, "/a", "Authorization",
				"Bearer " + hs256(SECRET, JWSAlgorithm.HS256, new Date(now - 10_000)));
		assertRejected(401, jwt, "/a", "Authorization", "Bearer "
				+ new PlainJWT(new JWTClaimsSet.Builder().expirationTime(new Date(now + 600_000)).build()).serialize());

		HttpResponse<String> ok = send(jwt, "/a/b?c=1", "Authorization", "Bearer " + valid);
		assertEquals(200, ok.statusCode());
		assertEquals("GET /a/b?c=1", ok.body());
		assertEquals("Bearer " + valid, origin.lastHeaders.getFirst("Authorization"), "forwarded unchanged");
		assertEquals(List.of("JSESSIONID=origin; Path=/"), ok.headers().allValues("Set-Cookie"), "no session");
		for (String header : List.of("X-Content-Type-Options", "X-Frame-Options", "Cache-Control", "Pragma", "Expires",
				"X-XSS-Protection", "Strict-Transport-Security")) {
			assertTrue(ok.headers().firstValue(header).isEmpty(), header + ": no security response headers");
		}
	}

	@Test
	void rateLimitPerClientAddress() throws Exception {
		int before = origin.requests.get();
		int accepted = burst(rate, 100, "x-other", "1");
		assertEquals(accepted, origin.requests.get() - before, "the 429s never reached the origin");
	}

	@Test
	void rateLimitPerApiKey() throws Exception {
		int before = origin.requests.get();
		CompletableFuture<Integer> one = CompletableFuture.supplyAsync(() -> burstUnchecked(keysRate, 60, "key-one"));
		int two = burst(keysRate, 60, "apikey", "key-two");
		int accepted = one.join() + two;
		assertEquals(accepted, origin.requests.get() - before, "the 429s never reached the origin");
		assertRejected(401, keysRate, "/a", "apikey", "unknown");
	}

	@Test
	void everyOneOfAThousandRoutesStripsItsPrefix() throws Exception {
		assertEquals(1000, routesGateway.getBean(RouteLocator.class).getRoutes().count().block().intValue(),
				"exactly the numbered routes, no catch-all");
		int before = origin.requests.get();
		for (int i = 0; i < 1000; i++) {
			HttpResponse<String> response = send(routes, "/r" + i + "/examples/x.jsp?a=" + i, "x-other", "1");
			assertEquals(200, response.statusCode(), "/r" + i);
			assertEquals("GET /examples/x.jsp?a=" + i, response.body());
		}
		assertEquals(1000, origin.requests.get() - before);
		assertEquals("127.0.0.1:" + routes, origin.lastHeaders.getFirst("X-Forwarded-Host"));
		assertNull(origin.lastHeaders.getFirst("X-Forwarded-Prefix"), "as in the plain scenario");

		assertRejected(404, routes, "/r1000/examples/x.jsp", "x-other", "1");
		assertRejected(404, routes, "/", "x-other", "1");
		assertRejected(404, routes, "/examples/x.jsp", "x-other", "1");
		assertRejected(404, routes, "/r10x/a", "x-other", "1");
	}

	@Test
	void allTogether() throws Exception {
		String token = "Bearer " + hs256(SECRET, JWSAlgorithm.HS256, new Date(System.currentTimeMillis() + 600_000));
		assertRejected(401, all, "/r1/a", "Authorization", token);
		assertRejected(401, all, "/r1/a", "apikey", "key-one");
		assertRejected(401, all, "/r9/a", "apikey", "key-one");

		HttpResponse<String> ok = client.send(request(all, "/r2/a?b=c").header("apikey", "key-one")
			.header("Authorization", token)
			.build(), HttpResponse.BodyHandlers.ofString());
		assertEquals(200, ok.statusCode());
		assertEquals("GET /a?b=c", ok.body());
		assertEquals("key-one", origin.lastHeaders.getFirst("apikey"));
		assertEquals(token, origin.lastHeaders.getFirst("Authorization"));

		int before = origin.requests.get();
		int accepted = burst(60,
				i -> request(all, "/r0/x").header("apikey", "key-two").header("Authorization", token).build());
		assertEquals(accepted, origin.requests.get() - before, "the 429s never reached the origin");

		HttpResponse<String> noRoute = client.send(request(all, "/r3/a").header("apikey", "key-one")
			.header("Authorization", token)
			.build(), HttpResponse.BodyHandlers.ofString());
		assertEquals(404, noRoute.statusCode());
	}

	@Test
	void theInMemoryLimiterAndNoRedis() {
		for (ConfigurableApplicationContext gateway : gateways) {
			for (RateLimiter<?> limiter : gateway.getBeansOfType(RateLimiter.class).values()) {
				assertEquals(DutiesRateLimiter.class, limiter.getClass());
			}
		}
		assertThrows(ClassNotFoundException.class,
				() -> Class.forName("org.springframework.data.redis.core.ReactiveRedisTemplate"));
	}

	/** The status, and the origin saw nothing. */
	private static void assertRejected(int status, int port, String path, String header, String value)
			throws Exception {
		int before = origin.requests.get();
		HttpResponse<String> response = send(port, path, header, value);
		assertEquals(status, response.statusCode(), path + " with " + header + ": " + value);
		assertEquals(before, origin.requests.get(), "must not be forwarded");
	}

	private static HttpResponse<String> send(int port, String path, String header, String value)
			throws IOException, InterruptedException {
		return client.send(request(port, path).header(header, value).build(), HttpResponse.BodyHandlers.ofString());
	}

	private static HttpRequest.Builder request(int port, String path) {
		return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).timeout(Duration.ofSeconds(10));
	}

	/**
	 * How many of {@code count} requests sent at once were let through (200); the rest must be 429. At 20/s with a
	 * burst of 20, that is 20 plus 20 a second for as long as the burst took (opening dozens of connections on a
	 * busy machine can take most of a second); checked here, with some slack, against the burst's own duration.
	 */
	private static int burst(int port, int count, String header, String value) {
		return burst(count, i -> request(port, "/burst/" + i).header(header, value).build());
	}

	private static int burst(int count, IntFunction<HttpRequest> request) {
		long start = System.nanoTime();
		List<CompletableFuture<HttpResponse<Void>>> responses = new ArrayList<>();
		for (int i = 0; i < count; i++) {
			responses.add(client.sendAsync(request.apply(i), HttpResponse.BodyHandlers.discarding()));
		}
		int accepted = 0;
		for (CompletableFuture<HttpResponse<Void>> response : responses) {
			int status = response.join().statusCode();
			assertTrue(status == 200 || status == 429, String.valueOf(status));
			accepted += (status == 200) ? 1 : 0;
		}
		double seconds = (System.nanoTime() - start) / 1e9;
		int most = 20 + (int) Math.ceil(20 * seconds) + 2;
		assertTrue(accepted >= 15 && accepted <= most,
				accepted + " of " + count + " accepted at 20/s in " + seconds + " s (at most " + most + ")");
		return accepted;
	}

	private static int burstUnchecked(int port, int count, String key) {
		return burst(port, count, "apikey", key);
	}

	private static String hs256(String secret, JWSAlgorithm algorithm, Date expires) throws JOSEException {
		JWTClaimsSet.Builder claims = new JWTClaimsSet.Builder().subject("bench");
		if (expires != null) {
			claims.expirationTime(expires);
		}
		SignedJWT jwt = new SignedJWT(new JWSHeader(algorithm), claims.build());
		jwt.sign(new MACSigner(secret.getBytes(StandardCharsets.UTF_8)));
		return jwt.serialize();
	}

}
