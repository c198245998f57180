package io.gatewaybench.scg;

import java.net.ConnectException;

import io.netty.channel.ConnectTimeoutException;
import reactor.core.publisher.Mono;
import reactor.netty.http.client.PrematureCloseException;

import org.springframework.cloud.gateway.filter.GatewayFilterChain;
import org.springframework.cloud.gateway.filter.GlobalFilter;
import org.springframework.cloud.gateway.filter.NettyRoutingFilter;
import org.springframework.core.Ordered;
import org.springframework.http.HttpStatus;
import org.springframework.web.server.ResponseStatusException;
import org.springframework.web.server.ServerWebExchange;

/**
 * Answers 502 Bad Gateway when the upstream refuses the connection or closes it before
 * answering, and 504 when connecting times out, as NGINX does. Without it Spring Cloud
 * Gateway answers 500 and logs an ERROR with a stack trace for every such request.
 */
final class UpstreamFailureStatus implements GlobalFilter, Ordered {

	@Override
	public Mono<Void> filter(ServerWebExchange exchange, GatewayFilterChain chain) {
		return chain.filter(exchange)
			.onErrorMap(ConnectTimeoutException.class,
					ex -> new ResponseStatusException(HttpStatus.GATEWAY_TIMEOUT, "upstream connect timed out", ex))
			.onErrorMap(ConnectException.class,
					ex -> new ResponseStatusException(HttpStatus.BAD_GATEWAY, "upstream refused the connection", ex))
			.onErrorMap(PrematureCloseException.class,
					ex -> new ResponseStatusException(HttpStatus.BAD_GATEWAY, "upstream closed the connection", ex));
	}

	/** Directly around the routing filter, the one that talks to the upstream. */
	@Override
	public int getOrder() {
		return NettyRoutingFilter.ORDER - 1;
	}

}
