package io.gatewaybench.harness.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.gatewaybench.harness.model.AddedUs;
import io.gatewaybench.harness.model.Baseline;
import io.gatewaybench.harness.model.FixedRateLevel;
import io.gatewaybench.harness.model.HostileInput;
import io.gatewaybench.harness.model.LevelAddedUs;
import io.gatewaybench.harness.model.MaxSustainable;
import io.gatewaybench.harness.model.ProbeAdded;
import io.gatewaybench.harness.model.RelativeToDirect;
import io.gatewaybench.harness.model.Summary;
import io.gatewaybench.harness.model.Target;
import io.gatewaybench.harness.model.WrkCheck;
import io.gatewaybench.harness.plan.Scenario;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The verdict at the top of summary.md and report.html: one row per gateway in its plain configuration, ranked by throughput
 * relative to direct, with the figures a reader decides on beside it (the same ratio through wrk, the gateway's CPU per request,
 * the latency it adds, its maximum sustainable rate) and the one caveat that matters most. Every figure is the analysis's, each
 * explained in its own section; this class only chooses the rows and lays them out.
 */
final class VerdictTable {
    /** The caption of the section, in both pages: this, then {@link #SUITE_PAGE} or {@link #HOSTILE}. */
    static final String CAPTION = "One row per gateway in its plain configuration (the default JVM profile, the plain scenario, "
            + "the most workers of a sweep), ranked by throughput relative to direct. Each figure is explained, with its rule and its "
            + "rounds, in its own section below. *By wrk*: the same ratio through wrk, a lighter second injector (the cross-check, "
            + "round 1), where the run has one. *Caveat*: the one that matters most, in this order: not measured, not warm, errors, "
            + "not told apart from direct, Gatling the limit (wrk got more through the same target), a maximum that is only a lower "
            + "bound.";
    /** The caption's last sentence where the run recorded no hostile-input finding. */
    static final String SUITE_PAGE = "How each gateway handles hostile input is the test suite's finding, not a run's: docs/hostile-input.md.";
    /** The caption's last sentence where the run recorded the hostile-input suite's finding. */
    static final String HOSTILE = "*Hostile input*: of the test suite's hostile and malformed exchanges, how many the gateway's "
            + "configuration in targets/ handled, as the suite found at this run's commit (targets/hostile-input.tsv, "
            + "docs/hostile-input.md): the unit tests' finding, recorded by the run, not measured by it; - where the gateway did not "
            + "run from that configuration.";

    private VerdictTable() {
    }

    /**
     * One figure of a row: as the pages write it, and its value where it has one (for the page's tests).
     *
     * @param text the figure as both pages show it
     * @param value the number it shows (a ratio, ms, us or req/s as its column says); null where none
     */
    record Cell(@JsonProperty("text") String text, @JsonProperty("value") Double value) {
        static final Cell NONE = new Cell("-", null);
    }

    /**
     * A gateway's row.
     *
     * @param target the run's target the row shows
     * @param throughput throughput relative to direct (Gatling's closed load), a ratio
     * @param byWrk wrk's rate through the target over its rate to direct in the cross-check, a ratio
     * @param cpu the gateway's CPU ms per 1,000 requests
     * @param added the latency added at P50 over direct, us; absent (null) where the run measured neither a ladder nor
     *     a probe
     * @param maxRate the maximum sustainable rate under the ladder's first objective, req/s; absent (null) where the
     *     run sent no ladder
     * @param hostile the hostile-input cases its configuration handled, as the run recorded the suite's finding; absent
     *     (null) where the run recorded none
     * @param caveat the one that matters most, "-" where none
     */
    record Row(@JsonProperty("target") String target, @JsonProperty("throughput") Cell throughput, @JsonProperty("by_wrk") Cell byWrk,
            @JsonProperty("cpu") Cell cpu, @JsonProperty("added") @JsonInclude(JsonInclude.Include.NON_NULL) Cell added,
            @JsonProperty("max_rate") @JsonInclude(JsonInclude.Include.NON_NULL) Cell maxRate,
            @JsonProperty("hostile") @JsonInclude(JsonInclude.Include.NON_NULL) Cell hostile, @JsonProperty("caveat") String caveat) {
    }

