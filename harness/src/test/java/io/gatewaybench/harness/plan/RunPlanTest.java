package io.gatewaybench.harness.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line of {@code ./bench run}: its defaults, and an error that names the fix for every bad option. */
class RunPlanTest {

    @Test
    void theDefaultRunIsAtEqualRatesThenTwoRoundsOfTheClosedLoad() {
        RunPlan plan = RunPlan.parse(List.of());
        assertTrue(plan.byEqualRates());
        assertEquals(new RunPlan.EqualRatesPlan(5, 12, 300, 240, List.of(25, 50, 75), 2), plan.equalRates());
        assertEquals(2, plan.rounds());
        assertEquals(15, plan.load().warmupSeconds());
        assertEquals(List.of("direct", "nginx", "haproxy", "netty-proxy", "scg", "zuul2"),
                plan.targets().stream().map(Target::name).toList());
    }

    @Test
    void manyTargetsAreMeasuredInRoundsAndTheEqualRatesOptionsGoWithTheirDesignOnly() {
        assertFalse(RunPlan.parse(List.of("--scenarios=plain,jwt")).byEqualRates());
        assertFalse(RunPlan.parse(List.of("--workers=1,2")).byEqualRates());
        assertFalse(RunPlan.parse(List.of("--targets=nginx,haproxy,netty-proxy,scg,zuul2,"
                + "harness/src/test/resources/planted-cost/planted-twin-a.properties,"
                + "harness/src/test/resources/planted-cost/planted-twin-b.properties,"
                + "harness/src/test/resources/planted-cost/planted-warm.properties")).byEqualRates());
        assertFalse(RunPlan.parse(List.of("--targets=scg,zuul2", "--jvm=default,zgc,parallel")).equalRates().batches()
                .isEmpty(), "a matrix over 5 beside direct runs in batches");
        assertFalse(RunPlan.parse(List.of("--jvm=default,zgc")).byEqualRates(),
                "three gateways and their twins leave a batch no room: rounds");
        assertTrue(RunPlan.parse(List.of("--jvm=zgc")).byEqualRates());
        assertTrue(message("--design=rounds", "--slices=8").contains("--slices is an option of --design=equal-rates"),
                message("--design=rounds", "--slices=8"));
        assertTrue(message("--design=duet").contains("--design must be equal-rates or rounds"),
                message("--design=duet"));
        assertTrue(message("--percents=120").contains("--percents are shares"), message("--percents=120"));
    }

    @Test
    void aMatrixOfJvmProfilesRunsAtEqualRatesWithItsTwinWhereItFits() {
        RunPlan plan = RunPlan.parse(List.of("--targets=scg", "--jvm=default,parallel"));
        assertTrue(plan.byEqualRates());
        assertEquals(List.of("direct", "scg@default", "scg@default-twin", "scg@parallel"),
                plan.targets().stream().map(Target::name).toList());
        assertEquals(java.util.Optional.of("default"), plan.targets().get(2).profile());
        assertFalse(RunPlan.parse(List.of("--targets=scg", "--jvm=default,parallel", "--design=rounds")).targets()
                .stream().anyMatch(t -> t.name().endsWith("-twin")), "a matrix in rounds has no twin");
        String tooMany = message("--design=equal-rates", "--targets=nginx,haproxy,netty-proxy,scg,zuul2,"
                + "harness/src/test/resources/planted-cost/planted-twin-a.properties,"
                + "harness/src/test/resources/planted-cost/planted-twin-b.properties,"
                + "harness/src/test/resources/planted-cost/planted-warm.properties");
        assertTrue(tooMany.contains("this run has 9 (direct and the A/A twins counted), more than the "
                + RunPlan.MOST_AT_ONCE), tooMany);
    }

