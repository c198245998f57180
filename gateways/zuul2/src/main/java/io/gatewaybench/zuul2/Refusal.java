package io.gatewaybench.zuul2;

import com.netflix.zuul.context.SessionContext;
import com.netflix.zuul.filters.http.HttpSyncEndpoint;
import com.netflix.zuul.message.ZuulMessage;
import com.netflix.zuul.message.http.HttpRequestMessage;
import com.netflix.zuul.message.http.HttpResponseMessage;
import com.netflix.zuul.message.http.HttpResponseMessageImpl;
import com.netflix.zuul.stats.status.StatusCategory;
import com.netflix.zuul.stats.status.StatusCategoryUtils;
import com.netflix.zuul.stats.status.ZuulStatusCategory;
import io.netty.handler.codec.http.HttpContent;

/**
 * The endpoint of every request the gateway answers itself: 401 (API key, JWT), 429 (rate limit), 404 (no route).
 * An inbound filter that refuses a request names this endpoint instead of ProxyEndpoint and stops the inbound chain,
 * the way zuul-sample's Routes filter sends /healthcheck to its Healthcheck endpoint: nothing reaches the origin.
 *
 * <p>Like every HttpSyncEndpoint it answers once the request's body has been read, so the connection stays usable;
 * the body itself is dropped as it arrives rather than buffered, since nobody will read it.
 */
public final class Refusal extends HttpSyncEndpoint {

    /** What to answer: status, one header (a challenge or Retry-After) or none, and a one-line reason as the body. */
    private record Answer(int status, String headerName, String headerValue, String reason) {}

    private static final SessionContext.Key<Answer> ANSWER = SessionContext.newKey("refusal");

    /** 401 with a challenge in {@code scheme} (RFC 9110 11.6.1 requires one). */
    static void unauthorized(HttpRequestMessage request, String scheme, String reason) {
        refuse(request, new Answer(401, "WWW-Authenticate", scheme, reason), ZuulStatusCategory.FAILURE_CLIENT_BAD_REQUEST);
    }

    /** 429; a token comes back within a second whatever the limit, so the client may retry after one. */
    static void tooManyRequests(HttpRequestMessage request) {
        refuse(request, new Answer(429, "Retry-After", "1", "rate limit exceeded"), ZuulStatusCategory.FAILURE_LOCAL);
    }

    /** 404: no route's prefix matches the path. */
    static void noRoute(HttpRequestMessage request) {
        refuse(request, new Answer(404, null, null, "no route"), ZuulStatusCategory.SUCCESS_LOCAL_NO_ROUTE);
    }

    private static void refuse(HttpRequestMessage request, Answer answer, StatusCategory category) {
        SessionContext context = request.getContext();
        context.put(ANSWER, answer);
        context.setEndpoint(Refusal.class.getName()); // a filter's name is its class name (BaseFilter.filterName)
        // Set by hand, since ProxyEndpoint (which sets it otherwise) does not run; zuul-sample's Healthcheck does the same.
        StatusCategoryUtils.setStatusCategory(context, category);
        // The later inbound filters (the next check, the routing) are skipped; so are the outbound ones, which have
        // nothing to do for this response: it is ours, and setBodyAsText gives it its Content-Length.
        context.stopFilterProcessing();
    }

    @Override
    public HttpResponseMessage apply(HttpRequestMessage request) {
        Answer answer = request.getContext().get(ANSWER);
        HttpResponseMessage response = new HttpResponseMessageImpl(request.getContext(), request, answer.status());
        if (answer.headerName() != null) {
            response.getHeaders().set(answer.headerName(), answer.headerValue());
        }
        response.getHeaders().set("Content-Type", "text/plain; charset=utf-8");
        response.setBodyAsText(answer.reason() + "\n");
        return response;
    }

    /** Lets HttpSyncEndpoint see the last chunk (it answers then), and frees every chunk instead of buffering it. */
    @Override
    public HttpContent processContentChunk(ZuulMessage request, HttpContent chunk) {
        super.processContentChunk(request, chunk);
        chunk.release();
        return null;
    }
}
