package io.gatewaybench.microbench;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpRequest;
import java.net.InetSocketAddress;
import java.util.Map;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;
import org.springframework.mock.web.server.MockServerWebExchange;

/**
 * The book page's request as Spring Cloud Gateway sees it: a WebFlux exchange, here spring-test's mock, with the
 * request's headers, an absolute http URI from its Host (as Reactor Netty's server builds it) and the loopback client.
 */
final class ScgExchanges {

    private ScgExchanges() {
    }

    /** The book page's request, for {@code path} (with its query) instead of the page's own path. */
    static MockServerWebExchange bookPage(String path) {
        HttpRequest head = BookPage.requestHead();
        MockServerHttpRequest.BaseBuilder<?> request = MockServerHttpRequest
                .get("http://" + head.headers().get(HttpHeaderNames.HOST) + path)
                .remoteAddress(new InetSocketAddress(BookPage.CLIENT_ADDRESS, 50_000));
        for (Map.Entry<String, String> header : head.headers()) {
            request.header(header.getKey(), header.getValue());
        }
        return MockServerWebExchange.from(request);
    }
}
