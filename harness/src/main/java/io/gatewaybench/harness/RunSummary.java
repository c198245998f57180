package io.gatewaybench.harness;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A run's {@code summary.json} and {@code summary.md}: every target's figures beside the direct
 * baseline of the same run (throughput as a fraction of direct's, each latency as a multiple of
 * direct's), and everything needed to say where the figures came from.
 */
public final class RunSummary {
    /** One target's outcome; {@code rounds} holds what each round measured, {@code failure} why it could not be measured. */
    public record TargetOutcome(Target target, List<RequestStats> rounds, Map<String, Object> details, String failure) {
        /**
         * What is pooled or taken as the median over rounds here rather than in {@link Analysis}:
         * each role's resource cost, and the probes' requests of all rounds in one distribution per probe.
         */
        RequestStats pooled() {
            Map<String, ResourceSampler.Cost> resources = new LinkedHashMap<>();
            for (String role : rounds.get(0).resources().keySet()) {
                List<ResourceSampler.Cost> costs = rounds.stream().map(r -> r.resources().get(role)).filter(c -> c != null).toList();
                resources.put(role, new ResourceSampler.Cost(
                        Analysis.Stats.median(costs.stream().mapToDouble(ResourceSampler.Cost::cpuSeconds).toArray()),
                        Analysis.Stats.median(costs.stream().mapToDouble(ResourceSampler.Cost::cpuMillisPer1000Requests).toArray()),
                        Analysis.Stats.median(costs.stream().mapToDouble(ResourceSampler.Cost::cores).toArray()),
                        costs.stream().mapToLong(ResourceSampler.Cost::peakMemoryBytes).max().orElse(0)));
            }
            Map<String, LatencyProbe.Result> probes = new LinkedHashMap<>();
            for (String kind : rounds.get(0).probes().keySet()) {
                LatencyProbe.Result pooled = rounds.get(0).probes().get(kind);
                for (RequestStats r : rounds.subList(1, rounds.size())) {
                    if (r.probes().containsKey(kind)) {
                        pooled = pooled.plus(r.probes().get(kind));
                    }
                }
                probes.put(kind, pooled);
            }
            return new RequestStats(0, 0, 0, null, resources, probes, List.of());
        }
    }

    /** Every table summary.md leaves out, as text. */
    static final String DETAILS = "details.md";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private RunSummary() {
    }

    /** Writes summary.json, summary.md, details.md and report.html into the run folder and returns the JSON's tree. */
    public static Map<String, Object> write(Path runDir, Map<String, Object> run, List<TargetOutcome> outcomes) throws IOException {
        return write(runDir, run, outcomes, List.of());
    }

    /** The same, with the fixed-rate ladder's {@code rates} (its objectives are named in {@code run}'s ladder). */
    public static Map<String, Object> write(Path runDir, Map<String, Object> run, List<TargetOutcome> outcomes, List<Integer> rates)
            throws IOException {
        Map<String, Object> measured = new LinkedHashMap<>(run);
        measured.put("format", Analysis.FORMAT);
        measured.put("targets", targets(outcomes, rates));
        // Judged from the JSON form, exactly as ./bench report and ./bench compare judge a summary.json.
        @SuppressWarnings("unchecked")
        Map<String, Object> summary = JSON.convertValue(measured, Map.class);
        Analysis.apply(summary);
        writeFiles(runDir, summary);
        return summary;
    }

    private static void writeFiles(Path runDir, Map<String, Object> summary) throws IOException {
        JSON.writeValue(runDir.resolve("summary.json").toFile(), summary);
        Files.writeString(runDir.resolve("summary.md"), markdown(summary));
        Files.writeString(runDir.resolve(DETAILS), details(summary));
        HtmlReport.write(runDir, summary, notes(summary));
    }

    static List<Map<String, Object>> targets(List<TargetOutcome> outcomes) {
        return targets(outcomes, List.of());
    }

    /**
     * Each target as measured: every round's figures, its ladder levels (each with its round), the
     * pooled probes and resource costs, and its details. {@link Analysis} derives the rest.
     */
    static List<Map<String, Object>> targets(List<TargetOutcome> outcomes, List<Integer> rates) {
        RequestStats direct = outcomes.stream().filter(o -> o.target().isDirect() && o.failure() == null && !o.rounds().isEmpty())
                .map(TargetOutcome::pooled).findFirst().orElse(null);
        List<Map<String, Object>> list = new ArrayList<>();
        for (TargetOutcome o : outcomes) {
            Map<String, Object> t = new LinkedHashMap<>();
            t.put("name", o.target().name());
            t.put("description", o.target().description());
            if (!o.target().scenario().equals(Scenario.PLAIN)) { // also for a target that failed before its details were known
                t.put("scenario", o.target().scenario());
                t.put("plain", o.target().underPlain());
            }
            if (o.failure() != null) {
                t.put("failure", o.failure());
            }
            if (!o.rounds().isEmpty()) {
                RequestStats s = o.pooled();
                t.put("resources", resources(s));
                if (!s.probes().isEmpty()) {
                    Map<String, Object> probes = new LinkedHashMap<>();
                    s.probes().forEach((kind, r) -> probes.put(kind, r.asMap()));
                    t.put("probe_us", probes);
                    t.put("probe_added_us_over_direct", direct == null ? null : added(s, direct));
                }
                if (!rates.isEmpty()) {
                    t.put("fixed_rate", LadderSummary.fixedRate(o.rounds(), rates));
                }
                List<Map<String, Object>> rounds = new ArrayList<>();
                for (RequestStats r : o.rounds()) {
                    Map<String, Object> m = new LinkedHashMap<>();
                    m.put("requests", r.requests());
                    m.put("errors", r.errors());
                    m.put("throughput_rps", round(r.throughputRps()));
                    m.put("latency_ms", r.latency().asMap());
                    m.put("resources", resources(r));
                    if (!r.runtime().isEmpty()) {
                        m.put("runtime", r.runtime());
                    }
                    if (!r.latencySpectrum().isEmpty()) {
                        m.put("latency_spectrum_ms", r.latencySpectrum());
                    }
                    rounds.add(m);
                }
                t.put("rounds", rounds);
            }
            t.putAll(o.details());
            list.add(t);
        }
        return list;
    }

    /** What the target adds to one request over direct, in microseconds, at the probe's P50, P90 and P99. */
    static Map<String, Object> added(RequestStats s, RequestStats direct) {
        Map<String, Object> m = new LinkedHashMap<>();
        s.probes().forEach((kind, r) -> {
            LatencyProbe.Result d = direct.probes().get(kind);
            if (d == null || d.micros().getTotalCount() == 0 || r.micros().getTotalCount() == 0) {
                return;
            }
            Map<String, Long> added = new LinkedHashMap<>();
            for (double p : new double[] {50, 90, 99}) {
                added.put("p" + (long) p, r.micros().getValueAtPercentile(p) - d.micros().getValueAtPercentile(p));
            }
            m.put(kind, added);
        });
        return m;
    }

    /** Each role's cost over the measured window (median over rounds; peak memory: the largest). */
    private static Map<String, Object> resources(RequestStats s) {
        Map<String, Object> m = new LinkedHashMap<>();
        s.resources().forEach((role, cost) -> m.put(role, cost.asMap()));
        return m;
    }

    static double round(double v) {
        return Math.round(v * 10_000) / 10_000.0;
    }

    /** A run's summary.json, analysed under the current rules ({@link Analysis}). */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> read(Path runDir) throws IOException {
        Path file = runDir.resolve("summary.json");
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException(runDir + " is not a run folder: it has no summary.json");
        }
        Map<String, Object> summary = JSON.readValue(file.toFile(), Map.class);
        if (Analysis.FORMAT.equals(summary.get("format"))) {
            // what the harness writes, key for key and type for type: a hand edit or a cut copy is named where it breaks
            io.gatewaybench.harness.model.Summaries.read(file);
        }
        Analysis.apply(summary);
        return summary;
    }

    /**
     * Analyses a run's summary.json again under the current rules and writes it, summary.md, details.md and report.html anew
     * (after the rules or the Markdown layout changed); what an older summary cannot give is recorded
     * under {@code reanalysed}.
     */
    public static void rerender(Path runDir) throws IOException {
        writeFiles(runDir, read(runDir));
    }

    /** Each role's host, address, CPUs and memory (runs from before topologies recorded only the summary line). */
    @SuppressWarnings("unchecked")
    private static void placement(StringBuilder md, Map<String, Object> placement) {
        List<String> roles = List.of("injector", "gateway", "backend");
        if (!roles.stream().allMatch(r -> placement.get(r) instanceof Map)) {
            return;
        }
        md.append("| host | runs | address | CPUs | memory | network namespace |\n|---|---|---|---|---|---|\n");
        for (String r : roles) {
            Map<String, Object> h = (Map<String, Object>) placement.get(r);
            md.append("| ").append(r).append(" | ").append(h.get("runs"))
                    .append(h.containsKey("workers") ? " (workers: " + h.get("workers") + ")" : "").append(" | ")
                    .append(h.get("address")).append(" | ").append(h.get("cpus")).append(" | ").append(h.get("memory")).append(" | ")
                    .append(h.getOrDefault("namespace", "-")).append(" |\n");
        }
        if (placement.containsKey("split")) {
            md.append("\nCPU split: ").append(placement.get("split")).append(".\n");
        }
        md.append("\n");
    }

    @SuppressWarnings("unchecked")
    static String markdown(Map<String, Object> s) {
        StringBuilder md = new StringBuilder();
        md.append("# Gateway benchmark run ").append(s.get("run_id")).append("\n\n");
        Map<String, Object> machine = (Map<String, Object>) s.get("machine");
        Map<String, Object> load = (Map<String, Object>) s.get("load");
        md.append("Started ").append(s.get("started")).append(", commit `").append(s.get("git_commit")).append("`, ")
                .append(machine.get("cpus")).append(" CPUs (").append(machine.get("cpu_model")).append("), ")
                .append(String.format(Locale.ROOT, "%.1f GiB", ((Number) machine.get("memory_bytes")).doubleValue() / (1L << 30)))
                .append(", ").append(machine.get("os")).append(", kernel ").append(machine.get("kernel")).append(".\n\n");
        md.append("Every figure as charts and tables: [").append(HtmlReport.FILE).append("](").append(HtmlReport.FILE)
                .append(") (one file, opens offline in any browser). Every table as text: [").append(DETAILS).append("](").append(DETAILS)
                .append("). The data: `summary.json`.\n\n");
        md.append("Load: ").append(describeLoad(load)).append(" Rounds: ").append(s.get("rounds")).append(". ")
                .append("Placement: ").append(((Map<String, Object>) s.get("placement")).get("summary")).append(".\n\n");
        if (Boolean.FALSE.equals(s.get("complete"))) {
            md.append(incomplete(s)).append("\n\n");
        }
        if (s.get("reanalysed") instanceof Map<?, ?> again) {
            md.append("**Re-analysed** from a summary of format `").append(again.get("from_format")).append("` under the current rules. Redone: ")
                    .append(again.get("redone")).append(". Not redone (the raw logs were not kept): ").append(again.get("not_redone")).append(".\n\n");
        }

        List<Map<String, Object>> targets = (List<Map<String, Object>>) s.get("targets");
        md.append("## Relative to direct (the 2019 study's view)\n\n");
        md.append("Throughput as % of direct's; each latency as a multiple of direct's, from the same run. ")
                .append("With several rounds, figures are medians over rounds, and the throughput shows in brackets its lowest and highest ")
                .append("ratio to direct paired round by round (to the mean of direct's runs just before and just after the round, when ")
                .append("direct ran once more after the last round). ≈: within the noise of direct, the difference is not established (their ")
                .append("throughput ranges over rounds overlap, or the 95% interval of the paired ratio holds 100%).\n\n");
        boolean scenarios = s.get("scenarios") instanceof Map<?, ?>;
        if (scenarios) {
            md.append("Under the plain scenario; the other scenarios have their tables below (## Scenarios).\n\n");
        }
        md.append("| target | throughput | mean | P50 | P90 | P99 | P99.9 | P99.99 | max | errors |\n");
        md.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (Map<String, Object> t : targets) {
            if (scenarios && !Scenario.PLAIN.equals(t.getOrDefault("scenario", Scenario.PLAIN))) {
                continue; // under the other scenarios: their tables below
            }
            md.append("| ").append(t.get("name"));
            Map<String, Object> rel = (Map<String, Object>) t.get("relative_to_direct");
            if (t.containsKey("failure") || rel == null) {
                md.append(" | not measured: ").append(t.getOrDefault("failure", "no direct baseline")).append(" |||||||||\n");
                continue;
            }
            Double tp = (Double) rel.get("throughput");
            md.append(" | ").append(tp == null ? "n/a" : String.format(Locale.ROOT, "%.1f%%", tp * 100));
            Map<String, Object> spread = (Map<String, Object>) t.get("spread");
            if (spread != null && spread.get("throughput_relative_to_direct") != null) {
                Map<String, Double> r = (Map<String, Double>) spread.get("throughput_relative_to_direct");
                md.append(String.format(Locale.ROOT, " (%.1f-%.1f)", r.get("min") * 100, r.get("max") * 100));
            }
            if (rel.get("within_noise_of_direct") != null) {
                md.append(" ≈");
            }
            for (Object v : ((Map<String, Object>) rel.get("latency")).values()) {
                md.append(" | ").append(v == null ? "n/a" : String.format(Locale.ROOT, "%.2fx", (Double) v));
            }
            md.append(" | ").append(t.get("errors")).append(" |\n");
        }
        LadderSummary.maxSustainable(s, targets, md);
        ProfileMatrix.markdown(s, md);
        ScenarioMatrix.markdown(s, md);
        WorkersMatrix.markdown(s, md);
        md.append("\n## Notes\n\n");
        for (String note : notes(s)) {
            md.append("- ").append(note).append('\n');
        }
        return md.toString();
    }

    /**
     * details.md: every table summary.md leaves out, as text (placement, absolute figures, each ladder
     * level, the microsecond probe, resource cost, JFR frames, wrk, components and JVM flags).
     */
    @SuppressWarnings("unchecked")
    static String details(Map<String, Object> s) {
        StringBuilder md = new StringBuilder();
        md.append("# Gateway benchmark run ").append(s.get("run_id")).append(": every table\n\n");
        md.append("The headline, the maximum sustainable rates and the notes: [summary.md](summary.md); the same as charts: [")
                .append(HtmlReport.FILE).append("](").append(HtmlReport.FILE).append(").\n\n");
        md.append("## Placement\n\n").append(((Map<String, Object>) s.get("placement")).get("summary")).append(".\n\n");
        placement(md, (Map<String, Object>) s.get("placement"));
        List<Map<String, Object>> targets = (List<Map<String, Object>>) s.get("targets");
        md.append("\n## Absolute figures\n\n");
        md.append("| target | requests (all rounds) | req/s | mean ms | P50 | P90 | P99 | P99.9 | P99.99 | max |\n");
        md.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (Map<String, Object> t : targets) {
            if (t.containsKey("failure") || !t.containsKey("latency_ms")) {
                continue;
            }
            md.append("| ").append(t.get("name")).append(" | ").append(t.get("requests"))
                    .append(String.format(Locale.ROOT, " | %.0f", (Double) t.get("throughput_rps")));
            for (Object v : ((Map<String, Object>) t.get("latency_ms")).values()) {
                md.append(String.format(Locale.ROOT, " | %s", trim((Double) v)));
            }
            md.append(" |\n");
        }
        LadderSummary.equalRates(s, targets, md);
        LadderSummary.levelsInFull(s, targets, md);
        md.append("\n## Single requests, in microseconds\n\n");
        md.append("Gatling's whole milliseconds hide what a proxy adds to one request. A probe sends the book page one request at a time ")
                .append("on one kept-alive connection, timed with nanoTime: *alone* after the load (the target warm and idle), and ")
                .append("*under load* at 50 req/s beside Gatling's measured window, timed from each request's intended send time. ")
                .append("Added = the target's percentile minus direct's. Distributions: `raw/<target>-round<k>/probe-*.hgrm`.\n\n");
        md.append("| target | alone P50 | alone P99 | added P50 | added P99 | under load P50 | under load P99 | under load P99.9 | added P50 under load | probe send lag P99 µs |\n");
        md.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (Map<String, Object> t : targets) {
            Map<String, Map<String, Object>> probe = (Map<String, Map<String, Object>>) t.get("probe_us");
            if (probe == null) {
                continue;
            }
            Map<String, Map<String, Object>> added = (Map<String, Map<String, Object>>) t.get("probe_added_us_over_direct");
            md.append("| ").append(t.get("name"))
                    .append(" | ").append(cell(probe, "unloaded", "p50")).append(" | ").append(cell(probe, "unloaded", "p99"))
                    .append(" | ").append(cell(added, "unloaded", "p50")).append(" | ").append(cell(added, "unloaded", "p99"))
                    .append(" | ").append(cell(probe, "under_load", "p50")).append(" | ").append(cell(probe, "under_load", "p99"))
                    .append(" | ").append(cell(probe, "under_load", "p99_9"))
                    .append(" | ").append(cell(added, "under_load", "p50"))
                    .append(" | ").append(cell((Map<String, Map<String, Object>>) (Map<?, ?>) probe.get("under_load"), "send_lag_us", "p99"))
                    .append(" |\n"); // "-" where an older summary has no send lag
        }
        md.append("\n## Resource cost over the measured window\n\n");
        md.append("CPU time of each role's processes (read from /proc) per 1,000 successful requests, the CPU cores it kept busy, ")
                .append("and the gateway's peak resident memory. The origin does the same work for every target; the injector is Gatling.")
                .append("hosts".equals(((Map<String, Object>) s.get("placement")).get("topology"))
                        ? " The gateway and the origin ran on other hosts, where they were not sampled (-)." : "").append("\n\n");
        md.append("| target | gateway CPU ms / 1000 req | gateway cores | gateway peak memory MB | origin CPU ms / 1000 req | injector CPU ms / 1000 req | injector cores |\n");
        md.append("|---|---:|---:|---:|---:|---:|---:|\n");
        for (Map<String, Object> t : targets) {
            Map<String, Map<String, Object>> res = (Map<String, Map<String, Object>>) t.get("resources");
            if (res == null) {
                continue;
            }
            md.append("| ").append(t.get("name"))
                    .append(" | ").append(cell(res, "gateway", "cpu_ms_per_1000_requests"))
                    .append(" | ").append(cell(res, "gateway", "cores"))
                    .append(" | ").append(cell(res, "gateway", res != null && res.get("gateway") != null && res.get("gateway").containsKey("peak_pss_mb") ? "peak_pss_mb" : "peak_rss_mb"))
                    .append(" | ").append(cell(res, "origin", "cpu_ms_per_1000_requests"))
                    .append(" | ").append(cell(res, "injector", "cpu_ms_per_1000_requests"))
                    .append(" | ").append(cell(res, "injector", "cores")).append(" |\n");
        }
        ProfileMatrix.topFrames(s, md);
        if (targets.stream().anyMatch(t -> t.containsKey("wrk_cross_check"))) {
            md.append("\n## Injector cross-check\n\n");
            md.append("wrk (a lighter injector, status codes checked, bodies not) against the warm target, with as many connections as Gatling had users. ")
                    .append("Where wrk gets more than ").append(Math.round(WrkCrossCheck.INJECTOR_LIMIT * 100))
                    .append("% above Gatling, Gatling rather than the target was the limit.\n\n");
            md.append("| target | round | Gatling req/s | wrk 2xx req/s | wrk / Gatling | wrk non-2xx | injector-limited |\n|---|---:|---:|---:|---:|---:|---|\n");
            for (Map<String, Object> t : targets) {
                List<Map<String, Object>> checks = (List<Map<String, Object>>) t.get("wrk_cross_check");
                for (int i = 0; checks != null && i < checks.size(); i++) {
                    Map<String, Object> c = checks.get(i);
                    md.append(String.format(Locale.ROOT, "| %s | %d | %.0f | %.0f | %.2f | %s | %s |%n", t.get("name"), i + 1,
                            ((Number) c.get("gatling_rps")).doubleValue(), ((Number) c.get("wrk_rps")).doubleValue(),
                            ((Number) c.get("wrk_over_gatling")).doubleValue(), c.get("non_2xx"),
                            Boolean.FALSE.equals(c.get("valid")) ? "invalid: " + c.get("invalid_because")
                                    : Boolean.TRUE.equals(c.get("injector_limited")) ? "**yes**" : "no"));
                }
            }
        }
        md.append("\n## Components\n\n");
        ((Map<String, Object>) s.get("components")).forEach((k, v) -> md.append("- ").append(k).append(": ").append(v).append('\n'));
        md.append("\n## JVM flags\n\n");
        ((Map<String, Object>) s.get("jvm_flags")).forEach((k, v) -> md.append("- ").append(k).append(": `").append(v).append("`\n"));
        md.append("\nEach target's configuration is the repository's at the commit above (`targets/`, `infra/`, `gateways/`). ")
                .append("The run folder also holds each target's rendered configuration and logs (`targets/`) and Gatling's raw output (`raw/`); ")
                .append("those stay on the machine that ran it and are not committed.\n");
        return md.toString();
    }

    /** A run that stopped early or lost a target says so first, with why (summary.json's {@code incomplete_because}). */
    private static String incomplete(Map<String, Object> s) {
        return "**Incomplete run**: " + (s.get("incomplete_because") instanceof List<?> why ? String.join("; ", why.stream().map(String::valueOf).toList())
                : "no reason recorded") + ".";
    }

    /** The notes under summary.md's {@code ## Notes} (Markdown; a warning starts in bold), also shown in report.html. */
    @SuppressWarnings("unchecked")
    static List<String> notes(Map<String, Object> s) {
        List<Map<String, Object>> targets = (List<Map<String, Object>>) s.get("targets");
        List<String> notes = new ArrayList<>();
        if (Boolean.FALSE.equals(s.get("complete"))) {
            notes.add(incomplete(s));
        }
        for (Map<String, Object> t : targets) {
            if (t.containsKey("failure")) {
                notes.add("**" + t.get("name") + " was not measured**: " + t.get("failure"));
            } else if (((Number) t.getOrDefault("errors", 0)).longValue() > 0) {
                notes.add(String.format(Locale.ROOT, "**%s had %s failed requests** (%.2f%% of %s in all rounds; wrong status or wrong page): "
                        + "its figures are not comparable.", t.get("name"), t.get("errors"),
                        ((Number) t.getOrDefault("error_share", 0)).doubleValue() * 100, t.get("requests")));
            }
            if (t.get("gatling") instanceof List<?> runs) {
                for (Object o : runs) {
                    Map<String, Object> g = (Map<String, Object>) o;
                    List<?> failed = (List<?>) g.get("failed_assertions");
                    if (((Number) g.get("exit_code")).intValue() != 0 || (failed != null && !failed.isEmpty()) || g.get("cut_short") != null) {
                        notes.add("**" + t.get("name") + ", round " + g.get("round") + ": Gatling exited with " + g.get("exit_code")
                                + (failed == null || failed.isEmpty() ? "" : ", failed assertions: " + failed)
                                + (g.get("cut_short") == null ? "" : "; cut short: " + g.get("cut_short")) + "**.");
                    }
                }
            }
            if (t.get("relative_to_direct") instanceof Map<?, ?> rel && rel.get("throughput") instanceof Number tp
                    && !"direct".equals(t.get("name")) && tp.doubleValue() > 1.1) {
                notes.add(String.format(Locale.ROOT, "**%s measured at %.0f%% of direct**: a proxy in front of the same origin cannot "
                        + "serve more than the origin does; direct was probably not warm yet (a quick run) or the machine changed between "
                        + "the runs. Do not read this as a speed-up.", t.get("name"), tp.doubleValue() * 100));
            }
            if (t.get("wrk_cross_check") instanceof List<?> checks
                    && checks.stream().map(c -> (Map<String, Object>) c) // an invalid check has no verdict
                            .anyMatch(c -> !Boolean.FALSE.equals(c.get("valid")) && Boolean.TRUE.equals(c.get("injector_limited")))) {
                notes.add("**" + t.get("name") + ": the injector was the limit** (wrk got clearly more than Gatling): its Gatling throughput understates the target.");
            }
        }
        notes.addAll(LadderSummary.notes(targets));
        if (((Number) s.get("rounds")).intValue() < 2) {
            notes.add("One round: no spread is known. On a shared 2-CPU machine, differences of a few percent are within the noise; use --rounds=3 or more.");
        } else {
            notes.addAll(overlaps(targets));
        }
        notes.add("Gatling records whole milliseconds: where direct's figure is 0 ms its multiple is n/a, and differences under 1 ms do not show.");
        Map<String, Object> load = (Map<String, Object>) s.get("load");
        if ("closed".equals(load.get("model"))) {
            notes.add("Closed model: latency in the table above mirrors throughput (users x 1/latency = req/s); "
                    + (s.containsKey("ladder") ? "compare tails at fixed rates (the ladder in report.html and details.md)." : "compare tails at fixed rates (--levels, --rates)."));
        }
        return notes;
    }

    /** Pairs of targets whose throughput ranges over rounds overlap: the order between them is not established. */
    @SuppressWarnings("unchecked")
    static List<String> overlaps(List<Map<String, Object>> targets) {
        List<String> notes = new ArrayList<>();
        for (int i = 0; i < targets.size(); i++) {
            for (int j = i + 1; j < targets.size(); j++) {
                if (overlap(targets.get(i), targets.get(j))) {
                    Map<String, Double> ra = (Map<String, Double>) ((Map<String, Object>) targets.get(i).get("spread")).get("throughput_rps");
                    Map<String, Double> rb = (Map<String, Double>) ((Map<String, Object>) targets.get(j).get("spread")).get("throughput_rps");
                    notes.add(String.format(Locale.ROOT, "**Within the noise**: %s and %s overlap in throughput over rounds (%.0f-%.0f vs %.0f-%.0f req/s); "
                            + "the difference between them is not established.", targets.get(i).get("name"), targets.get(j).get("name"),
                            ra.get("min"), ra.get("max"), rb.get("min"), rb.get("max")));
                }
            }
        }
        return notes;
    }

    /** Whether two targets' throughput ranges over rounds overlap (false where either has no spread). */
    @SuppressWarnings("unchecked")
    static boolean overlap(Map<String, Object> a, Map<String, Object> b) {
        if (!(a.get("spread") instanceof Map<?, ?> sa) || !(b.get("spread") instanceof Map<?, ?> sb)) {
            return false;
        }
        Map<String, Double> ra = (Map<String, Double>) sa.get("throughput_rps");
        Map<String, Double> rb = (Map<String, Double>) sb.get("throughput_rps");
        return ra.get("min") <= rb.get("max") && rb.get("min") <= ra.get("max");
    }

    @SuppressWarnings("unchecked")
    private static String describeLoad(Map<String, Object> load) {
        String what = "closed".equals(load.get("model"))
                ? "closed model, " + load.get("users") + " concurrent users"
                : "open model, " + load.get("rate_rps") + " req/s";
        return what + "; warm-up " + load.get("warmup_s") + " s (excluded), measured " + load.get("duration_s")
                + " s per target; sessions " + load.get("sessions") + ".";
    }

    private static String cell(Map<String, Map<String, Object>> res, String role, String key) {
        Map<String, Object> r = res == null ? null : res.get(role);
        if (r == null || r.get(key) == null) {
            return "-";
        }
        double v = ((Number) r.get(key)).doubleValue();
        return key.equals("cores") ? String.format(Locale.ROOT, "%.2f", v) : String.format(Locale.ROOT, "%.0f", v);
    }

    private static String trim(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.1f", v);
    }
}
