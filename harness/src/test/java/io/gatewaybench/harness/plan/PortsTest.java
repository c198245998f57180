package io.gatewaybench.harness.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.IntSupplier;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ports handed out are never handed out twice by one JVM and lie outside the kernel's ephemeral range,
 * where no {@code bind(0)} and no outgoing connection can take them (a server on port 0 is planted
 * beside every port handed out). A port counts as listening only when a process listens on it: a connection that TCP's simultaneous
 * open joined to itself (planted here by giving the connection the port it connects to as its source)
 * is not one.
 */
class PortsTest {
    private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();

    @Test
    void aConnectionToItselfIsNotAListener() throws Exception {
        int port = Ports.free();
        try (Socket self = new Socket()) {
            self.setReuseAddress(true);
            self.bind(new InetSocketAddress(LOOPBACK, port));
            self.connect(new InetSocketAddress(LOOPBACK, port), 1000);
            assertTrue(self.isConnected(), "the planted connection to itself connected");
            assertTrue(Ports.toItself(self));
        }
        assertFalse(Ports.accepts(LOOPBACK.getHostAddress(), port), "nothing listens on " + port);
    }

    @Test
    void aListenerIsOne() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 50, LOOPBACK); Socket client = new Socket()) {
            client.connect(new InetSocketAddress(LOOPBACK, server.getLocalPort()), 1000);
            assertFalse(Ports.toItself(client));
            assertTrue(Ports.accepts(LOOPBACK.getHostAddress(), server.getLocalPort()));
        }
    }

    @Test
    void portsHandedOutAreDistinctAndOutOfTheKernelsReach() {
        Ports.Range kernels = Ports.KERNELS;
        assertTrue(kernels.outside() >= Ports.FEWEST, "this machine leaves ports outside its ephemeral range: " + kernels);
        Set<Integer> handed = ConcurrentHashMap.newKeySet();
        Set<Integer> kernels0 = ConcurrentHashMap.newKeySet();
        List<Integer> repeated = handOut(400, () -> Ports.free(), handed, kernels0);
        assertTrue(repeated.isEmpty(), "handed out twice: " + repeated);
        assertTrue(handed.stream().noneMatch(kernels0::contains), "a port handed out was also the kernel's pick for port 0");
        List<Integer> inside = handed.stream().filter(p -> p < Ports.LOWEST || p >= kernels.low() && p <= kernels.high()).toList();
        assertTrue(inside.isEmpty(), "in the kernel's range " + kernels + " or under " + Ports.LOWEST + ": " + inside);
    }

    /** Where almost every port is ephemeral, the kernel picks, and a port it gives twice is still handed out once only. */
    @Test
    void withFewPortsOutsideTheRangeTheKernelPicksAndNoneRepeats() {
        Ports.Range wide = new Ports.Range(1_024, 65_000);
        assertTrue(wide.outside() < Ports.FEWEST, wide + " leaves " + wide.outside());
        Set<Integer> handed = ConcurrentHashMap.newKeySet();
        List<Integer> repeated = handOut(400, () -> Ports.free(wide), handed, ConcurrentHashMap.newKeySet());
        assertTrue(repeated.isEmpty(), "handed out twice: " + repeated);
    }

    /** {@code count} ports from {@code free}, in parallel, each beside a server on port 0 as another thread's origin; those handed out twice. */
    private static List<Integer> handOut(int count, IntSupplier free, Set<Integer> handed, Set<Integer> kernels) {
        return IntStream.range(0, count).parallel().mapToObj(i -> {
            int port = free.getAsInt();
            try (ServerSocket planted = new ServerSocket(0, 1, LOOPBACK)) {
                kernels.add(planted.getLocalPort());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return handed.add(port) ? -1 : port;
        }).filter(p -> p >= 0).toList();
    }

    @Test
    void theRangeIsTheKernelsAndThePortsOutsideItAreWalkedFromTheLowest(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("ip_local_port_range"), "40000\t60999\n");
        Ports.Range r = Ports.Range.read(file);
        assertEquals(new Ports.Range(40_000, 60_999), r);
        assertEquals(new Ports.Range(32_768, 60_999), Ports.Range.read(dir.resolve("absent")), "Linux's default where the file is missing");
        assertEquals(30_000 + 4_536, r.outside());
        assertEquals(List.of(10_000, 39_999, 61_000, 65_535), List.of(r.port(0), r.port(29_999), r.port(30_000), r.port(34_535)));
        Ports.Range high = new Ports.Range(1_024, 5_000); // all of it under the lowest port handed out
        assertEquals(65_535 - 9_999, high.outside());
        assertEquals(10_000, high.port(0));
    }
}
