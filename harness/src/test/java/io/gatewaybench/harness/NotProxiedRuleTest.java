package io.gatewaybench.harness;

import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

/**
 * The hostile suite's rule for NGINX and HAProxy on TRACE and CONNECT ("no 2xx"), which both pass (405, or 400 to CONNECT
 * from NGINX), seen failing on a planted server that echoes TRACE with a 200, as RFC 9110 9.3.8 lets an origin do.
 */
class NotProxiedRuleTest {
    private static final String TRACE = "TRACE /trace HTTP/1.1\r\nHost: gw.test\r\nX-Secret: not-for-echo\r\n\r\n";

    @Test
    void aTwoHundredToTraceFailsTheRuleAndA405PassesIt() throws Exception {
        String echo = "HTTP/1.1 200 OK\r\nContent-Type: message/http\r\nContent-Length: " + TRACE.length() + "\r\n\r\n" + TRACE;
        assertThrows(AssertionFailedError.class, () -> check(echo));
        check("HTTP/1.1 405 Not Allowed\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
    }

    /** Sends TRACE to a server that answers {@code answer} and judges the reply by the rule. */
    private static void check(String answer) throws Exception {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Thread t = new Thread(() -> {
                try (Socket s = server.accept()) {
                    InputStream in = s.getInputStream();
                    in.readNBytes(TRACE.length());
                    s.getOutputStream().write(answer.getBytes(StandardCharsets.ISO_8859_1));
                    s.getOutputStream().flush();
                    in.read(); // until the client closes
                } catch (IOException e) {
                    // the client went away
                }
            });
            t.setDaemon(true);
            t.start();
            try (RawConnection conn = new RawConnection(server.getLocalPort(), 5_000)) {
                RawConnection.Reply reply = conn.send(TRACE).read(false);
                HostileInput.noTwoHundred(TRACE, reply, reply.summary());
            }
        }
    }
}