    /**
     * The table: its column headers (which rate the latency is added at, which objective the maximum is under) and rows.
     *
     * @param caption what the table shows and how it is ranked
     * @param headers the column headers, the target's first
     * @param rows the gateways, best throughput first
     */
    record Table(@JsonProperty("caption") String caption, @JsonProperty("headers") List<String> headers,
            @JsonProperty("rows") List<Row> rows,
            @JsonProperty("title") @JsonInclude(JsonInclude.Include.NON_NULL) String title) {
        /**
         * The section's title: the verdict's, or where the run measured at equal rates the study's view's (absent:
         * Verdict).
         */
        String heading() {
            return title == null ? "Verdict" : title;
        }
    }

    /** The title of this table where the verdict is the equal rates' (CostTables): the study's view. */
    static final String STUDY = "The 2019 study's view: throughput under its closed load";

    /** The run's verdict table; none (null) where the run has no target but direct. */
    static Table of(Summary s) {
        List<Target> chosen = plain(s.targets());
        if (chosen.isEmpty()) {
            return null;
        }
        Target direct = s.targets().stream().filter(t -> t.name().equals(Baseline.DIRECT)).findFirst().orElse(null);
        Integer addedAt = addedRate(s);
        String objective = chosen.stream()
                .filter(t -> t.judged() != null && t.judged().maxSustainable() != null
                && !t.judged().maxSustainable().isEmpty())
                .map(t -> t.judged().maxSustainable().keySet().iterator().next()).findFirst().orElse(null);
        boolean ladder = s.setup().ladder() != null;
        boolean probe = ladder || chosen.stream()
                .anyMatch(t -> t.judged() != null && t.judged().probeAddedUsOverDirect() != null);
        List<Row> rows = new ArrayList<>();
        for (Target t : chosen) {
            Row r = row(t, direct, addedAt, objective, s.run().hostileInput());
            rows.add(new Row(r.target(), r.throughput(), r.byWrk(), r.cpu(), probe ? r.added() : null,
                    ladder ? r.maxRate() : null,
                    r.hostile(), r.caveat()));
        }
        List<String> headers = new ArrayList<>(List.of("gateway", "throughput, % of direct", "by wrk, % of direct",
                "gateway CPU ms / 1,000 req"));
        if (probe) {
            headers.add(addedAt != null ? "added at P50 at " + addedAt + " req/s, µs"
                    : "added at P50, one request at a time, µs");
        }
        if (ladder) {
            headers.add(objective != null ? "max sustainable req/s (" + objective + ")" : "max sustainable req/s");
        }
        if (s.run().hostileInput() != null) {
            headers.add("hostile input handled (test suite)");
        }
        headers.add("caveat");
        String caption = CAPTION + " " + (s.run().hostileInput() == null ? SUITE_PAGE : HOSTILE);
        return s.setup().equalRates() == null ? new Table(caption, List.copyOf(headers), rows, null)
                : new Table(caption.replace("ranked by throughput relative to direct",
                "ranked by throughput relative to direct under "
                        + "the closed load, measured on the warm targets one at a time after the equal rates (this "
                        + "view ranks nothing: "
                        + "the verdict above does)"), List.copyOf(headers), rows, STUDY);
    }

    /**
     * The rows: every target but direct under the plain scenario and the default JVM profile, one per gateway (of a workers sweep,
     * the most workers), best throughput relative to direct first; a target not measured last.
     */
    static List<Target> plain(List<Target> targets) {
        Map<String, Target> byGateway = new LinkedHashMap<>();
        for (Target t : targets) {
            if (t.name().equals(Baseline.DIRECT) || t.about().scenario() != null
                    && !Scenario.PLAIN.equals(t.about().scenario())
                    || t.about().jvmProfile() != null && !"default".equals(t.about().jvmProfile())) {
                continue;
            }
            String gateway = t.about().gateway() != null ? t.about().gateway() : t.name();
            Target seen = byGateway.get(gateway);
            if (seen == null || seen.about().sweepWorkers() != null && t.about().sweepWorkers() != null
                    && t.about().sweepWorkers() > seen.about().sweepWorkers()) {
                byGateway.put(gateway, t);
            }
        }
        List<Target> rows = new ArrayList<>(byGateway.values());
        rows.sort(Comparator.comparing(VerdictTable::ratio, Comparator.nullsLast(Comparator.reverseOrder())));
        return rows;
    }

