package io.gatewaybench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gatewaybench.harness.HeadlessChromium.Rendered;
import io.gatewaybench.harness.analyse.Analysis;
import io.gatewaybench.harness.analyse.Notes;
import io.gatewaybench.harness.model.Summaries;
import io.gatewaybench.harness.model.Summary;
import io.gatewaybench.harness.model.SummaryMaps;
import io.gatewaybench.harness.plan.Repo;
import io.gatewaybench.harness.report.HtmlReport;
import io.gatewaybench.harness.report.JmhReport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * report.html as a reader sees it: Debian's headless Chromium renders the page of two committed
 * runs (one with the fixed-rate ladder, one with the JVM profile matrix), and the DOM it leaves must
 * show every chart the data allows and none it does not, no script error, and headline figures equal
 * to those of the analysed summary.json. Two planted faults (a figure of the wrong type, a script
 * error) must be caught by the same check. Screenshots: {@code harness/target/report-it/*.png}.
 */
class ReportBrowserIT {
    private static final Path OUT = Path.of("target", "report-it").toAbsolutePath();

    @ParameterizedTest
    @ValueSource(strings = {"20261123-181040", "20261123-212433"})
    @SuppressWarnings("unchecked")
    void aCommittedRunsReportDrawsEveryChartItsDataAllows(String runId) throws Exception {
        Rendered page = renderedRun(runId);
        Map<String, Object> summary = summaryOf(runId);
        List<Map<String, Object>> targets = (List<Map<String, Object>>) summary.get("targets");
        long measured = targets.stream().filter(t -> !t.containsKey("failure") && t.get("rounds") instanceof List<?> r && !r.isEmpty()).count();
        Set<String> expected = new LinkedHashSet<>(List.of("headline-throughput", "headline-latency"));
        Set<String> absent = new LinkedHashSet<>();
        // the latency spectrum: one chart, or with many targets one per gateway, each with direct and that gateway's targets
        Map<String, List<String>> spectra = new java.util.LinkedHashMap<>();
        for (Map<String, Object> t : targets) {
            if (!"direct".equals(t.get("name")) && t.get("latency_ms") != null && !t.containsKey("failure")) {
                String gateway = String.valueOf(t.get("gateway") != null ? t.get("gateway") : ((String) t.get("name")).split("[@:]")[0]);
                spectra.computeIfAbsent(measured > 12 ? "latency-spectrum-" + gateway : "latency-spectrum", k -> new ArrayList<>(List.of("direct")))
                        .add((String) t.get("name"));
            }
        }
        for (Map.Entry<String, List<String>> spectrum : spectra.entrySet()) {
            assertEquals(spectrum.getValue(), drawnSeries(page, spectrum.getKey(), runId, spectrum.getValue().size()).stream()
                    .map(x -> x.get("name")).toList(), runId + ": the lines of #" + spectrum.getKey());
        }
        assertEquals(measured > 12, page.dom().getElementById("latency-spectrum") == null, runId + ": one spectrum or one per gateway");
        (summary.containsKey("ladder") ? expected : absent).addAll(List.of("ladder-p99", "ladder-max"));
        checkResources(page, targets, runId);
        (targets.stream().anyMatch(t -> !"direct".equals(t.get("name")) && t.get("probe_added_us_over_direct") != null) ? expected : absent)
                .add("probe-added");
        for (String id : expected) {
            Element chart = page.dom().getElementById(id);
            assertNotNull(chart, runId + ": no chart #" + id);
            assertTrue(chart.hasClass("chart"), id);
            assertFalse(chart.select("svg").isEmpty(), runId + ": chart #" + id + " has no <svg>");
        }
        checkDrawnData(page, targets, runId);
        for (String id : absent) {
            assertNull(page.dom().getElementById(id), runId + ": #" + id + " drawn without its data");
        }

        for (Map<String, Object> t : targets) {
            Element row = page.dom().select("#headline-table tr[data-target]").stream()
                    .filter(r -> r.attr("data-target").equals(t.get("name"))).findFirst().orElse(null);
            assertNotNull(row, runId + ": no headline row for " + t.get("name"));
            if (!(t.get("relative_to_direct") instanceof Map<?, ?> rel)) {
                continue;
            }
            assertEquals(rel.get("within_noise_of_direct") != null, row.hasClass("noise"), runId + " " + t.get("name") + ": the ≈ direct mark");
            Object p99 = ((Map<String, Object>) rel.get("latency")).get("p99");
            checkFigure(row, "throughput", (Number) rel.get("throughput"), 100, "%", 1, runId + " " + t.get("name"));
            checkFigure(row, "p99", (Number) p99, 1, "x", 2, runId + " " + t.get("name"));
            // the cross-check's verdict is a mark in the headline, not only a note: wrk's rate over Gatling's where Gatling was the limit
            Double wrk = t.get("wrk_cross_check") instanceof List<?> checks ? ((List<Map<String, Object>>) checks).stream()
                    .filter(c -> !Boolean.FALSE.equals(c.get("valid")) && Boolean.TRUE.equals(c.get("injector_limited")))
                    .map(c -> ((Number) c.get("wrk_over_gatling")).doubleValue()).max(Double::compare).orElse(null) : null;
            Element mark = row.selectFirst("td[data-figure='wrk_over_gatling']");
            assertEquals(wrk != null, mark != null, runId + " " + t.get("name") + ": the injector-limited mark");
            if (wrk != null) {
                assertEquals(wrk, Double.parseDouble(mark.attr("data-value")), 0, runId + " " + t.get("name") + " wrk / Gatling");
            }
            // a target not warm in some round is marked, with its count of rounds, as summary.json has it
            Element warm = row.selectFirst("td[data-figure='not_warm_rounds']");
            int notWarm = t.get("not_warm_rounds") instanceof Number n ? n.intValue() : 0;
            assertEquals(notWarm > 0, warm != null, runId + " " + t.get("name") + ": the not-warm mark, " + notWarm + " rounds");
            if (warm != null) {
                assertEquals(notWarm, Double.parseDouble(warm.attr("data-value")), 0, runId + " " + t.get("name") + " not_warm_rounds");
            }
            // the gateway's CPU per request and the req/s per core at it: the median with its 95% interval, as summary.json has them
            for (String figure : List.of("ms_per_1000_requests", "requests_per_core_second")) {
                Element cell = row.selectFirst("td[data-figure='gateway_cpu." + figure + "']");
                if (!(t.get("gateway_cpu") instanceof Map<?, ?> cpu)) {
                    assertNull(cell, runId + " " + t.get("name") + ": a gateway CPU cell without gateway_cpu");
                    continue;
                }
                Map<String, Object> range = (Map<String, Object>) cpu.get(figure);
                assertNotNull(cell, runId + " " + t.get("name") + ": no gateway_cpu." + figure + " cell");
                String shown = String.format(Locale.ROOT, "%.0f", ((Number) range.get("median")).doubleValue())
                        + (range.get("ci95_low") == null ? "" : String.format(Locale.ROOT, " (%.0f-%.0f)",
                                ((Number) range.get("ci95_low")).doubleValue(), ((Number) range.get("ci95_high")).doubleValue()));
                assertEquals(shown, cell.text(), runId + " " + t.get("name") + " gateway_cpu." + figure);
            }
        }

        checkVerdict(page, targets, summary.get("hostile_input"), null, runId);

        for (Map<String, Object> t : targets) {
            if (!(t.get("latency_ms") instanceof Map<?, ?> latency) || t.containsKey("failure")) {
                continue;
            }
            Element row = page.dom().selectFirst("#absolute tr[data-target='" + t.get("name") + "']");
            assertNotNull(row, runId + ": no absolute row for " + t.get("name"));
            checkFigure(row, "throughput_rps", (Number) t.get("throughput_rps"), 1, "", 0, runId + " " + t.get("name"));
            checkFigure(row, "latency_ms.p99", (Number) latency.get("p99"), 1, "", 1, runId + " " + t.get("name"));
            if (t.get("max_sustainable") instanceof Map<?, ?> found) {
                ((Map<String, Map<String, Object>>) found).forEach((objective, f) -> {
                    Element cells = page.dom().selectFirst("#max-sustainable tr[data-target='" + t.get("name") + "'][data-objective='" + objective + "']");
                    assertNotNull(cells, runId + ": no maximum sustainable rate of " + t.get("name") + " under " + objective);
                    // a lower bound (every round injector-limited) reads "at least N"; none found, what failed first;
                    // any other, N alone
                    String prefix = Boolean.TRUE.equals(f.get("at_least")) ? "at least " : "";
                    if (((Number) f.get("rate_rps")).intValue() == 0 && prefix.isEmpty()) {
                        String shown = cells.selectFirst("td[data-figure='rate_rps']").text();
                        assertTrue(shown.matches("below \\d+ req/s \\(its first level failed: .+\\)"),
                                runId + " " + t.get("name") + " " + objective + ": an absent maximum reads " + shown);
                    } else {
                        checkFigure(cells, "rate_rps", (Number) f.get("rate_rps"), 1, prefix, "", 0,
                                runId + " " + t.get("name") + " " + objective);
                    }
                    // at or above direct's ceiling: marked with direct's rate, never a bare figure above it
                    Element ceiling = cells.selectFirst("td[data-figure='direct_ceiling_rps']");
                    assertEquals(f.get("direct_ceiling_rps") != null, ceiling != null, runId + " " + t.get("name") + " " + objective + ": the ceiling mark");
                    if (ceiling != null) {
                        assertEquals(((Number) f.get("direct_ceiling_rps")).doubleValue(), Double.parseDouble(ceiling.attr("data-value")), 0);
                    }
                    Element range = cells.select("td").get(3);
                    Object limited = f.get("injector_limited_rounds");
                    assertEquals(limited != null, range.text().contains("injector-limited"), runId + " " + t.get("name") + " " + objective
                            + ": rounds injector-limited " + limited + ", range cell " + range.text());
                });
            }
        }

        if (summary.get("jvm_profiles") instanceof Map<?, ?> profiles && profiles.get("by_gateway") instanceof Map<?, ?> byGateway) {
            for (Map.Entry<String, List<Map<String, Object>>> entry : ((Map<String, List<Map<String, Object>>>) byGateway).entrySet()) {
                String gateway = entry.getKey();
                List<Map<String, Object>> rows = entry.getValue();
                Element table = page.dom().getElementById("jvm-profiles-" + gateway);
                assertNotNull(table, runId + ": no JVM profile table for " + gateway);
                List<Element> shown = table.select("tbody tr");
                assertEquals(rows.size(), shown.size(), runId + ": rows of the JVM profile table of " + gateway);
                // the forest plot holds, in the analysis's ranking, each measured profile's median and its interval
                checkForest(page, "jvm-forest-" + gateway, rows, runId + " " + gateway);
                for (int i = 0; i < rows.size(); i++) {
                    assertEquals(rows.get(i).get("profile"), shown.get(i).child(0).text(), gateway + " row " + i);
                    if (rows.get(i).get("throughput_relative") instanceof Number n) {
                        checkFigure(shown.get(i), "throughput_relative", n, 1, "", 3, gateway + " " + rows.get(i).get("profile"));
                    }
                }
            }
        } else {
            assertTrue(page.dom().select("[id^=jvm-profiles-]").isEmpty(), runId + ": JVM profile tables without profiles");
        }
    }

    /**
     * A run whose ladder Vegeta sent ({@code vegeta-run/summary.json}: direct and two test proxies at 500 and 1,000 req/s, 3
     * rounds): its headline has no whole-millisecond multiples, and the microsecond section charts what each target adds at
     * each headline rate and tables every target's microseconds, each figure equal to the analysed summary's.
     */
    @Test
    @SuppressWarnings("unchecked")
    void aVegetaRunsReportShowsMicrosecondsAtEqualRates() throws Exception {
        Path dir = OUT.resolve("vegeta-run-" + System.nanoTime());
        Files.createDirectories(dir);
        // planted: round 2 of the spinning proxy never steady within its warm-up
        com.fasterxml.jackson.databind.JsonNode planted = io.gatewaybench.harness.model.Summaries.mapper()
                .readTree(Path.of("src/test/resources/vegeta-run/summary.json").toFile());
        planted.get("targets").forEach(t -> {
            if (t.get("name").asText().equals("planted-hold-200")) {
                ((com.fasterxml.jackson.databind.node.ObjectNode) t.get("rounds").get(1).get("runtime")).putNull("steady_after_s");
            }
        });
        // planted: the hostile-input suite's finding recorded for one of its two gateways (the other's cell shows none)
        com.fasterxml.jackson.databind.node.ObjectNode suite = ((com.fasterxml.jackson.databind.node.ObjectNode) planted).putObject("hostile_input");
        suite.put("what", "planted");
        suite.putObject("by_gateway").putObject("planted-hold-0").put("handled", 70).put("tried", 77).putArray("missed")
                .add("1xx/upgrade: 0 of 7");
        Files.writeString(dir.resolve("summary.json"), io.gatewaybench.harness.model.Summaries.mapper().writeValueAsString(planted));
        ReportCommand.report(dir);
        Rendered page = render(dir.resolve(HtmlReport.FILE), "vegeta-run");
        assertEquals(List.of(), page.problems());
        Element notWarm = page.dom().selectFirst("#headline-table tr[data-target='planted-hold-200'] td[data-figure='not_warm_rounds']");
        assertNotNull(notWarm, "the planted not-warm round is not marked in the headline");
        assertEquals("not warm: 1/3 rounds", notWarm.text());
        assertNull(page.dom().selectFirst("#headline-table tr[data-target='planted-hold-0'] td[data-figure='not_warm_rounds']"),
                "its twin, steady in every round, marked not warm");
        assertNull(page.dom().getElementById("headline-latency"), "whole-millisecond multiples in the headline");
        Map<String, Object> summary = SummaryMaps.toMap(Analysis.read(dir));
        int rows = 0;
        for (int rate : List.of(500, 1000)) { // nearest 25, 50 and 75% of direct's maximum, 1,000 req/s
            Element chart = page.dom().getElementById("us-added-" + rate);
            assertNotNull(chart, "no chart of what each target adds at " + rate + " req/s");
            // each bar the mean added at P50 of a target other than direct, as summary.json has it
            List<Double> means = ((List<Map<String, Object>>) summary.get("targets")).stream()
                    .filter(t -> !"direct".equals(t.get("name")))
                    .map(t -> ((List<Map<String, Object>>) t.get("fixed_rate"))
                            .stream().filter(l -> ((Number) l.get("rate_rps")).intValue() == rate).findFirst()
                            .map(l -> number(l, "added_over_direct_us", "p50", "mean")).orElse(null)).toList();
            assertEquals(means, drawnValues(page, "us-added-" + rate, "vegeta-run", 0),
                    "chart us-added-" + rate + " draws each target's mean added at P50");
            for (Map<String, Object> t : (List<Map<String, Object>>) summary.get("targets")) {
                Map<String, Object> level = ((List<Map<String, Object>>) t.get("fixed_rate")).stream()
                        .filter(l -> ((Number) l.get("rate_rps")).intValue() == rate).findFirst().orElseThrow();
                Element row = page.dom().selectFirst("#us-table tr[data-target='" + t.get("name") + "'][data-rate='" + rate + "']");
                assertNotNull(row, "no microsecond row of " + t.get("name") + " at " + rate);
                // each percentile: the median over the rounds measured as planned, with the interval of their geometric mean
                Map<String, Object> us = (Map<String, Object>) level.get("latency_us_over_rounds");
                for (String key : List.of("p50", "p90", "p99", "p99_9", "max")) {
                    Map<String, Object> v = (Map<String, Object>) us.get(key);
                    Element cell = row.selectFirst("td[data-figure='us." + key + "']");
                    double median = ((Number) v.get("median")).doubleValue();
                    assertEquals(median, Double.parseDouble(cell.attr("data-value")), 0, t.get("name") + " " + key + " us at " + rate);
                    String text = String.format(Locale.ROOT, "%.0f", median) + (v.get("ci95_low") == null ? ""
                            : String.format(Locale.ROOT, " (%.0f-%.0f)", ((Number) v.get("ci95_low")).doubleValue(), ((Number) v.get("ci95_high")).doubleValue()));
                    assertEquals(text, cell.text(), t.get("name") + " " + key + " us at " + rate);
                }
                Element added = row.selectFirst("td[data-figure='added_us.p50']");
                if (level.get("added_over_direct_us") instanceof Map<?, ?> a) {
                    double mean = ((Number) ((Map<String, Object>) a.get("p50")).get("mean")).doubleValue();
                    assertEquals(mean, Double.parseDouble(added.attr("data-value")), 0, t.get("name") + " added at P50 at " + rate);
                    assertTrue(added.text().startsWith(String.format(Locale.ROOT, "%.0f (", mean)), added.text());
                } else {
                    assertEquals("direct", t.get("name"), "only direct adds nothing: " + t.get("name"));
                    assertEquals("", added.text());
                }
                rows++;
            }
        }
        assertEquals(6, rows);
        checkVerdict(page, (List<Map<String, Object>>) summary.get("targets"), summary.get("hostile_input"), 1000, "vegeta-run");
    }

    /**
     * The verdict at the top, against summary.json: one row per gateway under the plain scenario and the default JVM profile
     * (of a workers sweep, the most workers), best throughput relative to direct first; each row's throughput, wrk's ratio
     * (its rate through the target over its rate to direct), CPU per request, maximum rate under the first objective and, at
     * {@code addedAt} (Vegeta's ladder), the latency added at P50, as the summary has them; and where the run recorded the
     * hostile-input suite's finding ({@code hostileInput}), each gateway's cases handled, no cell for a gateway it lacks, and no
     * such column where it recorded none.
     */
    @SuppressWarnings("unchecked")
    private static void checkVerdict(Rendered page, List<Map<String, Object>> targets, Object hostileInput, Integer addedAt, String where) {
        Map<String, Map<String, Object>> byGateway = new java.util.LinkedHashMap<>();
        for (Map<String, Object> t : targets) {
            Object scenario = t.get("scenario");
            Object profile = t.get("jvm_profile");
            if ("direct".equals(t.get("name")) || scenario != null && !"plain".equals(scenario) || profile != null && !"default".equals(profile)) {
                continue;
            }
            String gateway = String.valueOf(t.get("gateway") != null ? t.get("gateway") : t.get("name"));
            Map<String, Object> seen = byGateway.get(gateway);
            if (seen == null || t.get("sweep_workers") instanceof Number w && ((Number) seen.get("sweep_workers")).intValue() < w.intValue()) {
                byGateway.put(gateway, t);
            }
        }
        List<Element> rows = page.dom().select("#verdict tbody tr[data-target]");
        assertEquals(hostileInput != null, page.dom().select("#verdict thead th").stream().anyMatch(h -> h.text().startsWith("hostile input")),
                where + ": the verdict's hostile-input column, where the run recorded the suite's finding");
        assertEquals(byGateway.values().stream().map(t -> t.get("name")).sorted().toList(),
                rows.stream().map(r -> r.attr("data-target")).sorted().toList(), where + ": the verdict's rows, one per gateway");
        Map<String, Object> direct = targets.stream().filter(t -> "direct".equals(t.get("name"))).findFirst().orElseThrow();
        double before = Double.MAX_VALUE;
        for (Element row : rows) {
            Map<String, Object> t = targets.stream().filter(x -> row.attr("data-target").equals(x.get("name"))).findFirst().orElseThrow();
            String name = where + " verdict " + t.get("name");
            Object suite = hostileInput instanceof Map<?, ?> h ? ((Map<String, Object>) h.get("by_gateway"))
                    .get(String.valueOf(t.get("gateway") != null ? t.get("gateway") : t.get("name"))) : null;
            assertEquals(suite instanceof Map<?, ?> g ? ((Number) g.get("handled")).doubleValue() : null, value(row, "hostile", name),
                    name + " hostile input handled");
            if (!(t.get("relative_to_direct") instanceof Map<?, ?> rel) || t.containsKey("failure")) {
                before = -1; // not measured: last
                continue;
            }
            double throughput = ((Number) rel.get("throughput")).doubleValue();
            assertTrue(throughput <= before, name + ": ranked below a lower throughput (" + throughput + " after " + before + ")");
            before = throughput;
            assertEquals(throughput, value(row, "throughput", name), 0, name + " throughput");
            Double wrk = wrkRps(t) == null || wrkRps(direct) == null ? null : wrkRps(t) / wrkRps(direct);
            assertEquals(wrk, value(row, "by_wrk", name), name + " by wrk");
            assertEquals(t.get("gateway_cpu") instanceof Map<?, ?> cpu ? ((Number) ((Map<String, Object>) cpu.get("ms_per_1000_requests")).get("median")).doubleValue()
                    : null, value(row, "cpu", name), name + " gateway CPU");
            Double max = t.get("max_sustainable") instanceof Map<?, ?> found && !found.isEmpty()
                    ? ((Number) ((Map<String, Object>) found.values().iterator().next()).get("rate_rps")).doubleValue() : null;
            max = max != null && max == 0 ? null : max; // none found: an absent figure, not 0
            assertEquals(max, value(row, "max_rate", name), name + " maximum rate");
            if (addedAt != null) {
                Map<String, Object> level = ((List<Map<String, Object>>) t.get("fixed_rate")).stream()
                        .filter(l -> ((Number) l.get("rate_rps")).intValue() == addedAt).findFirst().orElseThrow();
                assertEquals(((Number) ((Map<String, Object>) ((Map<String, Object>) level.get("added_over_direct_us")).get("p50")).get("mean")).doubleValue(),
                        value(row, "added", name), name + " added at P50 at " + addedAt);
            }
        }
    }

    /**
     * The committed matrix of scg's JVM profiles in batches (docs/jvm-experiments.md): its page renders without a
     * script error though the run had no closed load, and its table of profiles at equal rates gives each row's batch
     * and, at every rate, the ratio over the reference summary.json holds.
     */
    @Test
    @SuppressWarnings("unchecked")
    void aMatrixInBatchesShowsEachProfileOverItsBatchsReference() throws Exception {
        String runId = MATRIX_RUN;
        Rendered page = renderedRun(runId);
        Map<String, Object> summary = summaryOf(runId);
        List<String> header = page.dom().select("#cost-profiles thead th").eachText();
        assertEquals("batch", header.get(1), runId + ": " + header);
        int over = header.indexOf("over the reference");
        int checked = 0;
        Map<String, List<Map<String, Object>>> byGateway = (Map<String, List<Map<String, Object>>>)
                ((Map<String, Object>) summary.get("jvm_profiles")).get("at_equal_rates");
        for (Map<String, Object> profile : byGateway.get("scg")) {
            for (Map<String, Object> at : (List<Map<String, Object>>) profile.get("at_rates")) {
                List<Element> rows = page.dom().select("#cost-profiles tbody tr").stream()
                        .filter(r -> r.child(0).text().equals(profile.get("target"))
                                && r.child(2).text().equals(String.valueOf(at.get("rate_rps")))).toList();
                assertEquals(1, rows.size(), runId + " " + profile.get("target") + " at " + at.get("rate_rps"));
                assertEquals(String.valueOf(profile.get("batch")), rows.get(0).child(1).text());
                Double expected = at.get("over_reference") instanceof Map<?, ?> e
                        ? ((Number) e.get("value")).doubleValue() : null;
                Element cell = rows.get(0).child(over);
                assertEquals(expected, cell.hasAttr("data-value") ? Double.valueOf(cell.attr("data-value")) : null,
                        runId + " " + profile.get("target") + " over the reference at " + at.get("rate_rps"));
                checked++;
            }
        }
        assertTrue(checked >= 45, runId + ": " + checked + " rows of profiles");
    }

    /** The committed matrix of scg's profiles in batches. */
    static final String MATRIX_RUN = "20261207-150714";

    /**
     * The reference run's page (README's, a run at equal rates): its verdict ranks the gateways by CPU per request at
     * the middle rate, cheapest first, and every cost and ratio over the cheapest in it, at every rate, is
     * summary.json's {@code cost}; the study's view follows, without the ladder's and probes' columns the run did not
     * measure.
     */
    @Test
    @SuppressWarnings("unchecked")
    void theEqualRatesRunsVerdictIsWhatEachGatewayCosts() throws Exception {
        String runId = VerdictReadmeTest.referenceRun();
        Rendered page = renderedRun(runId);
        Map<String, Object> summary = summaryOf(runId);
        List<Integer> rates = ((List<Number>) ((Map<String, Object>) summary.get("equal_rates")).get("rates_rps"))
                .stream()
                .map(Number::intValue).toList();
        int middle = rates.get(rates.size() / 2);
        List<String> header = page.dom().select("#cost-verdict thead th").eachText();
        List<Element> rows = page.dom().select("#cost-verdict tbody tr[data-target]");
        assertFalse(rows.isEmpty(), runId + ": no verdict of cost");
        double before = 0;
        for (Element row : rows) {
            Map<String, Object> t = ((List<Map<String, Object>>) summary.get("targets")).stream()
                    .filter(x -> row.attr("data-target").equals(x.get("name"))).findFirst().orElseThrow();
            String where = runId + " " + t.get("name");
            for (Map<String, Object> at : (List<Map<String, Object>>) ((Map<String, Object>) t.get("cost"))
                    .get("at_rates")) {
                int rate = ((Number) at.get("rate_rps")).intValue();
                double cost = ((Number) ((Map<String, Object>) at.get("cpu_us_per_request")).get("value"))
                        .doubleValue();
                Element cell = row.child(header.indexOf("CPU µs / request at " + rate + " req/s"));
                assertEquals(cost, Double.parseDouble(cell.attr("data-value")), 0, where + " CPU per request at "
                        + rate);
                assertEquals(String.format(Locale.ROOT, "%.0f", cost), cell.text().split(" ")[0], where
                        + " as printed");
                if (rate == middle) {
                    assertTrue(cost >= before, where + ": ranked after a costlier gateway (" + cost + " after " + before
                            + ")");
                    before = cost;
                    Element ratio = row.child(header.indexOf("over the cheapest at " + rate + " req/s"));
                    Object relative = at.get("relative");
                    assertEquals(relative == null ? null
                            : ((Number) ((Map<String, Object>) ((Map<String, Object>) relative).get("ratio"))
                            .get("value")).doubleValue(), ratio.hasAttr("data-value")
                            ? Double.valueOf(ratio.attr("data-value")) : null,
                            where + " over the cheapest");
                }
            }
        }
        List<String> study = page.dom().select("#verdict thead th").eachText();
        assertFalse(study.isEmpty(), runId + ": no study's view");
        assertTrue(study.stream().noneMatch(h -> h.startsWith("max sustainable") || h.startsWith("added at P50")), runId
                + ": " + study);
    }

    /**
     * The scenario reference run's page: the grid of what each scenario costs each gateway (throughput and CPU per request against
     * the gateway's own plain run) and each gateway's forest plot, every figure as summary.json's cost_vs_plain has it.
     */
    @Test
    @SuppressWarnings("unchecked")
    void theScenarioRunsReportShowsWhatEachScenarioCostsEachGateway() throws Exception {
        String runId = "20261124-080355";
        Rendered page = renderedRun(runId);
        Map<String, Object> summary = summaryOf(runId);
        Map<String, List<Map<String, Object>>> cost = (Map<String, List<Map<String, Object>>>) ((Map<String, Object>) summary.get("scenarios")).get("cost_vs_plain");
        List<String> header = page.dom().select("#scenario-grid thead th").eachText();
        int cells = 0;
        for (Map.Entry<String, List<Map<String, Object>>> e : cost.entrySet()) {
            Element row = page.dom().selectFirst("#scenario-grid tr[data-gateway='" + e.getKey() + "']");
            assertNotNull(row, runId + ": no row of " + e.getKey() + " in the scenario grid");
            for (Map<String, Object> r : e.getValue()) {
                Element cell = row.child(header.indexOf((String) r.get("scenario")));
                String where = runId + " " + e.getKey() + " under " + r.get("scenario");
                if (r.containsKey("failure")) {
                    assertEquals("not measured", cell.text(), where);
                    continue;
                }
                assertEquals(((Number) r.get("throughput_relative")).doubleValue(), Double.parseDouble(cell.attr("data-value")), 0, where);
                assertTrue(cell.text().contains(String.format(Locale.ROOT, "CPU %.2fx", ((Number) r.get("cpu_per_request_relative")).doubleValue())),
                        where + ": " + cell.text());
                cells++;
            }
            checkForest(page, "scenario-forest-" + e.getKey(), e.getValue(), runId + " " + e.getKey());
        }
        assertEquals(40, cells, runId + ": five gateways under eight scenarios");
    }

    /** The workers sweep's page: one forest plot of each gateway's throughput with more workers over its fewest, as summary.json has it. */
    @Test
    @SuppressWarnings("unchecked")
    void theWorkersSweepsReportShowsWhatMoreWorkersGain() throws Exception {
        String runId = "20261124-085642";
        Rendered page = renderedRun(runId);
        Map<String, Object> summary = summaryOf(runId);
        Map<String, List<Map<String, Object>>> byGateway = (Map<String, List<Map<String, Object>>>) ((Map<String, Object>) summary.get("workers_sweep")).get("by_gateway");
        List<Map<String, Object>> compared = byGateway.values().stream().flatMap(List::stream).filter(r -> !"reference".equals(r.get("verdict"))).toList();
        assertEquals(5, compared.size(), runId + ": two workers against one, for each of five gateways");
        checkForest(page, "workers-forest", compared, runId);
    }

    /** A forest plot holds, in the rows' order, each measured row's throughput_relative and its interval (ci_low, ci_high). */
    @SuppressWarnings("unchecked")
    private static void checkForest(Rendered page, String id, List<Map<String, Object>> rows, String where) throws IOException {
        List<Map<String, Object>> drawn = rows.stream().filter(r -> !r.containsKey("failure") && r.get("throughput_relative") instanceof Number).toList();
        List<Map<String, Object>> series = drawnSeries(page, id, where);
        List<List<Double>> expectedPoints = new ArrayList<>();
        List<List<Double>> expectedBars = new ArrayList<>();
        for (int i = 0; i < drawn.size(); i++) {
            expectedPoints.add(List.of(((Number) drawn.get(i).get("throughput_relative")).doubleValue(), (double) i));
            if (drawn.get(i).get("throughput_relative_spread") instanceof Map<?, ?> spread && spread.get("ci_low") instanceof Number low) {
                expectedBars.add(List.of((double) i, low.doubleValue(), ((Number) spread.get("ci_high")).doubleValue()));
            }
        }
        assertFalse(expectedPoints.isEmpty(), where + ": nothing measured");
        assertEquals(expectedPoints, numbers((List<List<Object>>) series.get(0).get("data")), where + ": the forest plot's points");
        assertEquals(expectedBars, numbers((List<List<Object>>) series.get(1).get("data")), where + ": the forest plot's intervals");
    }

    /** A chart's series as ECharts holds them once drawn (its data-series attribute): each a map of name and data. */
    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> drawnSeries(Rendered page, String id, String where) throws IOException {
        return drawnSeries(page, id, where, 2);
    }

    /**
     * What the headline, ladder and probe charts draw, value by value, against summary.json: each drawn point the
     * summary's figure for its target, in the summary's order (an empty chart, or one drawing other figures, fails).
     */
    @SuppressWarnings("unchecked")
    private static void checkDrawnData(Rendered page, List<Map<String, Object>> targets, String runId)
            throws IOException {
        List<Map<String, Object>> measured = targets.stream().filter(t -> !t.containsKey("failure")
                && t.get("rounds") instanceof List<?> r && !r.isEmpty()).toList();
        List<Map<String, Object>> headline = measured.stream().filter(t -> t.get("relative_to_direct") != null)
                .toList();
        List<Double> throughput = headline.stream().map(t -> 100 * number(t, "relative_to_direct", "throughput"))
                .toList();
        assertEquals(throughput, drawnValues(page, "headline-throughput", runId, 0),
                runId + ": #headline-throughput draws each target's throughput relative to direct");
        List<String> keys = List.of("p99", "p99_9", "max");
        for (int k = 0; k < keys.size(); k++) {
            String key = keys.get(k);
            assertEquals(headline.stream().map(t -> number(t, "relative_to_direct", "latency", key)).toList(),
                    drawnValues(page, "headline-latency", runId, k), runId + ": #headline-latency's " + key);
        }
        List<Map<String, Object>> laddered = measured.stream().filter(t -> t.get("fixed_rate") instanceof List<?> l
                && !l.isEmpty()).toList();
        if (page.dom().getElementById("ladder-p99") != null) {
            for (String key : List.of("p99", "max")) {
                List<Map<String, Object>> drawn = series(page, "ladder-" + key, runId);
                assertEquals(laddered.stream().map(t -> t.get("name")).toList(), drawn.stream().map(x -> x.get("name"))
                        .toList(), runId + ": #ladder-" + key + "'s lines");
                for (int i = 0; i < laddered.size(); i++) {
                    List<Map<String, Object>> levels = (List<Map<String, Object>>) laddered.get(i).get("fixed_rate");
                    List<Object> points = (List<Object>) drawn.get(i).get("data");
                    assertEquals(levels.size(), points.size(), runId + " " + laddered.get(i).get("name"));
                    for (int j = 0; j < levels.size(); j++) {
                        Map<String, Object> level = levels.get(j);
                        List<Object> xy = (List<Object>) ((Map<String, Object>) points.get(j)).get("value");
                        Object reached = level.get("rounds_reached");
                        Double expected = reached instanceof Number n && n.intValue() > 0
                                && level.get("latency_ms") instanceof Map<?, ?> ms && ms.get(key) instanceof Number v
                                ? v.doubleValue() : null;
                        assertEquals(((Number) level.get("rate_rps")).doubleValue(), ((Number) xy.get(0)).doubleValue(),
                                runId + " " + laddered.get(i).get("name") + " level " + j);
                        assertEquals(expected, xy.get(1) == null ? null : ((Number) xy.get(1)).doubleValue(),
                                runId + " " + laddered.get(i).get("name") + " " + key + " at " + level.get("rate_rps"));
                    }
                }
            }
        }
        List<Map<String, Object>> probed = measured.stream().filter(t -> t.get("probe_added_us_over_direct") != null
                && !"direct".equals(t.get("name"))).toList();
        if (!probed.isEmpty()) {
            int k = 0;
            for (String kind : List.of("unloaded", "under_load")) {
                for (String p : List.of("p50", "p90", "p99")) {
                    assertEquals(probed.stream().map(t -> number(t, "probe_added_us_over_direct", kind, p)).toList(),
                            drawnValues(page, "probe-added", runId, k++), runId + ": #probe-added's " + kind + " " + p);
                }
            }
        }
    }

    /** A figure of a target at {@code path} (null where absent). */
    @SuppressWarnings("unchecked")
    private static Double number(Map<String, Object> t, String... path) {
        Object v = t;
        for (String key : path) {
            v = v instanceof Map<?, ?> m ? ((Map<String, Object>) m).get(key) : null;
        }
        return v instanceof Number n ? n.doubleValue() : null;
    }

    /** Every series a chart drew, as it holds them once drawn (common.js: data-series). */
    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> series(Rendered page, String id, String where) throws IOException {
        Element chart = page.dom().getElementById(id);
        assertNotNull(chart, where + ": no chart #" + id);
        return new ObjectMapper().readValue(chart.attr("data-series"), List.class);
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> drawnSeries(Rendered page, String id, String where, int count) throws IOException {
        Element chart = page.dom().getElementById(id);
        assertNotNull(chart, where + ": no chart #" + id);
        List<Map<String, Object>> series = new com.fasterxml.jackson.databind.ObjectMapper().readValue(chart.attr("data-series"), List.class);
        assertEquals(count, series.size(), where + ": #" + id + "'s series: " + series.stream().map(x -> x.get("name")).toList());
        series.forEach(x -> assertFalse(((List<?>) x.get("data")).isEmpty(), where + ": #" + id + "'s series " + x.get("name") + " is empty"));
        return series;
    }

    /**
     * The gateway's CPU per request and peak memory, and the injector's cores and the probe's send lag: with many targets one
     * chart per gateway (small multiples; the injector's with direct first), else one; each bar the summary's figure for its
     * target, in the summary's order (null where it has none), drawn where some target of the chart has one.
     */
    @SuppressWarnings("unchecked")
    private static void checkResources(Rendered page, List<Map<String, Object>> targets, String runId) throws IOException {
        List<Map<String, Object>> measured = targets.stream().filter(t -> !t.containsKey("failure") && t.get("rounds") instanceof List<?> r && !r.isEmpty()).toList();
        boolean many = measured.size() > 12;
        Map<String, List<Map<String, Object>>> groups = new java.util.LinkedHashMap<>();
        Map<String, List<Map<String, Object>>> withDirect = new java.util.LinkedHashMap<>();
        Map<String, Object> direct = measured.stream().filter(t -> "direct".equals(t.get("name"))).findFirst().orElse(null);
        for (Map<String, Object> t : measured) {
            if (!"direct".equals(t.get("name"))) {
                String g = many ? "-" + (t.get("gateway") != null ? t.get("gateway") : ((String) t.get("name")).split("[@:]")[0].replaceAll("-w\\d+$", "")) : "";
                groups.computeIfAbsent(g, k -> new ArrayList<>()).add(t);
                withDirect.computeIfAbsent(g, k -> new ArrayList<>(direct == null ? List.of() : List.of(direct))).add(t);
            }
        }
        java.util.function.BiFunction<Map<String, Object>, List<String>, Double> at = (t, path) -> number(t,
                path.toArray(String[]::new));
        java.util.function.Function<Map<String, Object>, Double> cpu = t -> at.apply(t, List.of("resources", "gateway", "cpu_ms_per_1000_requests"));
        java.util.function.Function<Map<String, Object>, Double> memory = t -> at.apply(t, List.of("resources", "gateway", "peak_pss_mb")) != null
                ? at.apply(t, List.of("resources", "gateway", "peak_pss_mb")) : at.apply(t, List.of("resources", "gateway", "peak_rss_mb"));
        java.util.function.Function<Map<String, Object>, Double> cores = t -> at.apply(t, List.of("resources", "injector", "cores"));
        java.util.function.Function<Map<String, Object>, Double> lag = t -> at.apply(t, List.of("probe_us", "under_load", "send_lag_us", "p99"));
        int drawn = 0;
        for (var group : groups.entrySet()) {
            for (var figure : List.of(Map.entry("resources-cpu", cpu), Map.entry("resources-memory", memory))) {
                String id = figure.getKey() + group.getKey();
                List<Double> expected = group.getValue().stream().map(figure.getValue()).toList();
                if (expected.stream().allMatch(java.util.Objects::isNull)) {
                    assertNull(page.dom().getElementById(id), runId + ": #" + id + " drawn without its data");
                    continue;
                }
                assertEquals(expected, drawnValues(page, id, runId, 0), runId + ": the bars of #" + id);
                drawn++;
            }
        }
        boolean injector = measured.stream().anyMatch(t -> cores.apply(t) != null || lag.apply(t) != null);
        for (var group : withDirect.entrySet()) {
            String id = "injector" + group.getKey();
            if (!injector) {
                assertNull(page.dom().getElementById(id), runId + ": #" + id + " drawn without its data");
                continue;
            }
            assertEquals(group.getValue().stream().map(cores).toList(), drawnValues(page, id, runId, 0), runId + ": the injector's cores in #" + id);
            assertEquals(group.getValue().stream().map(lag).toList(), drawnValues(page, id, runId, 1), runId + ": the probe's send lag in #" + id);
        }
        assertTrue(drawn > 0, runId + ": no chart of what the gateway costs");
        assertEquals(many, page.dom().getElementById("resources-cpu") == null, runId + ": one chart of CPU or one per gateway");
    }

    /** The values series {@code index} of chart {@code id} drew, one per category: a number, or null where it drew none. */
    @SuppressWarnings("unchecked")
    private static List<Double> drawnValues(Rendered page, String id, String where, int index) throws IOException {
        Element chart = page.dom().getElementById(id);
        assertNotNull(chart, where + ": no chart #" + id);
        List<Map<String, Object>> series = new com.fasterxml.jackson.databind.ObjectMapper().readValue(chart.attr("data-series"), List.class);
        assertTrue(series.size() > index, where + ": #" + id + " has " + series.size() + " series");
        return ((List<Object>) series.get(index).get("data")).stream().map(v -> {
            Object value = v instanceof Map<?, ?> m ? m.get("value") : v;
            return value instanceof Number n ? n.doubleValue() : null;
        }).toList();
    }

    private static List<List<Double>> numbers(List<List<Object>> data) {
        return data.stream().map(d -> d.stream().map(v -> ((Number) v).doubleValue()).toList()).toList();
    }

    /** A verdict cell's value; null where the cell shows none. */
    private static Double value(Element row, String figure, String where) {
        Element cell = row.selectFirst("td[data-figure='" + figure + "']");
        return cell == null ? null : Double.valueOf(cell.attr("data-value"));
    }

    @SuppressWarnings("unchecked")
    private static Double wrkRps(Map<String, Object> t) {
        return t.get("wrk_cross_check") instanceof List<?> checks ? ((List<Map<String, Object>>) checks).stream()
                .filter(c -> !Boolean.FALSE.equals(c.get("valid"))).map(c -> ((Number) c.get("wrk_rps")).doubleValue()).findFirst().orElse(null)
                : null;
    }

    /**
     * README's picture of a report: the top of the page of the run README's verdict is from (the verdict, then the
     * headline), written as {@code readme-screenshot.png}; docs/report-screenshot.png is a copy of one.
     */
    @Test
    void theReadmeScreenshotIsTheTopOfAReferenceReport() throws Exception {
        Path dir = copyOfRun(VerdictReadmeTest.referenceRun());
        ReportCommand.report(dir);
        Rendered page = HeadlessChromium.render(dir.resolve(HtmlReport.FILE), OUT, "readme-screenshot", 1150);
        assertEquals(List.of(), page.problems());
        assertTrue(Files.size(page.screenshot()) < 400_000, "a small picture: " + Files.size(page.screenshot()) + " bytes");
    }

    /** The committed JMH run's page: a chart per benchmark class, and every score equal to summary.json's. */
    @Test
    @SuppressWarnings("unchecked")
    void theCommittedJmhRunsReportDrawsEveryClass() throws Exception {
        String runId = "20261123-222742-jmh";
        Path dir = OUT.resolve(runId);
        Files.createDirectories(dir);
        for (String file : List.of("jmh.json", "environment")) {
            Files.copy(Repo.root().resolve("results").resolve(runId).resolve(file), dir.resolve(file), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        JmhReport.write(dir); // as ./bench report does
        Rendered page = render(dir.resolve(HtmlReport.FILE), runId);
        assertEquals(List.of(), page.problems(), runId);
        Map<String, Object> summary = new com.fasterxml.jackson.databind.ObjectMapper().readValue(dir.resolve("summary.json").toFile(), Map.class);
        List<Map<String, Object>> benchmarks = (List<Map<String, Object>>) summary.get("benchmarks");
        Set<String> classes = new LinkedHashSet<>();
        benchmarks.forEach(b -> classes.add(((String) b.get("class")).substring(((String) b.get("class")).lastIndexOf('.') + 1)));
        for (String c : classes) {
            Element chart = page.dom().getElementById("jmh-" + c);
            assertNotNull(chart, "no chart of " + c);
            long bars = benchmarks.stream().filter(b -> ((String) b.get("class")).endsWith("." + c)).count();
            assertTrue(chart.select("svg path").size() >= bars, c + ": fewer <path>s than benchmarks");
            List<Element> rows = page.dom().select("#jmh-table-" + c + " tbody tr");
            assertEquals(bars, rows.size(), c + ": table rows");
        }
        int i = 0;
        for (String c : classes) {
            for (Element row : page.dom().select("#jmh-table-" + c + " tbody tr")) {
                Map<String, Object> b = benchmarks.get(i++);
                Element score = row.selectFirst("td[data-figure='score']");
                assertEquals(((Number) b.get("score")).doubleValue(), Double.parseDouble(score.attr("data-value")), 0, c + " " + b.get("method"));
            }
        }
        assertEquals(benchmarks.size(), i);
        // every gateway's own benchmarks on one scale: a bar per gateway whose class measures the duty, each its score in ns
        Element chart = page.dom().getElementById("jmh-gateways");
        assertNotNull(chart, "no chart of the gateways' duties on one scale");
        List<Map<String, Object>> series = new com.fasterxml.jackson.databind.ObjectMapper().readValue(chart.attr("data-series"), List.class);
        assertEquals(List.of("scg", "netty-proxy", "zuul2"), series.stream().map(x -> x.get("name")).toList(), "a series per gateway");
        int drawn = 0;
        for (Map<String, Object> one : series) {
            String prefix = Map.of("scg", "Scg", "netty-proxy", "NettyProxy", "zuul2", "Zuul2").get((String) one.get("name"));
            List<Double> expected = benchmarks.stream().filter(b -> ((String) b.get("class")).substring(((String) b.get("class")).lastIndexOf('.') + 1)
                    .startsWith(prefix) && !((String) b.get("method")).startsWith("baseline")).map(b -> ((Number) b.get("score")).doubleValue()).sorted().toList();
            List<Double> values = ((List<Object>) one.get("data")).stream().filter(v -> v != null).map(v -> ((Number) v).doubleValue()).sorted().toList();
            assertEquals(expected, values, one.get("name") + ": its duties' scores");
            drawn += values.size();
        }
        assertTrue(drawn >= 10, "the gateways' duties drawn: " + drawn);
    }

    /**
     * The run against your own deployment (--origin, a gateway declared by URL): the page says first what the origin was and
     * how each answer was checked, and the gateway not sampled shows no CPU in the verdict. The same run with its origin
     * planted away must not say it.
     */
    @Test
    @SuppressWarnings("unchecked")
    void theOwnDeploymentRunsReportSaysItsOrigin() throws Exception {
        String runId = "20261127-161005";
        Rendered page = renderedRun(runId);
        Map<String, Object> summary = summaryOf(runId);
        Map<String, Object> origin = (Map<String, Object>) summary.get("origin");
        String said = "Origin: your service at " + origin.get("url") + ", running before the run";
        String text = page.dom().text();
        assertTrue(text.contains(said) && text.contains("asked for " + origin.get("page") + " by every request")
                && text.contains("the page's exact length"), "the page does not say its origin: " + said);
        Element unwatched = page.dom().selectFirst("#verdict tr[data-target='outside-unwatched']");
        assertNotNull(unwatched, "no verdict row of outside-unwatched");
        assertTrue(unwatched.select("td[data-figure='cpu']").isEmpty(), "a CPU figure for a gateway not sampled: " + unwatched);
        assertEquals("-", unwatched.select("td").get(3).text(), "the CPU cell of a gateway not sampled");
        Element watched = page.dom().selectFirst("#verdict tr[data-target='outside-haproxy'] td[data-figure='cpu']");
        assertNotNull(watched, "no CPU figure for the gateway sampled through its pidfile");
        Path dir = copyOfRun(runId);
        Map<String, Object> without = SummaryMaps.toMap(Analysis.read(dir));
        without.remove("origin");
        Summary planted = SummaryMaps.fromMap(without);
        Files.writeString(dir.resolve(HtmlReport.FILE), HtmlReport.render(planted, Notes.of(planted)));
        Rendered plantedPage = render(dir.resolve(HtmlReport.FILE), "planted-no-origin");
        assertEquals(List.of(), plantedPage.problems());
        assertFalse(plantedPage.dom().text().contains("Origin: your service"), "an origin said where the summary has none");
    }

    /** The committed runs have no target within the noise of direct: a planted one must be marked, and only it. */
    @Test
    @SuppressWarnings("unchecked")
    void aTargetWithinTheNoiseOfDirectIsMarked() throws Exception {
        Path dir = copyOfRun("20261123-181040");
        Map<String, Object> summary = SummaryMaps.toMap(Analysis.read(dir));
        for (Map<String, Object> t : (List<Map<String, Object>>) summary.get("targets")) {
            if (t.get("relative_to_direct") instanceof Map<?, ?> rel && !"direct".equals(t.get("name"))) {
                ((Map<String, Object>) rel).put("within_noise_of_direct", "nginx".equals(t.get("name")) ? "planted" : null);
            }
        }
        Summary planted = SummaryMaps.fromMap(summary);
        Files.writeString(dir.resolve(HtmlReport.FILE), HtmlReport.render(planted, Notes.of(planted)));
        Rendered page = render(dir.resolve(HtmlReport.FILE), "planted-within-noise");
        assertEquals(List.of(), page.problems());
        List<String> marked = page.dom().select("#headline-table tr.noise").stream().map(r -> r.attr("data-target")).toList();
        assertEquals(List.of("nginx"), marked);
    }

    /** A planted figure of the wrong type: the page must say so, not draw it. */
    @Test
    @SuppressWarnings("unchecked")
    void aFigureOfTheWrongTypeIsReported() throws Exception {
        Path dir = copyOfRun("20261123-181040");
        Summary summary = Analysis.read(dir);
        // the records hold no string where a number belongs: planted into the page's JSON instead
        String html = HtmlReport.render(summary, Notes.of(summary));
        String open = "<script type=\"application/json\" id=\"summary\">";
        int from = html.indexOf(open) + open.length();
        int to = html.indexOf("</script>", from);
        ObjectMapper json = new ObjectMapper();
        ObjectNode tree = (ObjectNode) json.readTree(html.substring(from, to).replace("<\\/", "</"));
        ((ObjectNode) tree.get("targets").get(1).get("relative_to_direct")).put("throughput", "fast");
        Files.writeString(dir.resolve(HtmlReport.FILE), html.substring(0, from)
                + json.writeValueAsString(tree).replace("</", "<\\/").replace("<!--", "<\\u0021--") + html.substring(to));
        Rendered page = render(dir.resolve(HtmlReport.FILE), "planted-wrong-type");
        assertFalse(page.problems().isEmpty(), "a string where a number belongs went unnoticed");
        assertTrue(page.errors().contains("\"fast\""), page.errors());
    }

    /** A planted script error: caught by window.onerror, so the page cannot report "ok". */
    @Test
    void aScriptErrorIsReported() throws Exception {
        Path dir = copyOfRun("20261123-181040");
        ReportCommand.report(dir);
        Path html = dir.resolve(HtmlReport.FILE);
        String page = Files.readString(html);
        Files.writeString(html, page.replaceFirst("</main>", "</main><script>plantedUndefinedFunction();</script>"));
        Rendered rendered = render(html, "planted-script-error");
        assertTrue(rendered.problems().stream().anyMatch(p -> p.contains("render status error")), rendered.problems().toString());
        assertTrue(rendered.errors().contains("plantedUndefinedFunction"), rendered.errors());
    }

    private static void checkFigure(Element row, String figure, Number expected, double scale, String unit, int decimals, String where) {
        checkFigure(row, figure, expected, scale, "", unit, decimals, where);
    }

    /** The same, for a figure shown after {@code prefix} ("at least "). */
    private static void checkFigure(Element row, String figure, Number expected, double scale, String prefix, String unit, int decimals,
            String where) {
        Element cell = row.selectFirst("td[data-figure='" + figure + "']");
        assertNotNull(cell, where + ": no " + figure + " cell");
        if (expected == null) {
            assertEquals("n/a", cell.text(), where + " " + figure);
            return;
        }
        assertEquals(expected.doubleValue(), Double.parseDouble(cell.attr("data-value")), 0, where + " " + figure + " (data-value)");
        String text = cell.text();
        assertTrue(text.startsWith(prefix) && text.endsWith(unit), where + " " + figure + ": " + text);
        double shown = Double.parseDouble(text.substring(prefix.length(), text.length() - unit.length()));
        // The page rounds to its decimals; JavaScript and Java may round a last 5 differently, never by more.
        assertEquals(expected.doubleValue() * scale, shown, 0.5 * Math.pow(10, -decimals) + 1e-9, where + " " + figure + ": " + text);
    }

    /** A committed run's page rendered again from its summary.json (as ./bench report does, into a copy), with no problem. */
    private static Rendered renderedRun(String runId) throws Exception {
        Path dir = copyOfRun(runId);
        ReportCommand.report(dir);
        Rendered page = render(dir.resolve(HtmlReport.FILE), runId);
        assertEquals(List.of(), page.problems(), runId);
        return page;
    }

    /** A committed run's summary as the analysis reads it, as maps. */
    private static Map<String, Object> summaryOf(String runId) throws IOException {
        return SummaryMaps.toMap(Analysis.read(Repo.root().resolve("results").resolve(runId)));
    }

    private static Path copyOfRun(String runId) throws IOException {
        Path dir = OUT.resolve(runId + "-" + System.nanoTime());
        Files.createDirectories(dir);
        Files.copy(Repo.root().resolve("results").resolve(runId).resolve("summary.json"), dir.resolve("summary.json"));
        return dir;
    }

    private static Rendered render(Path html, String name) throws IOException, InterruptedException {
        return HeadlessChromium.render(html, OUT, name);
    }
}
