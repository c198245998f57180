package io.gatewaybench.zuul2;

import com.netflix.zuul.filters.http.HttpOutboundSyncFilter;
import com.netflix.zuul.message.Headers;
import com.netflix.zuul.message.http.HttpResponseInfo;
import com.netflix.zuul.message.http.HttpResponseMessage;
import io.netty.handler.codec.http.HttpContent;

/**
 * The one outbound filter (Zuul needs at least one): removes hop-by-hop headers from the origin's response,
 * and gives Zuul's own error responses (502, 504...) an explicit empty body.
 */
public final class ResponseHeaders extends HttpOutboundSyncFilter {

    @Override
    public int filterOrder() {
        return 0;
    }

    @Override
    public boolean shouldFilter(HttpResponseMessage response) {
        return true;
    }

    @Override
    public HttpResponseMessage apply(HttpResponseMessage response) {
        HttpResponseInfo fromOrigin = response.getInboundResponse();
        Headers headers = response.getHeaders();
        if (fromOrigin != null) {
            // ProxyEndpoint has already dropped Connection from the response; the copy it kept of the origin's
            // headers still has it, with the names of the headers it lists.
            RouteToOrigin.removeHopByHop(headers, fromOrigin.getHeaders().getAll("Connection"));
        } else if (response.hasCompleteBody() && !headers.contains("Content-Length")
                && !headers.contains("Transfer-Encoding")) {
            // Made by Zuul, not the origin (ProxyEndpoint's error path: 502, 504...). Its body is fully buffered
            // (empty); without a length Zuul would send it chunked. Zuul also adds Connection: close here.
            int length = 0;
            for (HttpContent chunk : response.getBodyContents()) {
                length += chunk.content().readableBytes();
            }
            headers.set("Content-Length", Integer.toString(length));
        }
        return response;
    }
}
