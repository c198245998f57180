package io.gatewaybench.nettyproxy;

import io.gatewaybench.microbench.BookPage;
import io.gatewaybench.microbench.Microbenchmark;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Setup;

/**
 * netty-proxy's header rewriting, its own code ({@link ProxyHeaders}): on the request, hop-by-hop headers out,
 * X-Forwarded-For/-Proto/-Host in, Host set to the upstream's; on the response, hop-by-hop headers out and the
 * framing checked. Input: the book page's request and response heads as Netty's decoder makes them.
 *
 * <p>Baselines: {@code baselineRequest}/{@code baselineResponse} copy the head (its header set into a new
 * {@code DefaultHttpHeaders}). The rewrite changes the head in place, so every call first needs a fresh copy: the
 * rewrite's own cost is the figure minus its baseline. (The proxy itself rewrites the decoded head it owns; it
 * makes no copy.)
 *
 * <p>Pitfalls: the book page's heads carry no hop-by-hop headers, as the suite's traffic does not (Gatling and
 * Tomcat send none on HTTP/1.1): the removal is eight lookups that find nothing, which is the common case, not the
 * worst. The result goes back to JMH (returned), so nothing is dead code; the inputs are fields, not constants.
 *
 * <p>Run alone: {@code java -jar microbench/target/benchmarks.jar NettyProxyHeadersBenchmark -prof gc}
 */
public class NettyProxyHeadersBenchmark extends Microbenchmark {

    private HttpRequest request;
    private HttpResponse response;
    private String clientAddress;
    private String upstreamHost;

    @Setup(Level.Trial)
    public void setUp() {
        request = BookPage.requestHead();
        response = BookPage.responseHead();
        clientAddress = BookPage.CLIENT_ADDRESS;
        upstreamHost = BookPage.UPSTREAM_HOST;
    }

    @Benchmark
    public HttpRequest baselineRequest() {
        return new DefaultHttpRequest(request.protocolVersion(), request.method(), request.uri(), request.headers().copy());
    }

    @Benchmark
    public HttpResponse baselineResponse() {
        return new DefaultHttpResponse(response.protocolVersion(), response.status(), response.headers().copy());
    }

    @Benchmark
    public HttpRequest rewriteRequest() {
        HttpRequest copy = baselineRequest();
        ProxyHeaders.forRequest(copy, clientAddress, upstreamHost);
        return copy;
    }

    @Benchmark
    public HttpResponse rewriteResponse() {
        HttpResponse copy = baselineResponse();
        ProxyHeaders.forResponse(copy, true, true);
        return copy;
    }
}