    /**
     * A matrix over {@link RunPlan#MOST_IN_A_BATCH} beside direct: batches of at most that many, the first with direct,
     * the reference and its twin, each later one with the reference again, the other profiles shared out evenly in
     * their order, each once; no closed load unless asked for.
     */
    @Test
    void aLargerMatrixRunsInBatchesEachWithTheReferenceAndItsTwin() {
        RunPlan plan = RunPlan.parse(List.of("--targets=scg", "--jvm=all"));
        List<List<String>> batches = plan.equalRates().batches();
        List<String> names = plan.targets().stream().map(Target::name).toList();
        List<String> profiles = plan.jvm().stream().map(p -> "scg@" + p.name()).filter(names::contains).toList();
        assertEquals(15, profiles.size(), "scg's profiles: " + profiles);
        assertTrue(batches.size() >= 2, batches.toString());
        List<String> others = new java.util.ArrayList<>();
        for (int b = 0; b < batches.size(); b++) {
            List<String> batch = batches.get(b);
            assertTrue(batch.size() <= RunPlan.MOST_IN_A_BATCH + (b == 0 ? 1 : 0), batch.toString());
            List<String> anchors = b == 0 ? List.of("direct", "scg@default", "scg@default-twin")
                    : List.of("scg@default-b" + (b + 1));
            assertEquals(anchors, batch.subList(0, anchors.size()), "batch " + (b + 1));
            others.addAll(batch.subList(anchors.size(), batch.size()));
        }
        assertEquals(profiles.subList(1, profiles.size()), others, "every other profile once, in order");
        java.util.IntSummaryStatistics shares = batches.stream().mapToInt(b -> b.size() - (b == batches.get(0) ? 3 : 1))
                .summaryStatistics();
        assertTrue(shares.getMax() - shares.getMin() <= 1, "shared out evenly: " + batches);
        assertEquals(batches.stream().flatMap(List::stream).toList(), plan.targets().stream().map(Target::name)
                .toList());
        assertEquals(java.util.Optional.of("default"), plan.targets().stream()
                .filter(t -> t.name().equals("scg@default-b2")).findFirst().orElseThrow().profile());
        assertEquals(4, batches.size(), "scg's 14 other profiles: 3, then 4 a batch");
        assertEquals(0, plan.rounds(), "no closed load by default");
        assertEquals(List.of(50), plan.equalRates().percents(), "one rate by default");
        assertEquals(24, plan.equalRates().slices(), "measured twice as long by default");
        RunPlan asked = RunPlan.parse(List.of("--targets=scg", "--jvm=all", "--percents=25,75", "--slices=6"));
        assertEquals(List.of(25, 75), asked.equalRates().percents(), "the rates asked for");
        assertEquals(6, asked.equalRates().slices());
        assertEquals(List.of(25, 50, 75), RunPlan.parse(List.of("--targets=scg", "--jvm=default,parallel"))
                .equalRates().percents(), "a matrix at once keeps three rates");
        assertEquals(1, RunPlan.parse(List.of("--targets=scg", "--jvm=all", "--rounds=1")).rounds());
        assertTrue(RunPlan.parse(List.of("--targets=scg", "--jvm=default,parallel,zgc,jdk25")).equalRates().batches()
                .isEmpty(), "5 beside direct, the twin counted: at once");
        String full = message("--targets=scg,zuul2,netty-proxy", "--jvm=default,parallel", "--design=equal-rates");
        assertTrue(full.contains("with its twin are 6") && full.contains("name fewer --targets"), full);
    }

    @Test
    void theRoundsDesignIsThreeRoundsWithTheLadder() {
        RunPlan plan = RunPlan.parse(List.of("--design=rounds"));
        assertEquals(3, plan.rounds());
        assertEquals(List.of("direct", "nginx", "haproxy", "netty-proxy", "scg", "zuul2"),
                plan.targets().stream().map(Target::name).toList());
        assertEquals(List.of(5, 10, 15, 20, 25, 30, 35, 40, 45, 50), plan.ladder().percents());
        assertTrue(plan.ladder().enabled());
        assertEquals(List.of("p99-10ms", "gigaom-high-performance"), plan.ladder().objectives().stream().map(Objective::name).toList());
        assertEquals(25 + 10 + plan.ladder().seconds(10), plan.loadSeconds());
    }

    @Test
    void ladderOptionsAreSortedAndDeduplicatedAndNoneTurnsItOff() {
        RunPlan plan = RunPlan.parse(List.of("--levels=50,10,10", "--rates=3000,1000", "--p99-objective=25", "--level-duration=5"));
        assertEquals(List.of(10, 50), plan.ladder().percents());
        assertEquals(List.of(1000, 3000), plan.ladder().absolute());
        assertEquals("p99-25ms", plan.ladder().objectives().get(0).name());
        assertEquals(5, plan.ladder().levelSeconds());
        assertFalse(RunPlan.parse(List.of("--levels=none")).ladder().enabled());
        assertTrue(RunPlan.parse(List.of("--levels=none", "--rates=2000")).ladder().enabled());
    }

    @Test
    void badOptionsSayWhatIsWrong() {
        assertTrue(message("--levels=ten").contains("--levels must be a whole number above 0, got 'ten'"), message("--levels=ten"));
        assertTrue(message("--levels=5000").contains("percentages of direct's capacity"), message("--levels=5000"));
        assertTrue(message("--rounds=0").contains("--rounds must be a whole number above 0"), message("--rounds=0"));
        assertTrue(message("--ladder=1").contains("unknown option --ladder"), message("--ladder=1"));
        assertTrue(message("--cross-check=scg").contains("not among the run's targets"), message("--cross-check=scg --targets=nginx"));
    }

