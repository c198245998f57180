package io.gatewaybench.harness;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gatewaybench.harness.launch.Launch;
import io.gatewaybench.harness.launch.TargetProcess;
import io.gatewaybench.harness.measure.Http1Client;
import io.gatewaybench.harness.plan.JvmProfile;
import io.gatewaybench.harness.plan.Ports;
import io.gatewaybench.harness.plan.Scenario;
import io.gatewaybench.harness.plan.Target;
import java.io.IOException;
import java.net.URI;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.Tag;

/**
 * What every target must do before anyone measures it: proxy correctly. Each subclass names one
 * target; it is started from its descriptor, for real, in front of real origins on loopback.
 */
@Tag(TestGroups.GATEWAY_SUITES) // starts a target and drives it, no time window of its own: two such classes at a time (harness/pom.xml)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ExtendWith(Origins.Resolver.class)
abstract class ProxyConformance {
    private static final int MIB = 1024 * 1024;

    private final Target target;
    private Origins origins;
    private TargetProcess toTomcat;
    private TargetProcess toTestOrigin;

    ProxyConformance(String name) {
        target = Target.named(name);
    }

    @BeforeAll
    void start(Origins origins) {
        this.origins = origins;
        toTomcat = startInFrontOf(origins.tomcatUrl(), "tomcat");
        toTestOrigin = startInFrontOf(origins.test.url(), "test-origin");
    }

    @AfterAll
    void stop() {
        for (TargetProcess p : new TargetProcess[] {toTomcat, toTestOrigin}) {
            if (p != null) {
                p.close();
            }
        }
    }

    private TargetProcess startInFrontOf(URI upstream, String role) {
        return TargetProcess.start(target, Launch.onLoopback(Origins.RUNS.resolve(target.name() + "-" + role), Ports.free(),
                upstream, 1, JvmProfile.load("default").flags()));
    }

    @Test
    void bookPageIsTheSameAsDirect() throws IOException {
        Http1Client.Response direct;
        Http1Client.Response via;
        try (Http1Client d = new Http1Client(origins.tomcatUrl()); Http1Client v = new Http1Client(toTomcat.launch().url())) {
            direct = d.get(Scenario.BOOK_PATH);
            via = v.get(Scenario.BOOK_PATH);
        }
        assertEquals(200, direct.status());
        assertTrue(direct.text().contains(Scenario.BOOK_MARKER), "direct book page lacks its marker");
        assertEquals(direct.status(), via.status());
        assertArrayEquals(direct.body(), via.body(), "book page body differs from direct");
        assertNotNull(via.header("set-cookie"), "the session cookie did not pass through");
        assertTrue(via.header("set-cookie").startsWith("JSESSIONID="), via.header("set-cookie"));
    }

    @Test
    void notFoundPassesThrough() throws IOException {
        String missing = "/examples/no-such-page.html";
        try (Http1Client d = new Http1Client(origins.tomcatUrl()); Http1Client v = new Http1Client(toTomcat.launch().url())) {
            Http1Client.Response direct = d.get(missing);
            Http1Client.Response via = v.get(missing);
            assertEquals(404, direct.status());
            assertEquals(404, via.status());
            assertArrayEquals(direct.body(), via.body(), "404 page differs from direct");
        }
    }

    @Test
    void oneMebibyteResponseArrivesIntact() throws IOException {
        try (Http1Client c = new Http1Client(toTestOrigin.launch().url())) {
            Http1Client.Response r = c.get("/bytes?n=" + MIB);
            assertEquals(200, r.status());
            assertArrayEquals(TestOrigin.pattern(MIB), r.body());
        }
    }

    @Test
    void chunkedResponseArrivesIntact() throws IOException {
        int n = 300_001;
        try (Http1Client c = new Http1Client(toTestOrigin.launch().url())) {
            Http1Client.Response r = c.get("/chunked?n=" + n);
            assertEquals(200, r.status());
            assertArrayEquals(TestOrigin.pattern(n), r.body());
        }
    }

    @Test
    void postBodyArrivesIntactAtTheOrigin() throws IOException {
        byte[] body = new byte[MIB];
        new Random(42).nextBytes(body);
        String expected = "length=" + MIB + " sha256=" + TestOrigin.sha256(body);
        try (Http1Client c = new Http1Client(toTestOrigin.launch().url())) {
            Http1Client.Response sized = c.send("POST", "/upload", body, false);
            assertEquals(200, sized.status());
            assertEquals(expected, sized.text(), "body with Content-Length");
            Http1Client.Response chunked = c.send("POST", "/upload", body, true);
            assertEquals(200, chunked.status());
            assertEquals(expected, chunked.text(), "chunked body");
        }
    }

    @Test
    void tenSequentialRequestsReuseOneClientConnection() throws IOException {
        try (Http1Client c = new Http1Client(toTomcat.launch().url())) {
            for (int i = 1; i <= 10; i++) {
                Http1Client.Response r = c.get(Scenario.BOOK_PATH); // fails if the target closed the connection
                assertEquals(200, r.status(), "request " + i);
                assertTrue(r.text().contains(Scenario.BOOK_MARKER), "request " + i + " got another page");
                assertNotEquals("close", String.valueOf(r.header("connection")).toLowerCase(), "request " + i + " closed the connection");
            }
        }
    }

    @Test
    void originSeesForwardedHeaders() throws IOException {
        try (Http1Client c = new Http1Client(toTestOrigin.launch().url())) {
            List<String> seen = c.get("/headers").text().lines().toList();
            assertTrue(seen.contains("x-forwarded-for: 127.0.0.1"), "origin saw " + seen);
            assertTrue(seen.contains("x-forwarded-proto: http"), "origin saw " + seen);
            assertTrue(seen.stream().anyMatch(h -> h.startsWith("x-forwarded-host: 127.0.0.1")), "origin saw " + seen);

            // HTTP list syntax: "a, b", "a,b" and two header lines all mean the same list.
            String forwardedFor = c.get("/headers", "X-Forwarded-For: 203.0.113.9").text().lines()
                    .filter(h -> h.startsWith("x-forwarded-for: ")).findFirst().orElse("x-forwarded-for: (none)");
            List<String> hops = Arrays.stream(forwardedFor.substring("x-forwarded-for: ".length()).split(",")).map(String::trim).toList();
            assertEquals(List.of("203.0.113.9", "127.0.0.1"), hops, "the client's hop must be appended");
        }
    }

    @Test
    void originDownGivesBadGatewayWithoutHanging() throws IOException {
        URI nobodyListens = URI.create("http://127.0.0.1:" + Ports.free());
        try (TargetProcess toNowhere = startInFrontOf(nobodyListens, "no-origin");
             Http1Client c = new Http1Client(toNowhere.launch().url(), 5_000)) {
            int status = c.get(Scenario.BOOK_PATH).status();
            assertTrue(status == 502 || status == 503, "status " + status + " with the origin down");
        }
    }
}
