package io.gatewaybench.harness.plan;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;

/** Free ports and listening checks on this machine. */
public final class Ports {
    private Ports() {
    }

    /** A port nothing listens on right now (the OS picks it). */
    public static int free() {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot find a free port", e);
        }
    }

    /** Whether a process listens on {@code host:port}: a connection to it succeeds, and not to itself. */
    public static boolean accepts(String host, int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(host, port), 500);
            return !toItself(s);
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * A connection whose two ends are one socket. Ports from {@link #free()} lie in the kernel's
     * ephemeral range, so while nothing listens yet, a connection to one may be given that same port
     * as its own source: TCP's simultaneous open then connects it to itself, and the port looks open
     * to a poll that then answers nothing (a gateway "ready" before it was, once in a few hundred starts).
     */
    static boolean toItself(Socket connected) {
        return connected.getLocalPort() == connected.getPort() && connected.getLocalAddress().equals(connected.getInetAddress());
    }
}
