package io.gatewaybench.harness.plan;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;

/** Free ports and listening checks on this machine. */
public final class Ports {
    /** The lowest port {@link #free()} hands out. */
    static final int LOWEST = 10_000;
    private static final Path EPHEMERAL = Path.of("/proc/sys/net/ipv4/ip_local_port_range");
    /** The ports below the kernel's ephemeral range that {@link #free()} draws from: [LOWEST, ceiling). */
    static final int CEILING = ephemeralLow(EPHEMERAL);
    /** The next candidate, from a random start so that two JVMs rarely walk the same ports. */
    private static final AtomicInteger NEXT = new AtomicInteger(ThreadLocalRandom.current().nextInt(Math.max(1, CEILING - LOWEST)));

    private Ports() {
    }

    /**
     * A port nothing listens on right now, never handed out before by this JVM, and below the kernel's
     * ephemeral range. The kernel gives ports from that range to every {@code bind(0)} and to the source
     * of every outgoing connection; a port taken from it (the OS picking, as this method once did) was
     * free again the moment it was returned, and another thread's server on port 0 was once given it
     * before the gateway it was meant for had started (a hostile-input suite that failed "port 44189 is
     * already taken" in a CI of 20261128). Below the range, only a caller that names the port can take it.
     */
    public static int free() {
        int size = CEILING - LOWEST;
        if (size < 1_000) {
            throw new IllegalStateException("the kernel's ephemeral ports start at " + CEILING + " (" + EPHEMERAL
                    + "), leaving too few below them for targets; set its first number above " + (LOWEST + 1_000));
        }
        for (int tried = 0; tried < size; tried++) {
            int port = LOWEST + Math.floorMod(NEXT.getAndIncrement(), size);
            if (bindable(port)) {
                return port;
            }
        }
        throw new IllegalStateException("no free port on the loopback between " + LOWEST + " and " + CEILING
                + " (below the kernel's ephemeral range, " + EPHEMERAL + "); stop what listens there");
    }

    private static boolean bindable(int port) {
        try (ServerSocket s = new ServerSocket()) {
            s.setReuseAddress(false);
            s.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** The first port of the kernel's ephemeral range, as {@code ip_local_port_range} gives it (Linux's default 32768 otherwise). */
    static int ephemeralLow(Path range) {
        try {
            // Files.readString gives "3" for this file here (JDK 17, a /proc file of size 0); readAllLines reads it all
            return Integer.parseInt(Files.readAllLines(range).get(0).trim().split("\\s+")[0]);
        } catch (IOException | NumberFormatException | IndexOutOfBoundsException e) {
            return 32_768;
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
     * A connection whose two ends are one socket. While nothing listens on a port of the kernel's
     * ephemeral range, a connection to it may be given that same port as its own source: TCP's
     * simultaneous open then connects it to itself, and the port looks open to a poll that then answers
     * nothing (a gateway "ready" before it was, once in a few hundred starts, when {@link #free()} still
     * drew from that range; a target placed there by its user can still meet it).
     */
    static boolean toItself(Socket connected) {
        return connected.getLocalPort() == connected.getPort() && connected.getLocalAddress().equals(connected.getInetAddress());
    }
}
