package io.gatewaybench.zuul2;

import com.netflix.zuul.filters.http.HttpInboundSyncFilter;
import com.netflix.zuul.message.http.HttpRequestMessage;
import io.gatewaybench.duties.Duties;
import io.gatewaybench.duties.JwtCheck;

/**
 * The second check ({@code --jwt-secret}): {@code Authorization: Bearer} must carry an HS256 JWT signed with the
 * shared secret and not expired, else 401 from {@link Refusal}. The header goes on to the origin unchanged.
 */
public final class JwtFilter extends HttpInboundSyncFilter {

    private final JwtCheck check;

    public JwtFilter(Duties duties) {
        this.check = duties.jwt().orElseThrow();
    }

    @Override
    public int filterOrder() {
        return -20;
    }

    @Override
    public boolean shouldFilter(HttpRequestMessage request) {
        return true;
    }

    @Override
    public HttpRequestMessage apply(HttpRequestMessage request) {
        String reason = check.reject(request.getHeaders().getFirst("Authorization"));
        if (reason != null) {
            Refusal.unauthorized(request, "Bearer", reason);
        }
        return request;
    }
}
