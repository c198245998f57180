package io.gatewaybench.zuul2;

import com.netflix.zuul.filters.http.HttpInboundSyncFilter;
import com.netflix.zuul.message.http.HttpRequestMessage;

/** Runs right after RouteToOrigin (order 0) and sends the request to {@link CannedOrigin} instead of ProxyEndpoint. */
public final class ToCannedOrigin extends HttpInboundSyncFilter {

    @Override
    public int filterOrder() {
        return 1;
    }

    @Override
    public boolean shouldFilter(HttpRequestMessage request) {
        return true;
    }

    @Override
    public HttpRequestMessage apply(HttpRequestMessage request) {
        request.getContext().setEndpoint(CannedOrigin.class.getName());
        return request;
    }
}
