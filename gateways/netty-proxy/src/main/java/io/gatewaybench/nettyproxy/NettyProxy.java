package io.gatewaybench.nettyproxy;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.AdaptiveByteBufAllocator;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.util.concurrent.EventExecutor;
import java.net.InetSocketAddress;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Starts the proxy: one event loop group both accepts and serves connections (accepting is rare next to serving
 * kept-alive ones, and a separate acceptor thread would be one more thread on few cores); one route table for all
 * loops, and per loop one pool per upstream.
 */
public final class NettyProxy implements AutoCloseable {

    /** The port cannot be bound: main exits with status 1. */
    static final class CannotListen extends RuntimeException {
        CannotListen(String message) {
            super(message, null, false, false);
        }
    }

    final Settings settings;
    final Transport transport;
    private final EventLoopGroup group;
    private final Channel server;

    private NettyProxy(Settings settings, Transport transport, EventLoopGroup group, Channel server) {
        this.settings = settings;
        this.transport = transport;
        this.group = group;
        this.server = server;
    }

    public static void main(String[] args) {
        try {
            NettyProxy proxy = start(Settings.parse(args));
            Runtime.getRuntime().addShutdownHook(new Thread(proxy::close, "netty-proxy-shutdown"));
            String duties = proxy.settings.duties.describe();
            System.out.println("netty-proxy listening on " + proxy.settings.bind + ":" + proxy.port()
                    + ", upstream " + proxy.settings.upstreamUrl() + (duties.isEmpty() ? "" : " (" + duties + ")")
                    + ", event loops " + proxy.settings.eventLoops
                    + ", transport " + proxy.transport.label);
        } catch (Settings.Invalid e) {
            exit(2, e.getMessage());
        } catch (Transport.Unavailable | CannotListen e) {
            exit(1, e.getMessage());
        }
    }

    private static void exit(int status, String message) {
        System.err.println("netty-proxy: " + message);
        System.exit(status);
    }

    /** Binds and returns once listening; throws Settings.Invalid, Transport.Unavailable or CannotListen. */
    static NettyProxy start(Settings settings) {
        // The upstreams the routes lead to, numbered as Route.upstream numbers them: today only --upstream.
        List<UpstreamPool.Upstream> upstreams = List.of(new UpstreamPool.Upstream(
                resolved(settings.upstreamHost, settings.upstreamPort, "--upstream host"), settings.upstreamHostHeader()));
        // Shared by the loops (read-only once built); 5000 routes cost one table, not one per loop.
        Routes<Route> routes = Route.table(settings.duties.routes());
        AccessChecks checks = AccessChecks.of(settings.duties);
        InetSocketAddress listen = resolved(settings.bind, settings.port, "--bind address");
        Transport transport = Transport.choose(settings.transport);
        ByteBufAllocator allocator = switch (settings.allocator) {
            case "pooled" -> PooledByteBufAllocator.DEFAULT;
            case "unpooled" -> UnpooledByteBufAllocator.DEFAULT;
            default -> new AdaptiveByteBufAllocator();
        };
        MultiThreadIoEventLoopGroup group =
                new MultiThreadIoEventLoopGroup(settings.eventLoops, transport.ioHandlerFactory());
        // One pool per upstream per loop, however many routes lead to it: routes to one upstream share its connections.
        Map<EventLoop, UpstreamPool[]> poolsByLoop = new IdentityHashMap<>();
        for (EventExecutor loop : group) {
            poolsByLoop.put((EventLoop) loop, upstreams.stream()
                    .map(u -> new UpstreamPool((EventLoop) loop, settings, transport, allocator, u))
                    .toArray(UpstreamPool[]::new));
        }
        ChannelFuture bound = new ServerBootstrap()
                .group(group)
                .channel(transport.serverChannel)
                .option(ChannelOption.SO_BACKLOG, settings.soBacklog)
                .option(ChannelOption.SO_REUSEADDR, settings.soReuseAddr)
                .childOption(ChannelOption.AUTO_READ, false) // FrontendHandler asks for each read
                .childOption(ChannelOption.TCP_NODELAY, settings.tcpNoDelay)
                .childOption(ChannelOption.ALLOCATOR, allocator)
                .childHandler(new ProxyInitializer(settings, routes, checks, poolsByLoop))
                .bind(listen)
                .awaitUninterruptibly();
        if (!bound.isSuccess()) {
            group.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS).awaitUninterruptibly();
            throw new CannotListen("cannot listen on " + settings.bind + ":" + settings.port + ": "
                    + reason(bound.cause()));
        }
        return new NettyProxy(settings, transport, group, bound.channel());
    }

    int port() {
        return ((InetSocketAddress) server.localAddress()).getPort();
    }

    /**
     * Stops accepting, then lets the loops finish what they are doing, briefly. Every wait is bounded: once a
     * loop group of the io_uring transport was seen never to report its termination, and after SIGTERM the JVM
     * must be gone within about five seconds whatever the loops do.
     */
    @Override
    public void close() {
        server.close().awaitUninterruptibly(1, TimeUnit.SECONDS);
        group.shutdownGracefully(100, 3000, TimeUnit.MILLISECONDS).awaitUninterruptibly(4, TimeUnit.SECONDS);
    }

    private static InetSocketAddress resolved(String host, int port, String what) {
        InetSocketAddress address = new InetSocketAddress(host, port);
        if (address.isUnresolved()) {
            throw new Settings.Invalid(what + " '" + host + "' does not resolve; give an IP address or a known name");
        }
        return address;
    }

    /** "Address already in use", without the native transport's "bind(..) failed with error(-98): " before it. */
    private static String reason(Throwable cause) {
        String message = cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
        return message.substring(message.lastIndexOf(": ") + 1).trim();
    }
}
