package io.gatewaybench.harness;

import io.gatewaybench.harness.plan.InjectorLimit;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gatewaybench.harness.measure.VegetaLadder;
import io.gatewaybench.harness.measure.WrkCrossCheck;
import io.gatewaybench.harness.plan.Repo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The numbers of README.md besides its verdict table (VerdictReadmeTest): each committed run it points to took the time, ran
 * the rounds and measured the targets README gives it, by that run's summary.json; the default run's time is the reference
 * run's; the terms' figures are the reference run's load and the harness's own constants. Each check is also run on README
 * with one figure planted wrong, and must fail there.
 */
class ReadmeNumbersTest {
    /** A committed run cited: linked ([`results/ID`](...)) or named (`ID`). */
    private static final Pattern RUN = Pattern.compile("\\[`results/(\\d{8}-\\d{6}[-a-z]*)`]\\([^)]*\\)|`(\\d{8}-\\d{6}[-a-z]*)`");
    private static final Pattern MIN_S = Pattern.compile("(\\d+) min (\\d+) s");
    private static final Pattern MIN = Pattern.compile("\\((?:[^()]*, )?(\\d+) min\\)");
    private static final Pattern ROUNDS = Pattern.compile("(\\d+) rounds");
    private static final Pattern TARGETS = Pattern.compile("(\\d+) targets");
    /** A target's name where a page gives a figure after it ("nginx 59.0%"), not inside a longer word or path: group 1. */
    private static final String NOT_INSIDE_A_NAME = "(?<![\\w@:+.-])";
    private static final String NAME = NOT_INSIDE_A_NAME + "([a-z][a-z0-9@:+.-]*[a-z0-9])";
    /** A target's throughput relative to direct as summary.md prints it, after the target's name: "nginx 68.5%". */
    private static final Pattern RELATIVE = Pattern.compile(NAME + " (\\d+\\.\\d)%");
    /** A gateway's CPU per 1,000 requests, median with its 95% interval, as the pages give it: "nginx 21 ms (20-22)", "haproxy 25 (23-27)". */
    private static final Pattern CPU = Pattern.compile(NAME + " (\\d+)(?: ms)? \\((\\d+)-(\\d+)\\)");
    /** Where a sentence gives CPU per request figures. */
    private static final Pattern CPU_SENTENCE = Pattern.compile("CPU per 1,000 requests");
    /** Latency added over direct at one ladder rate, mean with its 95% interval: "haproxy +63 µs (-8 to +133)". */
    private static final Pattern ADDED = Pattern.compile(NAME + " ([+-][\\d,]+)(?: µs)? \\(([+-]?[\\d,]+) to ([+-]?[\\d,]+)\\)");
    private static final Pattern ADDED_SENTENCE = Pattern.compile("(?i)added over direct at P50 at ([\\d,]+) req/s");
    /** The maximum sustainable rate under a P99 objective: "Maximum rate under P99 10 ms: direct 14,000, nginx 10,000". */
    private static final Pattern MAX_SENTENCE = Pattern.compile("Maximum rate under P99 (\\d+) ms:");
    private static final Pattern MAX = Pattern.compile(NAME + " ([\\d,]+)");
    /** The precision a run reached for a target's throughput relative to direct, as its notes give it: "nginx ±16.5%". */
    private static final Pattern PRECISION = Pattern.compile(NAME + " ±(\\d+\\.\\d)%");
    /** Direct's closed-load capacity that a run's calibration measured, which set its ladder: "capacity 17,277 req/s". */
    private static final Pattern CAPACITY = Pattern.compile("capacity ([\\d,]+) req/s");
    /** A committed comparison cited: {@code `results/comparisons/<A>-vs-<B>.md`}. */
    private static final Pattern COMPARISON = Pattern.compile("`results/comparisons/([\\w-]+)\\.md`");
    /** How many of a comparison's figures got a verdict: "3 of 40 figures *different*", "none *equivalent*", "37 *inconclusive*". */
    private static final Pattern VERDICTS = Pattern.compile("(none|\\d+)(?:\\s+of\\s+(\\d+)\\s+figures)?\\s+\\*(equivalent|different|inconclusive)\\*");

