package io.gatewaybench.harness.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.gatewaybench.harness.model.Baseline;
import io.gatewaybench.harness.model.CostRow;
import io.gatewaybench.harness.model.Interval;
import io.gatewaybench.harness.model.JfrResult;
import io.gatewaybench.harness.model.JvmProfiles;
import io.gatewaybench.harness.model.LadderPlan;
import io.gatewaybench.harness.model.P99AtRate;
import io.gatewaybench.harness.model.ProfileRow;
import io.gatewaybench.harness.model.Ratio;
import io.gatewaybench.harness.model.RatioSpread;
import io.gatewaybench.harness.model.ScenarioRow;
import io.gatewaybench.harness.model.Scenarios;
import io.gatewaybench.harness.model.Summaries;
import io.gatewaybench.harness.model.Target;
import io.gatewaybench.harness.model.WorkersRow;
import io.gatewaybench.harness.model.WorkersSweep;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The tables of the matrices the analysis judged, for summary.md (JVM profiles per gateway, scenarios per scenario and
 * per gateway, the workers sweep) and details.md (the top frames of a {@code --jfr} run): every figure, interval and
 * verdict as the analysed summary holds it ({@code ProfileMatrix}, {@code ScenarioMatrix}, {@code WorkersMatrix}).
 */
final class MatrixTables {
    /** The mapper that words a verdict as summary.json does. */
    private static final ObjectMapper JSON = Summaries.mapper();

    private MatrixTables() {
    }

