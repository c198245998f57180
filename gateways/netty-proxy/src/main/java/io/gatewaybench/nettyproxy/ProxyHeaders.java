package io.gatewaybench.nettyproxy;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.AsciiString;
import java.util.List;

/**
 * What a proxy changes in a message head: hop-by-hop headers go (RFC 9110 7.6.1), the body is framed again for the
 * next hop, and the request gains X-Forwarded-For/-Proto/-Host.
 */
final class ProxyHeaders {

    private static final AsciiString X_FORWARDED_FOR = AsciiString.cached("x-forwarded-for");
    private static final AsciiString X_FORWARDED_PROTO = AsciiString.cached("x-forwarded-proto");
    private static final AsciiString X_FORWARDED_HOST = AsciiString.cached("x-forwarded-host");
    private static final AsciiString HTTP = AsciiString.cached("http");
    private static final List<AsciiString> HOP_BY_HOP = List.of(
            HttpHeaderNames.CONNECTION, HttpHeaderNames.KEEP_ALIVE, HttpHeaderNames.PROXY_AUTHENTICATE,
            HttpHeaderNames.PROXY_AUTHORIZATION, HttpHeaderNames.TE, HttpHeaderNames.TRAILER,
            HttpHeaderNames.TRANSFER_ENCODING, HttpHeaderNames.UPGRADE);

    private ProxyHeaders() {
    }

    /**
     * Turns the client's request head into the upstream's: always HTTP/1.1 (the upstream connection is kept alive),
     * Host rewritten to the upstream's own host:port, the client's Host kept in X-Forwarded-Host.
     */
    static void forRequest(HttpRequest request, String clientAddress, String upstreamHost) {
        HttpHeaders h = request.headers();
        boolean hasBody = h.contains(HttpHeaderNames.CONTENT_LENGTH) || HttpUtil.isTransferEncodingChunked(request);
        String host = h.get(HttpHeaderNames.HOST);
        stripHopByHop(h);
        if (hasBody && !h.contains(HttpHeaderNames.CONTENT_LENGTH)) {
            h.set(HttpHeaderNames.TRANSFER_ENCODING, HttpHeaderValues.CHUNKED);
        }
        List<String> forwardedFor = h.getAll(X_FORWARDED_FOR);
        h.set(X_FORWARDED_FOR, forwardedFor.isEmpty() ? clientAddress
                : String.join(", ", forwardedFor) + ", " + clientAddress);
        h.set(X_FORWARDED_PROTO, HTTP);
        if (host != null) {
            h.set(X_FORWARDED_HOST, host);
        } else {
            h.remove(X_FORWARDED_HOST);
        }
        h.set(HttpHeaderNames.HOST, upstreamHost);
        request.setProtocolVersion(HttpVersion.HTTP_1_1);
    }

    /**
     * Turns the upstream's response head into the client's. A body without a Content-Length is sent on chunked,
     * unless the client speaks HTTP/1.0: then the body ends when the connection closes.
     *
     * @param mayHaveBody false for responses that never have one (to HEAD; 1xx, 204, 304)
     * @return whether the client connection can stay open after this response
     */
    static boolean forResponse(HttpResponse response, boolean mayHaveBody, boolean clientSpeaksHttp11) {
        HttpHeaders h = response.headers();
        stripHopByHop(h);
        response.setProtocolVersion(HttpVersion.HTTP_1_1);
        if (!mayHaveBody || h.contains(HttpHeaderNames.CONTENT_LENGTH)) {
            return true;
        }
        if (clientSpeaksHttp11) {
            h.set(HttpHeaderNames.TRANSFER_ENCODING, HttpHeaderValues.CHUNKED);
            return true;
        }
        return false;
    }

    /** Connection, the headers it names, and the fixed hop-by-hop list. */
    private static void stripHopByHop(HttpHeaders h) {
        for (String connection : h.getAll(HttpHeaderNames.CONNECTION)) {
            for (String named : connection.split(",")) {
                if (!named.isBlank()) {
                    h.remove(named.trim());
                }
            }
        }
        for (AsciiString name : HOP_BY_HOP) {
            h.remove(name);
        }
    }
}
