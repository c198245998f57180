package io.gatewaybench.nettyproxy;

import io.netty.channel.IoHandlerFactory;
import io.netty.channel.ServerChannel;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.channel.uring.IoUring;
import io.netty.channel.uring.IoUringIoHandler;
import io.netty.channel.uring.IoUringServerSocketChannel;
import io.netty.channel.uring.IoUringSocketChannel;
import java.util.function.Supplier;

/** The I/O transports, best first: io_uring, then epoll, then the JDK's NIO that works everywhere. */
enum Transport {
    IO_URING("io_uring", IoUring::isAvailable, IoUring::unavailabilityCause, IoUringIoHandler::newFactory,
            IoUringServerSocketChannel.class, IoUringSocketChannel.class),
    EPOLL("epoll", Epoll::isAvailable, Epoll::unavailabilityCause, EpollIoHandler::newFactory,
            EpollServerSocketChannel.class, EpollSocketChannel.class),
    NIO("nio", () -> true, () -> null, NioIoHandler::newFactory,
            NioServerSocketChannel.class, NioSocketChannel.class);

    /** Asked for a transport this machine cannot run: main prints the message and exits with status 1. */
    static final class Unavailable extends RuntimeException {
        Unavailable(String message) {
            super(message, null, false, false);
        }
    }

    final String label;
    private final Supplier<Boolean> available;
    private final Supplier<Throwable> unavailabilityCause;
    private final Supplier<IoHandlerFactory> ioHandlerFactory;
    final Class<? extends ServerChannel> serverChannel;
    final Class<? extends SocketChannel> socketChannel;

    Transport(String label, Supplier<Boolean> available, Supplier<Throwable> unavailabilityCause,
              Supplier<IoHandlerFactory> ioHandlerFactory, Class<? extends ServerChannel> serverChannel,
              Class<? extends SocketChannel> socketChannel) {
        this.label = label;
        this.available = available;
        this.unavailabilityCause = unavailabilityCause;
        this.ioHandlerFactory = ioHandlerFactory;
        this.serverChannel = serverChannel;
        this.socketChannel = socketChannel;
    }

    boolean isAvailable() {
        return available.get();
    }

    IoHandlerFactory ioHandlerFactory() {
        return ioHandlerFactory.get();
    }

    /** "auto" picks the best available one; a named one must be available. */
    static Transport choose(String wanted) {
        for (Transport t : values()) {
            if (wanted.equals("auto") && t.isAvailable()) {
                return t;
            }
            if (wanted.equals(t.label)) {
                if (!t.isAvailable()) {
                    throw new Unavailable("transport " + t.label + " is not available here ("
                            + unavailabilityCause(t) + "); use --transport=auto");
                }
                return t;
            }
        }
        throw new IllegalArgumentException(wanted);
    }

    private static String unavailabilityCause(Transport t) {
        Throwable cause = t.unavailabilityCause.get();
        while (cause != null && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause == null ? "unknown reason" : cause.toString();
    }
}
