package io.gatewaybench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gatewaybench.harness.plan.Repo;
import io.gatewaybench.harness.report.HtmlReport;
import io.gatewaybench.harness.report.RunSummary;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** What every quick run must produce, whatever its topology: all six targets measured against direct, with the ladder. */
final class QuickRun {
    private static final List<String> FIELDS = List.of("name", "requests", "errors", "throughput_rps", "latency_ms", "relative_to_direct");
    private static final List<String> LATENCY = List.of("mean", "p50", "p90", "p99", "p99_9", "p99_99", "max");

    private QuickRun() {
    }

    /** Runs {@code ./bench args...} to its end (20 min at most), its output in {@code results/bench.log}; fails unless it exits 0. */
    static void bench(Path results, String... args) throws IOException, InterruptedException {
        bench(results, 0, args);
    }

    /**
     * The same, for a run that must exit with {@code exit}: 1 where a target had errors (the summary is
     * still written). Returns the output.
     */
    static String bench(Path results, int exit, String... args) throws IOException, InterruptedException {
        List<String> argv = new ArrayList<>(List.of(Repo.root().resolve("bench").toString()));
        argv.addAll(List.of(args));
        return run(argv, Files.createDirectories(results).resolve("bench.log"), 20, exit);
    }

    /** Runs a command to its end, its output in {@code log}; fails unless it exits 0 within {@code minutes}. Returns the output. */
    static String run(List<String> argv, Path log, int minutes) throws IOException, InterruptedException {
        return run(argv, log, minutes, 0);
    }

    /**
     * The same, for a command that must exit with {@code exit}; and, where the machine lets its process tree be watched
     * ({@link ProcessTree}), with no process of it left after it ended.
     */
    static String run(List<String> argv, Path log, int minutes, int exit) throws IOException, InterruptedException {
        try (ProcessTree tree = ProcessTree.create()) {
            Process p = new ProcessBuilder(tree.wrap(argv)).directory(Repo.root().toFile()).redirectErrorStream(true)
                    .redirectOutput(log.toFile()).start();
            if (!p.waitFor(minutes, TimeUnit.MINUTES)) {
                p.destroy(); // the scripts stop what they started on SIGTERM
                p.waitFor(1, TimeUnit.MINUTES);
                tree.stopAll();
                throw new AssertionError(String.join(" ", argv) + " was still running after " + minutes + " min; see "
                        + log);
            }
            String output = Files.readString(log);
            assertEquals(exit, p.exitValue(), String.join(" ", argv) + " exited " + p.exitValue() + ", expected " + exit
                    + ": " + output);
            tree.assertNoneLeft(String.join(" ", argv));
            return output;
        }
    }

    /** The default run's targets, in order. */
    static final List<String> ALL_SIX = List.of("direct", "nginx", "haproxy", "netty-proxy", "scg", "zuul2");

    /**
     * Checks a quick run's folder: summary.json (against docs/summary.schema.json too), summary.md and details.md with
     * {@code names}, in order, the placement and the quick ladder ({@code ladder} false: a run with --levels=none), and
     * report.html.
     */
    static JsonNode checkSummary(Path run, List<String> names, boolean ladder) throws IOException {
        JsonNode summary = new ObjectMapper().readTree(run.resolve("summary.json").toFile());
        SummarySchemaTest.assertMatchesSchema(run);
        for (String key : List.of("run_id", "started", "git_commit", "machine", "components", "jvm_flags", "placement", "load")) {
            assertNotNull(summary.get(key), "summary.json lacks " + key);
        }
        assertEquals(ladder, summary.hasNonNull("ladder"), "summary.json's ladder: " + summary.get("ladder"));
        JsonNode targets = summary.get("targets");
        assertEquals(names, Stream.iterate(0, i -> i + 1).limit(targets.size()).map(i -> targets.get(i).get("name").asText()).toList());
        for (JsonNode t : targets) {
            String name = t.get("name").asText();
            FIELDS.forEach(f -> assertTrue(t.hasNonNull(f), name + " lacks " + f + ": " + t));
            assertTrue(t.get("requests").asLong() > 0, name + " made no requests");
            assertEquals(0, t.get("errors").asLong(), name + " had errors");
            LATENCY.forEach(f -> assertTrue(t.get("latency_ms").hasNonNull(f), name + " lacks latency " + f));
            for (JsonNode round : t.get("rounds")) { // what report.html draws the latency spectrum from
                assertTrue(round.path("latency_spectrum_ms").size() > 0, name + " lacks a round's latency spectrum");
            }
            if (ladder) {
                checkLadder(name, t, plannedRates(summary).size());
            }
        }
        if (ladder) {
            checkLadder(summary);
        }
        JsonNode direct = targets.get(0).get("relative_to_direct");
        assertEquals(1.0, direct.get("throughput").asDouble());
        LATENCY.forEach(f -> assertEquals(1.0, direct.get("latency").get(f).asDouble(), "direct's relative " + f));
        for (String role : List.of("injector", "gateway", "backend")) {
            assertTrue(summary.get("placement").get(role).hasNonNull("address"), "placement lacks the " + role + "'s address");
            assertTrue(summary.get("placement").get(role).hasNonNull("cpus"), "placement lacks the " + role + "'s CPUs");
        }
        String md = Files.readString(run.resolve("summary.md"));
        // direct's row: 100.0%, then its errors, with the wrk cross-check's mark where Gatling was the limit and the not-warm
        // mark where a quick run's warm-up was too short for a steady rate
        assertTrue(md.lines().anyMatch(l -> l.matches(
                        "\\| direct \\| 100\\.0%( · injector-limited \\(wrk \\d+\\.\\d\\dx\\))?( · not warm \\(\\d+/\\d+\\))? \\|.*")),
                "summary.md lacks direct at 100.0% of itself:\n" + md);
        String details = Files.readString(run.resolve(RunSummary.DETAILS));
        if (ladder) {
            assertTrue(md.contains("## Maximum sustainable rate"), "summary.md lacks the maximum sustainable rates");
            assertTrue(details.contains("## Fixed rates") && details.contains("## Fixed-rate levels in full"), "details.md lacks the ladder's tables");
        }
        assertTrue(details.contains("| gateway | the gateway under test"), "details.md lacks the placement table");
        assertTrue(Files.size(run.resolve(HtmlReport.FILE)) > 0, "the run wrote no " + HtmlReport.FILE);
        checkHostileInput(summary, names, md);
        return summary;
    }

