package io.gatewaybench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.gatewaybench.harness.launch.Launch;
import io.gatewaybench.harness.launch.TargetProcess;
import io.gatewaybench.harness.plan.HostileInputRecord;
import io.gatewaybench.harness.plan.JvmProfile;
import io.gatewaybench.harness.plan.Ports;
import io.gatewaybench.harness.plan.Target;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * Hostile and malformed exchanges, sent over raw loopback sockets to one target (each subclass names
 * one) in front of a {@link HostileOrigin} that logs everything it receives. For every case: the
 * status the client gets (or a clean close), what reached the origin (requests and bytes), that the
 * target still serves a normal request afterwards, and that nothing reached any other address (a
 * decoy listener the requests point at must see no connection). The outcomes go to
 * {@code target/hostile-input/} as a table per target and one across all targets.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Execution(ExecutionMode.CONCURRENT) // beside the other targets' suites (each its own target and origins); its own cases one at a time
abstract class HostileInput {
    /** Every target's stated header-read timeout (targets/README.md): a client must send its whole head within it. */
    static final int HEADER_TIMEOUT_S = 10;
    /** Every target's stated body-read timeout (targets/README.md): the longest a request body may go without a byte. */
    static final int BODY_TIMEOUT_S = 10;
    /**
     * How late after its timeout a target may cut a stalled client and still have been cut by that timer: until the
     * timeout has passed twice, short of every other timer any target has (30 s and more: targets/README.md). A
     * functional window, which timer cut, not a speed goal: a loaded machine's delay of a few seconds stays inside it.
     */
    static final int CUT_SLACK_S = 10;
    /** This project's gateways, which must each answer the methods not proxied alike (targets/README.md). */
    private static final List<String> JVM_GATEWAYS = List.of("netty-proxy", "scg", "zuul2");
    /** How long a silent peer is waited for: a guard against a hang, not a speed goal. */
    private static final int HANG_MS = 8_000;
    private static final String SMUGGLED = "GET /smuggled HTTP/1.1\r\nHost: gw.test\r\n\r\n";
    private static final Path TABLES = Path.of("target", "hostile-input").toAbsolutePath();
    /** Column order of the table across targets: the references first. */
    private static final List<String> ORDER = List.of("nginx", "haproxy", "netty-proxy", "scg", "zuul2");

    private final Target target;
    private HostileOrigin origin;
    private HostileOrigin decoy;
    private TargetProcess gateway;
    private int port;
    private final Map<String, String[]> outcomes = new LinkedHashMap<>(); // case -> family, expectation, ok|FAIL, what
    private Seen seen; // what the origin received in the current case, once the barrier request went through

    /** What reached the origin during one case: its requests (the barrier's excluded) and bytes before the barrier. */
    record Seen(List<HostileOrigin.Request> requests, long bytes) {
        long to(String target) {
            return requests.stream().filter(r -> r.target().equals(target)).count();
        }

        @Override
        public String toString() {
            return "origin " + requests.size() + " req/" + bytes + " B";
        }
    }

    /** The check of one case; it returns what happened, in a few words, or fails. */
    interface Check {
        String run() throws Exception;
    }

    HostileInput(String name) {
        target = Target.named(name);
    }

    @BeforeAll
    void start() throws IOException {
        origin = new HostileOrigin();
        decoy = new HostileOrigin(); // "another host": absolute-form requests and foreign Hosts point here
        port = Ports.free();
        gateway = TargetProcess.start(target, Launch.onLoopback(Origins.RUNS.resolve(target.name() + "-hostile"), port,
                origin.url(), 1, JvmProfile.load("default").flags()));
    }

    @AfterAll
    void stop() throws IOException {
        if (gateway != null) {
            gateway.close();
        }
        if (origin != null) {
            origin.close();
            decoy.close();
        }
        writeTables();
        checkRecord();
    }

    /**
     * The outcomes per family against {@code targets/hostile-input.tsv}, the figures a run records for this target's
     * descriptor and its verdict table shows: once every case ran (not in a run filtered to some), they must be the
     * record's; where they are not, the lines to put there are printed.
     */
    private void checkRecord() {
        if (expectations.isEmpty() || outcomes.size() < expectations.size()) {
            return;
        }
        Map<String, HostileInputRecord.Tally> found = tallies(outcomes);
        Map<String, HostileInputRecord.Tally> recorded = HostileInputRecord.read().byGateway().get(target.name());
        if (!found.equals(recorded)) {
            Map<String, HostileInputRecord.Tally> ordered = new LinkedHashMap<>(); // the record's order, then families it lacks
            (recorded == null ? Map.<String, HostileInputRecord.Tally>of() : recorded).keySet().stream().filter(found::containsKey)
                    .forEach(f -> ordered.put(f, found.get(f)));
            found.forEach(ordered::putIfAbsent);
            fail(target.name() + "'s outcomes per family are not those of " + HostileInputRecord.FILE + " (" + recorded
                    + "): put these lines there, in place of its " + target.name() + " lines, and the figures in docs/hostile-input.md:\n"
                    + String.join("\n", HostileInputRecord.lines(target.name(), ordered)));
        }
    }

    /** Per family, in the order the cases name them: the cases handled ("ok") and tried. */
    static Map<String, HostileInputRecord.Tally> tallies(Map<String, String[]> outcomes) {
        Map<String, int[]> counts = new LinkedHashMap<>();
        outcomes.values().forEach(o -> {
            int[] c = counts.computeIfAbsent(o[0], f -> new int[2]);
            c[0] += o[2].equals("ok") ? 1 : 0;
            c[1]++;
        });
        Map<String, HostileInputRecord.Tally> tallies = new LinkedHashMap<>();
        counts.forEach((family, c) -> tallies.put(family, new HostileInputRecord.Tally(c[0], c[1])));
        return tallies;
    }

    // ---- the cases

    @TestFactory
    @Execution(ExecutionMode.SAME_THREAD)
    Stream<DynamicTest> hostileExchanges() {
        return cases().entrySet().stream().map(e -> DynamicTest.dynamicTest(e.getKey(), () -> run(e.getKey(), e.getValue())));
    }

    /** Case name -> [family, expectation] and its check. */
    private final Map<String, String[]> expectations = new LinkedHashMap<>();

