package io.gatewaybench.zuul2;

import com.netflix.zuul.context.CommonContextKeys;
import com.netflix.zuul.context.SessionContext;
import com.netflix.zuul.filters.http.HttpInboundSyncFilter;
import com.netflix.zuul.message.Headers;
import com.netflix.zuul.message.http.HttpQueryParams;
import com.netflix.zuul.message.http.HttpRequestMessage;
import com.netflix.zuul.netty.filter.ZuulEndPointRunner;
import io.netty.handler.codec.http.HttpRequest;
import java.util.List;

/**
 * The one inbound filter: every request goes to the one origin through Zuul's ProxyEndpoint, with the
 * forwarding headers NGINX and HAProxy add and without hop-by-hop headers.
 */
public final class RouteToOrigin extends HttpInboundSyncFilter {

    /** RFC 9110 section 7.6.1, plus the obsolete Keep-Alive and Proxy-Connection. */
    private static final List<String> HOP_BY_HOP = List.of(
            "Connection", "Keep-Alive", "Proxy-Connection", "Proxy-Authenticate", "Proxy-Authorization",
            "TE", "Trailer", "Upgrade");

    @Override
    public int filterOrder() {
        return 0;
    }

    @Override
    public boolean shouldFilter(HttpRequestMessage request) {
        return true;
    }

    @Override
    public HttpRequestMessage apply(HttpRequestMessage request) {
        SessionContext context = request.getContext();
        context.setEndpoint(ZuulEndPointRunner.PROXY_ENDPOINT_FILTER_NAME);
        context.setRouteVIP(ServerStartup.ORIGIN);

        Headers headers = request.getHeaders();
        // Zuul itself removes only Connection and Keep-Alive (ProxyEndpoint). Transfer-Encoding stays: Netty's
        // codec re-frames the body for the origin connection from it.
        removeHopByHop(headers, headers.getAll("Connection"));

        // ProxyEndpoint adds X-Forwarded-* only where absent and never appends; set them here the way
        // NGINX's $proxy_add_x_forwarded_for, $scheme and $host do. Zuul adds X-Forwarded-Port as well.
        String forwardedFor = headers.getFirst("X-Forwarded-For");
        String clientIp = request.getClientIp();
        headers.set("X-Forwarded-For", forwardedFor == null ? clientIp : forwardedFor + ", " + clientIp);
        headers.set("X-Forwarded-Proto", request.getScheme());
        String host = headers.getFirst("Host");
        if (host != null) {
            headers.set("X-Forwarded-Host", host);
        }

        keepRawQuery(request, context);
        return request;
    }

    /** Headers a Connection header may name but never remove: they frame the message or route it. */
    private static final List<String> NEVER_HOP_BY_HOP = List.of("content-length", "transfer-encoding", "host");

    /**
     * Removes the fixed hop-by-hop headers and every header named in the given Connection header values, except
     * the framing headers and Host: "Connection: Content-Length" made the body go on without its length, so the
     * origin read it as a second request.
     */
    static void removeHopByHop(Headers headers, List<String> connectionValues) {
        for (String connection : connectionValues) {
            for (String token : connection.split(",")) {
                String name = token.trim();
                if (!name.isEmpty() && !NEVER_HOP_BY_HOP.contains(name.toLowerCase(java.util.Locale.ROOT))) {
                    headers.remove(name);
                }
            }
        }
        for (String name : HOP_BY_HOP) {
            headers.remove(name);
        }
    }

    /**
     * Zuul decodes the query into parameters and re-encodes them for the origin ("a b" becomes "a+b", "a=1&&b="
     * loses its empty pair). To forward path and query unchanged, hand the client's request-target over as the
     * path and leave no parameters to re-encode.
     */
    private static void keepRawQuery(HttpRequestMessage request, SessionContext context) {
        HttpRequest nettyRequest = (HttpRequest) context.get(CommonContextKeys.NETTY_HTTP_REQUEST);
        String target = nettyRequest == null ? null : nettyRequest.uri();
        if (target != null && target.startsWith("/") && target.indexOf('?') >= 0) {
            request.setPath(target);
            request.setQueryParams(new HttpQueryParams());
        }
    }
}