    /**
     * The run's gateways, each started from its descriptor in targets/ (as every quick run here does), carry the hostile-input
     * suite's finding as targets/hostile-input.tsv holds it, and the verdict shows it.
     */
    private static void checkHostileInput(JsonNode summary, List<String> names, String md) {
        io.gatewaybench.harness.plan.HostileInputRecord record = io.gatewaybench.harness.plan.HostileInputRecord.read();
        List<String> gateways = names.stream().filter(n -> !n.equals("direct")).toList();
        JsonNode found = summary.path("hostile_input").path("by_gateway");
        List<String> recorded = new ArrayList<>();
        found.fieldNames().forEachRemaining(recorded::add);
        assertEquals(gateways, recorded, "the gateways the run recorded the hostile-input suite's finding for: " + summary.path("hostile_input"));
        for (String g : gateways) {
            assertEquals(record.total(g).handled(), found.get(g).get("handled").asInt(), g + "'s hostile input handled");
            assertEquals(record.total(g).tried(), found.get(g).get("tried").asInt(), g + "'s hostile input tried");
            assertTrue(md.lines().anyMatch(l -> l.startsWith("| " + g + " |") && l.contains(" | " + record.total(g).handled() + "/"
                    + record.total(g).tried() + " | ")), "summary.md's verdict lacks " + g + "'s hostile input handled:\n" + md);
        }
    }

    /**
     * The quick ladder's rates, as recomputed from the capacity the run measured: 25% and 50% of it, two levels, or one where
     * both share the floor of 10 req/s (a capacity under 21 req/s: the Ansible run on the CI of 1329c91 calibrated direct,
     * cold, on one CPU, under that); the run's own {@code rates_rps} must be these.
     */
    private static List<Integer> plannedRates(JsonNode summary) {
        JsonNode ladder = summary.get("ladder");
        List<Integer> percents = Stream.iterate(0, i -> i + 1).limit(ladder.get("percent_of_direct_capacity").size())
                .map(i -> ladder.get("percent_of_direct_capacity").get(i).asInt()).toList();
        assertEquals(List.of(25, 50), percents, "the quick ladder's shares of direct's capacity");
        assertEquals(0, ladder.get("absolute_rps").size(), "the quick ladder's absolute rates");
        double capacity = ladder.get("calibration").get("capacity_rps").asDouble();
        assertTrue(capacity > 0, "direct's calibrated capacity: " + ladder);
        return io.gatewaybench.harness.measure.Ladder.rates(percents, capacity, List.of());
    }

