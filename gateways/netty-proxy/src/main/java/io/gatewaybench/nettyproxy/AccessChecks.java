package io.gatewaybench.nettyproxy;

import io.gatewaybench.duties.ApiKeys;
import io.gatewaybench.duties.Duties;
import io.gatewaybench.duties.JwtCheck;
import io.gatewaybench.duties.RateLimiter;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.util.AsciiString;

/**
 * The checks a scenario makes before a request may go upstream, in the suite's order: the API key (401), the JWT
 * (401), the client's rate limit (429). {@code FrontendHandler} makes them as an exchange starts, not a handler of
 * its own ahead of it: a refusal is then answered in its turn among pipelined requests, and the client connection
 * is kept or closed exactly as for the proxy's other local answers. There is none at all when no check is on, so
 * the plain scenario pays nothing for it. One instance serves every connection (the duties are thread-safe).
 */
final class AccessChecks {

    /** Why a request is answered here: the status, a short text, and the header that goes with that status. */
    record Refusal(HttpResponseStatus status, String reason, AsciiString header, String headerValue) {
    }

    private static final AsciiString API_KEY = AsciiString.cached(Duties.API_KEY_HEADER);
    // RFC 9110 11.6.1: a 401 names the scheme to use; Kong's key-auth answers with this realm-style challenge.
    private static final String KEY_CHALLENGE = "Key realm=\"netty-proxy\"";
    private static final Refusal NO_KEY = new Refusal(HttpResponseStatus.UNAUTHORIZED,
            "no API key in the " + Duties.API_KEY_HEADER + " header", HttpHeaderNames.WWW_AUTHENTICATE, KEY_CHALLENGE);
    private static final Refusal UNKNOWN_KEY = new Refusal(HttpResponseStatus.UNAUTHORIZED,
            "unknown API key", HttpHeaderNames.WWW_AUTHENTICATE, KEY_CHALLENGE);

    private final ApiKeys apiKeys;       // null: not checked
    private final JwtCheck jwt;          // null: not checked
    private final RateLimiter rateLimit; // null: not limited
    private final Refusal overLimit;

    private AccessChecks(ApiKeys apiKeys, JwtCheck jwt, RateLimiter rateLimit) {
        this.apiKeys = apiKeys;
        this.jwt = jwt;
        this.rateLimit = rateLimit;
        overLimit = rateLimit == null ? null : new Refusal(HttpResponseStatus.TOO_MANY_REQUESTS,
                "more than " + rateLimit.perSecond() + " requests per second", HttpHeaderNames.RETRY_AFTER, "1");
    }

    /** The checks the duties ask for, or null when they ask for none. */
    static AccessChecks of(Duties duties) {
        if (duties.apiKeys().isEmpty() && duties.jwt().isEmpty() && duties.rateLimit().isEmpty()) {
            return null;
        }
        return new AccessChecks(duties.apiKeys().orElse(null), duties.jwt().orElse(null),
                duties.rateLimit().orElse(null));
    }

    /** Null when the request may go on; otherwise the answer it gets instead. Takes a token when it is rate-limited. */
    Refusal refusal(HttpRequest request, String clientAddress) {
        HttpHeaders headers = request.headers();
        String consumer = null;
        if (apiKeys != null) {
            String key = headers.get(API_KEY);
            consumer = apiKeys.consumer(key);
            if (consumer == null) {
                return key == null ? NO_KEY : UNKNOWN_KEY;
            }
        }
        if (jwt != null) {
            String why = jwt.reject(headers.get(HttpHeaderNames.AUTHORIZATION));
            if (why != null) {
                return new Refusal(HttpResponseStatus.UNAUTHORIZED, "JWT: " + why, HttpHeaderNames.WWW_AUTHENTICATE,
                        "Bearer");
            }
        }
        // The limit is per consumer when there are API keys (Kong's rate-limiting by consumer), else per client address.
        if (rateLimit != null && !rateLimit.tryAcquire(consumer != null ? consumer : clientAddress)) {
            return overLimit;
        }
        return null;
    }
}
