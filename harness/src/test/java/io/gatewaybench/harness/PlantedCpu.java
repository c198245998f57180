package io.gatewaybench.harness;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;

/**
 * A test-only target whose CPU cost per request is planted: a parent process answering HTTP, and two worker processes it
 * starts, like NGINX's master and workers. For each request the parent burns {@code --parent-us} of its own thread's CPU
 * time, then hands the request to each worker in turn over its stdin and waits for its answer on its stdout; each worker
 * burns {@code --worker-us} per request, half of each burn in user mode and half in the kernel ({@link #burn}). The
 * burn is measured on the burning thread's own CPU clock, so it is the same
 * however busy the machine is: a request costs the tree {@code parent-us + 2 x worker-us} of CPU, plus the little the
 * parent spends on HTTP and pipes. A sampler that read the parent alone would see {@code parent-us}.
 *
 * <p>Usage: {@code java -cp harness/target/test-classes io.gatewaybench.harness.PlantedCpu --parent-us=800 --worker-us=600}.
 * Listens on a free loopback port, prints {@code port N} once both workers answer, serves until stdin closes or 5 minutes
 * pass, and stops its workers when it stops. With {@code --attached=1} (started as a server on another host is, by
 * {@code infra/hosts/attached}, its stdin empty) it serves until SIGTERM or 5 minutes.
 */
public final class PlantedCpu {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final long LIFETIME_MS = 300_000;
    static volatile long sink;

    private PlantedCpu() {
    }

    public static void main(String[] args) throws Exception {
        long parentUs = option(args, "parent-us");
        long workerUs = option(args, "worker-us");
        if (option(args, "worker") == 1) {
            worker(workerUs);
            return;
        }
        List<Process> workers = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            workers.add(new ProcessBuilder(ProcessHandle.current().info().command().orElseThrow(), "-XX:TieredStopAtLevel=1",
                    "-cp", System.getProperty("java.class.path"),
                    PlantedCpu.class.getName(), "--worker=1", "--worker-us=" + workerUs, "--parent-us=0")
                    .redirectError(ProcessBuilder.Redirect.INHERIT).start());
        }
        for (Process w : workers) {
            ask(w); // both answer before the port is announced
        }
        // Without TCP_NODELAY the server's headers and body go out as two segments, and the second waits for the client's
        // delayed ACK: 40 ms a request, during which every JVM's own threads add CPU time that no request planted.
        System.setProperty("sun.net.httpserver.nodelay", "true");
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
        byte[] body = "planted cpu\n".getBytes(StandardCharsets.US_ASCII);
        server.createContext("/", exchange -> answer(exchange, body, parentUs, workers));
        server.setExecutor(Executors.newSingleThreadExecutor()); // one request at a time: the workers' pipes are not shared
        server.start();
        System.out.println("port " + server.getAddress().getPort());
        System.out.flush();
        boolean attached = option(args, "attached") == 1;
        Runtime.getRuntime().addShutdownHook(new Thread(() -> workers.forEach(Process::destroy)));
        Thread watchdog = new Thread(() -> {
            try {
                if (attached) {
                    Thread.sleep(LIFETIME_MS); // until SIGTERM
                } else {
                    System.in.read(); // the test closes stdin, or ends
                }
            } catch (IOException | InterruptedException e) {
                // ended all the same
            }
        });
        watchdog.setDaemon(true);
        watchdog.start();
        watchdog.join(LIFETIME_MS);
        server.stop(0);
        workers.forEach(Process::destroy);
        System.exit(0);
    }

    private static void answer(HttpExchange exchange, byte[] body, long parentUs, List<Process> workers) throws IOException {
        try (exchange) {
            exchange.getRequestBody().readAllBytes();
            burn(parentUs);
            for (Process w : workers) {
                ask(w);
            }
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }

    /** One request to a worker: a byte out, a byte back once it has burnt its share. */
    private static synchronized void ask(Process worker) throws IOException {
        worker.getOutputStream().write(1);
        worker.getOutputStream().flush();
        if (worker.getInputStream().read() < 0) {
            throw new IOException("a worker ended");
        }
    }

    private static void worker(long workerUs) throws IOException {
        InputStream in = System.in;
        OutputStream out = System.out;
        while (in.read() >= 0) {
            burn(workerUs);
            out.write(1);
            out.flush();
        }
    }

    /**
     * Spins until this thread's own CPU clock (user and system time) has advanced {@code us} microseconds: the first
     * {@code 100 - SYSTEM_PERCENT}% in user mode, the rest in the kernel, reading /dev/zero into a direct buffer (the
     * kernel clears the pages; nothing is copied in user mode).
     */
    static void burn(long us) {
        long start = THREADS.getCurrentThreadCpuTime();
        long user = start + us * 1000 * (100 - SYSTEM_PERCENT) / 100;
        long until = start + us * 1000;
        long x = sink | 1;
        while (THREADS.getCurrentThreadCpuTime() < user) {
            for (int i = 0; i < 64; i++) {
                x ^= x << 13;
                x ^= x >>> 7;
                x ^= x << 17;
            }
        }
        sink = x;
        try {
            while (THREADS.getCurrentThreadCpuTime() < until) {
                ZERO.read(BUFFER.clear(), 0);
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** The share of each burn spent in the kernel, %: PlantedCpuIT's sampler must count system time to recover it. */
    public static final int SYSTEM_PERCENT = 50;
    private static final java.nio.ByteBuffer BUFFER = java.nio.ByteBuffer.allocateDirect(64 * 1024);
    private static final java.nio.channels.FileChannel ZERO = zero();

    private static java.nio.channels.FileChannel zero() {
        try {
            return java.nio.channels.FileChannel.open(java.nio.file.Path.of("/dev/zero"));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static long option(String[] args, String key) {
        for (String a : args) {
            if (a.startsWith("--" + key + "=")) {
                return Long.parseLong(a.substring(key.length() + 3));
            }
        }
        if ("worker".equals(key) || "attached".equals(key)) {
            return 0;
        }
        throw new IllegalArgumentException("--" + key + "=N is required (microseconds of CPU per request)");
    }
}