    @Test
    void everyNumberOfTheReadmeIsItsSourcesOwn() throws IOException {
        List<String> wrong = check(Files.readString(Repo.root().resolve("README.md")));
        assertEquals(List.of(), wrong, "README.md disagrees with the runs and constants it cites");
    }

    /**
     * The pages under docs/ give each committed run they cite the time, rounds and targets of its summary.json, and each
     * target's throughput relative to direct where they give it after the target's name ("nginx 59.0%"; figures after the
     * run's name, in its item or paragraph: as README's); in a sentence that names them, each gateway's CPU per 1,000
     * requests with its interval, the latency it adds at P50 at a named rate with its interval, and the maximum rate under
     * a P99 objective; the precision each target reached ("nginx ±16.5%", as the run's notes give it); and direct's capacity
     * its calibration measured ("capacity 17,277 req/s"). Seen failing on a time, a ratio of each of three pages, a CPU
     * figure, an interval's end of added latency, a maximum rate, a precision reached and a capacity, each planted wrong.
     */
    @Test
    void everyRunFigureOfTheDocsIsItsRunsOwn() throws IOException {
        List<String> wrong = new ArrayList<>();
        try (var pages = Files.list(Repo.root().resolve("docs"))) {
            for (Path page : pages.filter(f -> f.toString().endsWith(".md")).sorted().toList()) {
                runs(Files.readString(page)).forEach(w -> wrong.add(page.getFileName() + ": " + w));
            }
        }
        assertEquals(List.of(), wrong, "docs/ disagree with the runs they cite");
        for (String[] plant : new String[][] {{"figures.md", "`20261126-165818`, on loopback (27 min 9 s)", "`20261126-165818`, on loopback (27 min 19 s)"},
                {"figures.md", "`20261124-035143`, on loopback (26 min 24 s)", "`20261124-035143`, on loopback (26 min 25 s)"},
                {"figures.md", "nginx 59.0%, haproxy 54.4%", "nginx 59.1%, haproxy 54.4%"},
                {"own-deployment.md", "outside-haproxy 65.6%", "outside-haproxy 56.6%"},
                {"scenarios.md", "zuul2 11.1% here", "zuul2 11.0% here"},
                {"figures.md", "haproxy 25 (23-27)", "haproxy 25 (23-28)"},
                {"figures.md", "haproxy 23 (23-24)", "haproxy 24 (23-24)"},
                {"figures.md", "haproxy +63 µs (-8 to", "haproxy +63 µs (-9 to"},
                {"figures.md", "scg +304 (+192 to +417)", "scg +304 (+192 to +418)"},
                {"figures.md", "direct 14,000, nginx 10,000", "direct 14,000, nginx 12,000"},
                {"figures.md", "zuul2 ±0.6%;", "zuul2 ±0.7%;"},
                {"figures.md", "capacity 17,277 req/s", "capacity 17,227 req/s"},
                {"figures.md", "capacity 40,546 req/s", "capacity 40,545 req/s"},
                {"figures.md", "none *equivalent*,\n40 *inconclusive*", "2 *equivalent*,\n40 *inconclusive*"},
                {"figures.md", "5 of 45 figures\n*different*", "5 of 46 figures\n*different*"}}) {
            String page = Files.readString(Repo.root().resolve("docs").resolve(plant[0]));
            assertTrue(page.contains(plant[1]), "the plant's text is not in docs/" + plant[0] + ": " + plant[1]);
            assertEquals(1, runs(page.replace(plant[1], plant[2])).size(), "a run's figure planted wrong in docs/" + plant[0] + " is not seen: "
                    + plant[2] + ": " + runs(page.replace(plant[1], plant[2])));
        }
    }

