package io.gatewaybench.harness.report;

import io.gatewaybench.harness.model.EqualRates;
import io.gatewaybench.harness.model.Estimate;
import io.gatewaybench.harness.model.JvmProfiles;
import io.gatewaybench.harness.model.ProfileCost;
import io.gatewaybench.harness.model.RateSlice;
import io.gatewaybench.harness.model.RelativeToDirect;
import io.gatewaybench.harness.model.Summary;
import io.gatewaybench.harness.model.Target;
import io.gatewaybench.harness.model.TargetCost;
import io.gatewaybench.harness.model.TargetRates;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * The tables of a run measured at equal rates ({@link EqualRates}), each made once ({@link Table}) for summary.md,
 * details.md and report.html: the verdict, ranked by what each gateway costs; each rate's figures for every target; the
 * warm-up; and how the rates were found. Every figure is the analysis's ({@link TargetCost}); this class chooses the
 * rows and words.
 */
final class CostTables {
    private CostTables() {
    }

    /** The verdict, first in summary.md and the page; none where the run did not measure at equal rates. */
    static Table verdict(Summary s) {
        EqualRates design = s.setup().equalRates();
        if (design == null) {
            return null;
        }
        List<Integer> rates = design.ratesRps();
        int mid = rates.get(rates.size() / 2);
        List<Target> rows = new ArrayList<>(VerdictTable.plain(s.targets()).stream().filter(t -> t.cost() != null)
                .toList());
        rows.sort(Comparator.comparing((Target t) -> cpu(at(t, mid)), Comparator.nullsLast(Comparator.naturalOrder())));
        boolean closed = s.setup().rounds() > 0; // a matrix in batches has no closed load to show beside
        List<String> headers = new ArrayList<>(List.of("gateway"));
        rates.forEach(r -> headers.add("CPU µs / request at " + r + " req/s"));
        headers.addAll(List.of("over the cheapest at " + mid + " req/s", "cores per 10,000 req/s", "added at P50 at "
                + mid + " req/s, µs",
                "added at P99 at " + mid + " req/s, µs", "steady after, s"));
        if (closed) {
            headers.add("closed load, % of direct");
        }
        headers.add("caveat");
        List<List<Table.Cell>> cells = new ArrayList<>();
        for (Target t : rows) {
            List<Table.Cell> row = new ArrayList<>(List.of(Table.Cell.of(t.name())));
            rates.forEach(r -> row.add(estimate(at(t, r) == null ? null : at(t, r).cpuUsPerRequest(), "%.0f")));
            TargetCost.AtRate m = at(t, mid);
            row.add(m == null ? Table.Cell.of("-") : m.relative() == null
                    ? (m.cpuUsPerRequest() == null ? Table.Cell.of("-")
                    : Table.Cell.of("the cheapest")) : ratio(m.relative().ratio()));
            TargetCost.Capacity c = t.cost().coresPer10kRps();
            row.add(c == null ? Table.Cell.of("-")
                    : new Table.Cell(text(c.cores(), "%.2f") + " at " + c.atRps(), c.cores().value()));
            row.add(m == null || m.addedOverDirectUs() == null ? Table.Cell.of("-")
                    : added(m.addedOverDirectUs().p50()));
            row.add(m == null || m.addedOverDirectUs() == null ? Table.Cell.of("-")
                    : added(m.addedOverDirectUs().p99()));
            row.add(t.cost().steadyAfterS() == null ? Table.Cell.of("not steady")
                    : new Table.Cell(String.valueOf(t.cost().steadyAfterS()), (double) t.cost().steadyAfterS()));
            RelativeToDirect rel = t.judged() == null ? null : t.judged().relativeToDirect();
            if (closed) {
                row.add(rel == null || rel.throughput() == null ? Table.Cell.of("-")
                        : new Table.Cell(String.format(Locale.ROOT, "%.1f%%", rel.throughput() * 100),
                        rel.throughput()));
            }
            row.add(Table.Cell.of(caveat(t, design)));
            cells.add(row);
        }
        return new Table("cost-verdict", "Verdict: what each gateway costs",
                "One row per gateway in its plain configuration, ranked by the CPU time its own processes spend per "
                        + "request at " + mid + " req/s, all gateways and direct offered the same rate at once (equal "
                        + "rates: " + rates + " req/s each, " + design.search().percents() + "% of the highest every "
                        + "target held). Figures: the estimate over the rate's " + design.slices() + " slices of "
                        + design.sliceS() + " s, in brackets its 95% interval (widened for slices that follow each "
                        + "other); the machine's drift is common to every target measured at once, so *over the "
                        + "cheapest*, slice by slice, is known far more precisely than the costs themselves. "
                        + "*Cores per 10,000 req/s*: at the highest rate whose P99 met " + design.objectiveP99Ms()
                        + " ms. *Added*: this gateway's percentile less direct's in the same slices. "
                        + (closed ? "*Closed load*: the 2019 study's view, below. " : "")
                        + "*Caveat*: not steady within the warm-up, errors, a rate whose P99 missed the objective."
                        + (design.batches() == null ? "" : " A matrix in " + design.batches().size() + " batches: "
                        + "*over the cheapest* compares within a batch, and direct ran in the first, so the latency "
                        + "added over it is given for that batch alone (each profile's over its batch's reference: "
                        + "JVM profiles at equal rates)."),
                List.copyOf(headers), List.copyOf(cells));
    }