    /** --injectors: 1 by default; several only on the emulated or real hosts (not loopback), and only with Vegeta's ladder (Gatling's runs on one host). */
    @Test
    void severalInjectorsNeedTheEmulatedHostsAndVegetasLadder() {
        assertEquals(1, RunPlan.parse(List.of()).injectors());
        assertEquals(2, RunPlan.parse(List.of("--topology=netns", "--injectors=2")).injectors());
        assertEquals(3, RunPlan.parse(List.of("--topology=hosts", "--injectors=3")).injectors());
        assertTrue(message("--injectors=2").contains("--topology=netns") && message("--injectors=2").contains("[injectors]"),
                message("--injectors=2"));
        String gatling = message("--topology=netns", "--injectors=2", "--ladder-injector=gatling");
        assertTrue(gatling.contains("leave --ladder-injector=gatling out"), gatling);
        assertTrue(message("--injectors=0").contains("--injectors must be a whole number above 0"), message("--injectors=0"));
    }

    /** --precision as a share or a percentage, --budget beside it; none of it without --precision, nor from one round. */
    @Test
    void precisionAddsRoundsWithinABudget() {
        assertEquals(null, RunPlan.parse(List.of()).precision(), "no --precision: the rounds asked for, no more");
        RunPlan.PrecisionSpec p = RunPlan.parse(List.of("--precision=5%", "--budget=30")).precision();
        assertEquals(0.05, p.share(), 1e-12);
        assertEquals(30, p.budgetMinutes());
        assertEquals(60, RunPlan.parse(List.of("--precision=0.05")).precision().budgetMinutes(), "the default budget");
        assertTrue(p.reached(0.96, 1.04), "±4% is within ±5%");
        assertFalse(p.reached(0.90, 1.10), "±10% is not");
        assertTrue(message("--precision=5").contains("--precision is a share above 0 and below 1 (0.05) or a percentage (5%), got '5'"),
                message("--precision=5"));
        assertTrue(message("--max-rounds=5").contains("--max-rounds bounds the rounds that --precision adds: give --precision too"),
                message("--max-rounds=5"));
        assertEquals(40, RunPlan.parse(List.of("--precision=0.05")).precision().maxRounds(), "the default most rounds");
        assertEquals(6, RunPlan.parse(List.of("--design=rounds", "--precision=0.05", "--max-rounds=6")).precision()
                .maxRounds());
        assertTrue(message("--design=rounds", "--precision=0.05", "--rounds=4", "--max-rounds=3")
                .contains("--max-rounds=3 is fewer than the --rounds=4 asked for"),
                message("--design=rounds", "--precision=0.05", "--rounds=4", "--max-rounds=3"));
        assertTrue(message("--precision=0.05", "--max-rounds=3").contains("at equal rates it adds slices"),
                message("--precision=0.05", "--max-rounds=3"));
        assertTrue(message("--budget=30").contains("give --precision too"), message("--budget=30"));
        String oneRound = assertThrows(IllegalArgumentException.class,
                () -> RunPlan.parse(List.of("--quick", "--design=rounds", "--precision=0.05"))).getMessage();
        assertTrue(oneRound.contains("--precision needs --rounds=2 or more"), oneRound);
        assertEquals(7, RunPlan.parse(List.of("--precision=0.05")).withRounds(7).rounds());
    }

    @Test
    void optionsTakeTheirValueAfterEqualsOrAsTheNextWord() {
        RunPlan plan = RunPlan.parse(List.of("--quick", "--topology", "netns", "--rounds", "2", "--users=8"));
        assertEquals("netns", plan.topology());
        assertEquals(2, plan.rounds());
        assertEquals(8, plan.load().users());
        assertEquals("loopback", RunPlan.parse(List.of()).topology());
        assertEquals(0, RunPlan.parse(List.of()).workers(), "no --workers: as many as the gateway's host has CPUs");
        assertTrue(message("--topology=docker").contains("--topology must be one of [loopback, netns, hosts], got 'docker'"),
                message("--topology=docker"));
        String missing = assertThrows(IllegalArgumentException.class, () -> RunPlan.parse(List.of("--topology", "--quick"))).getMessage();
        assertTrue(missing.contains("option --topology needs a value"), missing);
    }

