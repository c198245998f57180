package io.gatewaybench.nettyproxy;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.http.HttpClientCodec;
import java.net.InetSocketAddress;
import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;

/**
 * Kept-alive connections to one upstream, of one event loop. Upstream channels live on the loop of the client channels that
 * use them, so only that loop's thread ever touches this pool: no locks, no hand-off between threads.
 */
final class UpstreamPool {

    /** Where a route leads: the address to connect to and the Host header requests to it carry. */
    record Upstream(InetSocketAddress address, String hostHeader) {
    }

    final String hostHeader;
    private final Bootstrap bootstrap;
    private final ArrayDeque<Channel> idle = new ArrayDeque<>(); // most recently used first
    private final int maxIdle;
    private final long idleTimeoutNanos;

    UpstreamPool(EventLoop loop, Settings settings, Transport transport, ByteBufAllocator allocator, Upstream upstream) {
        hostHeader = upstream.hostHeader();
        maxIdle = settings.maxIdlePerLoop;
        idleTimeoutNanos = TimeUnit.MILLISECONDS.toNanos(settings.idleTimeoutMs);
        bootstrap = new Bootstrap()
                .group(loop)
                .channel(transport.socketChannel)
                .remoteAddress(upstream.address())
                .option(ChannelOption.AUTO_READ, false) // FrontendHandler asks for each read
                .option(ChannelOption.TCP_NODELAY, settings.tcpNoDelay)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, settings.connectTimeoutMs)
                .option(ChannelOption.ALLOCATOR, allocator)
                .handler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        ch.pipeline().addLast(new HttpClientCodec(settings.decoderConfig(), false, false),
                                new BackendHandler(UpstreamPool.this));
                    }
                });
        long sweepMs = Math.min(1000, settings.idleTimeoutMs);
        loop.scheduleWithFixedDelay(this::closeExpired, sweepMs, sweepMs, TimeUnit.MILLISECONDS);
    }

    /** The most recently used idle connection (its TCP window is warm), or null when there is none. */
    Channel pollIdle() {
        Channel ch = idle.pollFirst();
        while (ch != null && !ch.isActive()) {
            ch = idle.pollFirst();
        }
        return ch;
    }

    /** A new connection; it fails after connect-timeout-ms. */
    ChannelFuture connect() {
        return bootstrap.connect();
    }

    /** Takes back a connection whose last response ended cleanly and may be reused. */
    void release(Channel ch) {
        if (!ch.isActive() || idle.size() >= maxIdle) {
            ch.close();
            return;
        }
        BackendHandler.of(ch).idleSince = System.nanoTime();
        idle.addFirst(ch);
        ch.read(); // a pending read notices at once when the upstream closes an idle connection
    }

    /** An idle connection closed by the upstream. */
    void remove(Channel ch) {
        idle.remove(ch);
    }

    private void closeExpired() {
        long now = System.nanoTime();
        Channel oldest;
        while ((oldest = idle.peekLast()) != null && now - BackendHandler.of(oldest).idleSince >= idleTimeoutNanos) {
            idle.pollLast().close();
        }
    }
}