    /** Every target's figures at each rate, direct's latency included, for details.md and the page. */
    static Table atRates(Summary s) {
        EqualRates design = s.setup().equalRates();
        if (design == null) {
            return null;
        }
        List<List<Table.Cell>> rows = new ArrayList<>();
        boolean gc = s.targets().stream().filter(t -> t.cost() != null).flatMap(t -> t.cost().atRates().stream())
                .anyMatch(a -> a.gcCpuUsPerRequest() != null);
        boolean allocation = s.targets().stream().filter(t -> t.cost() != null)
                .flatMap(t -> t.cost().atRates().stream()).anyMatch(a -> a.allocatedBytesPerRequest() != null);
        for (int rate : design.ratesRps()) {
            for (Target t : s.targets()) {
                TargetCost.AtRate a = at(t, rate);
                if (a == null) {
                    continue;
                }
                List<Table.Cell> row = new ArrayList<>(List.of(Table.Cell.of(t.name()),
                        new Table.Cell(String.valueOf(rate), (double) rate),
                        estimate(a.cpuUsPerRequest(), "%.0f"), estimate(a.cores(), "%.3f")));
                if (gc) {
                    row.add(estimate(a.gcCpuUsPerRequest(), "%.1f"));
                }
                if (allocation) {
                    row.add(estimate(a.allocatedBytesPerRequest(), "%.0f"));
                }
                rows.add(row);
                row.addAll(List.of(a.relative() == null ? Table.Cell.of("-")
                                : new Table.Cell(ratio(a.relative().ratio()).text() + " "
                                + a.relative().to(), a.relative().ratio().value()),
                        us(a.latencyUs().p50()), us(a.latencyUs().p90()), us(a.latencyUs().p99()),
                                us(a.latencyUs().p99_9()),
                        a.addedOverDirectUs() == null ? Table.Cell.of("-") : added(a.addedOverDirectUs().p50()),
                        a.addedOverDirectUs() == null ? Table.Cell.of("-") : added(a.addedOverDirectUs().p99()),
                        new Table.Cell(String.valueOf(a.errors()), (double) a.errors()),
                        Table.Cell.of(a.objectiveHolds() ? "yes" : "no")));
            }
        }
        List<String> headers = new ArrayList<>(List.of("target", "req/s", "CPU µs / request", "cores"));
        if (gc) {
            headers.add("GC CPU µs / request");
        }
        if (allocation) {
            headers.add("allocated bytes / request");
        }
        headers.addAll(List.of("over the cheapest", "P50 µs", "P90 µs", "P99 µs", "P99.9 µs", "added at P50, µs",
                "added at P99, µs", "errors", "objective"));
        return new Table("cost-at-rates", "Every target at each equal rate",
                "Each rate as every target was offered it at once. *CPU µs / request*, *cores*: its own processes' "
                        + "CPU time (its cgroup) per good answer and per second; "
                        + (gc ? "*GC CPU*: the part of it a JVM gateway's collector threads and VM Thread spent, "
                        + "the mean of its slices', 95%; " : "")
                        + (allocation ? "*allocated*: what its Java threads allocated per good answer (its Flight "
                        + "Recorder recording), 95%; " : "") + "*over the cheapest*: slice by slice. "
                        + "Latency: the good answers pooled, each from its intended send instant (the injector's own "
                        + "lateness included: see details of the rate), us. *Objective*: every answer the page and the "
                        + "P99 at most " + design.objectiveP99Ms() + " ms.",
                List.copyOf(headers), rows.stream().map(List::copyOf).toList());
    }

