package io.gatewaybench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gatewaybench.harness.launch.Launch;
import io.gatewaybench.harness.launch.TargetProcess;
import io.gatewaybench.harness.plan.Environment;
import io.gatewaybench.harness.plan.Ports;
import io.gatewaybench.harness.plan.Repo;
import io.gatewaybench.harness.plan.Target;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Your own deployment (issue 23): an origin that is not Tomcat, given by {@code --origin}, and a gateway that runs already,
 * declared by its URL alone. The test starts both outside {@code ./bench}: NGINX serving a static page
 * ({@code own-deployment/static-origin.properties}) and HAProxy in front of it (the suite's own {@code targets/haproxy}
 * configuration, rendered and started by the test). {@code ./bench run --origin=...} then measures, in the same rotated
 * rounds, direct (the static origin), that HAProxy declared three times by URL (with its pidfile, without, and one
 * declaring the origin's other server, which answers another page under the same path), and NGINX started by the run in
 * front of the same origin. About 2.5 minutes here.
 *
 * <p>Plants, each making one check fail ({@code -Downdeployment.plant=NAME}): {@code wrong-is-right} declares the right
 * address in the wrong page's descriptor (its refusal fails); {@code unwatched-has-pidfile} gives the unwatched descriptor
 * the pidfile (the "not measured" check fails); {@code config-left-out} names no configuration in the watched one (the copy
 * check fails).
 *
 * <p>{@code -Downdeployment.load=full -Downdeployment.results=DIR} makes the committed run of this setup, with the default load,
 * three rounds and a ladder of five levels (about 15 minutes), under the same checks.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class OwnDeploymentIT {
    private static final Path HERE = Path.of("target", "own-deployment-it").toAbsolutePath();
    private static final String PAGE = "/catalogue.html";
    private static final String PLANT = System.getProperty("owndeployment.plant", "");
    /** {@code -Downdeployment.load=full}: the default load and rounds, for the committed run; the checks are the same. */
    private static final boolean FULL = System.getProperty("owndeployment.load", "").equals("full");

    private TargetProcess origin;
    private TargetProcess haproxy;
    private long haproxyPid;
    private JsonNode summary;
    private Path run;
    private String out;

    @BeforeAll
    void startOutsideAndRun() throws Exception {
        Files.createDirectories(HERE);
        int originPort = Ports.free();
        int otherPort = Ports.free();
        Target staticOrigin = Target.load(Repo.root().resolve("harness/src/test/resources/own-deployment/static-origin.properties"));
        Map<String, String> keys = new LinkedHashMap<>(staticOrigin.keys());
        keys.put("other.port", Integer.toString(otherPort));
        origin = TargetProcess.start(new Target(staticOrigin.name(), staticOrigin.description(), keys, staticOrigin.file()),
                new Launch(HERE.resolve("outside/static-origin"), "127.0.0.1", originPort, null, 1, Environment.currentJava(), ""));
        URI originUrl = origin.launch().url();
        Path originDir = origin.launch().dir();
        Files.writeString(originDir.resolve("other" + PAGE), Files.readString(originDir.resolve("www" + PAGE)).replace("Volume 7 of", "Volume seven of"));
        haproxy = TargetProcess.start(Target.named("haproxy"),
                new Launch(HERE.resolve("outside/haproxy"), "127.0.0.1", Ports.free(), originUrl, 1, Environment.currentJava(), ""));
        haproxyPid = haproxy.pid();
        Path dir = haproxy.launch().dir();
        String url = "url=" + haproxy.launch().url() + "\n";
        Path descriptors = Files.createDirectories(HERE.resolve("descriptors"));
        write(descriptors, "outside-haproxy", url + "pidfile=" + dir.resolve("pid") + "\n"
                + (PLANT.equals("config-left-out") ? "" : "config=" + dir.resolve("haproxy.cfg") + "\n"));
        write(descriptors, "outside-unwatched", url + (PLANT.equals("unwatched-has-pidfile") ? "pidfile=" + dir.resolve("pid") + "\n" : ""));
        write(descriptors, "outside-wrong-page", PLANT.equals("wrong-is-right") ? url : "url=http://127.0.0.1:" + otherPort + "\n");
        List<String> targets = new ArrayList<>();
        for (String name : List.of("outside-haproxy", "outside-unwatched", "outside-wrong-page")) {
            targets.add(descriptors.resolve(name + ".properties").toString());
        }
        targets.add("nginx");
        Path results = Path.of(System.getProperty("owndeployment.results", HERE.resolve("results").toString())).toAbsolutePath();
        List<String> args = new ArrayList<>(List.of("run", "--design=rounds", "--origin=" + originUrl + PAGE,
                "--targets=" + String.join(",", targets),
                "--results=" + results));
        // the committed run (docs/own-deployment.md): the default load, five ladder levels; otherwise the shortest that measures
        args.addAll(FULL ? List.of("--levels=10,20,30,40,50") : List.of("--rounds=2", "--users=4", "--warmup=2", "--duration=3",
                "--levels=none", "--rates=100", "--level-duration=2", "--cross-check=outside-haproxy", "--quick"));
        args.add(0, Repo.root().resolve("bench").toString());
        // exit 1: the wrong page is refused, and the run says so
        out = QuickRun.run(args, Files.createDirectories(results).resolve("bench.log"), FULL ? 40 : 20, 1);
        run = QuickRun.newest(results);
        SummarySchemaTest.assertMatchesSchema(run);
        summary = new ObjectMapper().readTree(run.resolve("summary.json").toFile());
    }

    private static void write(Path folder, String name, String keys) throws IOException {
        Files.writeString(folder.resolve(name + ".properties"), "name=" + name + "\ndescription=HAProxy started outside ./bench, "
                + "declared by its URL\n" + keys);
    }

    @AfterAll
    void stopOutside() {
        if (haproxy != null) {
            haproxy.close();
        }
        if (origin != null) {
            origin.close();
        }
    }

    private JsonNode target(String name) {
        for (JsonNode t : summary.get("targets")) {
            if (t.get("name").asText().equals(name)) {
                return t;
            }
        }
        throw new AssertionError("no target " + name + " in " + run);
    }

    /** Direct is the origin given, not Tomcat: no Tomcat in the run, every answer checked against the static page. */
    @Test
    void directIsTheOriginGivenAndNotTomcat() {
        assertEquals(origin.launch().url().toString(), summary.get("origin").get("url").asText());
        assertEquals(PAGE, summary.get("origin").get("page").asText());
        assertFalse(summary.get("components").has("tomcat"), "a Tomcat version in a run without Tomcat: " + summary.get("components"));
        assertFalse(summary.get("jvm_flags").has("tomcat"), "Tomcat's flags in a run without Tomcat");
        JsonNode direct = target("direct");
        assertEquals(0, direct.get("errors").asLong(), "direct had errors");
        assertEquals(FULL ? 3 : 2, direct.get("rounds").size());
        assertTrue(direct.get("throughput_rps").asDouble() > 0);
        assertTrue(Files.exists(run.resolve("summary.md")));
    }

    /** Declared by URL: verified, measured in every round, never started or stopped; its CPU read from the PID its pidfile names. */
    @Test
    void aGatewayDeclaredByUrlIsMeasuredAndNeverStopped() throws IOException {
        JsonNode t = target("outside-haproxy");
        assertFalse(t.has("failure"), "not measured: " + t.get("failure"));
        assertEquals(FULL ? 3 : 2, t.get("rounds").size());
        assertEquals(0, t.get("errors").asLong());
        assertTrue(t.get("configuration").asText().contains("declared by URL, " + haproxy.launch().url()), t.get("configuration").asText());
        assertTrue(t.get("resources").get("gateway").get("cpu_ms_per_1000_requests").asDouble() > 0, "no CPU read from its pidfile: " + t.get("resources"));
        assertTrue(haproxy.process().isAlive() && haproxy.pid() == haproxyPid, "the run stopped the gateway it did not start");
        assertTrue(t.get("wrk_cross_check") != null, "the cross-check did not run against it");
        assertEquals(Files.readString(haproxy.launch().dir().resolve("haproxy.cfg")),
                Files.readString(run.resolve(t.get("run_folder").asText()).resolve("config/haproxy.cfg")),
                "its configuration is not beside its results");
    }

    /** Without a process to watch, its CPU and memory are reported as not measured, with the reason, not as zero. */
    @Test
    void withoutAPidfileItsCostIsNotMeasuredAndSaysWhy() throws IOException {
        JsonNode t = target("outside-unwatched");
        assertFalse(t.has("failure"), "not measured: " + t.get("failure"));
        assertNotNull(t.get("not_sampled"), "no reason why its CPU was not measured: " + t);
        assertTrue(t.get("not_sampled").asText().contains("pidfile"), t.get("not_sampled").asText());
        assertNull(t.get("resources").get("gateway"), "a gateway cost for a gateway not watched: " + t.get("resources"));
        assertTrue(Files.readString(run.resolve("details.md")).contains("outside-unwatched: gateway CPU and memory not measured: declared by URL"));
    }

    /** A gateway declared by URL is verified like any other: one that answers another page is refused, and the others go on. */
    @Test
    void aGatewayDeclaredByUrlThatAnswersAnotherPageIsRefused() {
        JsonNode t = target("outside-wrong-page");
        assertNotNull(t.get("failure"), "a gateway answering another page was measured");
        assertTrue(t.get("failure").asText().contains("serves a different page"), t.get("failure").asText());
        assertTrue(out.contains("outside-wrong-page: FAILED, not measured"), out);
    }

    /** A gateway the run starts fronts the origin given as well. */
    @Test
    void aGatewayTheRunStartsFrontsTheOriginGiven() {
        JsonNode t = target("nginx");
        assertFalse(t.has("failure"), "not measured: " + t.get("failure"));
        assertEquals(0, t.get("errors").asLong());
        assertTrue(t.get("resources").get("gateway").get("cpu_ms_per_1000_requests").asDouble() > 0);
    }
}