    @Test
    void aFigurePlantedWrongIsSeen() throws IOException {
        String readme = Files.readString(Repo.root().resolve("README.md"));
        for (String[] plant : new String[][] {{"62 min 27 s", "62 min 28 s"}, {"49 targets", "48 targets"}, {"(3 rounds, 35 min", "(4 rounds, 35 min"},
                {"about 12 minutes", "about 99 minutes"}, {"in slices of 5 s", "in slices of 4 s"},
                {"12 slices a rate", "10 slices a rate"}, {"taking turns of 2 slices", "taking turns of 3 slices"},
                        {"warmed together at 300 req/s", "warmed together at 200 req/s"},
                {"at most 240 s of it", "at most 120 s of it"}, {"a P99 of at most 10 ms", "a P99 of at most 20 ms"},
                        {"**closed load**: the 2019 study's view: 16 users",
                        "**closed load**: the 2019 study's view: 12 users"},
                {"P99 over 5 ms", "P99 over 4 ms"}, {"more than 15% above", "more than 10% above"}}) {
            assertTrue(readme.contains(plant[0]), "the plant's text is not in README: " + plant[0]);
            int at = readme.indexOf(plant[0]);
            String planted = readme.substring(0, at) + plant[1] + readme.substring(at + plant[0].length());
            assertEquals(1, check(planted).size(), "README with " + plant[1] + " for " + plant[0] + ": " + check(planted));
        }
    }

    /** What README gets wrong, one line each. */
    private static List<String> check(String readme) throws IOException {
        List<String> wrong = runs(readme);
        String referenceRun = VerdictReadmeTest.referenceRun(); // the default run README quotes, the reference its verdict is from
        JsonNode reference = summary(referenceRun);
        long minutes = Math.round(duration(reference).toSeconds() / 60.0);
        expect(readme, Pattern.compile("The default run\\s+takes about (\\d+) minutes"), minutes,
                "the default run's time, " + referenceRun, wrong);
        JsonNode equal = reference.get("equal_rates");
        expect(readme, Pattern.compile("in slices of (\\d+) s"), equal.get("slice_s").asLong(),
                "the equal rates' slice", wrong);
        expect(readme, Pattern.compile("(\\d+) slices a rate"), equal.get("slices").asLong(), "the equal rates' slices",
                wrong);
        expect(readme, Pattern.compile("taking turns of (\\d+) slices"), equal.path("turn_slices").asLong(),
                "the rates' turns", wrong);
        expect(readme, Pattern.compile("warmed together at (\\d+) req/s"), equal.get("warmup").get("rate_rps").asLong(),
                "the warm-up's rate", wrong);
        expect(readme, Pattern.compile("at most (\\d+) s of it"), equal.get("warmup").get("cap_s").asLong(),
                "the warm-up's cap", wrong);
        expect(readme, Pattern.compile("a P99 of at most (\\d+) ms"), equal.get("objective_p99_ms").asLong(),
                "the search's objective", wrong);
        expect(readme, Pattern.compile("\\*\\*closed load\\*\\*: the 2019 study's view: (\\d+) users"), reference.get("load").get("users").asLong(),
                "the closed load's users", wrong);
        expect(readme, Pattern.compile("\\*\\*warm-up\\*\\*: of the closed load, (\\d+) s of load"),
                reference.get("load").get("warmup_s").asLong(), "the warm-up", wrong);
        expect(readme, Pattern.compile("into the (\\d+) s measured window"), reference.get("load").get("duration_s").asLong(), "the measured window", wrong);
        expect(readme, Pattern.compile("\\((?:[^()]*; )?(\\d+) s left out"), VegetaLadder.WARMUP_SECONDS, "a level's seconds left out", wrong);
        expect(readme, Pattern.compile("send lag P99 over (\\d+) ms"), (long) InjectorLimit.VEGETA_LATE_SEND_MS,
                "Vegeta's late send", wrong);
        expect(readme, Pattern.compile("more than (\\d+)% above"), Math.round(WrkCrossCheck.INJECTOR_LIMIT * 100), "wrk's margin over Gatling", wrong);
        return wrong;
    }

    /**
     * What a page gets wrong of the committed runs it cites, one line each: each mention's text up to the next run or the end
     * of its item or paragraph, against that run's summary.json.
     */
    private static List<String> runs(String text) throws IOException {
        List<String> wrong = comparisons(text);
        Matcher m = RUN.matcher(text);
        while (m.find()) {
            int end = bulletEnd(text, m.end());
            Matcher next = RUN.matcher(text).region(m.end(), text.length());
            runFigures(m.group(1) != null ? m.group(1) : m.group(2), text.substring(m.end(), next.find() ? Math.min(next.start(), end) : end), wrong);
        }
        return wrong;
    }

