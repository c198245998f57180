package io.gatewaybench.harness.report;

import io.gatewaybench.harness.analyse.Notes;
import io.gatewaybench.harness.measure.WrkCrossCheck;
import io.gatewaybench.harness.analyse.ScenarioMatrix;
import io.gatewaybench.harness.model.ComponentVersion;
import io.gatewaybench.harness.model.Cost;
import io.gatewaybench.harness.model.GatewayCpu;
import io.gatewaybench.harness.model.Host;
import io.gatewaybench.harness.model.Interval;
import io.gatewaybench.harness.model.LatencyMs;
import io.gatewaybench.harness.model.LatencyMultiples;
import io.gatewaybench.harness.model.Load;
import io.gatewaybench.harness.model.Machine;
import io.gatewaybench.harness.model.OriginUrl;
import io.gatewaybench.harness.model.Placement;
import io.gatewaybench.harness.model.ProbeAdded;
import io.gatewaybench.harness.model.ProbeResult;
import io.gatewaybench.harness.model.ProbeUs;
import io.gatewaybench.harness.model.Reanalysed;
import io.gatewaybench.harness.model.RelativeToDirect;
import io.gatewaybench.harness.model.Resources;
import io.gatewaybench.harness.model.RolePlacement;
import io.gatewaybench.harness.model.Summaries;
import io.gatewaybench.harness.model.Summary;
import io.gatewaybench.harness.model.Target;
import io.gatewaybench.harness.model.WrkCheck;
import io.gatewaybench.harness.plan.Scenario;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A run's {@code summary.json}, {@code summary.md}, {@code details.md} and {@code report.html}, written from its analysed
 * summary: every target's figures beside the direct baseline of the same run (throughput as a fraction of direct's, each
 * latency as a multiple of direct's), and everything needed to say where the figures came from. Every figure, interval,
 * verdict and note is the analysis's; this class only lays them out.
 */
public final class RunSummary {
    /** Every table summary.md leaves out, as text. */
    public static final String DETAILS = "details.md";

    private RunSummary() {
    }

    /** Writes summary.json, summary.md, details.md and report.html of an analysed summary into the run folder. */
    public static void write(Path runDir, Summary summary) throws IOException {
        // in the records' key order, and refused if it is not what the model describes
        Files.writeString(runDir.resolve("summary.json"), Summaries.toJson(summary));
        Files.writeString(runDir.resolve("summary.md"), markdown(summary));
        Files.writeString(runDir.resolve(DETAILS), details(summary));
        HtmlReport.write(runDir, summary, Notes.of(summary));
    }

    /** Each role's host, address, CPUs and memory (runs from before topologies recorded only the summary line). */
    private static void placement(StringBuilder md, Placement placement) {
        if (!(placement.injector() instanceof RolePlacement.OnHost injector) || !(placement.gateway() instanceof RolePlacement.OnHost gateway)
                || placement.backend() == null) {
            return;
        }
        md.append("| host | runs | address | CPUs | memory | network namespace |\n|---|---|---|---|---|---|\n");
        Map<String, Host> hosts = new LinkedHashMap<>();
        hosts.put("injector", injector.host());
        hosts.put("gateway", gateway.host());
        hosts.put("backend", placement.backend());
        for (Host more : placement.moreInjectors() == null ? List.<Host>of() : placement.moreInjectors()) {
            hosts.put(more.namespace() != null && more.namespace().isPresent() ? more.namespace().get().replaceFirst("^[a-z]+-", "")
                    : more.address(), more);
        }
        hosts.forEach((r, h) -> md.append("| ").append(r).append(" | ").append(h.runs())
                .append(h.workers() != null ? " (workers: " + h.workers() + ")" : "").append(" | ")
                .append(h.address()).append(" | ").append(h.cpus()).append(" | ").append(h.memory()).append(" | ")
                // a namespace written as null shows as the old layout did
                .append(h.namespace() == null ? "-" : h.namespace().orElse("null")).append(" |\n"));
        if (placement.split() != null) {
            md.append("\nCPU split: ").append(placement.split()).append(".\n");
        }
        md.append("\n");
    }

