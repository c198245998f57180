package io.gatewaybench.harness.plan;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Optional;

/**
 * The service every target fronts, which direct measures, and the page the load asks it for: Tomcat's book page, Tomcat
 * started by {@code ./bench} (the default), or the user's own service, running already at a URL ({@code --origin}).
 *
 * @param url where the origin listens, {@code http://host:port}; null: Tomcat, started by the run
 * @param path the page every request asks for
 * @param marker text every answer must contain; empty: every answer must have the page's exact length instead (and the
 *        check before a target is measured, the page byte for byte)
 */
public record OriginPlan(URI url, String path, String marker) {
    /** Tomcat, started by the run, and its example book page. */
    public static final OriginPlan TOMCAT = new OriginPlan(null, Scenario.BOOK_PATH, Scenario.BOOK_MARKER);

    /** Whether the origin runs already at {@link #url}: nothing started, stopped or sampled there. */
    public boolean atUrl() {
        return url != null;
    }

    /** The marker, if answers are checked by one. */
    public Optional<String> markerText() {
        return marker.isEmpty() ? Optional.empty() : Optional.of(marker);
    }

    /**
     * {@code --origin=http://host:port/path} with {@code --origin-marker=TEXT} (null: none): the origin at the URL, the page
     * its path ("/" when it has none). Anything else is an error that shows the form.
     */
    static OriginPlan at(String value, String marker) {
        URI u;
        try {
            u = new URI(value.trim());
        } catch (URISyntaxException e) {
            u = null;
        }
        if (u == null || !"http".equals(u.getScheme()) || u.getHost() == null || u.getFragment() != null) {
            throw new IllegalArgumentException("--origin must be the page of your service as http://host:port/path, got '" + value
                    + "' (https is not supported: the probes speak plain HTTP/1.1)");
        }
        String path = (u.getRawPath() == null || u.getRawPath().isEmpty() ? "/" : u.getRawPath())
                + (u.getRawQuery() == null ? "" : "?" + u.getRawQuery());
        if (marker != null && marker.isBlank()) {
            throw new IllegalArgumentException("--origin-marker is text every answer must contain; it is empty (leave the option "
                    + "out to check every answer's length instead)");
        }
        return new OriginPlan(URI.create("http://" + u.getHost() + ":" + (u.getPort() > 0 ? u.getPort() : 80)), path,
                marker == null ? "" : marker);
    }

    /** The page's address at {@code base} (the origin's, a gateway's). */
    public URI page(URI base) {
        return base.resolve(path);
    }
}
