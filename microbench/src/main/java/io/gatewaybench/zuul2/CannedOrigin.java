package io.gatewaybench.zuul2;

import com.netflix.zuul.filters.http.HttpSyncEndpoint;
import com.netflix.zuul.message.Headers;
import com.netflix.zuul.message.http.HttpRequestMessage;
import com.netflix.zuul.message.http.HttpResponseMessage;
import com.netflix.zuul.message.http.HttpResponseMessageImpl;
import io.gatewaybench.microbench.BookPage;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.HttpResponse;
import java.util.Map;

/**
 * An endpoint that stands where Zuul's ProxyEndpoint stands and answers at once with Tomcat's book page, turned
 * into a Zuul response the way ProxyEndpoint turns the origin's (buildZuulHttpResponse and transformResponse):
 * status, the origin's headers copied one by one, the inbound response stored, Connection and Keep-Alive removed.
 * What it leaves out of ProxyEndpoint is everything with the network: choosing a server, the connection pool, writing
 * the request to the origin and reading its response.
 */
public final class CannedOrigin extends HttpSyncEndpoint {

    private static final HttpResponse ORIGIN_RESPONSE = BookPage.responseHead();
    /** One body for every response: each gets a duplicate (releasing an unreleasable buffer does nothing). */
    private static final ByteBuf BODY = Unpooled.unreleasableBuffer(BookPage.body());

    @Override
    public HttpResponseMessage apply(HttpRequestMessage request) {
        return fromOrigin(request);
    }

    /** The book page as ProxyEndpoint would hand it to the outbound filters. */
    static HttpResponseMessage fromOrigin(HttpRequestMessage request) {
        HttpResponseMessage response = new HttpResponseMessageImpl(request.getContext(), request,
                ORIGIN_RESPONSE.status().code());
        copyOriginHeaders(response.getHeaders());
        response.setHasBody(true);
        response.storeInboundResponse();
        response.bufferBodyContents(new DefaultLastHttpContent(BODY.duplicate()));
        response.getHeaders().remove("Connection");
        response.getHeaders().remove("Keep-Alive");
        return response;
    }

    /** ProxyEndpoint.buildZuulHttpResponse's copy of the origin's Netty headers. */
    static void copyOriginHeaders(Headers into) {
        for (Map.Entry<String, String> header : ORIGIN_RESPONSE.headers()) {
            into.add(header.getKey(), header.getValue());
        }
    }
}
