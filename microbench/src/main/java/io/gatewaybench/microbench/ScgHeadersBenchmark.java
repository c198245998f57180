package io.gatewaybench.microbench;

import io.netty.handler.codec.http.DefaultHttpHeaders;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Setup;
import org.springframework.cloud.gateway.filter.headers.HttpHeadersFilter;
import org.springframework.cloud.gateway.filter.headers.RemoveForwardedHeadersFilter;
import org.springframework.cloud.gateway.filter.headers.RemoveHopByHopHeadersFilter;
import org.springframework.cloud.gateway.filter.headers.TransferEncodingNormalizationHeadersFilter;
import org.springframework.cloud.gateway.filter.headers.XForwardedHeadersFilter;
import org.springframework.core.annotation.AnnotationAwareOrderComparator;
import org.springframework.http.HttpHeaders;
import org.springframework.web.server.ServerWebExchange;

/**
 * Spring Cloud Gateway's header rewriting, its own code: the {@link HttpHeadersFilter} chain that its
 * NettyRoutingFilter runs on every request and response, with the filters the scg target's profile
 * (gateways/scg/src/main/resources/application-benchmark.properties) leaves in place, in the gateway's order:
 * RemoveForwardedHeadersFilter (forwarded.enabled=false), XForwardedHeadersFilter (trusted-proxies=.*,
 * port-enabled=false, prefix-enabled=false), TransferEncodingNormalizationHeadersFilter, RemoveHopByHopHeadersFilter;
 * no gRPC filters (server.http2.enabled=false). The filters are made here as the gateway's auto-configuration makes
 * them for that profile, not by starting a Spring context.
 *
 * <p>{@code rewriteRequest} is NettyRoutingFilter's request side up to the HTTP client: the filter chain over the
 * exchange's request headers, then the result copied into Netty's {@code DefaultHttpHeaders}.
 * {@code rewriteResponse} is its response side: the origin's Netty headers copied into Spring's
 * {@code HttpHeaders}, the chain for RESPONSE, then added to the headers of the response to the client.
 *
 * <p>Baselines: {@code baselineRequest} copies the request's header set into a new {@code HttpHeaders} (each
 * filter here copies at least once); {@code baselineResponse} makes the response's first copy, Netty headers into
 * {@code HttpHeaders}.
 *
 * <p>Pitfalls: the exchange is spring-test's {@code MockServerWebExchange}; in the running gateway the request's
 * headers are Reactor Netty's, seen through an adapter, so reading them costs a little more there. The filters
 * leave the exchange unchanged, so one exchange serves every call. The results are returned to JMH.
 *
 * <p>Run alone: {@code java -jar microbench/target/benchmarks.jar ScgHeadersBenchmark -prof gc}
 */
public class ScgHeadersBenchmark extends Microbenchmark {

    private List<HttpHeadersFilter> filters;
    private ServerWebExchange exchange;
    private io.netty.handler.codec.http.HttpHeaders originHeaders;

    @Setup(Level.Trial)
    public void setUp() {
        XForwardedHeadersFilter xForwarded = new XForwardedHeadersFilter(".*");
        xForwarded.setPortEnabled(false);
        xForwarded.setPrefixEnabled(false);
        filters = new ArrayList<>(List.of(new RemoveForwardedHeadersFilter(), xForwarded,
                new TransferEncodingNormalizationHeadersFilter(), new RemoveHopByHopHeadersFilter()));
        AnnotationAwareOrderComparator.sort(filters); // what Spring does to the List<HttpHeadersFilter> it injects
        exchange = ScgExchanges.bookPage(BookPage.PATH);
        originHeaders = BookPage.responseHead().headers();

        HttpHeaders rewritten = HttpHeadersFilter.filterRequest(filters, exchange);
        if (!BookPage.CLIENT_ADDRESS.equals(rewritten.getFirst("X-Forwarded-For"))) {
            throw new IllegalStateException("the filters did not add X-Forwarded-For: " + rewritten);
        }
    }

    @Benchmark
    public HttpHeaders baselineRequest() {
        HttpHeaders copy = new HttpHeaders();
        copy.addAll(exchange.getRequest().getHeaders());
        return copy;
    }

    @Benchmark
    public HttpHeaders baselineResponse() {
        HttpHeaders headers = new HttpHeaders();
        for (Map.Entry<String, String> entry : originHeaders) {
            headers.add(entry.getKey(), entry.getValue());
        }
        return headers;
    }

    /** NettyRoutingFilter.filter, from filterRequest(...) to the DefaultHttpHeaders it gives Reactor Netty's client. */
    @Benchmark
    public DefaultHttpHeaders rewriteRequest() {
        HttpHeaders filtered = HttpHeadersFilter.filterRequest(filters, exchange);
        DefaultHttpHeaders httpHeaders = new DefaultHttpHeaders();
        filtered.forEach(httpHeaders::set);
        return httpHeaders;
    }

    /** NettyRoutingFilter.filter's responseConnection callback, its header part. */
    @Benchmark
    public HttpHeaders rewriteResponse() {
        HttpHeaders headers = baselineResponse();
        HttpHeaders filtered = HttpHeadersFilter.filter(filters, headers, exchange, HttpHeadersFilter.Type.RESPONSE);
        HttpHeaders toClient = new HttpHeaders(); // stands for exchange.getResponse().getHeaders(), empty until now
        if (!filtered.containsHeader(HttpHeaders.TRANSFER_ENCODING) && filtered.containsHeader(HttpHeaders.CONTENT_LENGTH)) {
            toClient.remove(HttpHeaders.TRANSFER_ENCODING);
        }
        toClient.addAll(filtered);
        return toClient;
    }
}
