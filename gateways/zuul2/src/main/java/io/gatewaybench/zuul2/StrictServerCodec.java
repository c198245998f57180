package io.gatewaybench.zuul2;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.CombinedChannelDuplexHandler;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpRequestDecoder;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseEncoder;
import io.netty.handler.codec.http.HttpStatusClass;
import java.util.ArrayDeque;
import java.util.List;

/**
 * Zuul's server codec, Netty's request decoder and response encoder, except for one thing: a request with both
 * Transfer-Encoding: chunked and Content-Length fails to decode (Zuul answers 400 and closes) instead of losing its
 * Content-Length silently, which Netty 4.1's decoder does and which RFC 9112 6.3 allows only if the connection is
 * closed afterwards. Like Netty's HttpServerCodec it remembers each request's method, so that a response to HEAD is
 * encoded without a body.
 */
final class StrictServerCodec extends CombinedChannelDuplexHandler<HttpRequestDecoder, HttpResponseEncoder> {

    private final ArrayDeque<HttpMethod> methods = new ArrayDeque<>();

    StrictServerCodec(int maxInitialLineLength, int maxHeaderSize, int maxChunkSize) {
        init(new Decoder(maxInitialLineLength, maxHeaderSize, maxChunkSize), new Encoder());
    }

    private final class Decoder extends HttpRequestDecoder {
        Decoder(int maxInitialLineLength, int maxHeaderSize, int maxChunkSize) {
            super(maxInitialLineLength, maxHeaderSize, maxChunkSize, false); // Zuul's: ClientGuard checks the fields
        }

        @Override
        protected void decode(ChannelHandlerContext ctx, ByteBuf buffer, List<Object> out) throws Exception {
            int before = out.size();
            super.decode(ctx, buffer, out);
            for (int i = before; i < out.size(); i++) {
                if (out.get(i) instanceof HttpRequest) {
                    methods.add(((HttpRequest) out.get(i)).method());
                }
            }
        }

        @Override
        protected void handleTransferEncodingChunkedWithContentLength(HttpMessage message) {
            message.setDecoderResult(DecoderResult.failure(
                    new IllegalArgumentException("both Transfer-Encoding and Content-Length")));
            super.handleTransferEncodingChunkedWithContentLength(message);
        }
    }

    private final class Encoder extends HttpResponseEncoder {
        @Override
        protected boolean isContentAlwaysEmpty(HttpResponse msg) {
            if (msg.status().codeClass() == HttpStatusClass.INFORMATIONAL) {
                return super.isContentAlwaysEmpty(msg); // an interim response: the request still awaits its final one
            }
            HttpMethod method = methods.poll();
            return HttpMethod.HEAD.equals(method) || super.isContentAlwaysEmpty(msg);
        }
    }
}
