package io.gatewaybench.nettyproxy;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpObject;
import io.netty.util.ReferenceCountUtil;

/** The upstream end of one pooled connection: hands each part of a response to the client connection it serves. */
final class BackendHandler extends ChannelInboundHandlerAdapter {

    private final UpstreamPool pool;
    /** The client connection this upstream connection works for; null while it idles in the pool. */
    FrontendHandler frontend;
    long idleSince;

    BackendHandler(UpstreamPool pool) {
        this.pool = pool;
    }

    static BackendHandler of(Channel upstream) {
        return upstream.pipeline().get(BackendHandler.class);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (frontend != null && msg instanceof HttpObject) {
            frontend.upstreamRead((HttpObject) msg);
        } else {
            ReferenceCountUtil.release(msg);
            ctx.close(); // nobody asked: an upstream that talks out of turn is not reused
        }
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        if (frontend != null) {
            frontend.upstreamReadComplete();
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (frontend != null) {
            frontend.upstreamClosed(ctx.channel());
        } else {
            pool.remove(ctx.channel());
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close(); // reported to the client side by channelInactive
    }
}
