package io.gatewaybench.nettyproxy;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A test origin for the scenarios: remembers every request that reached it (its request-target and headers), so a
 * test can show what a valid request looked like upstream and that a refused one never arrived. Answers 200 with the
 * request-target it saw.
 */
final class RecordingOrigin implements AutoCloseable {

    /** A request as it arrived: its request-target, its headers, and the proxy's port of the connection it came on. */
    record Seen(String target, Headers headers, int fromPort) {
    }

    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final HttpServer server;
    private final List<Seen> seen = new CopyOnWriteArrayList<>();

    RecordingOrigin() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setExecutor(threads);
        server.createContext("/", exchange -> {
            exchange.getRequestBody().readAllBytes();
            seen.add(new Seen(exchange.getRequestURI().toString(), exchange.getRequestHeaders(),
                    exchange.getRemoteAddress().getPort()));
            byte[] body = ("origin saw " + exchange.getRequestURI()).getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
    }

    /** The proxy in front of this origin, on a free port, with these options added. */
    NettyProxy proxy(String... options) throws IOException {
        String[] args = new String[options.length + 4];
        args[0] = "--port=" + NettyProxyTest.freePort();
        args[1] = "--bind=127.0.0.1";
        args[2] = "--upstream=http://127.0.0.1:" + server.getAddress().getPort();
        args[3] = "--event-loops=2";
        System.arraycopy(options, 0, args, 4, options.length);
        return NettyProxy.start(Settings.parse(args));
    }

    int port() {
        return server.getAddress().getPort();
    }

    /** How many requests have reached the origin so far. */
    int count() {
        return seen.size();
    }

    Seen last() {
        return seen.get(seen.size() - 1);
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
    }
}
