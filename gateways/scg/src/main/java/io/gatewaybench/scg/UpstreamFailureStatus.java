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
 * Answers 502 Bad Gateway when the upstream refuses the connection, closes it before
 * answering, or answers with something that is not a valid HTTP response (a duplicate or
 * malformed Content-Length, an over-long header, a broken status line...), and 504 when
 * connecting times out, as NGINX does. Without it Spring Cloud Gateway answers 500 and logs an
 * ERROR with a stack trace for every such request. Errors that already carry a status (the
 * gateway's own 504 for a response timeout) keep it. Once the response has started, no status
 * can be sent any more: the client connection is closed.
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
					ex -> new ResponseStatusException(HttpStatus.BAD_GATEWAY, "upstream closed the connection", ex))
			.onErrorMap(ex -> !(ex instanceof ResponseStatusException),
					ex -> new ResponseStatusException(HttpStatus.BAD_GATEWAY, "upstream sent a broken response", ex));
	}

	/** Directly around the routing filter, the one that talks to the upstream. */
	@Override
	public int getOrder() {
		return NettyRoutingFilter.ORDER - 1;
	}

}
