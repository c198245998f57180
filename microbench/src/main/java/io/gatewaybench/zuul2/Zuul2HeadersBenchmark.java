package io.gatewaybench.zuul2;

import com.netflix.zuul.context.SessionContext;
import com.netflix.zuul.message.Headers;
import com.netflix.zuul.message.http.HttpQueryParams;
import com.netflix.zuul.message.http.HttpRequestMessage;
import com.netflix.zuul.message.http.HttpRequestMessageImpl;
import com.netflix.zuul.message.http.HttpResponseMessage;
import com.netflix.zuul.message.http.HttpResponseMessageImpl;
import com.netflix.zuul.util.ProxyUtils;
import io.gatewaybench.microbench.BookPage;
import io.gatewaybench.microbench.Microbenchmark;
import io.netty.handler.codec.http.HttpRequest;
import java.net.InetSocketAddress;
import java.util.Map;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Setup;

/**
 * Zuul2's header rewriting as the zuul2 target does it, on Zuul's own messages: on the request, our inbound filter
 * RouteToOrigin (hop-by-hop headers out, X-Forwarded-For appended, -Proto and -Host set, the route chosen) and then
 * ProxyEndpoint's own transformRequest header work (Connection and Keep-Alive removed, X-Forwarded-* added where
 * absent, X-Forwarded-Port among them); on the response, ProxyEndpoint's conversion of the origin's headers into a
 * Zuul response (copied, inbound response stored, Connection and Keep-Alive removed) and our outbound filter
 * ResponseHeaders (hop-by-hop headers out). The two ProxyEndpoint parts are its code repeated here (it cannot be
 * made without an origin; see {@link CannedOrigin}), a few lines each.
 *
 * <p>Baselines: {@code baselineRequest} makes the request message the way ClientRequestReceiver does (a new
 * SessionContext, the Netty head's headers copied into Zuul's Headers); {@code baselineResponse} makes the response
 * message with the origin's headers copied in. Each rewrite starts with that same copy: Zuul makes it for every
 * request, and the rewrite changes the message in place.
 *
 * <p>Pitfalls: the messages are new for every call, as they are per request in Zuul: reusing one would keep
 * values Zuul computes once per message (the original host, say) and flatter the figure. The messages are
 * returned to JMH. The book page has no hop-by-hop headers: the removal finds nothing, the common case.
 *
 * <p>Run alone: {@code java -jar microbench/target/benchmarks.jar Zuul2HeadersBenchmark -prof gc}
 */
public class Zuul2HeadersBenchmark extends Microbenchmark {

    private static final InetSocketAddress CLIENT = new InetSocketAddress(BookPage.CLIENT_ADDRESS, 50_000);

    private HttpRequest head;
    private HttpRequestMessage request;
    private RouteToOrigin routeToOrigin;
    private ResponseHeaders responseHeaders;

    @Setup(Level.Trial)
    public void setUp() {
        Zuul2Profile.install();
        head = BookPage.requestHead();
        request = baselineRequest();
        request.storeInboundRequest();
        routeToOrigin = new RouteToOrigin();
        responseHeaders = new ResponseHeaders();
        String forwardedFor = rewriteRequest().getHeaders().getFirst("X-Forwarded-For");
        if (!BookPage.CLIENT_ADDRESS.equals(forwardedFor)) {
            throw new IllegalStateException("X-Forwarded-For is " + forwardedFor);
        }
    }

    /** ClientRequestReceiver.buildZuulHttpRequest, the parts that hold headers. */
    @Benchmark
    public HttpRequestMessage baselineRequest() {
        Headers headers = new Headers(head.headers().size());
        for (Map.Entry<String, String> header : head.headers()) {
            headers.add(header.getKey(), header.getValue());
        }
        return new HttpRequestMessageImpl(new SessionContext(), "HTTP/1.1", "get", BookPage.PATH, new HttpQueryParams(),
                headers, BookPage.CLIENT_ADDRESS, "http", Zuul2Profile.LISTEN.getPort(),
                Zuul2Profile.LISTEN.getHostString(), CLIENT, false);
    }

    @Benchmark
    public HttpResponseMessage baselineResponse() {
        HttpResponseMessage response = new HttpResponseMessageImpl(request.getContext(), request, 200);
        CannedOrigin.copyOriginHeaders(response.getHeaders());
        return response;
    }

    @Benchmark
    public HttpRequestMessage rewriteRequest() {
        HttpRequestMessage message = routeToOrigin.apply(baselineRequest());
        // ProxyEndpoint.transformRequest, its header part:
        message.getHeaders().remove("Connection");
        message.getHeaders().remove("Keep-Alive");
        ProxyUtils.addXForwardedHeaders(message);
        return message;
    }

    @Benchmark
    public HttpResponseMessage rewriteResponse() {
        HttpResponseMessage response = baselineResponse();
        // ProxyEndpoint.buildZuulHttpResponse and transformResponse, their header part:
        response.storeInboundResponse();
        response.getHeaders().remove("Connection");
        response.getHeaders().remove("Keep-Alive");
        return responseHeaders.apply(response);
    }
}
