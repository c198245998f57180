package io.gatewaybench.duties;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * The per-request duties a scenario asks of a gateway (scenarios/README.md), from the options every JVM gateway
 * takes alike: {@code --api-keys=FILE}, {@code --jwt-secret=FILE}, {@code --rate-limit=N} and {@code --routes=N}.
 * Absent options leave a duty off: the gateway then forwards as in the plain scenario.
 *
 * <p>The order of checks is the same everywhere: the API key (401), the JWT (401), the rate limit (429, per API key
 * when keys are checked, otherwise per client address), then the route (404 when none matches).
 *
 * @param apiKeys the valid keys of the {@code apikey} header, or empty
 * @param jwt the HS256 check of the {@code Authorization: Bearer} token, or empty
 * @param rateLimit requests per second allowed per client, or empty
 * @param routes how many routes, {@code /r0/} to {@code /r<N-1>/}, each stripped before forwarding; 0 for the one
 *     catch-all route of the plain scenario
 */
public record Duties(Optional<ApiKeys> apiKeys, Optional<JwtCheck> jwt, Optional<RateLimiter> rateLimit, int routes) {

    /** The options this record reads, for a gateway's usage text. */
    public static final String USAGE = "[--api-keys=FILE] [--jwt-secret=FILE] [--rate-limit=N] [--routes=N]";

    /** The header that carries the API key (Kong's key-auth default). */
    public static final String API_KEY_HEADER = "apikey";

    /** A route's path prefix: {@code /r<i>}. */
    public static String routePrefix(int i) {
        return "/r" + i;
    }

    /** None of the duties: the plain scenario. */
    public static Duties none() {
        return new Duties(Optional.empty(), Optional.empty(), Optional.empty(), 0);
    }

    /**
     * The duties named by {@code options} (option name without its dashes, to value). A bad value is an
     * {@link IllegalArgumentException} that names the option and what it expects.
     */
    public static Duties from(Map<String, String> options) {
        Optional<ApiKeys> keys = Optional.ofNullable(options.get("api-keys")).map(f -> ApiKeys.load(Path.of(f)));
        Optional<JwtCheck> jwt = Optional.ofNullable(options.get("jwt-secret")).map(f -> JwtCheck.load(Path.of(f)));
        Optional<RateLimiter> limit = Optional.ofNullable(options.get("rate-limit"))
                .map(v -> new RateLimiter(positive("rate-limit", v)));
        int routes = options.containsKey("routes") ? positive("routes", options.get("routes")) : 0;
        return new Duties(keys, jwt, limit, routes);
    }

    /** Whether any duty is on, for a gateway's first line. */
    public String describe() {
        StringBuilder s = new StringBuilder();
        apiKeys.ifPresent(k -> s.append(", api keys ").append(k.size()));
        jwt.ifPresent(j -> s.append(", jwt HS256"));
        rateLimit.ifPresent(r -> s.append(", rate limit ").append(r.perSecond()).append("/s per ")
                .append(apiKeys.isPresent() ? "api key" : "client address"));
        if (routes > 0) {
            s.append(", routes ").append(routes);
        }
        return s.length() == 0 ? "" : s.substring(2);
    }

    private static int positive(String option, String value) {
        try {
            int n = Integer.parseInt(value.trim());
            if (n > 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw new IllegalArgumentException("--" + option + " must be a whole number above 0, got '" + value + "'");
    }
}