    @Test
    void anUnknownOptionIsUnknownEvenWithoutAValue() {
        for (List<String> args : List.of(List.of("--frobnicate"), List.of("--frobnicate", "--quick"), List.of("--frobnicate", "3"),
                List.of("--frobnicate=3"))) {
            String m = assertThrows(IllegalArgumentException.class, () -> RunPlan.parse(args)).getMessage();
            assertTrue(m.startsWith("unknown option --frobnicate; known: --targets, "), args + ": " + m);
            assertTrue(m.contains("--cross-check") && m.endsWith("--quick, --jfr"), m);
        }
    }

    @Test
    void aResultsFolderThatCannotBeWrittenIsNamedWithTheReasonAndTheFix(@TempDir Path dir) throws Exception {
        String proc = message("--results=/proc/x");
        assertEquals("cannot create or write the results folder /proc/x (no such file or directory): "
                + "choose a writable folder with --results=DIR", proc);
        Path file = Files.createFile(dir.resolve("results"));
        String inTheWay = message("--results=" + file);
        assertTrue(inTheWay.startsWith("cannot create or write the results folder " + file + " ("), inTheWay);
        assertTrue(inTheWay.endsWith("): choose a writable folder with --results=DIR"), inTheWay);
        assertEquals(dir.resolve("new/runs"), RunPlan.parse(List.of("--results=" + dir.resolve("new/runs"))).results());
        assertTrue(Files.isDirectory(dir.resolve("new/runs")));
        try (var left = Files.list(dir.resolve("new/runs"))) {
            assertEquals(0, left.count(), "the writability check leaves nothing behind");
        }
    }

    @Test
    void everyTargetIsCrossCheckedByDefaultInTheClosedModel() {
        assertEquals(List.of("direct", "nginx", "scg"), RunPlan.parse(List.of("--targets=nginx,scg")).crossCheck());
        assertEquals(List.of("direct", "nginx", "haproxy", "netty-proxy", "scg", "zuul2"), RunPlan.parse(List.of()).crossCheck());
        assertEquals(List.of("scg"), RunPlan.parse(List.of("--targets=nginx,scg", "--cross-check=scg")).crossCheck());
        assertEquals(List.of(), RunPlan.parse(List.of("--cross-check=none")).crossCheck());
        assertEquals(List.of(), RunPlan.parse(List.of("--model=open")).crossCheck(), "wrk's closed loop is no check of an open-model run");
    }

    private static String message(String... options) {
        List<String> args = options.length == 1 && options[0].startsWith("--cross-check") ? List.of(options[0], "--targets=nginx") : List.of(options);
        return assertThrows(IllegalArgumentException.class, () -> RunPlan.parse(args)).getMessage();
    }

    /**
     * --origin: the user's service, its page from the URL's path, each answer checked by the marker or else by the page's length;
     * each users' own cookies; and what it cannot do refused with the fix.
     */
    @Test
    void anOriginAtAUrlIsYourServicesPage() {
        RunPlan tomcat = RunPlan.parse(List.of());
        assertFalse(tomcat.origin().atUrl());
        assertEquals(Scenario.BOOK_PATH, tomcat.origin().path());
        assertEquals("shared", tomcat.load().sessions());
        RunPlan own = RunPlan.parse(List.of("--origin=http://svc:8080/api/items?page=2", "--origin-marker=items"));
        assertEquals(java.net.URI.create("http://svc:8080"), own.origin().url());
        assertEquals("/api/items?page=2", own.origin().path());
        assertEquals("items", own.origin().marker());
        assertEquals("per-user", own.load().sessions(), "a Tomcat session cookie for a service that is not Tomcat");
        RunPlan bare = RunPlan.parse(List.of("--origin", "http://svc"));
        assertEquals(java.net.URI.create("http://svc:80"), bare.origin().url());
        assertEquals("/", bare.origin().path());
        assertTrue(bare.origin().markerText().isEmpty());
        assertTrue(refused("--origin=https://svc/x").contains("http://host:port/path"), refused("--origin=https://svc/x"));
        assertTrue(refused("--origin=svc:8080/x").contains("http://host:port/path"), refused("--origin=svc:8080/x"));
        assertTrue(refused("--origin-marker=x").contains("give --origin too"), refused("--origin-marker=x"));
        String scenarios = refused("--origin=http://svc/x", "--scenarios=plain,jwt");
        assertTrue(scenarios.contains("plain scenario only") && scenarios.contains("jwt"), scenarios);
        assertTrue(refused("--origin=http://svc/x", "--topology=netns").contains("reach only each other"));
        assertTrue(refused("--origin=http://svc/x", "--sessions=shared").contains("leave --sessions out"));
        assertTrue(refused("--origin=http://svc/x", "--origin-marker=").contains("it is empty"));
    }

    private static String refused(String... args) {
        return assertThrows(IllegalArgumentException.class, () -> RunPlan.parse(List.of(args))).getMessage();
    }
}
