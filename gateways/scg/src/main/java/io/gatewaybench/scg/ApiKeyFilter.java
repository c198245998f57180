package io.gatewaybench.scg;

import io.gatewaybench.duties.ApiKeys;
import io.gatewaybench.duties.Duties;
import reactor.core.publisher.Mono;

import org.springframework.cloud.gateway.filter.GatewayFilterChain;
import org.springframework.cloud.gateway.filter.GlobalFilter;
import org.springframework.core.Ordered;
import org.springframework.http.HttpStatus;
import org.springframework.web.server.ServerWebExchange;

/**
 * {@code --api-keys}: a request whose {@code apikey} header is missing or not one of the keys gets 401 and is not
 * forwarded; a valid one goes on with the header unchanged (Kong's key-auth with hide_credentials=false). A global
 * filter, the gateway's own kind for a check on every route; as such it runs once a route has matched, so a path no
 * route matches gets the gateway's 404 before any key is looked at (as in Kong, whose plugins also run per route).
 */
final class ApiKeyFilter implements GlobalFilter, Ordered {

	/**
	 * Before every route filter (the gateway numbers them from 1 in the order they are declared), so before
	 * RequestRateLimiter, which counts the request against the key this filter has just accepted.
	 */
	static final int ORDER = -100;

	private final ApiKeys keys;

	ApiKeyFilter(ApiKeys keys) {
		this.keys = keys;
	}

	@Override
	public Mono<Void> filter(ServerWebExchange exchange, GatewayFilterChain chain) {
		if (this.keys.consumer(exchange.getRequest().getHeaders().getFirst(Duties.API_KEY_HEADER)) == null) {
			exchange.getResponse().setStatusCode(HttpStatus.UNAUTHORIZED);
			return exchange.getResponse().setComplete();
		}
		return chain.filter(exchange);
	}

	@Override
	public int getOrder() {
		return ORDER;
	}

}