    private static Double ratio(Target t) {
        RelativeToDirect rel = relative(t);
        return t.measured().failure() != null || rel == null ? null : rel.throughput();
    }

    private static RelativeToDirect relative(Target t) {
        return t.judged() == null ? null : t.judged().relativeToDirect();
    }

    /** The headline rate nearest half of direct's maximum (the middle of MicrosecondTables's three), where Vegeta sent the ladder. */
    private static Integer addedRate(Summary s) {
        if (!MicrosecondTables.applies(s.setup().ladder())) {
            return null;
        }
        List<Integer> rates = MicrosecondTables.headlineRates(s.setup().ladder(), s.targets());
        return rates.isEmpty() ? null : rates.get(rates.size() / 2);
    }

    private static Row row(Target t, Target direct, Integer addedAt, String objective, HostileInput suite) {
        RelativeToDirect rel = relative(t);
        Cell hostile = hostile(t, suite);
        if (t.measured().failure() != null || rel == null) {
            return new Row(t.name(), Cell.NONE, Cell.NONE, Cell.NONE, Cell.NONE, Cell.NONE, hostile,
                    "not measured: " + (t.measured().failure() != null ? t.measured().failure()
                    : "no direct baseline"));
        }
        Cell throughput = new Cell(RunSummary.throughput(t, rel), rel.throughput());
        Double wrk = wrkRatio(t, direct);
        Cell byWrk = wrk == null ? Cell.NONE : new Cell(String.format(Locale.ROOT, "%.1f%%", wrk * 100), wrk);
        Cell cpu = t.judged().gatewayCpu() == null ? Cell.NONE
                : new Cell(RunSummary.withInterval(t.judged().gatewayCpu().msPer1000Requests()),
                t.judged().gatewayCpu().msPer1000Requests().median());
        MaxSustainable max = objective == null || t.judged().maxSustainable() == null ? null
                : t.judged().maxSustainable().get(objective);
        return new Row(t.name(), throughput, byWrk, cpu, added(t, addedAt), maxRate(max, direct, objective), hostile, caveat(t, rel, max));
    }

    /** The suite's cases handled of tried for the target's gateway, as the run recorded them; null where the run recorded none. */
    private static Cell hostile(Target t, HostileInput suite) {
        if (suite == null) {
            return null;
        }
        HostileInput.Gateway g = suite.byGateway().get(t.about().gateway() != null ? t.about().gateway() : t.name());
        return g == null ? Cell.NONE : new Cell(g.handled() + "/" + g.tried(), (double) g.handled());
    }

    /** wrk's 2xx rate through the target over its rate to direct, each from its first valid cross-check (round 1). */
    static Double wrkRatio(Target t, Target direct) {
        Double through = wrkRps(t);
        Double baseline = direct == null ? null : wrkRps(direct);
        return through == null || baseline == null || baseline <= 0 ? null : through / baseline;
    }

    private static Double wrkRps(Target t) {
        return t.measured().wrkCrossCheck() == null ? null
                : t.measured().wrkCrossCheck().stream().filter(c -> !Boolean.FALSE.equals(c.valid()))
                .map(WrkCheck::wrkRps).findFirst().orElse(null);
    }