    /**
     * A matrix of JVM profiles at equal rates: each gateway's profiles over its reference profile at every rate, the
     * A/A twin among them; none where the run had no such matrix.
     */
    static Table profiles(Summary s) {
        JvmProfiles m = s.matrices().jvmProfiles();
        if (m == null || m.atEqualRates() == null) {
            return null;
        }
        List<List<Table.Cell>> rows = new ArrayList<>();
        List<String> pairs = new ArrayList<>();
        boolean batches = m.atEqualRates().values().stream().flatMap(List::stream).anyMatch(p -> p.batch() != null);
        boolean gc = m.atEqualRates().values().stream().flatMap(List::stream).flatMap(p -> p.atRates().stream())
                .anyMatch(a -> a.gcCpuUsPerRequest() != null);
        boolean allocation = m.atEqualRates().values().stream().flatMap(List::stream)
                .flatMap(p -> p.atRates().stream()).anyMatch(a -> a.allocatedBytesPerRequest() != null);
        m.atEqualRates().forEach((gateway, profiles) -> {
            for (ProfileCost p : profiles) {
                for (ProfileCost.AtRate a : p.atRates()) {
                    List<Table.Cell> row = new ArrayList<>(List.of(Table.Cell.of(p.target())));
                    if (batches) {
                        row.add(p.batch() == null ? Table.Cell.of("-")
                                : new Table.Cell(String.valueOf(p.batch()), (double) p.batch()));
                    }
                    rows.add(row);
                    row.addAll(List.of(new Table.Cell(String.valueOf(a.rateRps()),
                                    (double) a.rateRps()), estimate(a.cpuUsPerRequest(), "%.0f"),
                            a.overReference() == null ? Table.Cell.of(p.twin() ? "-" : "the reference")
                                    : ratio(a.overReference()),
                            a.pHolm() == null ? Table.Cell.of("-") : new Table.Cell(a.pHolm() < 0.001 ? "<0.001"
                                    : String.format(Locale.ROOT, "%.3f", a.pHolm()), a.pHolm()),
                            Table.Cell.of(MatrixTables.word(a.verdict())),
                            a.addedP99OverReferenceUs() == null ? Table.Cell.of("-")
                                    : added(a.addedP99OverReferenceUs()),
                            p.steadyAfterS() == null ? Table.Cell.of("not steady")
                                    : new Table.Cell(String.valueOf(p.steadyAfterS()), (double) p.steadyAfterS())));
                    if (gc) {
                        row.add(estimate(a.gcCpuUsPerRequest(), "%.1f"));
                        row.add(a.gcAddedOverReferenceUs() == null ? Table.Cell.of(a.overReference() == null
                                && !p.twin() ? "the reference" : "-") : added(a.gcAddedOverReferenceUs(), "%+.1f"));
                    }
                    if (allocation) {
                        row.add(estimate(a.allocatedBytesPerRequest(), "%.0f"));
                        row.add(a.allocationOverReference() == null ? Table.Cell.of(a.overReference() == null
                                && !p.twin() ? "the reference" : "-") : ratio(a.allocationOverReference()));
                    }
                }
                if (p.aa() != null) {
                    pairs.add("**A/A pair " + p.target() + "**: " + p.aa().finding() + ".");
                }
            }
        });
        return new Table("cost-profiles", "JVM profiles at equal rates",
                "Each gateway under each JVM profile, all at once beside its reference profile \"" + m.reference()
                        + "\" and the reference's second instance (its twin, the A/A pair), every one offered the same "
                        + "rate. *Over the reference*: its CPU per request over the reference's, slice by slice, in "
                        + "brackets its interval at the family's level (Bonferroni over the gateway's comparisons, "
                        + "every profile at every rate, all holding together at 95%); *Holm p*: the p-value of the "
                        + "same cost, Holm-adjusted over those comparisons; the verdict is more or less CPU where it "
                        + "is under 0.05. *Added at P99*: its P99 less the reference's in the same slices, 95%. "
                        + (gc ? "*GC CPU*: the part of its CPU per request its collector threads and VM Thread spent, "
                        + "95%; *GC added*: that less the reference's in the same slices, 95%. " : "")
                        + (allocation ? "*Allocated*: what its Java threads allocated per good answer (its Flight "
                        + "Recorder recording), 95%; *allocation over the reference*: slice by slice, at the family's "
                        + "level. " : "")
                        + (batches ? "A matrix too large to run at once ran in *batches*, each with the reference and "
                        + "its twin again (named -b2, -b3, ...) and the rates of the first: each profile is judged "
                        + "over "
                        + "its own batch's reference, all in one family. " : "")
                        + String.join(" ", pairs),
                Stream.of(Stream.of("target"), batches ? Stream.of("batch") : Stream.<String>empty(),
                        Stream.of("req/s", "CPU µs / request", "over the reference", "Holm p", "verdict",
                        "added at P99 over the reference, µs", "steady after, s"), gc
                        ? Stream.of("GC CPU µs / request", "GC added over the reference, µs")
                        : Stream.<String>empty(), allocation
                        ? Stream.of("allocated bytes / request", "allocation over the reference")
                        : Stream.<String>empty()).flatMap(x -> x).toList(),
                rows.stream().map(List::copyOf).toList());
    }