    /**
     * What a page gets wrong of the committed comparisons it cites: the count of figures of each verdict, and of all,
     * given in the text after the comparison's name up to the next one or the end of its item or paragraph, against the
     * comparison's own table (its last column, one row per figure).
     */
    private static List<String> comparisons(String text) throws IOException {
        List<String> wrong = new ArrayList<>();
        Matcher m = COMPARISON.matcher(text);
        while (m.find()) {
            Matcher next = COMPARISON.matcher(text).region(m.end(), text.length());
            String said = text.substring(m.end(), next.find() ? Math.min(next.start(), bulletEnd(text, m.end())) : bulletEnd(text, m.end()));
            Path table = Repo.root().resolve("results/comparisons").resolve(m.group(1) + ".md");
            if (!Files.isRegularFile(table)) {
                wrong.add(m.group(1) + ": no such comparison under results/comparisons");
                continue;
            }
            List<String> verdicts = Files.readString(table).lines().filter(l -> l.startsWith("| ") && !l.startsWith("| target |"))
                    .map(l -> l.substring(l.lastIndexOf('|', l.length() - 2) + 1, l.length() - 1).replace("*", "").strip()).toList();
            Matcher v = VERDICTS.matcher(said);
            while (v.find()) {
                long counted = verdicts.stream().filter(v.group(3)::equals).count();
                long given = v.group(1).equals("none") ? 0 : Long.parseLong(v.group(1));
                if (given != counted || v.group(2) != null && Long.parseLong(v.group(2)) != verdicts.size()) {
                    wrong.add(m.group(1) + ": says " + v.group().replaceAll("\\s+", " ") + ", its table has " + counted + " " + v.group(3)
                            + " of " + verdicts.size() + " figures");
                }
            }
        }
        return wrong;
    }

    /** The time, rounds and targets README gives a run, against its summary.json. */
    private static void runFigures(String run, String said, List<String> wrong) throws IOException {
        Path file = Repo.root().resolve("results").resolve(run).resolve("summary.json");
        boolean claims = MIN_S.matcher(said).find() || MIN.matcher(said).find() || ROUNDS.matcher(said).find() || TARGETS.matcher(said).find()
                || RELATIVE.matcher(said).find() || CPU_SENTENCE.matcher(said).find() || ADDED_SENTENCE.matcher(said).find()
                || MAX_SENTENCE.matcher(said).find() || PRECISION.matcher(said).find() || CAPACITY.matcher(said).find();
        if (!claims) {
            return;
        }
        if (!Files.isRegularFile(file)) {
            wrong.add(run + ": README gives figures of a run without a summary.json: " + said.strip());
            return;
        }
        JsonNode s = new ObjectMapper().readTree(file.toFile());
        Matcher exact = MIN_S.matcher(said);
        Matcher rounded = MIN.matcher(said);
        boolean exactly = exact.find();
        if (exactly || rounded.find()) {
            if (!s.hasNonNull("finished")) {
                wrong.add(run + ": README gives a time (" + said.strip() + "), its summary has none");
            } else {
                long took = Math.round(duration(s).toMillis() / 1000.0); // to the nearest second, as README gives it
                long seconds = exactly ? Long.parseLong(exact.group(1)) * 60 + Long.parseLong(exact.group(2)) : -1;
                if (exactly ? seconds != took : Long.parseLong(rounded.group(1)) != Math.round(took / 60.0)) {
                    wrong.add(run + ": README says " + (exactly ? exact.group() : rounded.group(1) + " min") + ", it took "
                            + took / 60 + " min " + took % 60 + " s");
                }
            }
        }
        Matcher rounds = ROUNDS.matcher(said);
        if (rounds.find() && Long.parseLong(rounds.group(1)) != s.get("rounds").asLong()) {
            wrong.add(run + ": README says " + rounds.group() + ", it ran " + s.get("rounds").asLong());
        }
        Matcher targets = TARGETS.matcher(said);
        if (targets.find() && Long.parseLong(targets.group(1)) != s.get("targets").size()) {
            wrong.add(run + ": README says " + targets.group() + ", it measured " + s.get("targets").size());
        }
        Matcher relative = RELATIVE.matcher(said);
        while (relative.find()) {
            for (JsonNode t : s.path("targets")) { // a microbenchmark run's summary has none
                JsonNode ratio = t.path("relative_to_direct").path("throughput");
                if (t.get("name").asText().equals(relative.group(1)) && ratio.isNumber()) {
                    String printed = String.format(java.util.Locale.ROOT, "%.1f", ratio.asDouble() * 100);
                    if (!printed.equals(relative.group(2))) {
                        wrong.add(run + ": says " + relative.group() + ", its summary " + t.get("name").asText() + " " + printed + "%");
                    }
                }
            }
        }
        Matcher capacity = CAPACITY.matcher(said);
        while (capacity.find()) {
            JsonNode measured = s.path("ladder").path("calibration").path("capacity_rps");
            if (!measured.isNumber() || Math.round(measured.asDouble()) != number(capacity.group(1))) {
                wrong.add(run + ": says " + capacity.group() + ", its calibration " + (measured.isNumber() ? Math.round(measured.asDouble()) + " req/s" : "none"));
            }
        }
        cpuFigures(run, s, said, wrong);
        precisionFigures(run, said, wrong);
        addedFigures(run, s, said, wrong);
        maxFigures(run, s, said, wrong);
    }

