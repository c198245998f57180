package io.gatewaybench.harness;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.gatewaybench.harness.measure.Http1Client;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.locks.LockSupport;

/**
 * A test-only gateway with one known, planted behaviour, so that tests can check that the suite's
 * figures recover what was planted (PlantedTargetsIT, CompareIT; descriptors in
 * {@code src/test/resources/planted*}). It forwards GET requests to the upstream over kept-alive
 * HTTP/1.1 connections (the harness's own {@link Http1Client}: one blocking call per request, no
 * thread hand-offs, so the proxy itself adds well under a millisecond) with their Cookie header, and
 * answers with the upstream's status, Content-Type, Set-Cookie and exact body, then applies exactly
 * one of:
 * <ul>
 *   <li>{@code --delay-ms=N}: every answer N ms later than the upstream's</li>
 *   <li>{@code --hold-us=N}: every answer held N microseconds after the upstream's, by spinning on the clock (a sleep
 *       wakes tens of microseconds late); each answer's actual hold is counted per microsecond and its spread printed at
 *       exit, so a test can check the plant itself. {@code --hold-us=0} is the same proxy holding nothing: its twin</li>
 *   <li>{@code --park-us=N}: the same hold, the thread parked instead of spinning: no CPU burnt (a spin of 200 us at
 *       1,000 req/s keeps a fifth of a core busy, which on a shared machine delays every other answer too), but the
 *       thread wakes some tens of microseconds late, so the actual holds, counted and printed the same way, are the
 *       plant to compare with. {@code --park-us=0} is its twin</li>
 *   <li>{@code --cap-rps=N}: at most N answers per second, evenly spaced (a token bucket that holds
 *       one token): an answer waits for the next free slot, so a closed loop gets N per second and an
 *       open rate above N queues up</li>
 *   <li>{@code --fail-every=K}: one of every K consecutive requests that carry a Cookie header is
 *       answered 502 with a short text body, without asking the upstream: exactly a 1/K share. Which
 *       one of the K is drawn at random: a fixed period would alias with evenly spaced arrivals (the
 *       injector at 150 req/s and the harness's probe at 50 req/s interleave 3:1, and every 20th
 *       request would then always fall on the same one of them). Cookie-less requests (the harness's
 *       verification and the simulation's session fetch) are never failed: a failure there refuses
 *       the target instead of measuring it; every measured request carries the session cookie</li>
 *   <li>{@code --stall-every-ms=P --stall-ms=S}: for S ms at the start of every P ms since start, no
 *       answer leaves, like a stop-the-world pause: an answer due during it leaves when it ends</li>
 * </ul>
 * {@code --only-from=ADDRESS}, beside a delay, hold or stall, keeps the wait to answers to requests from that address: the
 * others pass untouched (InjectorHostsIT: one injector host's requests delayed, another's not).
 * Two faults can be planted beside (FaultsIT): {@code --exit-after-ms=N} ends the process abruptly
 * with status 3, N ms after its start, like a crash; {@code --never-listen=yes} never opens its port
 * (it runs, silent, until stopped, for 10 minutes at most).
 * <p>The proxy counts each forwarded answer's time in it, from its handler's start to its last byte written ("served"),
 * and each hold's actual length; GET {@value #COUNTS_PATH} answers both since the last such request (VegetaPlantsIT reads
 * them level by level, the truth an injector's figures are checked against). {@code --unseen-park-us=N}, beside any plant,
 * parks every request N us before that clock starts: a wait the proxy's own count misses, which such a check must catch.
 * {@code --allocate-bytes=N}, beside any plant (0: none, the twin), allocates an array of N bytes for every forwarded
 * request and lets it go (N + 16 bytes with the array's header on a 64-bit HotSpot): garbage whose amount a run's
 * allocation figure must find (JvmCostPlantsIT).
 * <p>Usage: {@code java -cp harness/target/classes:harness/target/test-classes io.gatewaybench.harness.PlantedProxy
 * --bind=127.0.0.1 --port=9000 --upstream=http://127.0.0.1:8080 --delay-ms=5}. Prints one line at start and one at exit, nothing per request.
 */
public final class PlantedProxy {
    /**
     * GET here answers the proxy's own counts since the last such request, and starts them again: "served us: n=N p50=A
     * p99=B max=C" and, for a hold, "; held us: ..." (never forwarded, never counted).
     */
    public static final String COUNTS_PATH = "/planted-counts";
    /** Requests handled at once; the rest wait in the executor's queue (an open rate above a cap queues up there). */
    private static final int THREADS = 256;