    /** Each target's warm-up, slice by slice, and when it was found steady. */
    static Table warmup(Summary s) {
        EqualRates design = s.setup().equalRates();
        if (design == null) {
            return null;
        }
        List<List<Table.Cell>> rows = new ArrayList<>();
        for (Target t : s.targets()) {
            TargetRates r = t.measured().equalRates();
            if (r == null) {
                continue;
            }
            boolean cpu = r.warmup().stream().anyMatch(x -> x.cpuMs() != null);
            String series = String.join(" ", r.warmup().stream().map(x -> String.format(Locale.ROOT, "%.0f",
                    cpu ? x.cpuUsPerRequest() : x.p50Us() == null ? Double.NaN : x.p50Us().doubleValue())).toList());
            rows.add(List.of(Table.Cell.of(t.name()), t.cost() == null || t.cost().steadyAfterS() == null
                    ? Table.Cell.of("not steady")
                    : new Table.Cell(String.valueOf(t.cost().steadyAfterS()), (double) t.cost().steadyAfterS()),
                    Table.Cell.of(cpu ? "CPU µs / request" : "P50 µs"), Table.Cell.of(series)));
        }
        return new Table("cost-warmup", "Warm-up, until each target held steady",
                (design.batches() == null ? "Every target warmed at once" : "Each batch's targets warmed at once")
                        + " at " + design.warmup().rateRps() + " req/s each, for " + (design.batches() == null
                        ? design.warmup().tookS() + " s" : String.join(", ", design.batches().stream()
                        .map(b -> b.warmupS() + " s (batch " + b.batch() + ")").toList()))
                        + " (at most " + design.warmup().capS() + " s)" + (design.warmup().loweredFromRps() == null
                        ? "" : ", lowered from " + design.warmup().loweredFromRps() + " req/s where some target did "
                        + "not hold that twice in a row") + ", in slices of "
                        + design.sliceS() + " s; "
                        + design.warmup().rule() + ". A target still warming when the cap came is marked not steady.",
                List.of("target", "steady after, s", "series", "each slice"), List.copyOf(rows));
    }

