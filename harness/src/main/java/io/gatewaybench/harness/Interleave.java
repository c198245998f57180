package io.gatewaybench.harness;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.gatewaybench.harness.analyse.InterleavedSpread;
import io.gatewaybench.harness.launch.Origin;
import io.gatewaybench.harness.launch.TargetProcess;
import io.gatewaybench.harness.measure.GatlingRun;
import io.gatewaybench.harness.measure.InterleavedLoad;
import io.gatewaybench.harness.measure.RoundMeasurement;
import io.gatewaybench.harness.measure.ScenarioCheck;
import io.gatewaybench.harness.model.InterleavedSlices;
import io.gatewaybench.harness.plan.RunPlan;
import io.gatewaybench.harness.plan.Target;
import io.gatewaybench.harness.plan.Topology;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code ./bench interleave}: the design a run could use instead of its rounds, measured. Every target is started once
 * per <em>block</em>, verified and warmed, then measured in short closed-loop slices interleaved with direct's, cycle
 * after cycle, all of them running throughout ({@link InterleavedLoad}); then all are stopped, and the next block starts
 * them afresh. What it writes ({@code results/<id>-interleaved/}: {@code slices.json}, every slice's answers per second,
 * and {@code summary.md}) says where the noise of each target's throughput relative to direct comes from at this design
 * ({@link InterleavedSpread}) and what a given precision would cost, beside a run's rounds ({@code ./bench precision}).
 * On loopback, the load's request is the book page, the session shared as in a run; no ladder, no probe, no CPU.
 */
final class Interleave {
    static final String USAGE = """
            usage: ./bench interleave [options]
              every target started once a block and kept running, measured in closed-loop slices interleaved with direct's
              --targets=a,b,...    as ./bench run (default: %s; direct always first)
              --blocks=N           blocks, each starting every target afresh (default 2; 2 or more give an interval)
              --cycles=N           cycles a block, one slice of each target, order rotated (default 8)
              --slice=S            measured seconds of a slice (default 5; 1 s before and after it are left out)
              --warmup=S           closed-loop seconds warming each target at a block's start (default 25)
              --users=N            closed-loop users (default 16)
              --precision=P        the half-width the summary's design search aims at (default 0.05)
              --results=DIR        where results/<id>-interleaved/ goes (default results)
            ./bench interleave --report=DIR: writes DIR/summary.md again from DIR/slices.json, under the current rules
            """.formatted(String.join(",", RunPlan.DEFAULT_TARGETS));
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private Interleave() {
    }

    /** The options, parsed and checked: those of {@code ./bench run} it shares go through {@link RunPlan#parse}. */
    record Options(RunPlan plan, int blocks, int cycles, int slice, double precision) {
        static Options parse(List<String> args) {
            Map<String, Integer> counts = new LinkedHashMap<>(Map.of("blocks", 2, "cycles", 8, "slice", 5));
            double precision = 0.05;
            List<String> shared = new ArrayList<>(List.of("--rounds=1", "--levels=none", "--cross-check=none"));
            String warmup = "--warmup=25";
            for (String a : args) {
                int eq = a.indexOf('=');
                String name = eq < 0 ? a : a.substring(0, eq);
                String value = eq < 0 ? "" : a.substring(eq + 1);
                switch (name) {
                    case "--blocks", "--cycles", "--slice" -> counts.put(name.substring(2), whole(name, value));
                    case "--precision" -> {
                        precision = value.matches("0?\\.\\d+") ? Double.parseDouble(value) : 0;
                        if (!(precision > 0 && precision < 1)) {
                            throw new IllegalArgumentException("--precision is a share above 0 and below 1 (0.05), got '" + value + "'");
                        }
                    }
                    case "--warmup" -> warmup = a;
                    case "--targets", "--users", "--results" -> shared.add(a);
                    default -> throw new IllegalArgumentException("unknown option " + a + "; ./bench interleave --help lists them");
                }
            }
            if (counts.get("cycles") < 2) {
                throw new IllegalArgumentException("--cycles must be 2 or more: the spread between cycles needs two");
            }
            if (counts.get("slice") < 2) {
                throw new IllegalArgumentException("--slice must be 2 s or more: the spread within a slice needs two seconds");
            }
            shared.add(warmup);
            return new Options(RunPlan.parse(shared), counts.get("blocks"), counts.get("cycles"), counts.get("slice"), precision);
        }

        private static int whole(String name, String value) {
            try {
                int n = Integer.parseInt(value);
                if (n > 0) {
                    return n;
                }
            } catch (NumberFormatException e) {
                // said below
            }
            throw new IllegalArgumentException(name + " must be a whole number above 0, got '" + value + "'");
        }
    }

    static int main(List<String> args) {
        if (args.contains("--help")) {
            System.out.print(USAGE);
            return 0;
        }
        if (args.size() == 1 && args.get(0).startsWith("--report=")) {
            Path dir = Path.of(args.get(0).substring("--report=".length()));
            try {
                Files.writeString(dir.resolve("summary.md"), summary(dir));
                System.out.println("bench: interleave: wrote " + dir.resolve("summary.md"));
                return 0;
            } catch (IOException | RuntimeException e) {
                System.err.println("bench: interleave: cannot render " + dir.resolve("summary.md") + ": " + e.getMessage());
                return 1;
            }
        }
        Options o;
        try {
            o = Options.parse(args);
        } catch (RuntimeException e) {
            System.err.println("bench: interleave: " + e.getMessage());
            return 2;
        }
        try {
            Path dir = RunCommand.newRunDir(o.plan().results(), "-interleaved");
            run(o, dir);
            System.out.println("bench: interleave: wrote " + dir.resolve("summary.md") + " and " + dir.resolve("slices.json"));
            return 0;
        } catch (IOException | RuntimeException e) {
            System.err.println("bench: interleave: " + e.getMessage());
            return 1;
        }
    }

