package io.gatewaybench.scg;

import java.net.ProtocolException;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpStatusClass;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;

/**
 * On each upstream connection, right after its HTTP codec: interim responses (100, 103...) are dropped, since Reactor
 * Netty's client would take a 103 Early Hints for the final response and leave the real one unread; a 101 is an
 * answer to nothing (the gateway never forwards Upgrade: WebSocket routing is off), so the connection is closed and the
 * client gets 502 (UpstreamFailureStatus) rather than a tunnel it did not ask for.
 */
final class UpstreamGuard extends ChannelInboundHandlerAdapter {

	private boolean inInterim;

	private boolean broken;

	@Override
	public void channelRead(ChannelHandlerContext ctx, Object msg) {
		if (broken) {
			ReferenceCountUtil.release(msg);
			return;
		}
		if (msg instanceof HttpResponse response && response.status().codeClass() == HttpStatusClass.INFORMATIONAL) {
			ReferenceCountUtil.release(msg);
			if (response.status().code() == 101) {
				broken = true;
				ctx.fireExceptionCaught(new ProtocolException("the upstream switched protocols unasked"));
				ctx.close();
				return;
			}
			inInterim = !(msg instanceof LastHttpContent);
			readOn(ctx);
			return;
		}
		if (inInterim && msg instanceof LastHttpContent) {
			ReferenceCountUtil.release(msg);
			inInterim = false;
			readOn(ctx);
			return;
		}
		ctx.fireChannelRead(msg);
	}

	/** Nothing was handed on for what was read: ask for more, as whoever waits for the response would have. */
	private static void readOn(ChannelHandlerContext ctx) {
		if (!ctx.channel().config().isAutoRead()) {
			ctx.read();
		}
	}

}