    /** How the rates were found, and what the roles every target shares cost at each. */
    /**
     * The rates whose first slices were left out as warm-up, in words ({@code where}: "In batch 2, at ", or empty for
     * the run's or first batch's), or nothing.
     */
    private static String leftOut(List<EqualRates.LeftOut> leftOut, String where) {
        if (leftOut == null) {
            return "";
        }
        String at = where.isEmpty() ? "At " : where;
        return String.join("", leftOut.stream().map(l -> " " + at + l.rateRps() + " req/s " + (l.slices() > 0
                ? "the first " + l.slices() + " slices were left out as warm-up: " + l.why() + "."
                : "every slice was kept, though " + l.why() + ".")).toList());
    }

    /** What a run that measured each rate in one turn (no {@code turn_slices}) added at a time with a precision. */
    static final int UNTURNED_MORE_SLICES = 6;

    static String design(Summary s) {
        EqualRates d = s.setup().equalRates();
        if (d == null) {
            return "";
        }
        StringBuilder md = new StringBuilder("## How the equal rates were measured\n\n").append(d.design())
                .append(". CPU: ")
                .append(d.cpu()).append(".\n\nThe search, each level offered to every target at once: ");
        md.append(String.join("; ", d.search().levels().stream()
                        .map(l -> l.rateRps() + " req/s " + (l.held() ? "held" : "not held (" + l.why() + ")"))
                        .toList()))
                .append(". Highest held: ").append(d.search().limitRps()).append(" req/s; the rates, ")
                .append(d.search().percents()).append("% of it: ").append(d.ratesRps())
                .append(d.turnSlices() == null ? " req/s, measured in the order " : " req/s, measured in turns of "
                        + d.turnSlices() + " slices, the rates in an order of their own each cycle: ")
                .append(d.order()).append(".");
        if (d.precision() != null) {
            EqualRates.PrecisionGoal p = d.precision();
            md.append(String.format(Locale.ROOT, " `--precision` judged %s: slices added, %s, until every one was "
                    + "within ±%.1f%% or the %d min budget left no room; added %s; the widest at the end ±%.1f%% "
                    + "at %d req/s%s (%s).",
                    p.judged() == null ? "every target's CPU per request" : p.judged(),
                    d.turnSlices() == null ? UNTURNED_MORE_SLICES + " at a time at the rate whose least precise figure "
                            + "was widest" : "a turn of " + d.turnSlices() + " at each rate whose least precise figure "
                            + "was wider, a cycle at a time",
                    p.share() * 100, p.budgetMinutes(), p.addedSlices(), p.reached() * 100, p.widestAt(),
                    p.widest() == null ? "" : ", " + p.widest(), p.stopped()));
        }
        md.append(leftOut(d.leftOut(), ""));
        if (d.batches() != null) {
            d.batches().stream().skip(1)
                    .forEach(b -> md.append(leftOut(b.leftOut(), "In batch " + b.batch() + ", at ")));
            md.append(" A matrix too large to run at once: ").append(d.batches().size()).append(" batches, each "
                    + "started, warmed until steady and measured at the first batch's rates, then stopped: ");
            md.append(String.join("; ", d.batches().stream().map(b -> "batch " + b.batch() + " " + b.targets()
                    + ", warm-up " + b.warmupS() + " s, rates in the order " + b.order() + (b.precision() == null ? ""
                    : String.format(Locale.ROOT, ", added %s, the widest ±%.1f%%%s", b.precision().addedSlices(),
                    b.precision().reached() * 100, b.precision().widest() == null ? ""
                            : " (" + b.precision().widest() + ")"))).toList())).append('.');
        }
        md.append("\n\n|").append(d.batches() == null ? "" : " batch |")
                .append(" role | req/s each | CPU µs per good answer of every target |\n")
                .append(d.batches() == null ? "|" : "|---:|").append("---|---:|---:|\n");
        for (EqualRates.RoleCpu r : d.roles()) {
            double ms = r.cpuMs().stream().mapToDouble(v -> v == null ? Double.NaN : v).sum();
            long good = r.good().stream().mapToLong(Long::longValue).sum();
            md.append(d.batches() == null ? "" : "| " + r.batch() + " ")
                    .append("| ").append(r.role()).append(" | ").append(r.rateRps()).append(" | ")
                    .append(Double.isNaN(ms) || good == 0 ? "-" : String.format(Locale.ROOT, "%.1f", ms * 1000 / good))
                    .append(" |\n");
        }
        return md.append('\n').toString();
    }