    /**
     * A target's quick ladder: each of the {@code planned} levels (25% and 50% of direct's capacity) listed, those reached
     * with their spectrum, and a search per objective.
     */
    private static void checkLadder(String name, JsonNode t, int planned) throws IOException {
        JsonNode levels = t.get("fixed_rate");
        // the second level is sent unless the first ended the ladder: overloaded, or sent late twice (injector-limited)
        io.gatewaybench.harness.measure.Ladder.Level first = io.gatewaybench.harness.measure.Ladder.Level.of(
                io.gatewaybench.harness.model.Summaries.mapper().treeToValue(levels.get(0).get("rounds").get(0),
                        io.gatewaybench.harness.model.LevelRound.class));
        boolean ended = first.overloaded() || !first.injectorLate().isEmpty();
        // summary.json lists every planned level, those no round reached with rounds_reached 0
        assertEquals(planned, levels.size(), name + ": " + levels);
        long reached = Stream.iterate(0, i -> i + 1).limit(levels.size()).filter(i -> levels.get(i).get("rounds_reached").asInt() > 0).count();
        assertEquals(ended ? 1 : planned, reached, name + " (first level " + (ended ? "ended the ladder" : "did not end the ladder") + "): " + levels);
        // the lowest level's spectrum, where it measured the target at its rate (a level sent late has none: its latency is the
        // injector's lag)
        assertEquals(1, levels.get(0).get("rounds_reached").asInt(), name + ": " + levels.get(0));
        boolean atRate = first.measuredAtRate();
        assertEquals(atRate, levels.get(0).path("latency_ms").hasNonNull("p99_99"), name + (atRate ? " lacks the lowest level's spectrum: "
                : " has a latency at a level not measured at its rate: ") + levels.get(0));
        for (String objective : List.of("p99-10ms", "gigaom-high-performance")) {
            assertTrue(t.get("max_sustainable").get(objective).has("rate_rps"), name + " lacks the search under " + objective);
        }
    }

    /**
     * The run's quick ladder: two levels of direct's calibrated capacity, sent by Vegeta (the default), every level a round
     * reached with its latency to the microsecond, from each request's intended send (a level after one Vegeta sent late
     * twice is listed with no rounds).
     */
    private static void checkLadder(JsonNode summary) {
        JsonNode rates = summary.get("ladder").get("rates_rps");
        assertEquals(plannedRates(summary), Stream.iterate(0, i -> i + 1).limit(rates.size()).map(i -> rates.get(i).asInt()).toList(),
                "the ladder's rates against the capacity it measured: " + summary.get("ladder"));
        assertEquals("vegeta", summary.get("ladder").path("injector").asText(), "the ladder's injector");
        assertTrue(summary.get("components").has("vegeta"), "components lack Vegeta's version");
        for (JsonNode t : summary.get("targets")) {
            for (JsonNode level : t.get("fixed_rate")) {
                for (JsonNode round : level.get("rounds")) {
                    assertTrue(round.path("latency_us").hasNonNull("p50"), t.get("name") + " lacks a level's microseconds: " + level);
                }
            }
        }
    }

    static Path newest(Path results) throws IOException {
        try (Stream<Path> runs = Files.list(results)) {
            return runs.filter(Files::isDirectory).max(Comparator.comparing(p -> p.getFileName().toString())).orElseThrow();
        }
    }

    /** A run a test makes into {@code results} (its console in {@code results/bench.log}), returning the run's folder. */
    interface Attempt {
        Path run() throws Exception;
    }

    /**
     * The run, and once more where its injector could not deliver a fixed-rate level of it ({@link #undelivered}): a level
     * Vegeta sent late twice is neither the target's figure nor its failure, and in a one-round run no other round stands in
     * for it. {@code forcedBy}, where not empty, names the switch that asks for it once more whatever the first delivered, to
     * see that path run. The first attempt's run is kept
     * beside the second, what was late written to {@code results/first-attempt.txt} and its console moved to
     * {@code first-attempt-bench.log}. Never tried again for anything the checks judge.
     */
    static Path deliveredOrOnceMore(Path results, String forcedBy, Attempt attempt) throws Exception {
        Path said = results.resolve("first-attempt.txt");
        Path console = results.resolve("first-attempt-bench.log");
        Files.deleteIfExists(said); // an earlier invocation's, not this one's
        Files.deleteIfExists(console);
        Path first = attempt.run();
        List<String> late = !forcedBy.isEmpty() ? List.of("(forced: " + forcedBy + ")") : undelivered(new ObjectMapper().readTree(first.resolve("summary.json").toFile()));
        if (late.isEmpty()) {
            return first;
        }
        Files.writeString(said, "run " + first.getFileName() + ": the injector could not deliver " + late + "; run once more\n");
        Files.move(results.resolve("bench.log"), console);
        Path second = attempt.run();
        assertNotEquals(first, second, "the second attempt wrote a run of its own");
        return second;
    }

    /**
     * The levels the injector could not deliver in some round (sent late twice, or not reached after one that was), by
     * target; a target that failed is left out (a run that lost it measured none of its levels, by design or not, and the
     * test that reads it says which).
     */
    static List<String> undelivered(JsonNode summary) {
        List<String> late = new ArrayList<>();
        for (JsonNode t : summary.get("targets")) {
            if (t.hasNonNull("failure")) {
                continue;
            }
            int rounds = t.get("rounds").size();
            for (JsonNode l : t.path("fixed_rate")) {
                if (l.path("rounds_injector_limited").asInt() > 0) {
                    late.add(t.get("name").asText() + " at " + l.get("rate_rps") + " req/s (send lag P99 up to "
                            + l.get("send_lag_p99_ms_max") + " ms)");
                } else if (l.get("rounds_reached").asInt() < rounds) {
                    late.add(t.get("name").asText() + " at " + l.get("rate_rps") + " req/s (not reached)");
                }
            }
        }
        return late;
    }
}
