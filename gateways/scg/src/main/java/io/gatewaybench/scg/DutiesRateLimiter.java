package io.gatewaybench.scg;

import java.util.Map;

import reactor.core.publisher.Mono;

import org.springframework.cloud.gateway.filter.ratelimit.RateLimiter;

/**
 * {@code --rate-limit}: the gateway's RateLimiter SPI, which its RequestRateLimiter filter asks for every request,
 * backed by the shared in-memory token bucket per client key ({@link io.gatewaybench.duties.RateLimiter}: N a
 * second, a burst of N). The gateway's only built-in implementation, RedisRateLimiter, needs a Redis server; there
 * is none here (nor Redis on the classpath), so the buckets live in this JVM, as one gateway instance's limiter
 * would. A client's bucket is shared by all routes (the spec limits a client, not a client on a route), and a
 * denied request gets the filter's default 429 without X-RateLimit-* headers.
 */
final class DutiesRateLimiter implements RateLimiter<Object> {

	private static final Mono<Response> ALLOWED = Mono.just(new Response(true, Map.of()));

	private static final Mono<Response> DENIED = Mono.just(new Response(false, Map.of()));

	private final io.gatewaybench.duties.RateLimiter buckets;

	DutiesRateLimiter(io.gatewaybench.duties.RateLimiter buckets) {
		this.buckets = buckets;
	}

	@Override
	public Mono<Response> isAllowed(String routeId, String key) {
		return this.buckets.tryAcquire(key) ? ALLOWED : DENIED;
	}

	/** No per-route configuration: the one limit comes from the command line. */
	@Override
	public Map<String, Object> getConfig() {
		return Map.of();
	}

	@Override
	public Class<Object> getConfigClass() {
		return Object.class;
	}

	@Override
	public Object newConfig() {
		return new Object();
	}

}