    static String markdown(Summary s) {
        StringBuilder md = new StringBuilder();
        md.append("# Gateway benchmark run ").append(s.run().runId()).append("\n\n");
        Machine machine = s.run().machine();
        md.append("Started ").append(s.run().started()).append(", commit `").append(s.run().gitCommit()).append("`, ")
                .append(machine.cpus()).append(" CPUs (").append(machine.cpuModel()).append("), ")
                .append(String.format(Locale.ROOT, "%.1f GiB", machine.memoryBytes().doubleValue() / (1L << 30)))
                .append(", ").append(machine.os()).append(", kernel ").append(machine.kernel()).append(".\n\n");
        md.append("Every figure as charts and tables: [").append(HtmlReport.FILE).append("](").append(HtmlReport.FILE)
                .append(") (one file, opens offline in any browser). Every table as text: [").append(DETAILS).append("](").append(DETAILS)
                .append("). The data: `summary.json`.\n\n");
        md.append("Load: ").append(describeLoad(s.setup().load())).append(" Rounds: ")
                .append(s.setup().rounds() == 0 ? "none (no closed load)" : s.setup().rounds()).append(". ")
                .append("Placement: ").append(s.placement().summary()).append(".");
        if (s.placement().moreInjectors() != null) {
            md.append(" The load came from ").append(1 + s.placement().moreInjectors().size()).append(" injector hosts at once, each ")
                    .append("with its share of the users and of every fixed rate, begun at one instant; every figure is from their ")
                    .append("records together (each host's share: [").append(DETAILS).append("](").append(DETAILS).append(")).");
        }
        md.append("\n\n");
        if (s.setup().origin() != null) {
            md.append(origin(s.setup().origin())).append("\n\n");
        }
        if (Boolean.FALSE.equals(s.run().complete())) {
            md.append(Notes.incomplete(s)).append("\n\n");
        }
        if (s.reanalysed() != null) {
            Reanalysed again = s.reanalysed();
            md.append("**Re-analysed** from a summary of format `").append(again.fromFormat()).append("` under the current rules. Redone: ")
                    .append(again.redone()).append(". Not redone (the raw logs were not kept): ").append(again.notRedone()).append(".\n\n");
        }

        Table cost = CostTables.verdict(s);
        if (cost != null) {
            md.append(cost.markdown());
            md.append(CostTables.atRates(s).markdown());
            Table profiles = CostTables.profiles(s);
            if (profiles != null) {
                md.append(profiles.markdown());
            }
        }
        List<Target> targets = s.targets();
        if (s.setup().rounds() == 0) { // cost at equal rates only: no closed load to show
            MatrixTables.profiles(s.matrices().jvmProfiles(), targets, md);
            return notes(s, md);
        }
        VerdictTable.markdown(VerdictTable.of(s), md);
        md.append("## Relative to direct (the 2019 study's view)\n\n");
        boolean micros = MicrosecondTables.applies(s.setup().ladder());
        md.append(micros ? "The closed load's throughput as % of direct's, from the same run. "
                : "Throughput as % of direct's; each latency as a multiple of direct's, from the same run. ")
                .append("With several rounds, figures are medians over rounds, and the throughput's ratio to direct, paired round by round ")
                .append("(each round's over direct's run of the same round), shows in brackets the 95% interval of its geometric mean ")
                .append("(Student's t on the logarithms, rounds - 1 degrees of freedom: with two rounds it is wide), the interval report.html ")
                .append("draws; where a round measured 0 there is none, and the brackets give its lowest and highest round. ≈: within the ")
                .append("noise of direct, the difference is not established (that interval holds 100%). *Gateway CPU*: the CPU ")
                .append("time of the gateway's processes, every worker included, per 1,000 successful requests ")
                .append("it served in the measured window (the closed load's, and the microsecond probe's where it ")
                .append("ran beside the load), median over ")
                .append("rounds with the 95% interval of their geometric mean in brackets; *req/s per gateway core*: what one core kept fully busy ")
                .append("would carry at that cost. An injector that sends fewer requests lowers the throughput, and moves the cost per request ")
                .append("far less.")
                .append(targets.stream().anyMatch(t -> injectorLimitedBy(t) != null) ? " *injector-limited (wrk N x)*: wrk, a lighter "
                        + "injector, got N times Gatling's rate through the same target (details.md): there Gatling, not the target, set "
                        + "the figure." : "")
                .append(targets.stream().anyMatch(t -> !notWarm(t).isEmpty()) ? NOT_WARM_CAPTION : "")
                .append("\n\n");
        boolean scenarios = s.matrices().scenarios() != null;
        if (scenarios) {
            md.append("Under the plain scenario; the other scenarios have their tables below (## Scenarios).\n\n");
        }
        relativeTable(md, targets, scenarios, !micros);
        if (micros) {
            md.append("\nThe closed load's latency as multiples of direct's (Gatling's whole milliseconds): details.md.\n");
            MicrosecondTables.headline(s.setup().ladder(), targets, md);
        }
        LadderTables.maxSustainable(s.setup().ladder(), targets, md);
        List<Integer> rates = ScenarioMatrix.rates(s);
        MatrixTables.profiles(s.matrices().jvmProfiles(), targets, md);
        MatrixTables.scenarios(s.matrices().scenarios(), s.setup().ladder(), rates, targets, md);
        MatrixTables.workers(s.matrices().workersSweep(), rates, targets, md);
        return notes(s, md);
    }

