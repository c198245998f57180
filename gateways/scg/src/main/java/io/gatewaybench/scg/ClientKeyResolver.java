package io.gatewaybench.scg;

import java.net.InetSocketAddress;

import io.gatewaybench.duties.Duties;
import reactor.core.publisher.Mono;

import org.springframework.cloud.gateway.filter.ratelimit.KeyResolver;
import org.springframework.web.server.ServerWebExchange;

/**
 * Whose bucket a request draws from, for RequestRateLimiter: the API key (the consumer) when keys are checked, else
 * the client's IP address. The key was accepted by {@link ApiKeyFilter} just before; an empty key (no address) would
 * get the filter's 403 for an empty key, which cannot happen on a TCP connection.
 */
final class ClientKeyResolver implements KeyResolver {

	private final boolean byApiKey;

	ClientKeyResolver(boolean byApiKey) {
		this.byApiKey = byApiKey;
	}

	@Override
	public Mono<String> resolve(ServerWebExchange exchange) {
		if (this.byApiKey) {
			return Mono.justOrEmpty(exchange.getRequest().getHeaders().getFirst(Duties.API_KEY_HEADER));
		}
		InetSocketAddress remote = exchange.getRequest().getRemoteAddress();
		return (remote != null) ? Mono.just(remote.getAddress().getHostAddress()) : Mono.empty();
	}

}