    /** Each gateway's CPU per 1,000 requests in a sentence that gives them: the median and its 95% interval, whole ms. */
    private static void cpuFigures(String run, JsonNode s, String said, List<String> wrong) {
        Matcher sentence = CPU_SENTENCE.matcher(said);
        while (sentence.find()) {
            Matcher m = CPU.matcher(sentence(said, sentence.end()));
            while (m.find()) {
                JsonNode cpu = target(s, m.group(1)).path("gateway_cpu").path("ms_per_1000_requests");
                String printed = cpu.has("ci95_low") ? Math.round(cpu.get("median").asDouble()) + " (" + Math.round(cpu.get("ci95_low").asDouble())
                        + "-" + Math.round(cpu.get("ci95_high").asDouble()) + ")" : "no interval";
                if (!printed.equals(m.group(2) + " (" + m.group(3) + "-" + m.group(4) + ")")) {
                    wrong.add(run + ": says " + m.group() + " of CPU per 1,000 requests, its summary " + m.group(1) + " " + printed);
                }
            }
        }
    }

    /**
     * Each target's precision reached, as the run's summary.md notes give it ("Precision reached: ... nginx ±16.5%, ..."),
     * which CommittedRunsRenderTest shows is what its summary.json renders.
     */
    private static void precisionFigures(String run, String said, List<String> wrong) throws IOException {
        Matcher m = PRECISION.matcher(said);
        if (!m.find()) {
            return;
        }
        // relative to direct, and in a JVM profile matrix each profile's relative to the reference profile's: either
        List<String> notes = Files.readString(Repo.root().resolve("results").resolve(run).resolve("summary.md")).lines()
                .filter(l -> l.startsWith("- Precision reached: ") || l.startsWith("- Precision reached by the JVM profiles: ")).toList();
        do {
            Pattern ownPattern = Pattern.compile(NOT_INSIDE_A_NAME + Pattern.quote(m.group(1)) + " ±(\\d+\\.\\d)%");
            List<String> givens = notes.stream().map(ownPattern::matcher).filter(Matcher::find).map(o -> o.group(1)).toList();
            String given = givens.contains(m.group(2)) ? m.group(2) : givens.isEmpty() ? null : String.join("% or ±", givens);
            if (!m.group(2).equals(given)) {
                wrong.add(run + ": says " + m.group() + " of precision reached, its summary " + (given == null ? "none for " + m.group(1)
                        : m.group(1) + " ±" + given + "%"));
            }
        } while (m.find());
    }