    private static String notes(Summary s, StringBuilder md) {
        md.append("\n## Notes\n\n");
        for (String note : Notes.of(s)) {
            md.append("- ").append(note).append('\n');
        }
        return md.toString();
    }

    /**
     * The closed load's figures relative to direct, one row per target (under plain where the run has scenarios): throughput,
     * with each latency as a multiple of direct's where {@code latency}, and errors.
     */
    private static void relativeTable(StringBuilder md, List<Target> targets, boolean scenarios, boolean latency) {
        md.append("| target | throughput | gateway CPU ms / 1,000 req | req/s per gateway core")
                .append(latency ? " | mean | P50 | P90 | P99 | P99.9 | P99.99 | max | errors |\n" : " | errors |\n");
        md.append(latency ? "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n" : "|---|---:|---:|---:|---:|\n");
        for (Target t : targets) {
            if (scenarios && t.about().scenario() != null && !Scenario.PLAIN.equals(t.about().scenario())) {
                continue; // under the other scenarios: their tables below
            }
            md.append("| ").append(t.name());
            RelativeToDirect rel = t.judged() == null ? null : t.judged().relativeToDirect();
            if (t.measured().failure() != null || rel == null) {
                md.append(" | not measured: ").append(t.measured().failure() != null ? t.measured().failure()
                        : "no direct baseline").append(latency ? " |||||||||||\n" : " ||||\n");
                continue;
            }
            md.append(" | ").append(throughput(t, rel));
            Double wrk = injectorLimitedBy(t);
            if (wrk != null) {
                md.append(String.format(Locale.ROOT, " · injector-limited (wrk %.2fx)", wrk));
            }
            md.append(notWarm(t));
            GatewayCpu cpu = t.judged().gatewayCpu();
            md.append(" | ").append(cpu == null ? "-" : withInterval(cpu.msPer1000Requests()))
                    .append(" | ").append(cpu == null ? "-" : withInterval(cpu.requestsPerCoreSecond()));
            LatencyMultiples m = rel.latency();
            for (Double v : latency ? Arrays.asList(m.mean(), m.p50(), m.p90(), m.p99(), m.p99_9(), m.p99_99(), m.max()) : List.<Double>of()) {
                md.append(" | ").append(v == null ? "n/a" : String.format(Locale.ROOT, "%.2fx", v));
            }
            md.append(" | ").append(t.judged().errors()).append(" |\n");
        }
    }

    /**
     * A target's throughput relative to direct as the headline writes it: "59.0% (51.6-70.0)", the median with the 95% interval
     * of the paired ratio ("range" where a round measured 0), and " ≈" where it is within the noise of direct.
     */
    static String throughput(Target t, RelativeToDirect rel) {
        Double tp = rel.throughput();
        StringBuilder text = new StringBuilder(tp == null ? "n/a" : String.format(Locale.ROOT, "%.1f%%", tp * 100));
        if (t.judged().spread() != null && t.judged().spread().throughputRelativeToDirect() != null) {
            Interval r = t.judged().spread().throughputRelativeToDirect();
            text.append(r.ci95Low() != null ? String.format(Locale.ROOT, " (%.1f-%.1f)", r.ci95Low() * 100, r.ci95High() * 100)
                    : String.format(Locale.ROOT, " (range %.1f-%.1f)", r.min() * 100, r.max() * 100));
        }
        if (withinNoise(rel)) {
            text.append(" ≈");
        }
        return text.toString();
    }

    /** Whether the analysis found the target within the noise of direct. */
    static boolean withinNoise(RelativeToDirect rel) {
        return rel.withinNoiseOfDirect() != null && rel.withinNoiseOfDirect().isPresent();
    }