    /** At the rate nearest half of direct's maximum (Vegeta's ladder), else one request at a time (the probe's median, unloaded). */
    private static Cell added(Target t, Integer addedAt) {
        if (addedAt != null) {
            FixedRateLevel level = t.fixedRate() == null ? null
                    : t.fixedRate().stream().filter(l -> l.rateRps() == addedAt).findFirst().orElse(null);
            if (level == null) {
                return new Cell("not reached (a lower level overloaded)", null);
            }
            LevelAddedUs added = level.judged().addedOverDirectUs();
            AddedUs p50 = added == null ? null : added.p50();
            if (p50 == null) {
                return new Cell("not measured: " + (added == null || added.roundsLeftOut().isEmpty() ? "no round counted"
                        : String.join("; ", added.roundsLeftOut())), null);
            }
            int rounds = t.measured().rounds() == null ? 0 : t.measured().rounds().size();
            return new Cell(MicrosecondTables.added(p50) + (added.roundsCounted() < rounds
                    ? " (" + added.roundsCounted() + " of " + rounds + " rounds)" : ""), p50.mean());
        }
        ProbeAdded probe = t.judged() == null ? null : t.judged().probeAddedUsOverDirect();
        if (probe == null || probe.unloaded() == null) {
            return Cell.NONE;
        }
        return new Cell(String.format(Locale.ROOT, "%+d", probe.unloaded().p50()), (double) probe.unloaded().p50());
    }

    private static Cell maxRate(MaxSustainable max, Target direct, String objective) {
        if (max == null) {
            return Cell.NONE;
        }
        MaxSustainable baseline = direct == null || direct.judged().maxSustainable() == null ? null
                : direct.judged().maxSustainable().get(objective);
        String text = max.rateText() + (max.directCeilingRps() != null
                ? (max.rateRps() > max.directCeilingRps() ? " (above direct's " : " (direct's ceiling, ") + max.directCeilingRps() + ")"
                : baseline != null && baseline.rateRps() > 0 && max.rateRps() > 0
                        ? String.format(Locale.ROOT, " (%.0f%% of direct's %d)", 100.0 * max.rateRps() / baseline.rateRps(), baseline.rateRps())
                        : "");
        return new Cell(text, max.rateRps() == 0 ? null : (double) max.rateRps()); // none found: no figure
    }

    /** The caveat that matters most, by the order {@link #CAPTION} gives. */
    static String caveat(Target t, RelativeToDirect rel, MaxSustainable max) {
        if (t.judged() != null && t.judged().notWarmRounds() != null && t.judged().notWarmRounds() > 0) {
            return "not warm in " + t.judged().notWarmRounds() + " of " + t.measured().rounds().size() + " rounds";
        }
        if (t.judged() != null && t.judged().errors() > 0) {
            return t.judged().errors() + " errors";
        }
        if (RunSummary.withinNoise(rel)) {
            return "throughput not told apart from direct's";
        }
        Double wrk = RunSummary.injectorLimitedBy(t);
        if (wrk != null) {
            return String.format(Locale.ROOT, "Gatling the limit: wrk got %.2fx its rate", wrk);
        }
        if (max != null && (max.lowerBound() || max.directCeilingRps() != null)) {
            return max.lowerBound() ? "maximum rate a lower bound: the injector gave out first"
                    : "maximum rate at or above direct's: the injector and origin set it, not the gateway";
        }
        return "-";
    }

    /** summary.md's section, before the headline's tables. */
    static void markdown(Table table, StringBuilder md) {
        if (table == null) {
            return;
        }
        md.append("## ").append(table.heading()).append("\n\n").append(table.caption()).append("\n\n| ")
                .append(String.join(" | ", table.headers())).append(" |\n|---|")
                .append("---:|".repeat(table.headers().size() - 2)).append("---|\n");
        for (Row r : table.rows()) {
            md.append("| ").append(r.target()).append(" | ").append(r.throughput().text()).append(" | ").append(r.byWrk().text())
                    .append(" | ").append(r.cpu().text()).append(r.added() == null ? "" : " | " + r.added().text())
                    .append(r.maxRate() == null ? "" : " | " + r.maxRate().text())
                    .append(r.hostile() == null ? "" : " | " + r.hostile().text()).append(" | ").append(r.caveat()).append(" |\n");
        }
        md.append('\n');
    }
}