    /** Each target's latency added over direct at P50 at the rate the sentence names: the mean over rounds and its 95% interval, whole µs. */
    private static void addedFigures(String run, JsonNode s, String said, List<String> wrong) {
        Matcher sentence = ADDED_SENTENCE.matcher(said);
        while (sentence.find()) {
            long rate = Long.parseLong(sentence.group(1).replace(",", ""));
            Matcher m = ADDED.matcher(sentence(said, sentence.end()));
            while (m.find()) {
                JsonNode p50 = null;
                for (JsonNode level : target(s, m.group(1)).path("fixed_rate")) {
                    if (level.path("rate_rps").asLong() == rate) {
                        p50 = level.path("added_over_direct_us").path("p50");
                    }
                }
                long[] given = {number(m.group(2)), number(m.group(3)), number(m.group(4))};
                boolean agrees = p50 != null && p50.has("ci95_low") && given[0] == Math.round(p50.get("mean").asDouble())
                        && given[1] == Math.round(p50.get("ci95_low").asDouble()) && given[2] == Math.round(p50.get("ci95_high").asDouble());
                if (!agrees) {
                    wrong.add(run + ": says " + m.group() + " added at P50 at " + rate + " req/s, its summary " + m.group(1) + " "
                            + (p50 == null || !p50.has("ci95_low") ? "no interval at that rate" : signed(p50.get("mean").asDouble()) + " ("
                            + signed(p50.get("ci95_low").asDouble()) + " to " + signed(p50.get("ci95_high").asDouble()) + ")"));
                }
            }
        }
    }

    /** Each target's maximum sustainable rate under the P99 objective the sentence names. */
    private static void maxFigures(String run, JsonNode s, String said, List<String> wrong) {
        Matcher sentence = MAX_SENTENCE.matcher(said);
        while (sentence.find()) {
            String objective = "p99-" + sentence.group(1) + "ms";
            Matcher m = MAX.matcher(sentence(said, sentence.end()));
            while (m.find()) {
                JsonNode rate = target(s, m.group(1)).path("max_sustainable").path(objective).path("rate_rps");
                if (!rate.isNumber() || rate.asLong() != Long.parseLong(m.group(2).replace(",", ""))) {
                    wrong.add(run + ": says " + m.group() + " req/s under " + objective + ", its summary " + m.group(1) + " "
                            + (rate.isNumber() ? rate.asLong() : "none"));
                }
            }
        }
    }

    /** The text from {@code from} to the end of its sentence (a full stop before a space or the end), as one line. */
    private static String sentence(String text, int from) {
        Matcher end = Pattern.compile("\\.(\\s|$)").matcher(text).region(from, text.length());
        return text.substring(from, end.find() ? end.start() : text.length()).replaceAll("\\s+", " ");
    }

    /** The run's target of that name, or a missing node (a name the page gives that the run did not measure reads as none). */
    private static JsonNode target(JsonNode s, String name) {
        for (JsonNode t : s.path("targets")) {
            if (t.get("name").asText().equals(name)) {
                return t;
            }
        }
        return com.fasterxml.jackson.databind.node.MissingNode.getInstance();
    }

    /** A whole number as the pages write it: "+1,230", "-8", "63". */
    private static long number(String text) {
        return Long.parseLong(text.replace(",", "").replace("+", ""));
    }

    /** A whole number of µs with its sign, as the pages give an added latency: +63, -8, +0. */
    private static String signed(double us) {
        long v = Math.round(us);
        return (v >= 0 ? "+" : "") + v;
    }

    /** Where the list item or paragraph holding {@code from} ends: the next item, blank line or table row. */
    private static int bulletEnd(String text, int from) {
        int end = text.length();
        for (String stop : List.of("\n- ", "\n\n", "\n|")) {
            int at = text.indexOf(stop, from);
            if (at >= 0) {
                end = Math.min(end, at);
            }
        }
        return end;
    }

    private static void expect(String readme, Pattern p, long value, String what, List<String> wrong) {
        Matcher m = p.matcher(readme);
        if (!m.find()) {
            wrong.add(what + ": README no longer says it as '" + p.pattern() + "' (change the test with the text)");
        } else if (Long.parseLong(m.group(1)) != value) {
            wrong.add(what + ": README says " + m.group(1) + ", its source " + value);
        }
    }

    private static JsonNode summary(String run) throws IOException {
        return new ObjectMapper().readTree(Repo.root().resolve("results").resolve(run).resolve("summary.json").toFile());
    }

    private static Duration duration(JsonNode s) {
        return Duration.between(Instant.parse(s.get("started").asText()), Instant.parse(s.get("finished").asText()));
    }
}