    /** The headline's words for a target that was not warm, for every table that shows it. */
    static final String NOT_WARM_CAPTION = " *not warm (k/n)*: in k of its n rounds the target's closed load never served 90% of its "
            + "measured rate for 3 s in a row within the warm-up, so part of what was measured was still warming up (a JVM's JIT, "
            + "connection pools): a longer `--warmup` measures it warm.";

    /** " · not warm (k/n)" where some round of {@code t} did not reach a steady rate within its warm-up, else "". */
    static String notWarm(Target t) {
        return t == null || t.judged() == null || t.judged().notWarmRounds() == null
                || t.judged().notWarmRounds() == 0 ? ""
                : " · not warm (" + t.judged().notWarmRounds() + "/" + t.measured().rounds().size() + ")";
    }

    /** A figure over rounds as its median with the 95% interval of its geometric mean in brackets (the median alone without one). */
    static String withInterval(Interval i) {
        return i.ci95Low() == null ? String.format(Locale.ROOT, "%.0f", i.median())
                : String.format(Locale.ROOT, "%.0f (%.0f-%.0f)", i.median(), i.ci95Low(), i.ci95High());
    }

    /**
     * wrk's rate over Gatling's where the cross-check found Gatling, not the target, the limit (the highest of its valid
     * checks that did), else null.
     */
    static Double injectorLimitedBy(Target t) {
        return t.measured().wrkCrossCheck() == null ? null : t.measured().wrkCrossCheck().stream()
                .filter(c -> !Boolean.FALSE.equals(c.valid()) && Boolean.TRUE.equals(c.injectorLimited()))
                .map(WrkCheck::wrkOverGatling).max(Double::compare).orElse(null);
    }

    /**
     * details.md: every table summary.md leaves out, as text (placement, absolute figures, each ladder
     * level, the microsecond probe, resource cost, JFR frames, wrk, components and JVM flags).
     */
    /** The origin of a run made with --origin, in one paragraph: what direct measured and how every answer was checked. */
    static String origin(OriginUrl o) {
        return "**Origin**: your service at " + o.url() + ", running before the run (neither started, stopped nor sampled by it), "
                + "asked for `" + o.page() + "` by every request; direct is that service called without a gateway. Every answer had to be "
                + "status 200 and " + (o.marker() != null ? "contain \"" + o.marker() + "\"" : "the page's exact length (each target served it "
                + "byte for byte before it was measured)") + ".";
    }

