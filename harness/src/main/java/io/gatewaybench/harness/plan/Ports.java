package io.gatewaybench.harness.plan;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;

/** Free ports and listening checks on this machine. */
public final class Ports {
    /** The lowest port {@link #free()} hands out outside the kernel's ephemeral range. */
    static final int LOWEST = 10_000;
    /** The fewest ports outside the ephemeral range worth walking; with fewer, {@link #free()} lets the kernel pick. */
    static final int FEWEST = 1_000;
    private static final Path EPHEMERAL = Path.of("/proc/sys/net/ipv4/ip_local_port_range");
    /** The kernel's ephemeral range on this machine. */
    static final Range KERNELS = Range.read(EPHEMERAL);
    /** The next candidate, from a random start so that two JVMs rarely walk the same ports. */
    private static final AtomicInteger NEXT = new AtomicInteger(ThreadLocalRandom.current().nextInt(Math.max(1, KERNELS.outside())));
    /** Every port {@link #free()} handed out in this JVM. */
    private static final Set<Integer> HANDED = ConcurrentHashMap.newKeySet();

    private Ports() {
    }

    /**
     * The kernel's ephemeral ports, {@code low} to {@code high}: what it gives every {@code bind(0)} and the source of every
     * outgoing connection. {@link #free()} walks the others from {@link #LOWEST} up: first those below the range, then those
     * above it.
     */
    record Range(int low, int high) {
        /** As {@code ip_local_port_range} gives it; Linux's default, 32768 to 60999, where it cannot be read. */
        static Range read(Path file) {
            try {
                // Files.readString gives "3" for this file here (JDK 17, a /proc file of size 0); readAllLines reads it all
                String[] both = Files.readAllLines(file).get(0).trim().split("\\s+");
                return new Range(Integer.parseInt(both[0]), Integer.parseInt(both[1]));
            } catch (IOException | RuntimeException e) {
                return new Range(32_768, 60_999);
            }
        }

        private int below() {
            return Math.max(0, low - LOWEST);
        }

        /** How many ports from {@link #LOWEST} to 65535 lie outside the range. */
        int outside() {
            return below() + Math.max(0, 65_535 - Math.max(high, LOWEST - 1));
        }

        /** The {@code i}-th port outside the range, counted from {@link #LOWEST}. */
        int port(int i) {
            return i < below() ? LOWEST + i : Math.max(high, LOWEST - 1) + 1 + (i - below());
        }
    }

    /**
     * A port nothing listens on right now, never handed out before by this JVM, and outside the kernel's ephemeral range
     * ({@link Range}). A port taken from that range (the kernel picking, as this method once did) was free again the moment
     * it was returned: the kernel gave the same port to the next {@code bind(0)} of another thread, 12 times in 400 calls
     * here, and a hostile-input suite once failed "port 44189 is already taken" in a CI of 20261128, another test's server
     * given its gateway's port before the gateway started. Outside the range only a caller that names the port takes it.
     * Where fewer than {@link #FEWEST} ports lie outside it, the kernel picks, and a port it gives twice is not handed out again.
     */
    public static int free() {
        return free(KERNELS);
    }

    static int free(Range kernels) {
        int size = kernels.outside();
        for (int tried = 0; size >= FEWEST && tried < size; tried++) {
            int port = kernels.port(Math.floorMod(NEXT.getAndIncrement(), size));
            if (HANDED.add(port) && bindable(port)) {
                return port;
            }
        }
        for (int tried = 0; tried < 1_000; tried++) {
            try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
                if (HANDED.add(s.getLocalPort())) {
                    return s.getLocalPort();
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot find a free port", e);
            }
        }
        throw new IllegalStateException("no free port on the loopback that this JVM has not handed out already; stop what listens there");
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
