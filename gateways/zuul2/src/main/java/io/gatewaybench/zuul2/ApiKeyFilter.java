package io.gatewaybench.zuul2;

import com.netflix.zuul.context.SessionContext;
import com.netflix.zuul.filters.http.HttpInboundSyncFilter;
import com.netflix.zuul.message.http.HttpRequestMessage;
import io.gatewaybench.duties.ApiKeys;
import io.gatewaybench.duties.Duties;

/**
 * The first check ({@code --api-keys}): the {@code apikey} header must name a known key, else 401 from
 * {@link Refusal}. The header goes on to the origin unchanged, as Kong's key-auth does by default; the key is
 * remembered as the consumer, which the rate limit counts by.
 */
public final class ApiKeyFilter extends HttpInboundSyncFilter {

    /** The consumer of a request that passed: its API key. */
    static final SessionContext.Key<String> CONSUMER = SessionContext.newKey("consumer");

    private final ApiKeys keys;

    public ApiKeyFilter(Duties duties) {
        this.keys = duties.apiKeys().orElseThrow();
    }

    @Override
    public int filterOrder() {
        return -30;
    }

    @Override
    public boolean shouldFilter(HttpRequestMessage request) {
        return true;
    }

    @Override
    public HttpRequestMessage apply(HttpRequestMessage request) {
        String header = request.getHeaders().getFirst(Duties.API_KEY_HEADER);
        String consumer = keys.consumer(header);
        if (consumer == null) {
            Refusal.unauthorized(request, "Key", header == null ? "no API key" : "unknown API key");
        } else {
            request.getContext().put(CONSUMER, consumer);
        }
        return request;
    }
}