    static String details(Summary s) {
        StringBuilder md = new StringBuilder();
        md.append("# Gateway benchmark run ").append(s.run().runId()).append(": every table\n\n");
        md.append("The headline, the maximum sustainable rates and the notes: [summary.md](summary.md); the same as charts: [")
                .append(HtmlReport.FILE).append("](").append(HtmlReport.FILE).append(").\n\n");
        md.append("## Placement\n\n").append(s.placement().summary()).append(".\n\n");
        placement(md, s.placement());
        if (s.setup().equalRates() != null) {
            md.append(CostTables.design(s)).append(CostTables.warmup(s).markdown());
        }
        List<Target> targets = s.targets();
        md.append("\n## Absolute figures\n\n");
        md.append("| target | requests (all rounds) | req/s | mean ms | P50 | P90 | P99 | P99.9 | P99.99 | max |\n");
        md.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (Target t : targets) {
            if (t.measured().failure() != null || t.judged() == null) {
                continue;
            }
            md.append("| ").append(t.name()).append(" | ").append(t.judged().requests())
                    .append(String.format(Locale.ROOT, " | %.0f", t.judged().throughputRps()));
            LatencyMs l = t.judged().latencyMs();
            for (double v : new double[] {l.mean(), l.p50(), l.p90(), l.p99(), l.p99_9(), l.p99_99(), l.max()}) {
                md.append(String.format(Locale.ROOT, " | %s", trim(v)));
            }
            md.append(" |\n");
        }
        if (MicrosecondTables.applies(s.setup().ladder())) {
            md.append("\n## The closed load relative to direct, latency included\n\n")
                    .append("summary.md's table with each latency as a multiple of direct's: Gatling's whole milliseconds, where a ")
                    .append("gateway's tenths of a millisecond do not show (n/a where direct's figure is 0 ms). The latency at equal offered ")
                    .append("rates, in microseconds, is summary.md's headline.\n\n");
            relativeTable(md, targets, s.matrices().scenarios() != null, true);
        }
        LadderTables.equalRates(s.setup().ladder(), targets, md);
        LadderTables.levelsInFull(s.setup().ladder(), targets, md);
        InjectorTables.section(targets, s.placement().moreInjectors(), md);
        probes(targets, md);
        md.append("\n## Resource cost over the measured window\n\n");
        md.append("CPU time of each role's processes (read from /proc) per 1,000 successful requests, the CPU cores it kept busy, ")
                .append("and the gateway's peak resident memory. The origin does the same work for every target; the injector is Gatling.")
                .append(s.placement().topology() == Placement.Topology.HOSTS
                        ? " The gateway and the origin ran on other hosts, where they were not sampled (-)." : "").append("\n\n");
        md.append("| target | gateway CPU ms / 1000 req | gateway cores | gateway peak memory MB | origin CPU ms / 1000 req | injector CPU ms / 1000 req | injector cores |\n");
        md.append("|---|---:|---:|---:|---:|---:|---:|\n");
        for (Target t : targets) {
            Resources res = t.measured().resources();
            if (res == null) {
                continue;
            }
            Cost gateway = res.gateway();
            md.append("| ").append(t.name())
                    .append(" | ").append(whole(gateway == null ? null : gateway.cpuMsPer1000Requests()))
                    .append(" | ").append(cores(gateway == null ? null : gateway.cores()))
                    .append(" | ").append(whole(gateway == null ? null : gateway.peakPssMb() != null ? gateway.peakPssMb() : gateway.peakRssMb()))
                    .append(" | ").append(whole(res.origin() == null ? null : res.origin().cpuMsPer1000Requests()))
                    .append(" | ").append(whole(res.injector() == null ? null : res.injector().cpuMsPer1000Requests()))
                    .append(" | ").append(cores(res.injector() == null ? null : res.injector().cores())).append(" |\n");
        }
        for (Target t : targets) {
            if (t.about().notSampled() != null) {
                md.append("\n").append(t.name()).append(": gateway CPU and memory not measured: ")
                        .append(t.about().notSampled()).append(".\n");
            }
        }
        MatrixTables.topFrames(targets, md);
        if (targets.stream().anyMatch(t -> t.measured().wrkCrossCheck() != null)) {
            md.append("\n## Injector cross-check\n\n");
            md.append("wrk (a lighter injector, status codes checked, bodies not) against the warm target, with as many connections as Gatling had users. ")
                    .append("Where wrk gets more than ").append(Math.round(WrkCrossCheck.INJECTOR_LIMIT * 100))
                    .append("% above Gatling, Gatling rather than the target was the limit.\n\n");
            md.append("| target | round | Gatling req/s | wrk 2xx req/s | wrk / Gatling | wrk non-2xx | injector-limited |\n|---|---:|---:|---:|---:|---:|---|\n");
            for (Target t : targets) {
                List<WrkCheck> checks = t.measured().wrkCrossCheck();
                for (int i = 0; checks != null && i < checks.size(); i++) {
                    WrkCheck c = checks.get(i);
                    md.append(String.format(Locale.ROOT, "| %s | %d | %.0f | %.0f | %.2f | %s | %s |%n", t.name(), i + 1,
                            c.gatlingRps(), c.wrkRps(), c.wrkOverGatling(), c.non2xx(),
                            Boolean.FALSE.equals(c.valid()) ? "invalid: " + c.invalidBecause()
                                    : Boolean.TRUE.equals(c.injectorLimited()) ? "**yes**" : "no"));
                }
            }
        }
        md.append("\n## Components\n\n");
        s.run().components().forEach((k, v) -> md.append("- ").append(k).append(": ").append(version(v)).append('\n'));
        md.append("\n## JVM flags\n\n");
        s.run().jvmFlags().forEach((k, v) -> md.append("- ").append(k).append(": `").append(v).append("`\n"));
        md.append("\nEach target's configuration is the repository's at the commit above (`targets/`, `infra/`, `gateways/`). ")
                .append("The run folder also holds each target's rendered configuration and logs (`targets/`) and Gatling's raw output (`raw/`); ")
                .append("those stay on the machine that ran it and are not committed.\n");
        return md.toString();
    }