    private final URI upstream;
    private final Plant plant;
    /** Idle kept-alive upstream connections; a request takes one or opens one, and gives it back after a clean answer. */
    private final ConcurrentLinkedDeque<Http1Client> idle = new ConcurrentLinkedDeque<>();
    private final AtomicLong requests = new AtomicLong();
    private final AtomicLong planted = new AtomicLong();
    private final AtomicLong upstreamFailures = new AtomicLong();
    /** Each forwarded answer's time in this process, from its handler's start to its last byte written, per microsecond. */
    private final Micros served = new Micros();
    /** A wait before the handler's clock starts ({@code --unseen-park-us}): time an answer takes that {@link #served} misses. */
    private final long unseenParkNanos;
    /** The one client address whose answers wait as the plant says ({@code --only-from}); null: every client's. */
    private final String onlyFrom;
    /** Bytes allocated for every forwarded request ({@code --allocate-bytes}); 0: none. */
    private final int allocateBytes;
    /** Where each planted allocation goes, so that the compiler cannot leave it out. */
    private static volatile byte[] garbage;

    private PlantedProxy(URI upstream, Plant plant, long unseenParkNanos, String onlyFrom, int allocateBytes) {
        this.upstream = upstream;
        this.plant = plant;
        this.unseenParkNanos = unseenParkNanos;
        this.onlyFrom = onlyFrom;
        this.allocateBytes = allocateBytes;
    }

