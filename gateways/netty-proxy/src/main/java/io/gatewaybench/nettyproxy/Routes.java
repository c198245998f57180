package io.gatewaybench.nettyproxy;

import java.util.HashMap;
import java.util.Map;

/**
 * The route table: which upstream a request goes to, by the path of its request-target.
 *
 * <p>The rule: a route is a path prefix that matches whole segments ({@code /api} matches {@code /api},
 * {@code /api/} and {@code /api/x}, not {@code /apix}); the longest matching prefix wins, whatever the order the
 * routes were given in; {@code /} matches every path. The query is not part of the path. A request-target that is
 * not a path (absolute-form, {@code *}) goes to the {@code /} route. NGINX too takes the longest of its prefix
 * locations, though by characters, not whole segments.
 *
 * <p>A lookup probes a hash table once per segment of the path, at most as many times as the deepest route has
 * segments, so its cost does not grow with the number of routes.
 */
final class Routes<T> {

    private final Map<String, T> byPrefix; // without a trailing slash; "/" is kept in root
    private final T root;
    private final int maxDepth; // segments of the deepest prefix other than "/"

    private Routes(Map<String, T> byPrefix, T root) {
        this.byPrefix = byPrefix;
        this.root = root;
        this.maxDepth = byPrefix.keySet().stream().mapToInt(Routes::depth).max().orElse(0);
    }

    /**
     * A table from prefixes to targets. A prefix starts with {@code /} and has no query; a trailing {@code /} is
     * ignored ({@code /api/} is {@code /api}).
     *
     * @throws IllegalArgumentException for a malformed prefix, or two prefixes that are the same route
     */
    static <T> Routes<T> of(Map<String, T> routes) {
        Map<String, T> byPrefix = new HashMap<>();
        T root = null;
        for (Map.Entry<String, T> route : routes.entrySet()) {
            String prefix = route.getKey();
            if (!prefix.startsWith("/") || prefix.contains("?") || prefix.contains("#") || prefix.contains("//")) {
                throw new IllegalArgumentException("a route's prefix is a path such as /api, got '" + prefix + "'");
            }
            String key = prefix.length() > 1 && prefix.endsWith("/") ? prefix.substring(0, prefix.length() - 1) : prefix;
            boolean duplicate = key.equals("/") ? root != null : byPrefix.containsKey(key);
            if (duplicate) {
                throw new IllegalArgumentException("route '" + prefix + "' is given twice");
            }
            if (key.equals("/")) {
                root = route.getValue();
            } else {
                byPrefix.put(key, route.getValue());
            }
        }
        return new Routes<>(byPrefix, root);
    }

    /** The target of the longest route prefix of the request-target's path, or null when no route matches. */
    T match(String requestTarget) {
        if (maxDepth == 0 || !requestTarget.startsWith("/")) {
            return root;
        }
        int end = requestTarget.length();
        int query = requestTarget.indexOf('?');
        if (query >= 0) {
            end = query;
        }
        int fragment = requestTarget.indexOf('#');
        if (fragment >= 0 && fragment < end) {
            end = fragment;
        }
        // Longest candidate first: the path cut after at most maxDepth segments, then one segment shorter each time.
        int cut = end;
        for (int i = 1, segments = 0; i < end; i++) {
            if (requestTarget.charAt(i) == '/' && ++segments == maxDepth) {
                cut = i;
                break;
            }
        }
        while (cut > 0) {
            T target = byPrefix.get(requestTarget.substring(0, cut));
            if (target != null) {
                return target;
            }
            cut = requestTarget.lastIndexOf('/', cut - 1);
        }
        return root;
    }

    int size() {
        return byPrefix.size() + (root == null ? 0 : 1);
    }

    private static int depth(String prefix) {
        return (int) prefix.chars().filter(c -> c == '/').count();
    }
}