    private static String describeLoad(Load load) {
        String what = load.model() == Load.Model.CLOSED
                ? "closed model, " + load.users() + " concurrent users"
                : "open model, " + load.rateRps() + " req/s";
        return what + "; warm-up " + load.warmupS() + " s (excluded), measured " + load.durationS()
                + " s per target; sessions " + load.sessions() + ".";
    }

    /** A component's version line, or its libraries as {@code {artifact=version, ...}}. */
    private static String version(ComponentVersion v) {
        return v instanceof ComponentVersion.Libraries libraries ? libraries.byArtifact().toString() : ((ComponentVersion.Line) v).version();
    }

    /** Microseconds, whole; "-" where there is none. */
    private static String us(Long v) {
        return v == null ? "-" : String.format(Locale.ROOT, "%.0f", v.doubleValue());
    }

    private static String whole(Double v) {
        return v == null ? "-" : String.format(Locale.ROOT, "%.0f", v);
    }

    private static String cores(Double v) {
        return v == null ? "-" : String.format(Locale.ROOT, "%.2f", v);
    }

    private static String trim(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.1f", v);
    }

    /** The microsecond probe's section (details.md), where some target was probed (not at equal rates). */
    private static void probes(List<Target> targets, StringBuilder md) {
        if (targets.stream().allMatch(t -> t.measured().probeUs() == null)) {
            return;
        }
        md.append("\n## Single requests, in microseconds\n\n");
        // Runs made before the probe ran under every scenario probed plain targets only, with the book page.
        boolean scenarioProbes = targets.stream().anyMatch(t -> t.measured().probeUs() != null
                && t.about().scenario() != null && !Scenario.PLAIN.equals(t.about().scenario()));
        md.append("Gatling's whole milliseconds hide what a proxy adds to one request. A probe sends ")
                .append(scenarioProbes
                        ? "the load's own request (under a scenario, the scenario's: its path, routes and credentials) "
                        : "the book page ")
                .append("one request at a time on one kept-alive connection, timed with nanoTime: *alone* after ")
                .append("the load (the target warm and idle), and *under load* at 50 req/s beside Gatling's measured ")
                .append("window, timed from each request's intended send time; its own send lag (how late it sent, ")
                .append("which it cannot tell from the target's delay) is given apart, and its P99 with each ")
                .append("request's own lag taken out beside it. ")
                .append(scenarioProbes ? "Added = the target's percentile minus its baseline's (direct, or direct "
                        + "under a scenario that asks for another page). "
                        : "Added = the target's percentile minus direct's. ")
                .append("Distributions: `raw/<target>-round<k>/probe-*.hgrm`.\n\n");
        md.append("| target | alone P50 | alone P99 | added P50 | added P99 | under load P50 | under load P99 ")
                .append("| under load P99.9 | added P50 under load | probe send lag P99 µs ")
                .append("| under load P99 less its own lag |\n");
        md.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (Target t : targets) {
            ProbeUs probe = t.measured().probeUs();
            if (probe == null) {
                continue;
            }
            ProbeAdded added = t.judged() == null ? null : t.judged().probeAddedUsOverDirect();
            ProbeResult alone = probe.unloaded();
            ProbeResult loaded = probe.underLoad();
            ProbeAdded.AddedUs addedAlone = added == null ? null : added.unloaded();
            ProbeAdded.AddedUs addedLoaded = added == null ? null : added.underLoad();
            ProbeResult.SendLagUs lag = loaded == null || loaded.sendLagUs() == null ? null
                    : loaded.sendLagUs().orElse(null);
            md.append("| ").append(t.name())
                    .append(" | ").append(us(alone == null ? null : alone.p50())).append(" | ")
                    .append(us(alone == null ? null : alone.p99()))
                    .append(" | ").append(us(addedAlone == null ? null : addedAlone.p50()))
                    .append(" | ").append(us(addedAlone == null ? null : addedAlone.p99()))
                    .append(" | ").append(us(loaded == null ? null : loaded.p50())).append(" | ")
                    .append(us(loaded == null ? null : loaded.p99()))
                    .append(" | ").append(us(loaded == null ? null : loaded.p99_9()))
                    .append(" | ").append(us(addedLoaded == null ? null : addedLoaded.p50()))
                    .append(" | ").append(us(lag == null ? null : lag.p99()))
                    .append(" | ").append(us(probe.underLoadLessOwnLag() == null ? null
                            : probe.underLoadLessOwnLag().p99()))
                    .append(" |\n"); // "-" where an older summary has no send lag
        }
    }
}
