package io.gatewaybench.harness.plan;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import org.junit.jupiter.api.Test;

/**
 * A port counts as listening only when a process listens on it: a connection that TCP's simultaneous
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
}