    private static TargetCost.AtRate at(Target t, int rate) {
        return t.cost() == null ? null : t.cost().atRates().stream().filter(a -> a.rateRps() == rate).findFirst()
                .orElse(null);
    }

    private static Double cpu(TargetCost.AtRate a) {
        return a == null || a.cpuUsPerRequest() == null ? null : a.cpuUsPerRequest().value();
    }

    /** The one caveat that matters most: not steady, errors, a rate whose P99 missed the objective; "-" where none. */
    static String caveat(Target t, EqualRates design) {
        if (t.cost().notSteady() != null) {
            return t.cost().notSteady();
        }
        long errors = t.cost().atRates().stream().mapToLong(TargetCost.AtRate::errors).sum();
        if (errors > 0) {
            return errors + " answers not the page";
        }
        List<Integer> missed = t.cost().atRates().stream().filter(a -> !a.objectiveHolds())
                .map(TargetCost.AtRate::rateRps).toList();
        return missed.isEmpty() ? "-" : "P99 over " + design.objectiveP99Ms() + " ms at " + missed + " req/s";
    }

    private static Table.Cell estimate(Estimate e, String format) {
        return e == null ? Table.Cell.of("-") : new Table.Cell(text(e, format), e.value());
    }

    private static String text(Estimate e, String format) {
        String v = String.format(Locale.ROOT, format, e.value());
        return e.ci95Low() == null ? v : v + " (" + String.format(Locale.ROOT, format, e.ci95Low())
                + (e.ci95Low() < 0 ? " to " : "-") + String.format(Locale.ROOT, format, e.ci95High()) + ")";
    }

    /** A ratio as "1.22x (1.20-1.24)". */
    private static Table.Cell ratio(Estimate e) {
        return new Table.Cell(text(e, "%.2f").replaceFirst("^([0-9.]+)", "$1x"), e.value());
    }

    private static Table.Cell added(Estimate e) {
        return added(e, "%+.0f");
    }

    private static Table.Cell added(Estimate e, String format) {
        Function<Double, String> f = v -> String.format(Locale.ROOT, format, v);
        return new Table.Cell(f.apply(e.value())
                + (e.ci95Low() == null ? "" : " (" + f.apply(e.ci95Low()) + " to " + f.apply(e.ci95High())
                + ")"), e.value());
    }

    private static Table.Cell us(Long v) {
        return v == null ? Table.Cell.of("-") : new Table.Cell(String.valueOf(v), v.doubleValue());
    }
}
