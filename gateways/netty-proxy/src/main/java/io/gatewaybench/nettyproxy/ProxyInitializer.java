package io.gatewaybench.nettyproxy;

import io.gatewaybench.guard.ClientGuard;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpServerCodec;
import java.util.Map;

/**
 * The client pipeline: HTTP/1.1 codec, the guard (header-read and idle timeouts, Host), then the proxy, with the route
 * table, the scenario's checks, and the upstream pools of the channel's own event loop.
 */
final class ProxyInitializer extends ChannelInitializer<Channel> {

    private final Settings settings;
    private final HttpDecoderConfig decoderConfig;
    private final Routes<Route> routes;
    private final AccessChecks checks;
    private final Map<EventLoop, UpstreamPool[]> poolsByLoop;

    ProxyInitializer(Settings settings, Routes<Route> routes, AccessChecks checks,
                     Map<EventLoop, UpstreamPool[]> poolsByLoop) {
        this.settings = settings;
        this.decoderConfig = settings.decoderConfig();
        this.routes = routes;
        this.checks = checks;
        this.poolsByLoop = poolsByLoop;
    }

    @Override
    protected void initChannel(Channel ch) {
        ch.pipeline().addLast(new HttpServerCodec(decoderConfig),
                new ClientGuard(settings.headerTimeoutMs, settings.bodyTimeoutMs, settings.clientIdleTimeoutMs, false), // the codec checks framing
                new FrontendHandler(routes, poolsByLoop.get(ch.eventLoop()), checks, settings));
    }
}
