package io.gatewaybench.simulations;

import static io.gatling.javaapi.core.CoreDsl.*;
import static io.gatling.javaapi.http.HttpDsl.*;

import io.gatling.javaapi.core.Assertion;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.OpenInjectionStep;
import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.core.Simulation;
import io.gatling.javaapi.http.HttpProtocolBuilder;
import io.gatling.javaapi.http.HttpRequestActionBuilder;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The book page under load, direct or through a gateway: a warm-up ("warm-up"), then the measured
 * requests ("book"), every response checked for status 200 and the page's marker. Run from
 * {@code simulations/}: {@code mvn gatling:test -DbaseUrl=http://host:port [-Dmodel=open -Drate=5000 ...]}.
 * Assertions: no "book" request failed; open model: every planned "book" request was sent.
 *
 * <table>
 * <caption>System properties</caption>
 * <tr><th>property</th><th>default</th><th>meaning</th></tr>
 * <tr><td>baseUrl</td><td>http://127.0.0.1:8080</td><td>the target: Tomcat itself or a gateway in front of it</td></tr>
 * <tr><td>path</td><td>/examples/jsp/jsp2/simpletag/book.jsp</td><td>the page requested</td></tr>
 * <tr><td>marker</td><td>THE LORD OF THE RINGS</td><td>text every response body must contain</td></tr>
 * <tr><td>model</td><td>closed</td><td>closed: {@code users} loop back-to-back; open: {@code rate} new users (one request each) per second</td></tr>
 * <tr><td>users</td><td>16</td><td>closed: concurrent users, each with its own connection</td></tr>
 * <tr><td>rate</td><td>1000</td><td>open: requests per second (warm-up ramps up to it over its first half)</td></tr>
 * <tr><td>warmup</td><td>15</td><td>seconds of warm-up, reported as "warm-up"; 0 skips it</td></tr>
 * <tr><td>duration</td><td>30</td><td>measured seconds, reported as "book"</td></tr>
 * <tr><td>sessions</td><td>shared</td><td>shared: one JSESSIONID fetched before the run, sent on every request;
 *     per-user: Gatling's cookie jar (open model: a new Tomcat session per request)</td></tr>
 * </table>
 */
public class BookPageSimulation extends Simulation {

    static final String BASE_URL = System.getProperty("baseUrl", "http://127.0.0.1:8080").replaceAll("/+$", "");
    static final String PATH = System.getProperty("path", "/examples/jsp/jsp2/simpletag/book.jsp");
    static final String MARKER = System.getProperty("marker", "THE LORD OF THE RINGS");
    static final String MODEL = System.getProperty("model", "closed");
    static final int USERS = Integer.getInteger("users", 16);
    static final double RATE = Double.parseDouble(System.getProperty("rate", "1000"));
    static final long WARMUP = Long.getLong("warmup", 15);
    static final long DURATION = Long.getLong("duration", 30);
    static final String SESSIONS = System.getProperty("sessions", "shared");

    {
        boolean open = oneOf("model", MODEL, "closed", "open").equals("open");
        boolean shared = oneOf("sessions", SESSIONS, "shared", "per-user").equals("shared");
        String cookie = shared ? sharedSessionCookie() : null;
        System.out.printf("BookPageSimulation: baseUrl=%s path=%s marker=\"%s\" model=%s %s warmup=%ds duration=%ds sessions=%s%n",
                BASE_URL, PATH, MARKER, MODEL, open ? "rate=" + RATE + "/s" : "users=" + USERS, WARMUP, DURATION,
                shared ? "shared(" + cookie + ")" : "per-user");

        HttpProtocolBuilder protocol = http.baseUrl(BASE_URL)
                .disableWarmUp()
                .disableCaching()
                .disableAutoReferer()
                .disableFollowRedirect() // a redirect is a wrong answer, not a second request
                .acceptEncodingHeader("identity"); // same bytes through every target, whatever it would compress
        if (shared) {
            protocol = protocol.header("Cookie", cookie);
        }
        if (open) {
            // Open-model users make one request each: without a shared pool every request would open
            // (and leave in TIME_WAIT) its own connection. Gatling caps nothing here: the pool grows to
            // the number of requests in flight (maxConnectionsPerHost only limits inferred resources).
            protocol = protocol.shareConnections();
        }

        PopulationBuilder measured = open
                ? scenario("book").exec(page("book", shared)).injectOpen(constantUsersPerSec(RATE).during(DURATION))
                : scenario("book").during(DURATION).on(page("book", shared)).injectOpen(atOnceUsers(USERS));
        PopulationBuilder load = measured;
        if (WARMUP > 0) {
            load = (open
                    ? scenario("warm-up").exec(page("warm-up", shared)).injectOpen(rampThenHold())
                    : scenario("warm-up").during(WARMUP).on(page("warm-up", shared)).injectOpen(atOnceUsers(USERS)))
                    .andThen(measured);
        }

        List<Assertion> assertions = new ArrayList<>(List.of(details("book").failedRequests().count().is(0L)));
        if (open) { // the planned load was sent in full
            assertions.add(details("book").allRequests().count().gte((long) Math.floor(RATE * DURATION)));
        }
        setUp(load).protocols(protocol).assertions(assertions)
                .maxDuration(Duration.ofSeconds(WARMUP + DURATION + 60)); // a hung target cannot hold the run
    }

    /** One request, fully read and checked: a fast wrong page is an error, not a fast response. */
    static ChainBuilder page(String name, boolean shared) {
        HttpRequestActionBuilder request = http(name).get(PATH).check(status().is(200), substring(MARKER).exists());
        if (shared) { // a new JSESSIONID would mean Tomcat created a session after all (an expired cookie)
            request = request.check(headerRegex("Set-Cookie", "JSESSIONID=").notExists());
        }
        return exec(request);
    }

    /** Open-model warm-up: ramp up to the rate over the first half, then hold it. */
    static List<OpenInjectionStep> rampThenHold() {
        long ramp = WARMUP / 2;
        List<OpenInjectionStep> steps = new ArrayList<>();
        if (ramp > 0) {
            steps.add(rampUsersPerSec(1).to(RATE).during(ramp));
        }
        steps.add(constantUsersPerSec(RATE).during(WARMUP - ramp));
        return steps;
    }

    /** Fetches the page once and returns its session cookie; this also verifies the target before any load. */
    static String sharedSessionCookie() {
        URI uri = URI.create(BASE_URL + PATH);
        HttpResponse<String> response;
        try {
            HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                    .proxy(HttpClient.Builder.NO_PROXY).connectTimeout(Duration.ofSeconds(10)).build();
            response = client.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).build(),
                    HttpResponse.BodyHandlers.ofString());
        } catch (Exception e) {
            throw new IllegalStateException("sessions=shared: cannot fetch " + uri + ": " + e, e);
        }
        if (response.statusCode() != 200 || !response.body().contains(MARKER)) {
            throw new IllegalStateException("sessions=shared: " + uri + " answered " + response.statusCode()
                    + (response.body().contains(MARKER) ? "" : " without the marker \"" + MARKER + "\""));
        }
        for (String setCookie : response.headers().allValues("Set-Cookie")) {
            Matcher m = Pattern.compile("^(JSESSIONID=[^;]+)").matcher(setCookie);
            if (m.find()) {
                return m.group(1);
            }
        }
        throw new IllegalStateException("sessions=shared: " + uri + " set no JSESSIONID cookie "
                + response.headers().allValues("Set-Cookie") + "; use -Dsessions=per-user for a target that keeps none");
    }

    static String oneOf(String property, String value, String... allowed) {
        if (!List.of(allowed).contains(value)) {
            throw new IllegalArgumentException(property + "=" + value + ": expected one of " + List.of(allowed));
        }
        return value;
    }
}
