package io.gatewaybench.simulations;

import static io.gatling.javaapi.core.CoreDsl.*;
import static io.gatling.javaapi.http.HttpDsl.*;

import io.gatling.javaapi.core.Assertion;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.CheckBuilder;
import io.gatling.javaapi.core.OpenInjectionStep;
import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.core.Session;
import io.gatling.javaapi.core.Simulation;
import io.gatling.javaapi.http.HttpProtocolBuilder;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The book page under load, direct or through a gateway: a warm-up ("warm-up"), then the measured
 * requests ("book"; closed model: the same loop, named by the second it is in, and a 1 s "tail"
 * after the window so all users are active to its end), every response checked for status 200 and the page's marker. Run from
 * {@code simulations/}: {@code mvn gatling:test -DbaseUrl=http://host:port [-Dmodel=open -Drate=5000 ...]}.
 * Assertions: no "book" request failed; open model: every planned "book" request was sent.
 *
 * <p>Interleaved model ({@code model=interleaved}, {@code ./bench interleave}): several targets already running, each
 * given by {@code baseUrls} and named by {@code names}. Each is warmed in turn by a closed loop of {@code warmup}
 * seconds ("warm-up"); then {@code cycles} cycles, each one closed-loop slice per target, in an order rotated by one each
 * cycle: {@code users} new users loop for 1 s ("lead": their connections open), {@code slice} seconds named
 * {@code <name>#<cycle>}, and 1 s ("tail") so every user is active to the window's end. Assertion: no request failed.
 *
 * <p>With {@code rates}, a ladder of fixed arrival rates follows the measured phase: one level per
 * rate, in ascending order, each {@code levelDuration} seconds of open-model arrivals (one request
 * per user, shared connection pool), its requests named {@code rate-<N>}; 3 s at the lowest rate,
 * named "warm-up", come first. The levels keep one clock: each
 * starts {@code levelDuration} seconds after the one before, whose last answers may still be on their way. When more than {@code maxInFlight} ladder requests
 * are outstanding the target is not keeping up: the simulation prints
 * {@code BookPageSimulation: overloaded at rate-<N>} and stops, so no higher level is sent.
 *
 * <table>
 * <caption>System properties</caption>
 * <tr><th>property</th><th>default</th><th>meaning</th></tr>
 * <tr><td>baseUrl</td><td>http://127.0.0.1:8080</td><td>the target: Tomcat itself or a gateway in front of it</td></tr>
 * <tr><td>path</td><td>/examples/jsp/jsp2/simpletag/book.jsp</td><td>the page requested</td></tr>
 * <tr><td>marker</td><td>THE LORD OF THE RINGS</td><td>text every response body must contain</td></tr>
 * <tr><td>model</td><td>closed</td><td>closed: {@code users} loop back-to-back; open: {@code rate} new users (one request each) per second; ladder: the
 *     ladder of {@code rates} alone, its warm-up and levels, no measured load (the harness sends a level Gatling sent late once more so)</td></tr>
 * <tr><td>users</td><td>16</td><td>closed: concurrent users, each with its own connection</td></tr>
 * <tr><td>rate</td><td>1000</td><td>open: requests per second (warm-up ramps up to it over its first half)</td></tr>
 * <tr><td>warmup</td><td>15</td><td>seconds of warm-up, reported as "warm-up"; 0 skips it</td></tr>
 * <tr><td>duration</td><td>30</td><td>measured seconds, reported as "book"</td></tr>
 * <tr><td>rates</td><td>(none)</td><td>ladder of fixed arrival rates after the measured phase, req/s, e.g. 1000,2000,5000</td></tr>
 * <tr><td>levelDuration</td><td>5</td><td>seconds per ladder level</td></tr>
 * <tr><td>maxInFlight</td><td>1000</td><td>ladder requests outstanding at which the target counts as overloaded and the run stops</td></tr>
 * <tr><td>sessions</td><td>shared</td><td>shared: one JSESSIONID fetched before the run, sent on every request;
 *     per-user: Gatling's cookie jar (open model: a new Tomcat session per request)</td></tr>
 * <tr><td>sessionCookie</td><td>(fetched)</td><td>sessions=shared: the JSESSIONID=... to send, instead of fetching one</td></tr>
 * <tr><td>length</td><td>-1</td><td>the exact body length every response must have; -1: not checked (an empty marker checks no text)</td></tr>
 * <tr><td>routes</td><td>0</td><td>scenarios with routes: request i goes to /r(i mod routes) + path, spread evenly</td></tr>
 * <tr><td>apiKey</td><td>(none)</td><td>sent in the apikey header of every request</td></tr>
 * <tr><td>bearer</td><td>(none)</td><td>a token sent as Authorization: Bearer on every request</td></tr>
 * <tr><td>baseUrls, names</td><td>(none)</td><td>interleaved: the targets, comma-separated, and their names in the same order</td></tr>
 * <tr><td>slice</td><td>5</td><td>interleaved: measured seconds of each slice</td></tr>
 * <tr><td>cycles</td><td>8</td><td>interleaved: cycles of one slice per target</td></tr>
 * <tr><td>startGate</td><td>(none)</td><td>a file: once ready, the simulation prints so and waits for the file, up to 2 min,
 *     then begins its load at the epoch millisecond the file holds, so that several injector hosts begin at one instant (the
 *     harness's --injectors), the closed model's warm-up timed from that instant; none: it begins as soon as it is ready.
 *     The closed model's users wait at the gate themselves, Gatling's engine started: ready means about to send</td></tr>
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
    static final String START_GATE = System.getProperty("startGate", "");
    /** What the simulation prints once it is ready and waits at its start gate. */
    static final String READY = "BookPageSimulation: ready, waiting for the start in ";
    static final String SESSIONS = System.getProperty("sessions", "shared");
    static final List<Integer> RATES = rates(System.getProperty("rates", ""));
    static final long LEVEL_DURATION = Long.getLong("levelDuration", 5);
    static final int MAX_IN_FLIGHT = Integer.getInteger("maxInFlight", 1000);
    static final String SESSION_COOKIE = System.getProperty("sessionCookie", "");
    static final int LENGTH = Integer.getInteger("length", -1);
    static final int ROUTES = Integer.getInteger("routes", 0);
    static final String API_KEY = System.getProperty("apiKey", "");
    static final String BEARER = System.getProperty("bearer", "");
    static final List<String> BASE_URLS = list(System.getProperty("baseUrls", ""));
    static final List<String> NAMES = list(System.getProperty("names", ""));
    static final long SLICE = Long.getLong("slice", 5);
    static final int CYCLES = Integer.getInteger("cycles", 8);
    /** Interleaved: seconds at each slice's start, excluded, while its new users open their connections. */
    static final long SLICE_LEAD = 1;
    /** Interleaved: seconds after each slice's window, excluded, so that every user is active to its end. */
    static final long SLICE_TAIL = 1;
    /** Interleaved: nanoTime of each slice's (and each warm-up's) first request, by its name. */
    static final Map<String, Long> SLICE_START = new ConcurrentHashMap<>();
    /** Requests sent so far, to spread them evenly over the routes. */
    static final AtomicLong SENT = new AtomicLong();
    /**
     * Closed model: seconds the users go on looping after the measured window ("tail", excluded), so
     * that every user is still active at the window's last instant: without it, the window would end
     * with fewer and fewer users as each finishes its last request. A user checks the loop's end before each request, so
     * any tail keeps every user active at the window's end; 1 s (2 s until 20261128) is only time the run waits.
     */
    static final long TAIL = 1;
    /** Seconds of open-model warm-up at the lowest ladder rate before the first level. */
    static final long LADDER_WARMUP = 3;
    /** Ladder requests sent and not yet answered. */
    static final AtomicInteger IN_FLIGHT = new AtomicInteger();
    static final AtomicBoolean OVERLOADED = new AtomicBoolean();
    /**
     * nanoTime of the closed loop's first request, or of the start gate's instant where there is one: the warm-up runs for
     * {@code warmup} seconds from it. From the instant, every injector host's measured requests begin together, however long
     * its first request took: timed from each host's first request, a host whose JVM came to its first request later (its
     * injector started without the class-data archive, on a busy CPU) began its measured window 471-818 ms after the other's
     * (the Ansible test, 20261129), 1,655 ms on a loaded CI machine.
     */
    static final AtomicLong LOOP_START = new AtomicLong();

    {
        boolean open = oneOf("model", MODEL, "closed", "open", "interleaved", "ladder").equals("open");
        boolean interleaved = MODEL.equals("interleaved");
        boolean ladderOnly = MODEL.equals("ladder");
        if (ladderOnly && RATES.isEmpty()) {
            throw new IllegalArgumentException("model=ladder sends the ladder alone: give its rates (-Drates=...)");
        }
        boolean shared = oneOf("sessions", SESSIONS, "shared", "per-user").equals("shared");
        String cookie = !shared ? null : SESSION_COOKIE.isEmpty() ? sharedSessionCookie() : SESSION_COOKIE;
        // model=ladder sends the ladder alone: it has no users, warm-up or measured window to name
        String loadSettings = ladderOnly ? "" : (open ? " rate=" + RATE + "/s" : " users=" + USERS) + " warmup=" + WARMUP + "s duration=" + DURATION + "s";
        System.out.printf("BookPageSimulation: baseUrl=%s path=%s%s marker=\"%s\"%s%s model=%s%s sessions=%s%s%n",
                BASE_URL, ROUTES > 0 ? "/r{0.." + (ROUTES - 1) + "}" : "", PATH, MARKER, LENGTH >= 0 ? " length=" + LENGTH : "",
                (API_KEY.isEmpty() ? "" : " apikey") + (BEARER.isEmpty() ? "" : " bearer"),
                MODEL, loadSettings,
                shared ? "shared(" + cookie + ")" : "per-user",
                RATES.isEmpty() ? "" : " rates=" + RATES + " levelDuration=" + LEVEL_DURATION + "s maxInFlight=" + MAX_IN_FLIGHT);
        if (interleaved) {
            System.out.printf("BookPageSimulation: interleaved over %s at %s: warm-up %d s each, then %d cycles of %d s slices%n",
                    NAMES, BASE_URLS, WARMUP, CYCLES, SLICE);
        }

        HttpProtocolBuilder protocol = protocol(BASE_URL, shared ? cookie : null);
        // Open-model users make one request each: without a shared pool every request would open
        // (and leave in TIME_WAIT) its own connection. Gatling caps nothing here: the pool grows to
        // the number of requests in flight (maxConnectionsPerHost only limits inferred resources).
        HttpProtocolBuilder pooled = protocol.shareConnections();
        if (open) {
            protocol = pooled;
        }

        PopulationBuilder measured = null;
        if (ladderOnly) {
            // nothing before the ladder's warm-up
        } else if (interleaved) {
            measured = interleaved(cookie);
        } else if (open) {
            measured = scenario("book").exec(page("book", shared)).injectOpen(constantUsersPerSec(RATE).during(DURATION));
            if (WARMUP > 0) {
                measured = scenario("warm-up").exec(page("warm-up", shared)).injectOpen(rampThenHold()).andThen(measured);
            }
        } else {
            // One loop from warm-up into measurement and a tail: the same users on the same connections, no
            // pause and no new start in between; each request is named by the phase it is sent in.
            ChainBuilder loop = exec(http(BookPageSimulation::closedPhase).get(BookPageSimulation::nextPath).check(checks(shared)));
            measured = (START_GATE.isEmpty() ? scenario("book") : scenario("book").exec(Gate.waitAt(START_GATE)))
                    .during(WARMUP + DURATION + TAIL).on(loop).injectOpen(atOnceUsers(USERS));
        }
        List<PopulationBuilder> load = measured == null ? List.of() : List.of(measured);
        if (!RATES.isEmpty()) {
            // The ladder on one clock: its warm-up, then each level when the one below has sent its last request. The
            // open-model path of the injector (new users, the shared pool) warms up too, at the lowest rate, before the
            // first level; its requests are named "warm-up" and excluded. Each level is a scenario of its own held back by
            // nothingFor, not chained by andThen: Gatling starts a child at the tick after its parent's last user ends,
            // 0 to 1 s of idle target before each level as the tick falls.
            List<PopulationBuilder> ladder = new ArrayList<>(List.of(scenario("ladder warm-up").exec(page("warm-up", shared))
                    .injectOpen(constantUsersPerSec(RATES.get(0)).during(LADDER_WARMUP)).protocols(pooled)));
            for (int i = 0; i < RATES.size(); i++) {
                String name = "rate-" + RATES.get(i);
                ladder.add(scenario(name).exec(level(name, shared)).injectOpen(nothingFor(LADDER_WARMUP + i * LEVEL_DURATION),
                        constantUsersPerSec(RATES.get(i)).during(LEVEL_DURATION)).protocols(pooled));
            }
            load = measured == null ? ladder : List.of(measured.andThen(ladder));
        }

        // The ladder's levels are judged by the harness (their errors are a figure, not a failed run): alone, no assertion.
        List<Assertion> assertions = ladderOnly ? new ArrayList<>() : new ArrayList<>(List.of(interleaved ? global().failedRequests().count().is(0L)
                : details("book").failedRequests().count().is(0L)));
        if (open) { // the planned load was sent in full
            assertions.add(details("book").allRequests().count().gte((long) Math.floor(RATE * DURATION)));
        }
        long interleavedSeconds = interleaved ? BASE_URLS.size() * (WARMUP + 1 + CYCLES * (SLICE_LEAD + SLICE + SLICE_TAIL + 1)) : 0;
        setUp(load).protocols(protocol).assertions(assertions)
                .maxDuration(Duration.ofSeconds(interleavedSeconds + WARMUP + DURATION + TAIL + LADDER_WARMUP + RATES.size() * (LEVEL_DURATION + 5) + 60
                        + (START_GATE.isEmpty() ? 0 : TimeUnit.MILLISECONDS.toSeconds(Gate.DEADLINE_MS)))); // a hung target cannot hold the run; the closed users' gate is inside it
    }

    /**
     * Waits at the start gate, where given, for every model but the closed one, whose users wait at it themselves
     * ({@link Gate}): Gatling injects once this returns. Ready, it says so; then it waits for the gate's file (up to 2 min)
     * and for the instant the file holds, and says how far from that instant it began.
     */
    @Override
    public void before() {
        if (START_GATE.isEmpty() || MODEL.equals("closed")) {
            return;
        }
        java.nio.file.Path gate = java.nio.file.Path.of(START_GATE);
        Gate.arrive(gate);
        try {
            while (!Gate.opened(gate)) {
                Thread.sleep(Gate.POLL_MS);
            }
            if (Gate.TIMED_OUT.get()) {
                throw new IllegalStateException("no start in " + gate + " within 2 min");
            }
            Thread.sleep(Gate.untilTheInstant().toMillis());
            Gate.pass();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted at the start gate", e);
        }
    }

    /**
     * The start gate, where given. The closed model's users hold it themselves ({@link #waitAt}), not {@link #before()}:
     * Gatling starts its engine (its actors, its HTTP client, each user) only once {@code before()} returns, and that took
     * 0.4-0.8 s on a quiet machine here and 1-3.5 s on a busy CI's second injector host (20261129), all of it after the
     * instant, eating into the warm-up timed from it. The first to arrive says the simulation is ready (what the harness waits
     * for on every host before it writes the instant, by rename: the file is whole once it exists); each polls for the file
     * every {@link #POLL_MS} ms, then waits until the instant; the first past it sets {@link #LOOP_START} to the instant and
     * says how far from it it began.
     */
    static final class Gate {
        static final long POLL_MS = 5;
        private static final long DEADLINE_MS = 120_000;
        private static final AtomicBoolean ARRIVED = new AtomicBoolean();
        private static final AtomicBoolean PASSED = new AtomicBoolean();
        private static final AtomicBoolean TIMED_OUT = new AtomicBoolean();
        /** The instant, epoch ms, once read from the gate's file; 0 before. */
        private static final AtomicLong INSTANT = new AtomicLong();
        private static volatile long arrivedAt;

        private Gate() {
        }

        /** The closed users' first action: at the gate until the instant; with no instant within 2 min, no load at all. */
        static ChainBuilder waitAt(String file) {
            java.nio.file.Path gate = java.nio.file.Path.of(file);
            return exec(session -> {
                arrive(gate);
                return session;
            }).asLongAs(session -> !opened(gate)).on(pause(Duration.ofMillis(POLL_MS)))
                    .exitHereIf(session -> TIMED_OUT.get()) // rather than a load no other host sends with
                    .pause(session -> untilTheInstant())
                    .exec(session -> {
                        pass();
                        return session;
                    });
        }

        /** The first arrival says the simulation is ready. */
        static void arrive(java.nio.file.Path gate) {
            if (ARRIVED.compareAndSet(false, true)) {
                arrivedAt = System.currentTimeMillis();
                System.out.println(READY + gate);
                System.out.flush();
            }
        }

        /** Whether the gate's file holds the instant yet (read once), or 2 min have passed without it ({@link #TIMED_OUT}). */
        static boolean opened(java.nio.file.Path gate) {
            if (INSTANT.get() != 0 || TIMED_OUT.get()) {
                return true;
            }
            if (!java.nio.file.Files.exists(gate)) {
                if (System.currentTimeMillis() - arrivedAt > DEADLINE_MS && TIMED_OUT.compareAndSet(false, true)) {
                    System.out.println("BookPageSimulation: no start in " + gate + " within 2 min");
                    System.out.flush();
                }
                return TIMED_OUT.get();
            }
            try {
                INSTANT.compareAndSet(0, Long.parseLong(java.nio.file.Files.readString(gate).strip()));
                return true;
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException("cannot read the start in " + gate, e);
            }
        }

        static Duration untilTheInstant() {
            return Duration.ofMillis(Math.max(0, INSTANT.get() - System.currentTimeMillis()));
        }

        /** The first past the gate times the loop from the instant (however late it got there) and says how late that was. */
        static void pass() {
            if (PASSED.compareAndSet(false, true)) {
                long at = INSTANT.get();
                long late = Math.max(0, System.currentTimeMillis() - at);
                LOOP_START.set(System.nanoTime() - TimeUnit.MILLISECONDS.toNanos(late));
                System.out.printf("BookPageSimulation: began %d ms after the start instant %d%n", late, at);
            }
        }
    }

    /** The protocol every request of the load uses, against {@code baseUrl}, with the shared session {@code cookie} (null: none). */
    static HttpProtocolBuilder protocol(String baseUrl, String cookie) {
        HttpProtocolBuilder protocol = http.baseUrl(baseUrl)
                .disableWarmUp()
                .disableCaching()
                .disableAutoReferer()
                .disableFollowRedirect() // a redirect is a wrong answer, not a second request
                .acceptEncodingHeader("identity"); // same bytes through every target, whatever it would compress
        if (cookie != null) {
            protocol = protocol.header("Cookie", cookie);
        }
        if (!API_KEY.isEmpty()) {
            protocol = protocol.header("apikey", API_KEY);
        }
        if (!BEARER.isEmpty()) {
            protocol = protocol.header("Authorization", "Bearer " + BEARER);
        }
        return protocol;
    }

    /**
     * Interleaved: each target warmed in turn, then the cycles of one slice per target, built from the last population
     * back (each starts when the one before it has ended), each against its own target.
     */
    static PopulationBuilder interleaved(String cookie) {
        if (BASE_URLS.isEmpty() || BASE_URLS.size() != NAMES.size()) {
            throw new IllegalArgumentException("model=interleaved needs baseUrls and names, as many of each: baseUrls=" + BASE_URLS
                    + " names=" + NAMES);
        }
        if (!RATES.isEmpty()) {
            throw new IllegalArgumentException("model=interleaved sends no ladder: leave rates out (rates=" + RATES + ")");
        }
        List<PopulationBuilder> order = new ArrayList<>();
        for (int i = 0; i < BASE_URLS.size(); i++) {
            order.add(closedSlice("warm-up " + NAMES.get(i), name -> "warm-up", WARMUP, BASE_URLS.get(i), cookie));
        }
        for (int cycle = 1; cycle <= CYCLES; cycle++) {
            for (int k = 0; k < BASE_URLS.size(); k++) {
                int i = Math.floorMod(k + cycle - 1, BASE_URLS.size());
                String name = NAMES.get(i) + "#" + cycle;
                order.add(closedSlice(name, BookPageSimulation::slicePhase, SLICE_LEAD + SLICE + SLICE_TAIL, BASE_URLS.get(i), cookie));
            }
        }
        PopulationBuilder chain = order.get(order.size() - 1);
        for (int n = order.size() - 2; n >= 0; n--) {
            chain = order.get(n).andThen(chain);
        }
        return chain;
    }

    /** {@code users} users looping back-to-back for {@code seconds} against {@code baseUrl}, each request named by {@code phase}. */
    static PopulationBuilder closedSlice(String name, java.util.function.UnaryOperator<String> phase, long seconds, String baseUrl, String cookie) {
        return scenario(name).during(seconds).on(exec(http(session -> phase.apply(name)).get(BookPageSimulation::nextPath)
                .check(checks(cookie != null)))).injectOpen(atOnceUsers(USERS)).protocols(protocol(baseUrl, cookie));
    }

    /** Interleaved: "lead" in a slice's first second, its own name in the {@code slice} seconds after, "tail" after that. */
    static String slicePhase(String slice) {
        long now = System.nanoTime();
        long since = now - SLICE_START.computeIfAbsent(slice, s -> now);
        return since < TimeUnit.SECONDS.toNanos(SLICE_LEAD) ? "lead"
                : since < TimeUnit.SECONDS.toNanos(SLICE_LEAD + SLICE) ? slice : "tail";
    }

    /** A comma-separated list, blanks left out. */
    static List<String> list(String commaSeparated) {
        return java.util.Arrays.stream(commaSeparated.split(",")).map(String::strip).filter(v -> !v.isEmpty()).toList();
    }

    /**
     * One ladder request, counted while outstanding. Arrivals do not wait for answers, so a target
     * that cannot keep up collects outstanding requests (and connections) without bound; past
     * {@code maxInFlight} the run stops rather than pile up more.
     */
    static ChainBuilder level(String name, boolean shared) {
        return exec(session -> {
            IN_FLIGHT.incrementAndGet();
            return session;
        }).stopLoadGeneratorIf(session -> "overloaded at " + name, session -> overloaded(name))
                .exec(page(name, shared))
                .exec(session -> {
                    IN_FLIGHT.decrementAndGet();
                    return session;
                });
    }

    /** True once more than maxInFlight ladder requests are outstanding; says so once, for the harness to read. */
    private static boolean overloaded(String level) {
        if (IN_FLIGHT.get() <= MAX_IN_FLIGHT) {
            return false;
        }
        if (OVERLOADED.compareAndSet(false, true)) {
            System.out.println("BookPageSimulation: overloaded at " + level + ": more than " + MAX_IN_FLIGHT + " requests in flight");
        }
        return true;
    }

    /** The ladder's rates, ascending and without repeats; "" for none. */
    static List<Integer> rates(String list) {
        List<Integer> rates = new ArrayList<>();
        for (String r : list.split(",")) {
            if (r.isBlank()) {
                continue;
            }
            try {
                int rate = Integer.parseInt(r.trim());
                if (rate <= 0) {
                    throw new NumberFormatException();
                }
                rates.add(rate);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("rates=" + list + ": expected whole requests per second above 0, comma-separated");
            }
        }
        return rates.stream().distinct().sorted().toList();
    }

    /** One request, fully read and checked: a fast wrong page is an error, not a fast response. */
    static ChainBuilder page(String name, boolean shared) {
        return exec(http(name).get(BookPageSimulation::nextPath).check(checks(shared)));
    }

    /** The path of the next request: the page, under the next route in turn when there are routes. */
    static String nextPath(Session session) {
        return ROUTES > 0 ? "/r" + Math.floorMod(SENT.getAndIncrement(), ROUTES) + PATH : PATH;
    }

    static List<CheckBuilder> checks(boolean shared) {
        List<CheckBuilder> checks = new ArrayList<>(List.of(status().is(200)));
        if (!MARKER.isEmpty()) {
            checks.add(substring(MARKER).exists());
        }
        if (LENGTH >= 0) {
            checks.add(bodyLength().is(LENGTH));
        }
        if (shared) { // a new JSESSIONID would mean Tomcat created a session after all (an expired cookie)
            checks.add(headerRegex("Set-Cookie", "JSESSIONID=").notExists());
        }
        return checks;
    }

    /**
     * Closed model: "warm-up" for requests sent in the first {@code warmup} seconds of the loop (from the start gate's
     * instant, where there is one: {@link #LOOP_START}), "book" in the {@code duration} seconds after, "tail" after that.
     */
    static String closedPhase(Session session) {
        long since = System.nanoTime() - LOOP_START.updateAndGet(start -> start == 0 ? System.nanoTime() : start);
        return since < TimeUnit.SECONDS.toNanos(WARMUP) ? "warm-up" : since < TimeUnit.SECONDS.toNanos(WARMUP + DURATION) ? "book" : "tail";
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
        // interleaved: every target forwards to the one origin, whose session the first one's answer gives
        URI uri = URI.create((MODEL.equals("interleaved") && !BASE_URLS.isEmpty() ? BASE_URLS.get(0) : BASE_URL) + (ROUTES > 0 ? "/r0" : "") + PATH);
        HttpResponse<String> response;
        try {
            HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                    .proxy(HttpClient.Builder.NO_PROXY).connectTimeout(Duration.ofSeconds(10)).build();
            HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10));
            if (!API_KEY.isEmpty()) {
                request.header("apikey", API_KEY);
            }
            if (!BEARER.isEmpty()) {
                request.header("Authorization", "Bearer " + BEARER);
            }
            response = client.send(request.build(), HttpResponse.BodyHandlers.ofString());
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