    public static void main(String[] args) {
        Map<String, String> o = options(args, PlantedProxy::usage);
        String bind = o.getOrDefault("bind", "127.0.0.1");
        int port = number(o, "port");
        if (!o.containsKey("upstream")) {
            usage("--upstream is required");
        }
        Plant plant = Plant.of(o);
        if (o.containsKey("never-listen")) {
            System.out.println("PlantedProxy: planted fault: never listening on " + bind + ":" + port);
            sleep(600_000);
            return;
        }
        if (o.containsKey("exit-after-ms")) {
            long after = number(o, "exit-after-ms");
            Thread crash = new Thread(() -> {
                sleep(after);
                System.err.println("PlantedProxy: planted fault: exiting with status 3 after " + after + " ms");
                Runtime.getRuntime().halt(3); // no shutdown hook, no goodbye: a crash
            }, "planted-crash");
            crash.setDaemon(true);
            crash.start();
        }
        PlantedProxy proxy = new PlantedProxy(URI.create(o.get("upstream").replaceAll("/+$", "")), plant,
                o.containsKey("unseen-park-us") ? TimeUnit.MICROSECONDS.toNanos(number(o, "unseen-park-us")) : 0,
                o.get("only-from"),
                o.getOrDefault("allocate-bytes", "0").equals("0") ? 0 : number(o, "allocate-bytes"));
        // Off by default: the server writes headers and body separately, and with Nagle's algorithm the
        // body then waits for the client's delayed ACK (40 ms on Linux) on every kept-alive connection.
        System.setProperty("sun.net.httpserver.nodelay", "true");
        HttpServer server;
        try {
            server = HttpServer.create(new InetSocketAddress(bind, port), 1024);
        } catch (BindException e) {
            System.err.println("PlantedProxy: cannot listen on " + bind + ":" + port + ": " + e.getMessage());
            System.exit(1);
            return;
        } catch (IOException e) {
            System.err.println("PlantedProxy: cannot listen on " + bind + ":" + port + ": " + e);
            System.exit(1);
            return;
        }
        ExecutorService executor = Executors.newFixedThreadPool(THREADS);
        server.setExecutor(executor);
        server.createContext("/", proxy::handle);
        // SIGTERM (the harness stops targets by PID): say what was done; the JVM then exits. No
        // server.stop(): it waits for the dispatcher's one-second select, and the exit closes every socket.
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            System.out.printf("PlantedProxy: stopped after %d requests, %d planted failures, %d upstream failures%s; served us: %s%n",
                    proxy.requests.get(), proxy.planted.get(), proxy.upstreamFailures.get(), plant.report(false), proxy.served.counts(false));
        }, "stop"));
        server.start();
        System.out.printf("PlantedProxy: listening on %s:%d, upstream %s, planted: %s%s%s%n", bind, port,
                proxy.upstream, plant,
                proxy.onlyFrom == null ? "" : ", only to requests from " + proxy.onlyFrom,
                proxy.allocateBytes == 0 ? "" : ", " + proxy.allocateBytes + " bytes allocated a request");
    }

    private void handle(HttpExchange ex) throws IOException {
        if (ex.getRequestURI().getPath().equals(COUNTS_PATH)) {
            ex.getRequestBody().readAllBytes();
            respond(ex, 200, "text/plain", List.of(), ("served us: " + served.counts(true) + plant.report(true) + "\n").getBytes(StandardCharsets.US_ASCII));
            ex.close();
            return;
        }
        if (allocateBytes > 0) {
            garbage = new byte[allocateBytes];
        }
        if (unseenParkNanos > 0) {
            parkUntil(System.nanoTime() + unseenParkNanos);
        }
        long start = System.nanoTime();
        boolean forwarded = false;
        try (InputStream in = ex.getRequestBody()) {
            in.readAllBytes();
            requests.incrementAndGet();
            if (!ex.getRequestMethod().equals("GET")) {
                respond(ex, 405, "text/plain", List.of(), "PlantedProxy forwards GET only\n".getBytes(StandardCharsets.US_ASCII));
                return;
            }
            List<String> cookies = ex.getRequestHeaders().getOrDefault("Cookie", List.of());
            if (plant.fails(!cookies.isEmpty())) {
                planted.incrementAndGet();
                respond(ex, 502, "text/plain", List.of(), "planted failure\n".getBytes(StandardCharsets.US_ASCII));
                return;
            }
            List<String> headers = new ArrayList<>(List.of("Accept-Encoding: identity"));
            if (!cookies.isEmpty()) {
                headers.add("Cookie: " + String.join("; ", cookies));
            }
            Http1Client.Response r;
            try {
                r = forward(ex.getRequestURI().toString(), headers.toArray(String[]::new));
            } catch (IOException e) {
                upstreamFailures.incrementAndGet();
                respond(ex, 502, "text/plain", List.of(), ("upstream failed: " + e + "\n").getBytes(StandardCharsets.UTF_8));
                return;
            }
            if (onlyFrom == null || onlyFrom.equals(ex.getRemoteAddress().getAddress().getHostAddress())) {
                plant.awaitAnswer(System.nanoTime());
            }
            String contentType = r.header("Content-Type");
            List<String> setCookies = r.headers().getOrDefault("set-cookie", List.of());
            respond(ex, r.status(), contentType, setCookies, r.body());
            forwarded = true;
        } finally {
            ex.close();
            if (forwarded) {
                served.add(System.nanoTime() - start);
            }
        }
    }

    /**
     * One GET upstream on an idle kept-alive connection, or a new one. A reused connection the
     * upstream has closed meanwhile fails at once; a GET may then be sent again, on a new connection.
     */
    private Http1Client.Response forward(String pathAndQuery, String... headers) throws IOException {
        Http1Client c = idle.pollFirst();
        boolean reused = c != null;
        if (c == null) {
            c = new Http1Client(upstream, 30_000);
        }
        Http1Client.Response r;
        try {
            r = c.get(pathAndQuery, headers);
        } catch (IOException e) {
            c.close();
            if (!reused) {
                throw e;
            }
            c = new Http1Client(upstream, 30_000);
            try {
                r = c.get(pathAndQuery, headers);
            } catch (IOException again) {
                c.close();
                throw again;
            }
        }
        if ("close".equalsIgnoreCase(r.header("Connection"))) {
            c.close();
        } else {
            idle.offerFirst(c);
        }
        return r;
    }

    private static void respond(HttpExchange ex, int status, String contentType, List<String> setCookies, byte[] body) throws IOException {
        if (contentType != null) {
            ex.getResponseHeaders().set("Content-Type", contentType);
        }
        setCookies.forEach(c -> ex.getResponseHeaders().add("Set-Cookie", c));
        ex.sendResponseHeaders(status, body.length == 0 ? -1 : body.length); // -1: no body, 0 would mean chunked
        try (OutputStream out = ex.getResponseBody()) {
            out.write(body);
        }
    }

    /** The one planted behaviour: whether a request fails, and when its answer may leave. */
    private interface Plant {
        /** Whether this request is answered with a planted failure instead of being forwarded. */
        default boolean fails(boolean hasCookie) {
            return false;
        }

        /** Blocks until the answer whose upstream reply came at {@code readyNanos} may leave. */
        default void awaitAnswer(long readyNanos) {
        }

        /**
         * What the plant did, for the line printed at exit (since start) or {@link #COUNTS_PATH} (since the last such request,
         * {@code window}, which starts the count again): empty, or text beginning with "; ".
         */
        default String report(boolean window) {
            return "";
        }

        static Plant of(Map<String, String> o) {
            List<String> given = o.keySet().stream().filter(k -> List.of("delay-ms", "hold-us", "park-us", "cap-rps", "fail-every", "stall-every-ms").contains(k)).toList();
            if (given.size() != 1) {
                usage("exactly one of --delay-ms, --hold-us, --park-us, --cap-rps, --fail-every, --stall-every-ms (with --stall-ms) is needed, got " + given);
            }
            for (String k : o.keySet()) {
                if (!List.of("bind", "port", "upstream", "stall-ms", "exit-after-ms", "never-listen", "unseen-park-us",
                        "only-from", "allocate-bytes").contains(k) && !given.contains(k)) {
                    usage("unknown option --" + k);
                }
            }
            return switch (given.get(0)) {
                case "delay-ms" -> new Delay(number(o, "delay-ms"));
                case "hold-us" -> new Hold(o.get("hold-us").equals("0") ? 0 : number(o, "hold-us"), true);
                case "park-us" -> new Hold(o.get("park-us").equals("0") ? 0 : number(o, "park-us"), false);
                case "cap-rps" -> new Cap(number(o, "cap-rps"));
                case "fail-every" -> new FailEvery(number(o, "fail-every"));
                default -> new Stall(number(o, "stall-every-ms"), number(o, "stall-ms"));
            };
        }
    }

    /** Every answer a fixed time after the upstream's. */
    private record Delay(int millis) implements Plant {
        @Override
        public void awaitAnswer(long readyNanos) {
            parkUntil(readyNanos + TimeUnit.MILLISECONDS.toNanos(millis));
        }

        @Override
        public String toString() {
            return "every answer " + millis + " ms after the upstream's";
        }
    }

    /**
     * Every answer held a fixed number of microseconds after the upstream's, spinning or parked; each actual hold counted
     * per microsecond.
     */
    private static final class Hold implements Plant {
        private final int micros;
        private final boolean spin;
        private final Micros held = new Micros();

        Hold(int micros, boolean spin) {
            this.micros = micros;
            this.spin = spin;
        }

        @Override
        public void awaitAnswer(long readyNanos) {
            long until = readyNanos + TimeUnit.MICROSECONDS.toNanos(micros);
            long now;
            while ((now = System.nanoTime()) < until) {
                if (spin) {
                    Thread.onSpinWait();
                } else {
                    LockSupport.parkNanos(until - now);
                }
            }
            held.add(now - readyNanos);
        }

        /** "; held us: n=N p50=A p99=B max=C": the actual holds, to the microsecond. */
        @Override
        public String report(boolean window) {
            return "; held us: " + held.counts(window);
        }

        @Override
        public String toString() {
            return "every answer held " + micros + " us after the upstream's, " + (spin ? "spinning" : "parked");
        }
    }

    /**
     * Durations counted per microsecond, since start and since the last {@link #counts(boolean) counts(true)}, printed as
     * "n=N p50=A p99=B max=C" (us); 100 ms or more share the last count.
     */
    private static final class Micros {
        private static final int TOP_US = 100_000;
        private final AtomicLongArray total = new AtomicLongArray(TOP_US + 1);
        private final AtomicLongArray window = new AtomicLongArray(TOP_US + 1);

        void add(long nanos) {
            int us = (int) Math.min(TOP_US, TimeUnit.NANOSECONDS.toMicros(nanos));
            total.incrementAndGet(us);
            window.incrementAndGet(us);
        }

        /** Since start, or since the last call with {@code window} (whose count then starts again). */
        String counts(boolean window) {
            long[] counts = new long[TOP_US + 1];
            long n = 0;
            for (int i = 0; i <= TOP_US; i++) {
                counts[i] = window ? this.window.getAndSet(i, 0) : total.get(i);
                n += counts[i];
            }
            long[] at = new long[3];
            double[] q = {0.5, 0.99, 1.0};
            for (int k = 0; k < q.length; k++) {
                long rank = Math.max(1, (long) Math.ceil(q[k] * n));
                long seen = 0;
                for (int i = 0; i <= TOP_US; i++) {
                    seen += counts[i];
                    if (seen >= rank) {
                        at[k] = i;
                        break;
                    }
                }
            }
            return String.format("n=%d p50=%d p99=%d max=%d", n, at[0], at[1], at[2]);
        }
    }

    /** At most {@code perSecond} answers a second, one every 1/perSecond s; no burst credit builds up while idle. */
    private static final class Cap implements Plant {
        private final int perSecond;
        private final long intervalNanos;
        private long nextFree = System.nanoTime();

        Cap(int perSecond) {
            this.perSecond = perSecond;
            this.intervalNanos = TimeUnit.SECONDS.toNanos(1) / perSecond;
        }

        @Override
        public void awaitAnswer(long readyNanos) {
            long slot;
            synchronized (this) { // answers take slots in the order they became ready
                slot = Math.max(System.nanoTime(), nextFree);
                nextFree = slot + intervalNanos;
            }
            parkUntil(slot);
        }

        @Override
        public String toString() {
            return "at most " + perSecond + " answers per second";
        }
    }

    /** One request with a cookie in every block of K fails, at a random place in the block. */
    private static final class FailEvery implements Plant {
        private final int every;
        private final SplittableRandom random = new SplittableRandom(20261123); // fixed: the same requests fail in the same order
        private long withCookie;
        private long failing;

        FailEvery(int every) {
            this.every = every;
        }

        @Override
        public synchronized boolean fails(boolean hasCookie) {
            if (!hasCookie) {
                return false;
            }
            long inBlock = withCookie++ % every;
            if (inBlock == 0) {
                failing = random.nextInt(every);
            }
            return inBlock == failing;
        }

        @Override
        public String toString() {
            return "one request in every " + every + " with a cookie answered 502";
        }
    }

    /** For {@code stallMillis} at the start of every {@code everyMillis} since start, no answer leaves. */
    private static final class Stall implements Plant {
        private final long start = System.nanoTime();
        private final long everyNanos;
        private final long stallNanos;

        Stall(int everyMillis, int stallMillis) {
            if (stallMillis >= everyMillis) {
                usage("--stall-ms must be shorter than --stall-every-ms");
            }
            this.everyNanos = TimeUnit.MILLISECONDS.toNanos(everyMillis);
            this.stallNanos = TimeUnit.MILLISECONDS.toNanos(stallMillis);
        }

        @Override
        public void awaitAnswer(long readyNanos) {
            long now = System.nanoTime();
            long phase = (now - start) % everyNanos;
            if (phase < stallNanos) {
                parkUntil(now - phase + stallNanos);
            }
        }

        @Override
        public String toString() {
            return "no answer for " + stallNanos / 1_000_000 + " ms every " + everyNanos / 1_000_000 + " ms";
        }
    }

    /** Sleeps to a deadline: parkNanos wakes late by tens of microseconds at most, never early (it re-parks). */
    private static void parkUntil(long deadlineNanos) {
        for (long left = deadlineNanos - System.nanoTime(); left > 0; left = deadlineNanos - System.nanoTime()) {
            LockSupport.parkNanos(left);
        }
    }

    private static int number(Map<String, String> o, String key) {
        String v = o.get(key);
        try {
            int n = Integer.parseInt(v == null ? "" : v.trim());
            if (n > 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        usage("--" + key + " must be a whole number above 0, got " + (v == null ? "nothing" : "'" + v + "'"));
        return 0;
    }

    /** A test plant's {@code --name=value} options, in order; anything else goes to {@code usage}, which exits. */
    static Map<String, String> options(String[] args, java.util.function.Consumer<String> usage) {
        Map<String, String> o = new LinkedHashMap<>();
        for (String a : args) {
            int eq = a.indexOf('=');
            if (!a.startsWith("--") || eq < 0) {
                usage.accept("unexpected argument '" + a + "'");
            }
            o.put(a.substring(2, eq), a.substring(eq + 1));
        }
        return o;
    }

    private static void usage(String problem) {
        System.err.println("PlantedProxy: " + problem + "\nusage: PlantedProxy --bind=ADDRESS --port=N --upstream=http://HOST:PORT "
                + "(--delay-ms=N | --hold-us=N | --park-us=N | --cap-rps=N | --fail-every=K | --stall-every-ms=P --stall-ms=S)");
        System.exit(2);
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
