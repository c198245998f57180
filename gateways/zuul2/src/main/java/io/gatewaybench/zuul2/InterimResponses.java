package io.gatewaybench.zuul2;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpStatusClass;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;

/**
 * On an origin connection, right after its codec: drops interim responses (100 Continue, 103 Early Hints; not 101,
 * which GuardedProxyEndpoint refuses), so that Zuul reads the final response as the response. RFC 9110 15.2 lets a
 * proxy forward them; dropping is the simple clean choice for a client of Zuul, which sends its own 100 Continue.
 */
final class InterimResponses extends ChannelInboundHandlerAdapter {

    static final String NAME = "interimResponses";

    private boolean inInterim;

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof HttpResponse && ((HttpResponse) msg).status().codeClass() == HttpStatusClass.INFORMATIONAL
                && ((HttpResponse) msg).status().code() != 101) {
            ReferenceCountUtil.release(msg);
            inInterim = !(msg instanceof LastHttpContent);
            ctx.read(); // nothing was handed on: ask for the rest (origin channels do not read by themselves)
        } else if (inInterim && msg instanceof LastHttpContent) {
            ReferenceCountUtil.release(msg);
            inInterim = false;
            ctx.read();
        } else {
            ctx.fireChannelRead(msg);
        }
    }
}
