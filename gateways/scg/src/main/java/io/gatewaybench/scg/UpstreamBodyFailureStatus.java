package io.gatewaybench.scg;

import reactor.core.publisher.Mono;

import org.springframework.cloud.gateway.filter.GatewayFilterChain;
import org.springframework.cloud.gateway.filter.GlobalFilter;
import org.springframework.cloud.gateway.filter.NettyWriteResponseFilter;
import org.springframework.cloud.gateway.support.ServerWebExchangeUtils;
import org.springframework.core.Ordered;
import org.springframework.http.HttpStatus;
import org.springframework.web.server.ResponseStatusException;
import org.springframework.web.server.ServerWebExchange;

/**
 * Answers 502 Bad Gateway when the upstream's response head was valid and its body breaks before any byte of the
 * response went to the client: a chunk size that is not hex or overflows (RFC 9112 7.1). NettyWriteResponseFilter
 * streams the body after the routing filter has completed, outside {@link UpstreamFailureStatus}, so without this the
 * decoder's error reaches Spring's handler as a 500, where every other target answers 502. Only errors of an exchange
 * that has an upstream response (its connection attribute) are mapped: a failure of the gateway's own filters, before
 * routing, keeps its status. Once the response has started, no status can be sent any more: the client connection is
 * closed.
 */
final class UpstreamBodyFailureStatus implements GlobalFilter, Ordered {

	@Override
	public Mono<Void> filter(ServerWebExchange exchange, GatewayFilterChain chain) {
		return chain.filter(exchange)
			.onErrorMap(ex -> !(ex instanceof ResponseStatusException)
					&& exchange.getAttribute(ServerWebExchangeUtils.CLIENT_RESPONSE_CONN_ATTR) != null
					&& !exchange.getResponse().isCommitted(),
					ex -> new ResponseStatusException(HttpStatus.BAD_GATEWAY, "upstream sent a broken response body", ex));
	}

	/** Directly around the filter that writes the upstream's body to the client. */
	@Override
	public int getOrder() {
		return NettyWriteResponseFilter.WRITE_RESPONSE_FILTER_ORDER - 1;
	}

}