    private static void run(Options o, Path dir) throws IOException {
        Topology topology = Topology.named("loopback");
        List<Target> targets = o.plan().targets();
        List<String> names = targets.stream().map(Target::name).toList();
        int perCycle = names.size() * (o.slice() + 2);
        int warmup = o.plan().load().warmupSeconds();
        System.out.printf(Locale.ROOT, "bench: interleave: %d block(s) of %s: each started, verified and warmed %d s, then %d cycles of "
                        + "%d s slices, about %d s a cycle; about %d min in all%n", o.blocks(), String.join(", ", names), warmup, o.cycles(),
                o.slice(), perCycle, Math.round(o.blocks() * (names.size() * (warmup + 8.0) + o.cycles() * perCycle) / 60));
        List<InterleavedSlices> blocks = new ArrayList<>();
        double fixedSeconds = 0;
        double cycleSeconds = 0;
        try (TargetProcess origin = Origin.start(dir.resolve("targets/tomcat"), topology.backend())) {
            URI tomcat = origin.launch().url();
            byte[] reference = ScenarioCheck.referencePage(tomcat);
            GatlingRun.Request request = GatlingRun.Request.book(ScenarioCheck.sessionCookie(tomcat));
            for (int b = 1; b <= o.blocks(); b++) {
                String step = "bench: interleave: [block " + b + "/" + o.blocks() + "] ";
                long begin = System.nanoTime();
                List<TargetProcess> started = new ArrayList<>();
                try {
                    List<URI> urls = new ArrayList<>();
                    for (Target t : targets) {
                        URI url = tomcat;
                        if (!t.isDirect()) {
                            System.out.println(step + t.name() + ": starting");
                            TargetProcess p = TargetProcess.start(t, RoundMeasurement.launch(o.plan(), topology, topology.gatewayCpus(), t,
                                    dir.resolve("targets").resolve(t.name() + "-block" + b), tomcat));
                            started.add(p);
                            url = p.launch().url();
                        }
                        ScenarioCheck.check(t.name(), url, reference);
                        urls.add(url);
                    }
                    double startSeconds = (System.nanoTime() - begin) / 1e9;
                    System.out.println(step + "every target verified; Gatling: warm-up, then " + o.cycles() + " cycles");
                    long load = System.nanoTime();
                    blocks.add(InterleavedLoad.run(names, urls, request, o.plan().load().users(), warmup, o.slice(), o.cycles(),
                            dir.resolve("raw").resolve("block" + b)));
                    double loadSeconds = (System.nanoTime() - load) / 1e9;
                    double cycle = blocks.get(blocks.size() - 1).cycleSeconds();
                    fixedSeconds += (startSeconds + loadSeconds - o.cycles() * cycle) / o.blocks();
                    cycleSeconds += cycle / o.blocks();
                    double took = (System.nanoTime() - begin) / 1e9;
                    System.out.printf(Locale.ROOT, "%sdone in %.0f s (%.0f s starting and verifying, %.0f s of load); about %d min left%n",
                            step, took, startSeconds, loadSeconds, Math.round((o.blocks() - b) * took / 60));
                } finally {
                    started.forEach(TargetProcess::close);
                }
            }
        }
        JSON.writeValue(dir.resolve(SLICES).toFile(), new SlicesFile(FORMAT, names, o.slice(), o.cycles(), warmup, o.plan().load().users(),
                fixedSeconds, cycleSeconds, blocks.stream().map(InterleavedSlices::perSecond).toList(),
                blocks.stream().map(InterleavedSlices::cycleSeconds).toList(), o.precision()));
        String md = summary(dir);
        Files.writeString(dir.resolve("summary.md"), md);
        System.out.println();
        System.out.print(md);
    }

    static final String SLICES = "slices.json";
    static final String FORMAT = "interleaved-1";

    /**
     * {@link #SLICES}: what a run measured, every slice's answers per second ({@code blocks[block][target][cycle][second]}),
     * what a block cost besides its cycles and what a cycle cost, and the precision its design search aimed at (absent in
     * the first run's file: 0.05, the default).
     */
    record SlicesFile(String format, List<String> targets, @JsonProperty("slice_s") int sliceS, int cycles,
                      @JsonProperty("warmup_s") int warmupS, int users, @JsonProperty("block_fixed_s") double blockFixedS,
                      @JsonProperty("cycle_s") double cycleS, List<double[][][]> blocks,
                      @JsonProperty("cycle_s_by_block") List<Double> cycleSByBlock, Double precision) {
    }

    /** What {@code summary.md} says of the slices in {@code dir}'s {@link #SLICES}: made from them alone, never typed. */
    static String summary(Path dir) throws IOException {
        SlicesFile f = JSON.readValue(dir.resolve(SLICES).toFile(), SlicesFile.class);
        if (!FORMAT.equals(f.format())) {
            throw new IllegalArgumentException(dir.resolve(SLICES) + " is not of format " + FORMAT);
        }
        List<InterleavedSlices> blocks = new ArrayList<>();
        for (int k = 0; k < f.blocks().size(); k++) {
            blocks.add(new InterleavedSlices(f.targets(), f.sliceS(), f.blocks().get(k), f.cycleSByBlock().get(k)));
        }
        return "# Interleaved slices: " + dir.getFileName() + "\n\n"
                + InterleavedSpread.report(blocks, f.blockFixedS(), f.cycleS(), f.precision() == null ? 0.05 : f.precision());
    }
}
