package io.gatewaybench.zuul2;

import com.netflix.zuul.filters.http.HttpInboundSyncFilter;
import com.netflix.zuul.message.http.HttpRequestMessage;
import io.gatewaybench.duties.Duties;
import io.gatewaybench.duties.RateLimiter;

/**
 * The third check ({@code --rate-limit}): one token per request from the client's bucket, else 429 from
 * {@link Refusal}. The client is the consumer {@link ApiKeyFilter} found when API keys are checked, otherwise the
 * connection's peer address (X-Forwarded-For is not trusted for this). The buckets live in this JVM's memory.
 */
public final class RateLimitFilter extends HttpInboundSyncFilter {

    private final RateLimiter limiter;

    public RateLimitFilter(Duties duties) {
        this.limiter = duties.rateLimit().orElseThrow();
    }

    @Override
    public int filterOrder() {
        return -10;
    }

    @Override
    public boolean shouldFilter(HttpRequestMessage request) {
        return true;
    }

    @Override
    public HttpRequestMessage apply(HttpRequestMessage request) {
        String consumer = request.getContext().get(ApiKeyFilter.CONSUMER);
        if (!limiter.tryAcquire(consumer != null ? consumer : request.getClientIp())) {
            Refusal.tooManyRequests(request);
        }
        return request;
    }
}
