package io.gatewaybench.harness.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ports handed out are never handed out twice by one JVM and lie below the kernel's ephemeral range,
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
    void portsHandedOutAreDistinctAndOutOfTheKernelsReach() throws Exception {
        Set<Integer> handed = ConcurrentHashMap.newKeySet();
        Set<Integer> kernels = ConcurrentHashMap.newKeySet();
        List<Integer> repeated = IntStream.range(0, 400).parallel().mapToObj(i -> {
            int port = Ports.free();
            try (ServerSocket planted = new ServerSocket(0, 1, LOOPBACK)) { // what another thread's origin does
                kernels.add(planted.getLocalPort());
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            return handed.add(port) ? -1 : port;
        }).filter(p -> p >= 0).toList();
        assertTrue(repeated.isEmpty(), "handed out twice: " + repeated);
        assertTrue(handed.stream().noneMatch(kernels::contains), "a port handed out was also the kernel's pick for port 0");
        assertTrue(handed.stream().allMatch(p -> p >= Ports.LOWEST && p < Ports.CEILING),
                "outside [" + Ports.LOWEST + ", " + Ports.CEILING + "): " + handed.stream().filter(p -> p < Ports.LOWEST || p >= Ports.CEILING).toList());
        assertTrue(Ports.CEILING <= Ports.ephemeralLow(Path.of("/proc/sys/net/ipv4/ip_local_port_range")));
    }

    @Test
    void theCeilingIsTheKernelsFirstEphemeralPort(@TempDir Path dir) throws Exception {
        Path range = Files.writeString(dir.resolve("ip_local_port_range"), "40000\t60999\n");
        assertEquals(40_000, Ports.ephemeralLow(range));
        assertEquals(32_768, Ports.ephemeralLow(dir.resolve("absent")), "Linux's default where the file is missing");
    }
}