    private Map<String, Check> cases() {
        Map<String, Check> c = new LinkedHashMap<>();
        // Request smuggling and framing (RFC 9112 6.3, 5.1, 5.2, 7.1): refused with 4xx and the connection
        // closed, nothing reaching the origin; where the RFC allows a repair, the repaired request alone.
        String framing = "smuggling/framing";
        String refuse = "4xx (or close), connection closed, origin receives nothing";
        String refuseOrRepair = "refused as above, or exactly one repaired request at the origin";
        add(c, framing, "te-space-before-colon+cl", refuse, () -> refused(
                "POST /f HTTP/1.1\r\nHost: gw.test\r\nContent-Length: 5\r\nTransfer-Encoding : chunked\r\n\r\n0\r\n\r\n" + SMUGGLED));
        // RFC 9112 6.1/6.3: with both, Transfer-Encoding wins; a server may refuse, or forward without the
        // Content-Length, and must close the connection after either. Likewise Transfer-Encoding in HTTP/1.0.
        String teWins = "refused as above, or forwarded chunked without Content-Length and the connection closed";
        Predicate<HostileOrigin.Request> chunkedOnly = r -> r.all("content-length").isEmpty() && r.body().length == 0;
        add(c, framing, "te+cl", teWins, () -> refusedOrRepaired(
                "POST /f HTTP/1.1\r\nHost: gw.test\r\nContent-Length: " + (5 + SMUGGLED.length())
                        + "\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n" + SMUGGLED, chunkedOnly, true));
        add(c, framing, "te-twice(chunked,identity)", refuse, () -> refused(
                "POST /f HTTP/1.1\r\nHost: gw.test\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: identity\r\n\r\n"
                        + "0\r\n\r\n" + SMUGGLED));
        add(c, framing, "te-chunked-then-identity", refuse, () -> refused(
                "POST /f HTTP/1.1\r\nHost: gw.test\r\nTransfer-Encoding: chunked, identity\r\n\r\n0\r\n\r\n" + SMUGGLED));
        add(c, framing, "te-unknown(xchunked)+cl", refuse, () -> refused(
                "POST /f HTTP/1.1\r\nHost: gw.test\r\nContent-Length: 5\r\nTransfer-Encoding: xchunked\r\n\r\n0\r\n\r\n" + SMUGGLED));
        add(c, framing, "te-obs-fold+cl", teWins, () -> refusedOrRepaired(
                "POST /f HTTP/1.1\r\nHost: gw.test\r\nContent-Length: 5\r\nTransfer-Encoding:\r\n chunked\r\n\r\n0\r\n\r\n" + SMUGGLED,
                chunkedOnly, true));
        add(c, framing, "te-http10+cl", teWins, () -> refusedOrRepaired(
                "POST /f HTTP/1.0\r\nHost: gw.test\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n" + SMUGGLED,
                chunkedOnly, true));
        add(c, framing, "cl-duplicate-differ", refuse, () -> refused(
                "POST /f HTTP/1.1\r\nHost: gw.test\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello!" + SMUGGLED));
        add(c, framing, "cl-list-differ", refuse, () -> refused(
                "POST /f HTTP/1.1\r\nHost: gw.test\r\nContent-Length: 5, 6\r\n\r\nhello!" + SMUGGLED));
        add(c, framing, "cl-list-same", refuseOrRepair, () -> refusedOrRepaired(
                "POST /f HTTP/1.1\r\nHost: gw.test\r\nContent-Length: 5, 5\r\n\r\nhello",
                r -> new String(r.body(), StandardCharsets.ISO_8859_1).equals("hello")));
        add(c, framing, "cl-negative", refuse, () -> refused(
                "POST /f HTTP/1.1\r\nHost: gw.test\r\nContent-Length: -5\r\n\r\nhello" + SMUGGLED));
        add(c, framing, "cl-plus-sign", refuse, () -> refused(
                "POST /f HTTP/1.1\r\nHost: gw.test\r\nContent-Length: +5\r\n\r\nhello" + SMUGGLED));
        add(c, framing, "cl-hex", refuse, () -> refused(
                "POST /f HTTP/1.1\r\nHost: gw.test\r\nContent-Length: 0x5\r\n\r\nhello" + SMUGGLED));
        add(c, framing, "cl-overflow", refuse, () -> refused(
                "POST /f HTTP/1.1\r\nHost: gw.test\r\nContent-Length: 99999999999999999999999\r\n\r\nhello" + SMUGGLED));
        add(c, framing, "whitespace-before-colon", refuse, () -> refused(
                "GET /f HTTP/1.1\r\nHost: gw.test\r\nX-Test : 1\r\n\r\n"));
        add(c, framing, "obs-fold", refuseOrRepair, () -> refusedOrRepaired(
                "GET /f HTTP/1.1\r\nHost: gw.test\r\nX-Folded: a\r\n b\r\n\r\n",
                r -> r.headers().stream().noneMatch(h -> h[0].isEmpty() || h[0].equals("b") || h[0].startsWith(" "))
                        && r.all("x-folded").stream().allMatch(v -> v.matches("a +b"))));
        add(c, framing, "bare-cr-in-field", refuseOrRepair, () -> refusedOrRepaired(
                "GET /f HTTP/1.1\r\nHost: gw.test\r\nX-A: 1\rX-Injected: 2\r\n\r\n",
                r -> r.all("x-injected").isEmpty() && r.all("x-a").stream().noneMatch(v -> v.indexOf('\r') >= 0)));
        add(c, framing, "nul-in-field", refuseOrRepair, () -> refusedOrRepaired(
                "GET /f HTTP/1.1\r\nHost: gw.test\r\nX-A: 1\0X\r\n\r\n",
                r -> r.all("x-a").stream().noneMatch(v -> v.indexOf('\0') >= 0)));
        add(c, framing, "chunk-size-invalid", "no 2xx, no smuggled request at the origin, at most the cut-off request",
                () -> cutOff("POST /f HTTP/1.1\r\nHost: gw.test\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\nzz\r\n"
                        + SMUGGLED));
        add(c, framing, "chunk-size-overflow", "no 2xx, no smuggled request at the origin, at most the cut-off request",
                () -> cutOff("POST /f HTTP/1.1\r\nHost: gw.test\r\nTransfer-Encoding: chunked\r\n\r\n"
                        + "10000000000000005\r\nhello\r\n0\r\n\r\n" + SMUGGLED));
        add(c, framing, "chunk-data-overrun", "no 2xx, no smuggled request at the origin, at most the cut-off request",
                () -> cutOff("POST /f HTTP/1.1\r\nHost: gw.test\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhelloXX\r\n0\r\n\r\n"
                        + SMUGGLED));
        add(c, framing, "request-line-extra-token", refuse, () -> refused("GET /f HTTP/1.1 extra\r\nHost: gw.test\r\n\r\n"));
        // RFC 9110 2.5 lets a server refuse a major version (505) but does not require it.
        add(c, framing, "http-version-unknown", refuseOrRepair, () -> refusedOrRepaired(
                "GET /f HTTP/9.9\r\nHost: gw.test\r\n\r\n", r -> r.target().equals("/f")));
        add(c, framing, "connection-names-transfer-encoding", refuseOrRepair, () -> refusedOrRepaired(
                "POST /f HTTP/1.1\r\nHost: gw.test\r\nConnection: Transfer-Encoding\r\nTransfer-Encoding: chunked\r\n\r\n"
                        + Integer.toHexString(SMUGGLED.length()) + "\r\n" + SMUGGLED + "\r\n0\r\n\r\n",
                r -> new String(r.body(), StandardCharsets.ISO_8859_1).equals(SMUGGLED)));
        add(c, framing, "connection-names-content-length", refuseOrRepair, () -> refusedOrRepaired(
                "POST /f HTTP/1.1\r\nHost: gw.test\r\nConnection: Content-Length\r\nContent-Length: " + SMUGGLED.length()
                        + "\r\n\r\n" + SMUGGLED,
                r -> new String(r.body(), StandardCharsets.ISO_8859_1).equals(SMUGGLED)));

        // Two requests in one write (pipelining): answered in order, or the connection closed cleanly (RFC 9112 9.6 lets
        // any party close at any time); never an answer crossed over to the wrong request.
        // The origin echoes the path it was asked, so an answer crossed with another, or replayed, shows.
        add(c, framing, "pipelined-requests", "each answered in order with its own path, or a clean close; never crossed", () -> pipelined(
                "GET /echo/one HTTP/1.1\r\nHost: gw.test\r\n\r\nGET /echo/two HTTP/1.1\r\nHost: gw.test\r\n\r\n"
                        + "GET /echo/three HTTP/1.1\r\nHost: gw.test\r\n\r\n", List.of("/echo/one", "/echo/two", "/echo/three")));
        add(c, framing, "pipelined-after-a-body", "each answered in order with its own path, or a clean close; never crossed",
                () -> pipelined("POST /echo/posted HTTP/1.1\r\nHost: gw.test\r\nContent-Length: 5\r\n\r\nhello"
                        + "GET /echo/after HTTP/1.1\r\nHost: gw.test\r\n\r\n", List.of("/echo/posted", "/echo/after")));
        add(c, framing, "chunk-extension", "200; the origin receives the body without the extension", () -> served(
                "POST /f HTTP/1.1\r\nHost: gw.test\r\nTransfer-Encoding: chunked\r\n\r\n5;name=value\r\nhello\r\n0\r\n\r\n",
                r -> new String(r.body(), StandardCharsets.ISO_8859_1).equals("hello")));
        // A response to HEAD says chunked but has no body: a gateway that writes a last chunk after it desynchronises
        // the client's connection.
        add(c, framing, "head-response-chunked", "200 without a body; the next answer on the connection intact", () -> {
            try (RawConnection conn = new RawConnection(port, HANG_MS)) {
                RawConnection.Reply head = conn.send("HEAD /s/head-chunked HTTP/1.1\r\nHost: gw.test\r\n\r\n").read(true);
                assertEquals(200, head.status(), head.summary());
                RawConnection.Reply next = conn.sendQuietly("GET /next HTTP/1.1\r\nHost: gw.test\r\n\r\n").read(false);
                assertTrue(next.closedSilently() || (next.status() == 200 && next.text().equals("origin-ok\n")),
                        "the next answer: " + next.summary());
                return "200, then " + (next.closedSilently() ? "closed" : "the next answer intact") + "; " + seen();
            }
        });

        // Header abuse: too big, duplicated or missing Host, invalid names, hop-by-hop tricks.
        String headers = "header abuse";
        add(c, headers, "header-64k", refuse, () -> refused(
                "GET /f HTTP/1.1\r\nHost: gw.test\r\nX-Big: " + "a".repeat(64 * 1024) + "\r\n\r\n"));
        add(c, headers, "headers-5000", refuse, () -> {
            StringBuilder many = new StringBuilder("GET /f HTTP/1.1\r\nHost: gw.test\r\n");
            for (int i = 0; i < 5000; i++) {
                many.append("X-H").append(i).append(": v\r\n");
            }
            return refused(many.append("\r\n").toString());
        });
        add(c, headers, "uri-64k", refuse, () -> refused("GET /" + "a".repeat(64 * 1024) + " HTTP/1.1\r\nHost: gw.test\r\n\r\n"));
        add(c, headers, "host-duplicate", refuse, () -> refused("GET /f HTTP/1.1\r\nHost: gw.test\r\nHost: other.test\r\n\r\n"));
        add(c, headers, "host-missing", refuse, () -> refused("GET /f HTTP/1.1\r\nX-A: 1\r\n\r\n"));
        add(c, headers, "host-invalid", refuse, () -> refused("GET /f HTTP/1.1\r\nHost: gw test\r\n\r\n"));
        add(c, headers, "space-in-field-name", refuseOrRepair, () -> refusedOrRepaired(
                "GET /f HTTP/1.1\r\nHost: gw.test\r\nX A: 1\r\n\r\n", r -> r.headers().stream().noneMatch(h -> h[0].contains(" "))));
        add(c, headers, "invalid-char-in-field-name", refuseOrRepair, () -> refusedOrRepaired(
                "GET /f HTTP/1.1\r\nHost: gw.test\r\nX(A): 1\r\n\r\n", r -> r.headers().stream().noneMatch(h -> h[0].contains("("))));
        add(c, headers, "connection-names-host", refuseOrRepair, () -> refusedOrRepaired(
                "GET /f HTTP/1.1\r\nHost: gw.test\r\nConnection: Host\r\n\r\n", r -> r.all("host").size() == 1));
        add(c, headers, "x-forwarded-for-spoof", "200; the client's address appended last",
                () -> served("GET /f HTTP/1.1\r\nHost: gw.test\r\nX-Forwarded-For: 203.0.113.9\r\n\r\n",
                        r -> String.join(",", r.all("x-forwarded-for")).replace(" ", "").endsWith(",127.0.0.1")));
        add(c, headers, "obs-text-in-value", "200, forwarded (obs-text is valid)",
                () -> served("GET /f HTTP/1.1\r\nHost: gw.test\r\nX-A: caf\u00e9\r\n\r\n", r -> r.all("x-a").size() == 1));

        // Open proxy: whatever the request names, only the configured origin may be contacted.
        String open = "open proxy";
        String onlyOrigin = "any status; the decoy host sees no connection";
        add(c, open, "absolute-form-other-host", onlyOrigin, () -> onlyOrigin(
                "GET http://127.0.0.1:" + decoy.port() + "/open HTTP/1.1\r\nHost: 127.0.0.1:" + decoy.port() + "\r\n\r\n"));
        add(c, open, "absolute-form-https", onlyOrigin, () -> onlyOrigin(
                "GET https://127.0.0.1:" + decoy.port() + "/open HTTP/1.1\r\nHost: 127.0.0.1:" + decoy.port() + "\r\n\r\n"));
        add(c, open, "absolute-form-userinfo", onlyOrigin, () -> onlyOrigin(
                "GET http://gw.test@127.0.0.1:" + decoy.port() + "/open HTTP/1.1\r\nHost: gw.test\r\n\r\n"));
        add(c, open, "foreign-host-header", onlyOrigin, () -> onlyOrigin(
                "GET /open HTTP/1.1\r\nHost: 127.0.0.1:" + decoy.port() + "\r\n\r\n"));
        // A reverse proxy may refuse CONNECT or hand it to its origin (which decides); never to the named host.
        add(c, open, "connect-method", onlyOrigin, () -> {
            try (RawConnection conn = new RawConnection(port, HANG_MS)) {
                RawConnection.Reply reply = conn.sendQuietly("CONNECT 127.0.0.1:" + decoy.port() + " HTTP/1.1\r\nHost: 127.0.0.1:"
                        + decoy.port() + "\r\n\r\n").read(true); // a 2xx to CONNECT has no body: a tunnel follows
                assertTrue(!reply.problem().contains("hang"), reply.summary());
                conn.sendQuietly("GET /tunnelled HTTP/1.1\r\nHost: x\r\n\r\n");
                conn.readTimeout(2_000);
                conn.read(false); // whatever comes back: it lets a tunnelled exchange end within this case
                return reply.summary() + "; " + seen() + "; decoy 0";
            }
        });

        // Methods a reverse proxy here does not carry: CONNECT would open a tunnel (RFC 9110 9.3.6), TRACE would echo the
        // request with what the gateway added to it (9.3.8). The JVM gateways refuse both alike: 405 with Allow (15.5.6),
        // the connection closed, nothing at the origin. NGINX and HAProxy as configured: never a tunnel.
        String methods = "methods not proxied";
        boolean jvm = JVM_GATEWAYS.contains(target.name());
        String jvmRule = "405 with Allow, closed; nothing at the origin";
        add(c, methods, "connect-not-proxied", jvm ? jvmRule : "as configured: no 2xx to CONNECT, never the named host", () -> notProxied(
                "CONNECT 127.0.0.1:" + decoy.port() + " HTTP/1.1\r\nHost: 127.0.0.1:" + decoy.port() + "\r\n\r\n", jvm));
        add(c, methods, "trace-not-proxied", jvm ? jvmRule : "as configured: no 2xx to TRACE, no request echoed", () -> notProxied(
                "TRACE /trace HTTP/1.1\r\nHost: gw.test\r\nX-Secret: not-for-echo\r\n\r\n", jvm));

        // Request bodies that stall (RFC 9112 9.5: a server may close a connection whose request takes too long).
        String bodies = "slow request bodies";
        add(c, bodies, "body-stops-mid-way", "408 or a close " + BODY_TIMEOUT_S + "-" + (BODY_TIMEOUT_S + CUT_SLACK_S)
                + " s after the last byte; the origin connection released", this::bodyStops);
        add(c, bodies, "body-trickled-a-byte-a-second", "200: a body that keeps coming is carried, slowly; the origin gets it whole",
                () -> {
                    try (RawConnection conn = new RawConnection(port, HANG_MS)) {
                        conn.send("POST /trickle HTTP/1.1\r\nHost: gw.test\r\nContent-Length: 5\r\n\r\n");
                        for (char b : "hello".toCharArray()) {
                            Thread.sleep(1_000);
                            conn.send(String.valueOf(b));
                        }
                        RawConnection.Reply reply = conn.read(false);
                        Seen s = seen();
                        assertEquals(200, reply.status(), reply.summary());
                        assertEquals(1, s.to("/trickle"), "the origin received " + s.requests());
                        assertEquals("hello", new String(s.requests().get(0).body(), StandardCharsets.US_ASCII), "the body at the origin");
                        return reply.summary() + "; " + s;
                    }
                });

        // Oversized and unusual but valid clients.
        String big = "oversized/slow clients";
        add(c, big, "chunked-upload-8MiB", "200; the origin receives all 8 MiB", () -> {
            byte[] chunk = "x".repeat(64 * 1024).getBytes(StandardCharsets.US_ASCII);
            try (RawConnection conn = new RawConnection(port, HANG_MS)) {
                conn.send("POST /upload HTTP/1.1\r\nHost: gw.test\r\nTransfer-Encoding: chunked\r\n\r\n");
                for (int i = 0; i < 128; i++) {
                    conn.send("10000\r\n").send(chunk).send("\r\n");
                }
                RawConnection.Reply reply = conn.send("0\r\n\r\n").read(false);
                Seen s = seen();
                assertEquals(200, reply.status(), reply.summary());
                assertEquals(1, s.to("/upload"), s.toString());
                HostileOrigin.Request upload = s.requests().stream().filter(r -> r.target().equals("/upload")).findFirst().orElseThrow();
                assertEquals(8 << 20, upload.body().length, "body bytes at the origin");
                return reply.summary() + "; " + s;
            }
        });

        // Malformed answers from the origin: 502, or a cut connection when the body had started; never a hang,
        // never a second attempt (each answer follows a request that reused a kept-alive upstream connection).
        String malformed = "malformed origin response";
        String badGateway = "502, or a close (before any byte, or mid-body if the head had gone out); sent once";
        for (String script : List.of("dup-cl", "cl-list", "cl-negative", "long-header", "bad-status", "not-http", "truncated-head",
                "empty", "truncated-cl", "truncated-chunked", "bad-chunk")) {
            add(c, malformed, "response-" + script, badGateway, () -> badGateway(script, false));
        }
        // Chunked answers malformed from their first chunk's size line on (RFC 9112 7.1): nothing of the body is valid, so
        // a JVM gateway has nothing to send before it knows, and answers 502 like every malformed answer. NGINX and HAProxy
        // as configured. Where a valid part of the body came first, a close after the head is as good as a 502.
        String chunked = "malformed chunked response";
        for (String script : List.of("bad-first-chunk", "chunk-size-overflow")) {
            add(c, chunked, "response-" + script, jvm ? "502, nothing of the body being valid; sent once" : badGateway,
                    () -> badGateway(script, false, jvm));
        }
        for (String script : List.of("chunk-without-crlf", "chunked-no-last-chunk")) {
            add(c, chunked, "response-" + script, badGateway, () -> badGateway(script, false));
        }
        for (String script : List.of("te-space-colon", "nul-header", "space-in-name")) {
            add(c, malformed, "response-" + script, "502, or a complete response without the bad field; sent once",
                    () -> badGateway(script, true));
        }
        add(c, malformed, "response-extra-bytes", "200 with the declared body only; the next answer is the origin's own",
                () -> {
                    try (RawConnection conn = new RawConnection(port, HANG_MS)) {
                        RawConnection.Reply first = conn.send("GET /s/extra-bytes HTTP/1.1\r\nHost: gw.test\r\n\r\n").read(false);
                        assertEquals(200, first.status(), first.summary());
                        assertEquals("origin-ok\n", first.text());
                        RawConnection.Reply second = conn.sendQuietly("GET /next HTTP/1.1\r\nHost: gw.test\r\n\r\n").read(false);
                        assertTrue(second.closedSilently() || (second.status() == 200 && second.text().equals("origin-ok\n")),
                                "second answer: " + second.summary() + " '" + second.text() + "'");
                        return "200, then " + (second.closedSilently() ? "closed" : "the next answer intact") + "; " + seen();
                    }
                });

        // 1xx and upgrades.
        String interim = "1xx/upgrade";
        // RFC 9110 15.2: a proxy MUST forward 1xx responses (a client must cope with unasked ones), and MUST NOT
        // send any to an HTTP/1.0 client.
        add(c, interim, "100-continue-unasked", "final 200 intact; the 100 passed or dropped",
                () -> interimThen200("GET /s/100-then-200 HTTP/1.1\r\nHost: gw.test\r\n\r\n", true));
        add(c, interim, "103-early-hints", "final 200 intact; the 103 passed or dropped",
                () -> interimThen200("GET /s/103-then-200 HTTP/1.1\r\nHost: gw.test\r\n\r\n", true));
        add(c, interim, "1xx-to-http10-client", "final 200 intact; no 1xx to an HTTP/1.0 client",
                () -> interimThen200("GET /s/100-then-200 HTTP/1.0\r\nHost: gw.test\r\n\r\n", false));
        add(c, interim, "expect-100-continue", "200; the body reaches the origin", () -> {
            try (RawConnection conn = new RawConnection(port, HANG_MS)) {
                conn.send("POST /expect HTTP/1.1\r\nHost: gw.test\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\n");
                conn.readTimeout(1_500); // a client waits a little for the 100, then sends anyway (RFC 9110 10.1.1)
                RawConnection.Reply early = conn.read(false);
                conn.readTimeout(HANG_MS);
                RawConnection.Reply reply;
                if (early.status() < 0 && early.problem().contains("hang")) {
                    reply = conn.send("hello").read(false);
                } else {
                    fail("a final answer before the body: " + early.summary());
                    return "";
                }
                Seen s = seen();
                assertEquals(200, reply.status(), reply.summary());
                assertEquals(1, s.to("/expect"), s.toString());
                assertEquals("hello", new String(s.requests().get(0).body(), StandardCharsets.ISO_8859_1));
                return reply.summary() + "; " + s;
            }
        });
        add(c, interim, "101-unasked-from-origin", "502 or a close; never a tunnel the client did not ask for", () -> {
            try (RawConnection conn = new RawConnection(port, HANG_MS)) {
                RawConnection.Reply reply = conn.send("GET /s/101-unasked HTTP/1.1\r\nHost: gw.test\r\n\r\n").read(false);
                Seen s = seen();
                assertTrue(reply.status() == 502 || reply.closedSilently() || (reply.status() / 100 == 2 && !reply.complete()),
                        "answer: " + reply.summary());
                assertEquals(1, s.to("/s/101-unasked"), s.toString());
                return reply.summary() + "; " + s;
            }
        });
        add(c, interim, "websocket-upgrade-request", "a normal 200 (or 4xx); the connection stays HTTP", () ->
                upgrade("GET /up HTTP/1.1\r\nHost: gw.test\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n"
                        + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"));
        add(c, interim, "h2c-upgrade-request", "a normal 200 (or 4xx); the connection stays HTTP", () ->
                upgrade("GET /up HTTP/1.1\r\nHost: gw.test\r\nConnection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\n"
                        + "HTTP2-Settings: AAMAAABkAARAAAAAAAIAAAAA\r\n\r\n"));
        return c;
    }

    private void add(Map<String, Check> c, String family, String name, String expectation, Check check) {
        c.put(name, check);
        expectations.put(name, new String[] {family, expectation});
    }

    private void run(String name, Check check) throws Exception {
        origin.reset();
        decoy.reset();
        seen = null;
        String[] e = expectations.get(name);
        String deviation = DEVIATIONS.getProperty(target.name() + "." + name);
        String what;
        Throwable missed = null;
        try {
            what = check.run();
        } catch (AssertionError | Exception failure) {
            missed = failure;
            what = String.valueOf(failure.getMessage()).replace('\n', ' ');
        }
        try { // whatever the case's outcome: the target still serves, nothing smuggled, no other host reached
            Seen s = seen();
            assertTrue(s.requests().stream().noneMatch(r -> r.target().contains("smuggled")), "a smuggled request reached the origin: " + s.requests());
            assertEquals(0, decoy.connections(), "a connection reached the decoy host");
        } catch (AssertionError | Exception failure) {
            missed = failure;
            what = String.valueOf(failure.getMessage()).replace('\n', ' ');
            deviation = null; // never excused
        }
        if (missed == null && deviation == null) {
            outcomes.put(name, new String[] {e[0], e[1], "ok", what});
        } else if (missed != null && deviation != null) {
            outcomes.put(name, new String[] {e[0], e[1], "deviates", what + " (known: " + deviation + ")"});
        } else {
            String why = missed != null ? what
                    : "handled (" + what + "), but hostile/deviations.properties says it deviates: remove the line " + target.name() + "." + name;
            outcomes.put(name, new String[] {e[0], e[1], "FAIL", why});
            // surefire names a dynamic test by its index only: the case's name goes into the message
            throw new AssertionError(target.name() + " " + name + " (expected: " + e[1] + "): " + why, missed);
        }
    }

    /** The references' known deviations ({@code hostile/deviations.properties}), allowed for NGINX and HAProxy only. */
    private static final java.util.Properties DEVIATIONS = new java.util.Properties();

    static {
        try (var in = HostileInput.class.getResourceAsStream("/hostile/deviations.properties")) {
            DEVIATIONS.load(java.util.Objects.requireNonNull(in, "hostile/deviations.properties is missing from the test class path"));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /**
     * The pipelining check reads each answer's body: an answer expected for another request's path, as a crossed answer
     * would come, fails against this very target (one request, which every target answers: Zuul2 closes on a second).
     */
    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void aCrossedPipelinedAnswerIsSeen() throws IOException {
        String request = "GET /echo/one HTTP/1.1\r\nHost: gw.test\r\n\r\n";
        origin.reset();
        seen = null;
        pipelined(request, List.of("/echo/one"));
        origin.reset();
        seen = null;
        AssertionError crossed = org.junit.jupiter.api.Assertions.assertThrows(AssertionError.class,
                () -> pipelined(request, List.of("/echo/two")));
        assertTrue(crossed.getMessage().contains("the answer to /echo/two"), crossed.getMessage());
    }

    /** A deviation is a fact about a packaged reference; this project's own gateways must handle every case. */
    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void onlyThePackagedReferencesMayDeviate() {
        List<String> mine = DEVIATIONS.stringPropertyNames().stream().filter(k -> k.startsWith(target.name() + ".")).sorted().toList();
        if (!List.of("nginx", "haproxy").contains(target.name())) {
            assertEquals(List.of(), mine, target.name() + " is this project's code: fix it rather than excuse it");
        }
        Map<String, Check> all = cases();
        for (String k : mine) {
            assertTrue(all.containsKey(k.substring(target.name().length() + 1)), k + " names no case");
        }
    }

    // ---- expectations

    /** Refused: 4xx (or a close without answer), the connection closed, nothing at the origin. */
    private String refused(String request) throws IOException {
        try (RawConnection conn = new RawConnection(port, HANG_MS)) {
            RawConnection.Reply reply = conn.sendQuietly(request).read(false);
            boolean closed = reply.closedSilently() || conn.closesWithinTimeout();
            Seen s = seen();
            assertTrue(reply.closedSilently() || isRefusal(reply.status()), "not refused: " + reply.summary() + "; " + s);
            assertTrue(closed, reply.summary() + " but the connection stayed open");
            assertEquals(0, s.requests().size(), "the origin received " + s.requests());
            assertEquals(0, s.bytes(), "the origin received bytes");
            return reply.summary() + ", closed; " + s;
        }
    }

    /** Refused as above, or served with exactly one request at the origin that passes {@code repaired}. */
    private String refusedOrRepaired(String request, Predicate<HostileOrigin.Request> repaired) throws IOException {
        return refusedOrRepaired(request, repaired, false);
    }

    /** The same; with {@code mustClose}, the connection must also be closed after the repaired request's answer. */
    private String refusedOrRepaired(String request, Predicate<HostileOrigin.Request> repaired, boolean mustClose) throws IOException {
        try (RawConnection conn = new RawConnection(port, HANG_MS)) {
            RawConnection.Reply reply = conn.sendQuietly(request).read(false);
            if (reply.closedSilently() || isRefusal(reply.status())) {
                boolean closed = reply.closedSilently() || conn.closesWithinTimeout();
                Seen s = seen();
                assertTrue(closed, reply.summary() + " but the connection stayed open");
                assertEquals(0, s.requests().size(), "refused, yet the origin received " + s.requests());
                return reply.summary() + ", closed; " + s;
            }
            Seen s = seen();
            assertEquals(200, reply.status(), "neither refused nor served: " + reply.summary());
            assertEquals(1, s.requests().size(), "the origin received " + s.requests());
            assertTrue(repaired.test(s.requests().get(0)), "forwarded unrepaired: " + describe(s.requests().get(0)));
            if (mustClose) {
                assertTrue(conn.closesWithinTimeout(), "forwarded, but the connection stayed open after it");
            }
            return "forwarded, repaired: " + reply.summary() + (mustClose ? ", closed" : "") + "; " + s;
        }
    }

    /** A request cut off by broken chunking: no 2xx, at most the one request (never a smuggled one) at the origin. */
    private String cutOff(String request) throws IOException {
        try (RawConnection conn = new RawConnection(port, HANG_MS)) {
            RawConnection.Reply reply = conn.sendQuietly(request).read(false);
            boolean closed = reply.closedSilently() || conn.closesWithinTimeout();
            Seen s = seen();
            assertTrue(reply.closedSilently() || reply.status() >= 400, "answered " + reply.summary());
            assertTrue(closed, reply.summary() + " but the connection stayed open");
            assertTrue(s.requests().size() <= 1 && s.to("/f") == s.requests().size(), "the origin received " + s.requests());
            return reply.summary() + ", closed; " + s;
        }
    }

    /** Served normally: 200, one request at the origin that passes {@code check}. */
    private String served(String request, Predicate<HostileOrigin.Request> check) throws IOException {
        try (RawConnection conn = new RawConnection(port, HANG_MS)) {
            RawConnection.Reply reply = conn.send(request).read(false);
            Seen s = seen();
            assertEquals(200, reply.status(), reply.summary());
            assertEquals(1, s.requests().size(), "the origin received " + s.requests());
            assertTrue(check.test(s.requests().get(0)), "as the origin saw it: " + describe(s.requests().get(0)));
            return reply.summary() + "; " + s;
        }
    }

    /** Whatever the answer, no connection reached the decoy host (checked after every case) and the origin saw at most one. */
    private String onlyOrigin(String request) throws IOException {
        try (RawConnection conn = new RawConnection(port, HANG_MS)) {
            RawConnection.Reply reply = conn.sendQuietly(request).read(false);
            Seen s = seen();
            assertTrue(!reply.problem().contains("hang"), reply.summary());
            assertTrue(s.requests().size() <= 1, "the origin received " + s.requests());
            return reply.summary() + "; " + s + "; decoy 0";
        }
    }

    /**
     * GET /s/{script} after a first request on the same connection (so the gateway reuses a kept-alive upstream
     * connection): 502, or a 2xx head and then a cut connection; with {@code repairAllowed}, also a complete response
     * without the malformed field. The script's request reaches the origin exactly once.
     */
    private String badGateway(String script, boolean repairAllowed) throws IOException {
        return badGateway(script, repairAllowed, false);
    }

    /** As above; when {@code only502}, nothing but a 502 passes. */
    private String badGateway(String script, boolean repairAllowed, boolean only502) throws IOException {
        try (RawConnection conn = new RawConnection(port, HANG_MS)) {
            RawConnection.Reply warm = conn.send("GET /warm HTTP/1.1\r\nHost: gw.test\r\n\r\n").read(false);
            assertEquals(200, warm.status(), "the request before: " + warm.summary());
            RawConnection.Reply reply = conn.sendQuietly("GET /s/" + script + " HTTP/1.1\r\nHost: gw.test\r\n\r\n").read(false);
            Seen s = seen();
            assertEquals(1, s.to("/s/" + script), "requests to the origin: " + s.requests());
            String what = reply.summary() + "; " + s;
            if (only502) {
                assertEquals(502, reply.status(), "malformed origin response passed on as " + what);
                return what;
            }
            if (reply.status() == 502 || reply.closedSilently()) {
                return what; // a close without a byte is what a broken kept-alive connection looks like: a client may retry
            }
            if (reply.status() / 100 == 2 && !reply.complete() && reply.problem().startsWith("closed")) {
                return what; // the head had gone out: cutting the connection is the only way to say the body is broken
            }
            if (repairAllowed && reply.status() == 200 && reply.complete()
                    && reply.headers().keySet().stream().noneMatch(h -> h.contains(" ") || h.equals("x-a") && reply.header(h).indexOf('\0') >= 0)) {
                return "forwarded, repaired: " + what;
            }
            fail("malformed origin response passed on as " + what);
            return what;
        }
    }

    /** An interim response, then 200: the final answer intact; a 1xx only where {@code interimAllowed}. */
    private String interimThen200(String request, boolean interimAllowed) throws IOException {
        try (RawConnection conn = new RawConnection(port, HANG_MS)) {
            RawConnection.Reply reply = conn.send(request).read(false);
            Seen s = seen();
            assertEquals(200, reply.status(), reply.summary());
            assertEquals("origin-ok\n", reply.text(), "the final body");
            assertTrue(interimAllowed || reply.interim().isEmpty(), "interim responses " + reply.interim() + " reached the client");
            assertEquals(1, s.requests().size(), s.toString());
            return reply.summary() + "; " + s;
        }
    }

    /** An upgrade the origin does not take: a normal answer, and the same connection serves a plain request after it. */
    private String upgrade(String request) throws IOException {
        try (RawConnection conn = new RawConnection(port, HANG_MS)) {
            RawConnection.Reply reply = conn.send(request).read(false);
            assertTrue(reply.status() == 200 || (reply.status() >= 400 && reply.status() < 500), reply.summary());
            String after = "";
            if (reply.status() == 200) {
                RawConnection.Reply next = conn.sendQuietly("GET /plain HTTP/1.1\r\nHost: gw.test\r\n\r\n").read(false);
                assertTrue(next.closedSilently() || (next.status() == 200 && next.text().equals("origin-ok\n")),
                        "the next request on that connection: " + next.summary());
                after = next.closedSilently() ? ", then closed" : ", then 200 on the same connection";
            }
            Seen s = seen();
            return reply.summary() + after + "; " + s;
        }
    }

    /**
     * Requests sent in one write: each answer, in order, must be the origin's echo of its own request's path, until the
     * target closes the connection cleanly (RFC 9112 9.3.2 lets it stop after any answer); each path reaches the origin
     * at most once, and nothing else does.
     */
    private String pipelined(String requests, List<String> paths) throws IOException {
        try (RawConnection conn = new RawConnection(port, HANG_MS)) {
            conn.send(requests);
            List<String> got = new ArrayList<>();
            for (String path : paths) {
                RawConnection.Reply r = conn.read(false);
                if (r.closedSilently()) {
                    got.add("closed");
                    break;
                }
                assertEquals(200, r.status(), "the answer to " + path + ": " + r.summary());
                assertEquals("echo " + path + "\n", r.text(), "the answer to " + path + " (after " + got + ")");
                got.add("200 " + path);
            }
            Seen s = seen();
            for (String path : paths) {
                assertTrue(s.to(path) <= 1, path + " reached the origin more than once: " + s.requests());
            }
            assertEquals(s.requests().size(), paths.stream().mapToLong(s::to).sum(), "the origin received " + s.requests());
            return String.join(", ", got) + "; " + s;
        }
    }

    /** A method not proxied: for the JVM gateways 405 with Allow and a close; for NGINX and HAProxy no 2xx. Never the decoy. */
    private String notProxied(String request, boolean jvm) throws IOException {
        try (RawConnection conn = new RawConnection(port, HANG_MS)) {
            RawConnection.Reply reply = conn.sendQuietly(request).read(false);
            boolean closed = reply.closedSilently() || conn.closesWithinTimeout();
            Seen s = seen();
            String what = reply.summary() + (reply.header("allow") != null ? " Allow: " + reply.header("allow") : "")
                    + (closed ? ", closed" : ", kept open") + "; " + s;
            if (jvm) {
                assertEquals(405, reply.status(), what);
                assertTrue(reply.header("allow") != null && reply.header("allow").contains("GET"), "405 without Allow: " + what);
                assertTrue(closed, "the connection stayed open: " + what);
                assertEquals(0, s.requests().size(), "the origin received " + s.requests());
                assertEquals(0, s.bytes(), "the origin received bytes");
            } else {
                noTwoHundred(request, reply, what);
            }
            return what;
        }
    }

    /**
     * NGINX's and HAProxy's rule for a method not proxied, as configured: no 2xx, since to CONNECT it would open a tunnel and
     * to TRACE it would echo what the gateway added to the request (seen failing on a planted 200: NotProxiedRuleTest).
     */
    static void noTwoHundred(String request, RawConnection.Reply reply, String what) {
        assertTrue(reply.closedSilently() || reply.status() / 100 != 2, "a 2xx to " + request.substring(0, request.indexOf(' ')) + ": " + what);
    }

    /**
     * POST of a declared 10 MiB body of which 1 MiB is sent, then nothing: the target must cut the client (408 or a close)
     * once its body-read timeout has passed since the last byte, within {@link #CUT_SLACK_S}, and release the origin
     * connection that carried the partial body.
     */
    private String bodyStops() throws Exception {
        int limitMs = (BODY_TIMEOUT_S + CUT_SLACK_S) * 1000 + HANG_MS;
        try (RawConnection conn = new RawConnection(port, limitMs)) {
            conn.send("POST /stalled HTTP/1.1\r\nHost: gw.test\r\nContent-Length: " + (10 << 20) + "\r\n\r\n");
            conn.send(new byte[1 << 20]);
            long last = System.nanoTime();
            RawConnection.Reply reply = conn.read(false);
            boolean closed = reply.closedSilently() || conn.closesWithinTimeout();
            double cutS = (System.nanoTime() - last) / 1e9;
            String what = String.format(java.util.Locale.ROOT, "%s after %.1f s%s", reply.summary(), cutS,
                    closed ? ", closed" : ", kept open");
            assertTrue(reply.closedSilently() || reply.status() == 408, "neither 408 nor a close: " + what);
            assertTrue(closed, "the connection stayed open: " + what);
            assertTrue(cutS >= BODY_TIMEOUT_S - 0.5 && cutS <= BODY_TIMEOUT_S + CUT_SLACK_S,
                    "cut outside " + BODY_TIMEOUT_S + "-" + (BODY_TIMEOUT_S + CUT_SLACK_S) + " s after the last byte: " + what);
            long deadline = System.nanoTime() + CUT_SLACK_S * 1_000_000_000L;
            while (origin.readingBodies() > 0 && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertEquals(0, origin.readingBodies(), "the origin connection with the partial body was not released within "
                    + CUT_SLACK_S + " s of the cut: " + what);
            Seen s = seen();
            assertTrue(s.requests().size() <= 1 && s.to("/stalled") == s.requests().size(), "the origin received " + s.requests());
            return what + "; origin connection released; " + s;
        }
    }

    private static boolean isRefusal(int status) {
        return status >= 400 && status < 500 || status == 501 || status == 505;
    }

    private static String describe(HostileOrigin.Request r) {
        StringBuilder s = new StringBuilder(r.toString());
        r.headers().forEach(h -> s.append(" [").append(h[0]).append(": ").append(h[1].replace("\0", "\\0").replace("\r", "\\r")).append(']'));
        return s.toString();
    }

    /**
     * What the origin received in this case, taken after a barrier: a normal request on a new connection, which the
     * target must still serve. Anything the case's request set off reaches the origin before it.
     */
    private Seen seen() throws IOException {
        if (seen == null) {
            long bytes = origin.bytes();
            try (RawConnection conn = new RawConnection(port, HANG_MS)) {
                RawConnection.Reply reply = conn.send("GET /after-case HTTP/1.1\r\nHost: gw.test\r\n\r\n").read(false);
                assertEquals(200, reply.status(), "the target no longer serves a normal request: " + reply.summary());
                assertEquals("origin-ok\n", reply.text(), "the normal request's answer");
            }
            seen = new Seen(origin.requests().stream().filter(r -> !r.target().equals("/after-case")).toList(), bytes);
        }
        return seen;
    }

    // ---- slow clients

    /**
     * Twenty clients send their head one byte a second (half of them after a first, whole request on the same
     * connection) and one sends nothing: each must be cut off (408 or a close) once the stated header-read timeout
     * has passed and within {@link #CUT_SLACK_S} after it, while a normal client is served meanwhile. The timeout runs
     * from a new connection's connect, and on a kept-alive one from the first byte of its next head (targets/README.md).
     */
    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void slowClientsAreCutAtTheHeaderTimeout() throws Exception {
        origin.reset();
        decoy.reset();
        String name = "slowloris-20-and-one-silent";
        expectations.put(name, new String[] {"oversized/slow clients",
                "each cut (408 or close) " + HEADER_TIMEOUT_S + "-" + (HEADER_TIMEOUT_S + CUT_SLACK_S)
                        + " s after its header timeout started; a normal client served meanwhile"});
        try {
            int limitMs = HEADER_TIMEOUT_S * 1000 + HANG_MS;
            List<RawConnection> slow = new ArrayList<>();
            long[] timedFrom = new long[21]; // when each connection's header timeout starts, as this side can tell
            for (int i = 0; i < 21; i++) {
                slow.add(new RawConnection(port, limitMs));
                timedFrom[i] = System.nanoTime();
            }
            // Half of them first send one whole request and take its answer: the timeout covers every head of a
            // kept-alive connection, not only the first.
            for (int i = 2; i < slow.size(); i += 2) {
                RawConnection.Reply first = slow.get(i).send("GET /first HTTP/1.1\r\nHost: gw.test\r\n\r\n").read(false);
                assertEquals(200, first.status(), "a first request before going slow: " + first.summary());
            }
            long start = System.nanoTime();
            for (int i = 2; i < slow.size(); i += 2) {
                timedFrom[i] = start; // kept alive: timed from the first byte of the slow head, sent from now on
            }
            byte[] head = ("GET /slow HTTP/1.1\r\nHost: gw.test\r\nX-Pad: " + "a".repeat(200)).getBytes(StandardCharsets.US_ASCII);
            Thread trickle = new Thread(() -> {
                for (int i = 0; i < head.length && !Thread.currentThread().isInterrupted(); i++) {
                    for (RawConnection c : slow.subList(1, slow.size())) {
                        try {
                            c.send(new byte[] {head[i]});
                        } catch (IOException e) {
                            // cut off: the reader below notices
                        }
                    }
                    try {
                        Thread.sleep(1_000);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }, "slowloris");
            trickle.setDaemon(true);
            trickle.start();
            Thread.sleep(1_500);
            try (RawConnection normal = new RawConnection(port, HANG_MS)) {
                RawConnection.Reply r = normal.send("GET /normal HTTP/1.1\r\nHost: gw.test\r\n\r\n").read(false);
                assertEquals(200, r.status(), "a normal client beside the slow ones: " + r.summary());
            }
            List<Thread> readers = new ArrayList<>();
            long[] cutMs = new long[slow.size()];
            String[] answered = new String[slow.size()];
            for (int i = 0; i < slow.size(); i++) {
                int k = i;
                Thread t = new Thread(() -> {
                    RawConnection.Reply reply = slow.get(k).read(false);
                    boolean closed = reply.closedSilently() || !reply.problem().contains("hang") && slow.get(k).closesWithinTimeout();
                    cutMs[k] = closed ? (System.nanoTime() - timedFrom[k]) / 1_000_000 : -1;
                    answered[k] = reply.summary();
                });
                t.start();
                readers.add(t);
            }
            for (Thread t : readers) {
                t.join(limitMs + 2_000);
            }
            trickle.interrupt();
            slow.forEach(RawConnection::close);
            long maxCut = 0;
            long minCut = Long.MAX_VALUE;
            for (int i = 0; i < slow.size(); i++) {
                assertTrue(cutMs[i] >= 0, "connection " + i + " was still open after " + limitMs / 1000 + " s: " + answered[i]);
                // 100 ms: this side's clock readings bracket the target's only that closely (its accept, a byte's arrival)
                assertTrue(cutMs[i] >= HEADER_TIMEOUT_S * 1000 - 100 && cutMs[i] <= (HEADER_TIMEOUT_S + CUT_SLACK_S) * 1000,
                        "connection " + i + " cut " + cutMs[i] + " ms after its header timeout started, outside " + HEADER_TIMEOUT_S
                                + "-" + (HEADER_TIMEOUT_S + CUT_SLACK_S) + " s: " + answered[i]);
                minCut = Math.min(minCut, cutMs[i]);
                assertTrue(answered[i].startsWith("closed") || answered[i].startsWith("408") || answered[i].startsWith("400"),
                        "connection " + i + " got " + answered[i]);
                maxCut = Math.max(maxCut, cutMs[i]);
            }
            assertEquals(1, origin.requests().stream().filter(r -> !r.target().equals("/first")).count(),
                    "only the normal request may reach the origin: " + origin.requests());
            assertEquals(0, decoy.connections());
            outcomes.put(name, new String[] {"oversized/slow clients", expectations.get(name)[1], "ok",
                    String.format(java.util.Locale.ROOT, "all cut %.1f-%.1f s after their header timeout started (%s); normal client 200",
                            minCut / 1000.0, maxCut / 1000.0, answered[1])});
        } catch (AssertionError | Exception failure) {
            outcomes.put(name, new String[] {"oversized/slow clients", expectations.get(name)[1], "FAIL",
                    String.valueOf(failure.getMessage()).replace('\n', ' ')});
            throw failure;
        }
    }

    // ---- the tables

    private void writeTables() throws IOException {
        Files.createDirectories(TABLES);
        StringBuilder tsv = new StringBuilder();
        StringBuilder md = new StringBuilder("# Hostile input: " + target.name() + "\n\n");
        long ok = outcomes.values().stream().filter(o -> o[2].equals("ok")).count();
        md.append(ok).append(" of ").append(outcomes.size()).append(" cases handled.\n\n| family | case | expected | outcome |\n|---|---|---|---|\n");
        outcomes.forEach((name, o) -> {
            tsv.append(o[0]).append('\t').append(name).append('\t').append(o[1]).append('\t').append(o[2]).append('\t').append(o[3]).append('\n');
            md.append("| ").append(o[0]).append(" | ").append(name).append(" | ").append(o[1]).append(" | ")
                    .append(mark(o[2])).append(cell(o[3])).append(" |\n");
        });
        synchronized (HostileInput.class) { // the suites run side by side: one writes its table while none reads them all
            Files.writeString(TABLES.resolve(target.name() + ".tsv"), tsv);
            Files.writeString(TABLES.resolve(target.name() + ".md"), md);
            writeSummary();
        }
    }

    /** The table across targets, from every target's .tsv present (a class run alone updates its column). */
    private static void writeSummary() throws IOException {
        Map<String, Map<String, String[]>> byTarget = new LinkedHashMap<>();
        Map<String, String[]> rows = new LinkedHashMap<>(); // case -> family, expectation
        for (String t : ORDER) {
            Path f = TABLES.resolve(t + ".tsv");
            if (!Files.isRegularFile(f)) {
                continue;
            }
            Map<String, String[]> cells = new LinkedHashMap<>();
            for (String line : Files.readAllLines(f)) {
                String[] p = line.split("\t", 5);
                if (p.length == 5) {
                    rows.putIfAbsent(p[1], new String[] {p[0], p[2]});
                    cells.put(p[1], new String[] {p[3], p[4]});
                }
            }
            byTarget.put(t, cells);
        }
        List<String> families = List.of("smuggling/framing", "header abuse", "open proxy", "oversized/slow clients",
                "malformed origin response", "1xx/upgrade");
        Map<String, String[]> sorted = new LinkedHashMap<>();
        families.forEach(f -> rows.forEach((name, fe) -> {
            if (fe[0].equals(f)) {
                sorted.put(name, fe);
            }
        }));
        rows.forEach(sorted::putIfAbsent);
        StringBuilder md = new StringBuilder("# Hostile input: outcomes per target\n\n"
                + "Written by the `*HostileInputTest` classes (harness/src/test/.../HostileInput.java). A cell is what\n"
                + "happened; **deviates** marks a case a packaged reference (NGINX, HAProxy) misses in a known way, stated in\n"
                + "harness/src/test/resources/hostile/deviations.properties; **FAIL**, a case whose expectation the target missed.\n\n| | ");
        md.append(String.join(" | ", byTarget.keySet())).append(" |\n|---|").append("---|".repeat(byTarget.size())).append('\n');
        md.append("| **handled / tried** |");
        byTarget.values().forEach(cells -> md.append(' ')
                .append(cells.values().stream().filter(v -> v[0].equals("ok")).count()).append(" / ").append(cells.size()).append(" |"));
        md.append('\n');
        sorted.forEach((name, fe) -> {
            md.append("| ").append(fe[0]).append(": **").append(name).append("**<br>expected: ").append(cell(fe[1])).append(" |");
            byTarget.values().forEach(cells -> {
                String[] v = cells.get(name);
                md.append(' ').append(v == null ? "not run" : mark(v[0]) + cell(v[1])).append(" |");
            });
            md.append('\n');
        });
        Files.writeString(TABLES.resolve("summary.md"), md);
    }

    /** How a cell starts: nothing when handled; a known deviation of a reference, or a failure, says so first. */
    private static String mark(String outcome) {
        return switch (outcome) {
            case "ok" -> "";
            case "deviates" -> "**deviates** (known, hostile/deviations.properties): ";
            default -> "**FAIL**: ";
        };
    }

    private static String cell(String s) {
        String t = s.replace("|", "\\|").replace("\0", "\\0");
        return t.length() > 300 ? t.substring(0, 300) + "..." : t;
    }
}
