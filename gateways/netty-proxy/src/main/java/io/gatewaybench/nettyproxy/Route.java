package io.gatewaybench.nettyproxy;

import io.gatewaybench.duties.Duties;
import java.util.HashMap;
import java.util.Map;

/**
 * Where a route sends a request: to one of the upstreams (an index into each event loop's pools, so that the route
 * table itself is shared by all loops and routes to one upstream share its kept-alive connections), with the route's
 * prefix cut off the path or not.
 *
 * @param upstream index of the upstream in {@code NettyProxy}'s list, and of its pool in each loop's array
 * @param strip how many characters of the request-target to cut off: the route's prefix, or 0 to forward it whole
 */
record Route(int upstream, int strip) {

    /**
     * The table of a scenario: with {@code --routes=N}, N routes {@code /r0} to {@code /r<N-1>} to the one upstream,
     * each stripped of its prefix, and no catch-all (any other path gets 404); without it, the plain scenario's one
     * route {@code /} that forwards every request-target unchanged.
     */
    static Routes<Route> table(int routes) {
        if (routes == 0) {
            return Routes.of(Map.of("/", new Route(0, 0)));
        }
        Map<String, Route> prefixes = new HashMap<>(routes * 2);
        for (int i = 0; i < routes; i++) {
            String prefix = Duties.routePrefix(i);
            prefixes.put(prefix, new Route(0, prefix.length()));
        }
        return Routes.of(prefixes);
    }

    /**
     * The request-target to send upstream. Routes match whole segments, so the target starts with the prefix:
     * {@code /r17/examples/x.jsp?a=1} becomes {@code /examples/x.jsp?a=1}, and {@code /r17} or {@code /r17?a=1},
     * with nothing of the path left, {@code /} or {@code /?a=1}.
     */
    String forwardedTarget(String requestTarget) {
        String rest = requestTarget.substring(strip);
        return rest.startsWith("/") ? rest : "/" + rest;
    }
}
