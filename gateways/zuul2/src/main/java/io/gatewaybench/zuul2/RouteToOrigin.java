package io.gatewaybench.zuul2;

import com.netflix.zuul.context.CommonContextKeys;
import com.netflix.zuul.context.SessionContext;
import com.netflix.zuul.filters.http.HttpInboundSyncFilter;
import com.netflix.zuul.message.Headers;
import com.netflix.zuul.message.http.HttpQueryParams;
import com.netflix.zuul.message.http.HttpRequestMessage;
import com.netflix.zuul.netty.filter.ZuulEndPointRunner;
import io.gatewaybench.duties.Duties;
import io.netty.handler.codec.http.HttpRequest;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The routing filter: every request goes to the one origin through Zuul's ProxyEndpoint, with the forwarding headers
 * NGINX and HAProxy add and without hop-by-hop headers. With {@code --routes=N} it routes as a Zuul operator's
 * routing filter does, by a map from the path's first segment to a route ({@code r17} for {@code /r17/...}): the
 * route's prefix is stripped before forwarding, and a path no route matches gets 404 from {@link Refusal}.
 */
public final class RouteToOrigin extends HttpInboundSyncFilter {

    /** RFC 9110 section 7.6.1, plus the obsolete Keep-Alive and Proxy-Connection. */
    private static final List<String> HOP_BY_HOP = List.of(
            "Connection", "Keep-Alive", "Proxy-Connection", "Proxy-Authenticate", "Proxy-Authorization",
            "TE", "Trailer", "Upgrade");

    /**
     * One route: the path prefix it owns and the VIP (origin) it forwards to. Every route of the scenarios goes to the
     * one origin; an operator's routes would name a VIP each.
     */
    record Route(String prefix, String vip) {}

    /** Routes by first path segment; null for the plain scenario's one catch-all route. */
    private final Map<String, Route> routes;

    /** The one catch-all route of the plain scenario. */
    public RouteToOrigin() {
        this.routes = null;
    }

    /** The routes {@code --routes=N} asks for, {@code /r0} to {@code /r<N-1>}, or the catch-all when it is absent. */
    public RouteToOrigin(Duties duties) {
        this.routes = duties.routes() == 0 ? null : routes(duties.routes());
    }

    private static Map<String, Route> routes(int count) {
        Map<String, Route> routes = new HashMap<>(count * 2);
        for (int i = 0; i < count; i++) {
            String prefix = Duties.routePrefix(i);
            routes.put(prefix.substring(1), new Route(prefix, ServerStartup.ORIGIN));
        }
        return routes;
    }

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
        int stripped = 0;
        if (routes == null) {
            context.setRouteVIP(ServerStartup.ORIGIN);
        } else {
            Route route = routeOf(request.getPath());
            if (route == null) {
                Refusal.noRoute(request);
                return request;
            }
            context.setRouteVIP(route.vip());
            stripped = route.prefix().length();
            request.setPath(strip(request.getPath(), stripped));
        }
        context.setEndpoint(ZuulEndPointRunner.PROXY_ENDPOINT_FILTER_NAME);

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

        keepRawQuery(request, context, stripped);
        return request;
    }

    /** The route of the path's first segment ({@code /r17}, {@code /r17/} and {@code /r17/x} are all route r17), or null. */
    private Route routeOf(String path) {
        if (!path.startsWith("/")) {
            return null;
        }
        int end = path.indexOf('/', 1);
        return routes.get(end < 0 ? path.substring(1) : path.substring(1, end));
    }

    /** The path (and query) without the route's prefix: {@code /r17/x?a=1} becomes {@code /x?a=1}, {@code /r17} becomes {@code /}. */
    private static String strip(String pathAndQuery, int prefixLength) {
        String rest = pathAndQuery.substring(prefixLength);
        return rest.startsWith("/") ? rest : "/" + rest;
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
     * path (without the route's prefix) and leave no parameters to re-encode.
     */
    private static void keepRawQuery(HttpRequestMessage request, SessionContext context, int stripped) {
        HttpRequest nettyRequest = (HttpRequest) context.get(CommonContextKeys.NETTY_HTTP_REQUEST);
        String target = nettyRequest == null ? null : nettyRequest.uri();
        if (target != null && target.startsWith("/") && target.indexOf('?') >= 0) {
            request.setPath(stripped == 0 ? target : strip(target, stripped));
            request.setQueryParams(new HttpQueryParams());
        }
    }
}
