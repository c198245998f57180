package io.gatewaybench.zuul2;

import io.gatewaybench.guard.ClientGuard;
import com.netflix.zuul.exception.OutboundErrorType;
import com.netflix.zuul.filters.endpoint.ProxyEndpoint;
import com.netflix.zuul.message.http.HttpRequestMessage;
import com.netflix.zuul.message.http.HttpResponseMessage;
import com.netflix.zuul.netty.connectionpool.OriginConnectException;
import com.netflix.zuul.netty.filter.FilterRunner;
import com.netflix.zuul.netty.server.MethodBinding;
import com.netflix.zuul.netty.server.OriginResponseReceiver;
import com.netflix.zuul.netty.server.BaseZuulChannelInitializer;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.ReferenceCountUtil;

/**
 * Zuul's ProxyEndpoint, with a stricter reader of the origin's response. Zuul's origin codec does not validate headers
 * and its receiver takes the first response head for the final one, so a malformed answer was passed on or left the
 * client waiting: here a response that fails to decode, has ambiguous framing or invalid fields, or switches protocols
 * unasked (Upgrade is never forwarded) ends the attempt as a reset connection, which the profile maps to 502 (or, once
 * the response has started, closes the client connection). The head is passed on together with the first part of the body,
 * so that a body broken from its first chunk on is still answered 502: Zuul writes the head to the client as soon as it
 * has it, after which only a close was possible. Interim responses (100, 103) are dropped right after the
 * origin codec (InterimResponses): Zuul took the first one for the final response and left the client waiting.
 */
final class GuardedProxyEndpoint extends ProxyEndpoint {

    GuardedProxyEndpoint(HttpRequestMessage request, ChannelHandlerContext ctx, FilterRunner<HttpResponseMessage, ?> filters) {
        super(request, ctx, filters, MethodBinding.NO_OP_BINDING);
    }

    /** Before the first read of the response: interim responses go before Zuul's lifecycle handler sees them. */
    @Override
    protected void syncClientAndOriginChannels(Channel clientChannel, Channel originChannel) {
        ChannelPipeline pipeline = originChannel.pipeline();
        if (pipeline.get(InterimResponses.NAME) == null) { // once per pooled connection
            pipeline.addAfter(BaseZuulChannelInitializer.HTTP_CODEC_HANDLER_NAME, InterimResponses.NAME, new InterimResponses());
        }
    }

    @Override
    protected OriginResponseReceiver getOriginResponseReceiver() {
        return new StrictReceiver(this);
    }

    /** One per attempt, as Zuul's own receiver. */
    private static final class StrictReceiver extends OriginResponseReceiver {
        private boolean broken;
        /** The response head, held until the first part of its body (or its end) has decoded. */
        private HttpResponse head;

        StrictReceiver(ProxyEndpoint endpoint) {
            super(endpoint);
        }

        @Override
        protected void channelReadInternal(ChannelHandlerContext ctx, Object msg) throws Exception {
            if (broken) {
                ReferenceCountUtil.release(msg);
                return;
            }
            if (msg instanceof HttpObject && ((HttpObject) msg).decoderResult().isFailure()) {
                fail(ctx, msg, "the origin sent a malformed response: " + ((HttpObject) msg).decoderResult().cause());
                return;
            }
            if (msg instanceof HttpResponse) {
                HttpResponse response = (HttpResponse) msg;
                if (response.status().code() == 101) {
                    fail(ctx, msg, "the origin switched protocols unasked");
                    return;
                }
                String problem = ClientGuard.fieldsProblem(response.headers());
                if (problem == null) {
                    problem = ClientGuard.framingProblem(response.headers(), HttpVersion.HTTP_1_0.equals(response.protocolVersion()));
                }
                if (problem != null) {
                    fail(ctx, msg, "the origin's response has " + problem);
                    return;
                }
                if (!(msg instanceof HttpContent)) {
                    head = response;
                    ctx.read(); // Zuul reads the origin on demand, and would ask for more only once it had the head
                    return;
                }
            }
            if (head != null && msg instanceof HttpContent) {
                HttpResponse held = head;
                head = null;
                super.channelReadInternal(ctx, held);
            }
            super.channelReadInternal(ctx, msg);
        }

        private void fail(ChannelHandlerContext ctx, Object msg, String why) throws Exception {
            ReferenceCountUtil.release(msg);
            head = null;
            broken = true;
            exceptionCaught(ctx, new OriginConnectException(why, OutboundErrorType.RESET_CONNECTION));
            ctx.close(); // never reused: what follows on it cannot be trusted
        }
    }
}