    /** The ranked table per gateway, and the profiles that could not run; nothing for a run of one profile. */
    static void profiles(JvmProfiles profiles, List<Target> targets, StringBuilder md) {
        if (profiles == null) {
            return;
        }
        md.append("\n## JVM profiles\n\n");
        if (profiles.byGateway().isEmpty()) { // measured at equal rates only: their table is above
            md.append("Each JVM gateway ran under each profile as a target of its own, measured at equal rates only "
                    + "(JVM profiles at equal rates, above). Profiles: `infra/jvm/` (`jvm_profiles.profiles` in "
                    + "summary.json).\n");
            notAvailable(profiles, md);
            return;
        }
        md.append("Each JVM gateway ran under each profile as a target of its own, in the same rounds. Per gateway, ranked by throughput ")
                .append("relative to the reference profile `").append(profiles.reference()).append("`: the median of the per-round ")
                .append("ratios (each round's run over the reference's run of the same round) with its interval, *within the noise* ")
                .append("where it holds 1. The intervals of one gateway's k profiles hold together at 95% (each at 1 - 0.05/k, Bonferroni): ")
                .append("k comparisons at 95% each would show one difference in twenty that is not there. Each interval is Student's t ")
                .append("on the log ratios of that profile's own rounds (n - 1 degrees of freedom: two rounds give one, and an interval as ")
                .append("wide as that). ")
                .append("P99 is the closed loop's (it mirrors throughput). CPU per 1,000 requests and peak ")
                .append("memory (PSS) of the gateway over the measured window; GC pauses and allocation from a JDK Flight Recorder ")
                .append("recording of the same window; first answer: from the process's start to its first correct page; steady: seconds of ")
                .append("warm-up load until it served 90% of its measured rate for 3 s in a row (- : not within the warm-up). ")
                .append("Profiles: `infra/jvm/` (`jvm_profiles.profiles` in summary.json).\n");
        profiles.byGateway().forEach((gateway, rows) -> {
            md.append("\n### ").append(gateway).append("\n\n");
            md.append("| profile | req/s | throughput vs reference (interval) | verdict | P99 ms | P99 vs reference | CPU ms / 1000 req | peak MB | GC pauses | pause total ms | pause max ms | pause P99 ms | alloc KB / req | first answer ms | steady after s |\n");
            md.append("|---|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
            for (ProfileRow row : rows) {
                md.append("| ").append(row.profile());
                if (row instanceof ProfileRow.Failed f) {
                    md.append(" | not measured: ").append(f.failure()).append(" ||||||||||||||\n");
                    continue;
                }
                ProfileRow.Measured r = (ProfileRow.Measured) row;
                md.append(" | ").append(num(r.throughputRps(), "%.0f")).append(RunSummary.notWarm(named(targets, r.target())))
                        .append(" | ").append(relative(r.throughputRelative(), r.throughputRelativeSpread()))
                        .append(" | ").append(word(r.verdict()))
                        .append(" | ").append(num(r.p99Ms(), "%.1f"))
                        .append(" | ").append(r.p99RelativeSpread() instanceof RatioSpread.Formed p ? num(p.interval().median(), "%.2fx") : "-")
                        .append(" | ").append(num(r.gatewayCpuMsPer1000Requests(), "%.0f"))
                        .append(" | ").append(num(r.gatewayPeakPssMb(), "%.0f"))
                        .append(" | ").append(num(r.gcPauses(), "%.0f"))
                        .append(" | ").append(num(r.gcPauseTotalMs(), "%.1f"))
                        .append(" | ").append(num(r.gcPauseMaxMs(), "%.2f"))
                        .append(" | ").append(num(r.gcPauseP99Ms(), "%.2f"))
                        .append(" | ").append(r.allocatedBytesPerRequest() != null
                                ? String.format(Locale.ROOT, "%.1f", r.allocatedBytesPerRequest() / 1024) : "-")
                        .append(" | ").append(num(r.firstAnswerMs(), "%.0f"))
                        .append(" | ").append(num(r.steadyAfterS(), "%.0f")).append(" |\n");
            }
        });
        profiles.byGateway().forEach((gateway, rows) -> rows.stream()
                .filter(r -> r instanceof ProfileRow.Measured m && m.jfrError() != null).map(ProfileRow.Measured.class::cast)
                .forEach(r -> md.append("\n**").append(r.target()).append(": no GC figures**, its recording could not be read: ")
                        .append(r.jfrError()).append("\n")));
        notAvailable(profiles, md);
    }

    private static void notAvailable(JvmProfiles profiles, StringBuilder md) {
        List<JvmProfiles.NotAvailable> unavailable = profiles.notAvailable();
        if (!unavailable.isEmpty()) {
            md.append("\nNot available:\n\n");
            unavailable.forEach(u -> md.append("- ").append(u.gateway()).append(" under `").append(u.profile()).append("`: ")
                    .append(u.reason()).append("\n"));
        }
    }

    /**
     * With {@code --jfr}: each JVM gateway's hottest methods (share of CPU samples) and where it
     * allocates most (share of sampled allocation weight) over round 1's measured window.
     */
    static void topFrames(List<Target> targets, StringBuilder md) {
        List<Target> recorded = targets.stream().filter(t -> jfrOf(t) != null && !jfrOf(t).topCpuFrames().isEmpty()).toList();
        if (recorded.isEmpty()) {
            return;
        }
        md.append("\n## Top frames (JDK Flight Recorder)\n\n");
        md.append("`--jfr`: each JVM gateway ran with a profiling recording (`targets/<target>-round<k>/gateway.jfr`). The top-of-stack ")
                .append("methods of the CPU samples and of the sampled allocations in round 1's measured window, with their shares. ")
                .append("Open the file in JDK Mission Control, or `jfr print`, for whole stacks.\n");
        for (Target t : recorded) {
            JfrResult.Figures jfr = jfrOf(t);
            md.append("\n### ").append(t.name()).append("\n\n| CPU samples | share | allocation | share |\n|---|---:|---|---:|\n");
            List<JfrResult.Frame> cpu = jfr.topCpuFrames();
            List<JfrResult.Frame> alloc = jfr.topAllocationFrames();
            for (int i = 0; i < Math.min(5, Math.max(cpu.size(), alloc.size())); i++) {
                md.append("| ").append(frameCell(cpu, i)).append(" | ").append(frameCell(alloc, i)).append(" |\n");
            }
        }
    }

    /** Round 1's JFR figures, or null where it has none. */
    private static JfrResult.Figures jfrOf(Target t) {
        if (t.measured().rounds() == null || t.measured().rounds().isEmpty()
                || t.measured().rounds().get(0).runtime() == null) {
            return null;
        }
        return t.measured().rounds().get(0).runtime().jfr() instanceof JfrResult.Figures figures ? figures : null;
    }

    private static String frameCell(List<JfrResult.Frame> frames, int i) {
        if (i >= frames.size()) {
            return " | ";
        }
        return "`" + frames.get(i).frame() + "` | " + num(frames.get(i).share() * 100, "%.1f%%");
    }

    /** The table per scenario, then the cost of each scenario per target; nothing for a run of one scenario. */
    static void scenarios(Scenarios scenarios, LadderPlan ladder, List<Integer> rates, List<Target> targets, StringBuilder md) {
        if (scenarios == null) {
            return;
        }
        md.append("\n## Scenarios\n\n");
        md.append("What each gateway does on every request besides forwarding it (`scenarios/`; scenarios/README.md). Each ran as a ")
                .append("target of its own, in the same rounds. Every target was checked before it was measured: ")
                .append(scenarios.conformance()).append(".\n\n");
        md.append("Per scenario: throughput relative to direct (for the response-size scenarios, direct fetching the same file), ")
                .append("≈ where it is within the noise of direct; P99 at each fixed offered rate (median over the rounds ")
                .append("that measured it at the rate; `overloaded` in some round, `injector-limited` in every round, - : not reached); the maximum sustainable rate under the first objective; the gateway's CPU per 1,000 requests.\n");
        if (ladder != null && !ladder.absoluteRps().isEmpty()) {
            md.append("\nThe offered rates ").append(ladder.absoluteRps()).append(" req/s are absolute (`--rates`), as GigaOm's 10,000 and 20,000 req/s ")
                    .append("are, scaled down: here one machine's CPUs carry the injector, the gateway and the origin together, and ")
                    .append("the slowest gateways are overloaded well below 10,000 req/s.\n");
        }
        scenarios.byScenario().forEach((name, rows) -> {
            md.append("\n### ").append(name).append("\n\n| target | req/s | % of direct |");
            rates.forEach(rate -> md.append(" P99 ms at ").append(rate).append(" req/s |"));
            md.append(" max sustainable req/s | CPU ms / 1000 req |\n|---|---:|---:|");
            rates.forEach(rate -> md.append("---:|"));
            md.append("---:|---:|\n");
            for (ScenarioRow row : rows) {
                md.append("| ").append(row.target());
                if (row instanceof ScenarioRow.NotAvailable u) {
                    md.append(" | ").append("not available: " + u.notAvailable()).append(" |".repeat(rates.size() + 3)).append("\n");
                    continue;
                }
                if (row instanceof ScenarioRow.Failed f) {
                    md.append(" | ").append("not measured: " + f.failure()).append(" |".repeat(rates.size() + 3)).append("\n");
                    continue;
                }
                ScenarioRow.Measured r = (ScenarioRow.Measured) row;
                md.append(" | ").append(num(r.throughputRps(), "%.0f"))
                        .append(" | ").append(num(present(r.throughputRelativeToDirect()) ? r.throughputRelativeToDirect().get() * 100 : null, "%.1f%%"))
                        .append(present(r.withinNoiseOfDirect()) ? " ≈" : "").append(RunSummary.notWarm(named(targets, r.target())));
                rates.forEach(rate -> md.append(" | ").append(p99(r.p99MsAtRate(), rate)));
                md.append(" | ").append(Boolean.TRUE.equals(r.maxSustainableAtLeast()) ? "≥ " : "").append(num(r.maxSustainableRps(), "%.0f"))
                        .append(" | ").append(num(r.gatewayCpuMsPer1000Requests(), "%.0f")).append(" |\n");
            }
        });
        md.append("\n### What each scenario costs each gateway\n\n");
        md.append("Throughput under the scenario relative to the same gateway's under plain, the median of the per-round ratios (both ")
                .append("ran in the same round) with its interval; for a response size, the share of direct's throughput the gateway keeps ")
                .append("for that file (direct fetching it too) over its share for the book page; the intervals of one gateway's scenarios hold together at 95% ")
                .append("(Bonferroni, each from its own rounds, as for JVM profiles). The gateway's CPU per request relative to plain's, ")
                .append("paired and judged the same way: it does not depend on how many requests the load could send. ")
                .append("A drop of x% is the published studies' \"drops by x%\".\n");
        scenarios.costVsPlain().forEach((gateway, rows) -> {
            md.append("\n#### ").append(gateway).append("\n\n| scenario | req/s | throughput vs plain (interval) | verdict | CPU ms / 1000 req | CPU per request vs plain (interval) | CPU verdict |\n")
                    .append("|---|---:|---:|---|---:|---:|---|\n");
            for (CostRow row : rows) {
                md.append("| ").append(row.scenario());
                if (row instanceof CostRow.Failed f) {
                    md.append(" | not measured: ").append(f.failure()).append(" ||||||\n");
                    continue;
                }
                CostRow.Measured r = (CostRow.Measured) row;
                md.append(" | ").append(num(r.throughputRps(), "%.0f"))
                        .append(" | ").append(relative(r.throughputRelative(), r.throughputRelativeSpread()))
                        .append(" | ").append(word(r.verdict()))
                        .append(" | ").append(num(r.gatewayCpuMsPer1000Requests(), "%.0f"))
                        .append(" | ").append(factor(r.cpuPerRequestRelative(), r.cpuPerRequestRelativeSpread()))
                        .append(" | ").append(word(r.cpuVerdict())).append(" |\n");
            }
        });
        List<Scenarios.NotAvailable> gateways = scenarios.notAvailable().stream().filter(u -> !Baseline.DIRECT.equals(u.target())).toList();
        if (!gateways.isEmpty()) {
            md.append("\nNot available:\n\n");
            gateways.forEach(u -> md.append("- ").append(u.target()).append(" under `").append(u.scenario()).append("`: ")
                    .append(u.reason()).append("\n"));
        }
    }

    /** One table per swept gateway; nothing for a run without a sweep. */
    static void workers(WorkersSweep sweep, List<Integer> rates, List<Target> targets, StringBuilder md) {
        if (sweep == null) {
            return;
        }
        md.append("\n## Workers sweep\n\n");
        md.append("Each gateway ran once per count of workers ").append(sweep.counts())
                .append(" (NGINX worker processes, HAProxy threads, event loops of the JVM gateways), as a target of its own in the same ")
                .append("rounds. Throughput over the same gateway's with the fewest workers: the median of the per-round ratios with its ")
                .append("interval (Bonferroni over the gateway's counts, each from its own rounds, as for JVM profiles); per worker: ")
                .append("that gain divided by the added workers (1.0: every worker carries as much as the first; the APISIX vs Envoy study ")
                .append("found 0.94 for APISIX and 0.91-0.93 for Envoy at 2-3 workers). P99 at each fixed offered rate (median over the rounds that ")
                .append("measured it at the rate; `overloaded` in some round, `injector-limited` in every round, - : not reached); the gateway's CPU per 1,000 requests. Where the injector and the origin share the ")
                .append("gateway's CPUs (`placement` in summary.json), a second worker competes with them and cannot double anything.\n");
        sweep.byGateway().forEach((gateway, rows) -> {
            md.append("\n### ").append(gateway).append("\n\n| workers | req/s | % of direct | vs fewest workers (interval) | verdict | per worker |");
            rates.forEach(rate -> md.append(" P99 ms at ").append(rate).append(" req/s |"));
            md.append(" CPU ms / 1000 req |\n|---:|---:|---:|---:|---|---:|");
            rates.forEach(rate -> md.append("---:|"));
            md.append("---:|\n");
            for (WorkersRow row : rows) {
                md.append("| ").append(row.workers());
                if (row instanceof WorkersRow.Failed f) {
                    md.append(" | not measured: ").append(f.failure()).append(" |".repeat(rates.size() + 5)).append("\n");
                    continue;
                }
                WorkersRow.Measured r = (WorkersRow.Measured) row;
                md.append(" | ").append(num(r.throughputRps(), "%.0f"))
                        .append(" | ").append(num(present(r.throughputRelativeToDirect()) ? r.throughputRelativeToDirect().get() * 100 : null, "%.1f%%"))
                        .append(RunSummary.notWarm(named(targets, r.target())))
                        .append(" | ").append(relative(r.throughputRelative(), r.throughputRelativeSpread()))
                        .append(" | ").append(word(r.verdict()))
                        .append(" | ").append(num(r.perWorkerRelative(), "%.2f"));
                rates.forEach(rate -> md.append(" | ").append(p99(r.p99MsAtRate(), rate)));
                md.append(" | ").append(num(r.gatewayCpuMsPer1000Requests(), "%.0f")).append(" |\n");
            }
        });
    }

    /**
     * A ratio as a percentage, {@code 80.0% (75.0-85.0)}, with its interval where the analysis gave it one; an end beyond 1% or
     * 1000% reads {@code <1.0} or {@code >1000} (two rounds of one degree of freedom give ends a million times apart: nothing
     * is established either way, and the digits would say more than that).
     */
    static String relative(Ratio median, RatioSpread spread) {
        if (!(median instanceof Ratio.Value m)) {
            return "-";
        }
        String s = String.format(Locale.ROOT, "%.1f%%", m.ratio() * 100);
        Interval i = judged(spread);
        if (i != null) {
            s += " (" + (i.ciLow() < 0.01 ? "<1.0" : String.format(Locale.ROOT, "%.1f", i.ciLow() * 100)) + "-"
                    + (i.ciHigh() > 10 ? ">1000" : String.format(Locale.ROOT, "%.1f", i.ciHigh() * 100)) + ")";
        }
        return s;
    }

    /** A ratio as a factor, {@code 1.57x (1.20-2.05)}, with its interval where it has one; an end beyond 0.01x or 100x as {@link #relative}. */
    static String factor(Ratio median, RatioSpread spread) {
        if (!(median instanceof Ratio.Value m)) {
            return "-";
        }
        String s = String.format(Locale.ROOT, "%.2fx", m.ratio());
        Interval i = judged(spread);
        if (i != null) {
            s += " (" + (i.ciLow() < 0.01 ? "<0.01" : String.format(Locale.ROOT, "%.2f", i.ciLow())) + "-"
                    + (i.ciHigh() > 100 ? ">100" : String.format(Locale.ROOT, "%.2f", i.ciHigh())) + ")";
        }
        return s;
    }

    /** The spread where the analysis gave it an interval of its own ({@code ProfileMatrix.judge}), or null. */
    private static Interval judged(RatioSpread spread) {
        return spread instanceof RatioSpread.Formed f && f.interval().ciLow() != null && f.interval().ciHigh() != null ? f.interval() : null;
    }

    /** The P99 at a rate, whole ms; "overloaded" or "injector-limited" where it was, "-" where it was not reached. */
    private static String p99(Map<Integer, P99AtRate> atRate, int rate) {
        P99AtRate p = atRate.get(rate);
        return p instanceof P99AtRate.Value v ? num(v.p99Ms(), "%.0f") : p == P99AtRate.Missing.NOT_REACHED || p == null ? "-" : ((P99AtRate.Missing) p).word();
    }

    /** The target of that name, or null. */
    private static Target named(List<Target> targets, String name) {
        return targets.stream().filter(t -> t.name().equals(name)).findFirst().orElse(null);
    }

    /** A verdict as summary.json words it; "-" where there is none. */
    /** A verdict as summary.json words it. */
    static String word(Enum<?> verdict) {
        return verdict == null ? "-" : JSON.convertValue(verdict, String.class);
    }

    private static boolean present(Optional<?> key) {
        return key != null && key.isPresent();
    }

    static String num(Number v, String format) {
        return v != null ? String.format(Locale.ROOT, format, v.doubleValue()) : "-";
    }
}
