package io.gatewaybench.harness.analyse;

import io.gatewaybench.harness.model.Baseline;
import io.gatewaybench.harness.model.FixedRateLevel;
import io.gatewaybench.harness.model.GatlingStatus;
import io.gatewaybench.harness.model.Interval;
import io.gatewaybench.harness.model.JvmProfiles;
import io.gatewaybench.harness.model.LevelRound;
import io.gatewaybench.harness.model.Load;
import io.gatewaybench.harness.model.MaxSustainable;
import io.gatewaybench.harness.model.ProfileRow;
import io.gatewaybench.harness.model.RatioSpread;
import io.gatewaybench.harness.model.Summary;
import io.gatewaybench.harness.model.Target;
import io.gatewaybench.harness.plan.InjectorLimit;
import io.gatewaybench.harness.plan.Scenario;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import java.util.stream.IntStream;

/**
 * The judgements of a run in words: the notes under summary.md's {@code ## Notes}, which report.html shows too (Markdown;
 * a warning starts in bold). A target not measured or with failed requests, Gatling's failures, a proxy measured above
 * direct, an injector that was the limit or sent late, the ceiling of the setup, and targets whose figures overlap over
 * rounds: each rule lives here, and the report only shows what it says.
 */
public final class Notes {
    private Notes() {
    }

    /** A run that stopped early or lost a target says so first, with why (summary.json's {@code incomplete_because}). */
    public static String incomplete(Summary s) {
        return "**Incomplete run**: " + (s.run().incompleteBecause() != null
                ? String.join("; ", s.run().incompleteBecause()) : "no reason recorded") + ".";
    }

    /** The notes under summary.md's {@code ## Notes} (Markdown; a warning starts in bold), also shown in report.html. */
    public static List<String> of(Summary s) {
        List<Target> targets = s.targets();
        List<String> notes = new ArrayList<>();
        if (Boolean.FALSE.equals(s.run().complete())) {
            notes.add(incomplete(s));
        }
        for (Target t : targets) {
            if (t.measured().failure() != null) {
                notes.add("**" + t.name() + " was not measured**: " + t.measured().failure());
            } else if (t.judged() != null && t.judged().errors() > 0) {
                notes.add(String.format(Locale.ROOT, "**%s had %s failed requests** (%.2f%% of %s in all rounds; wrong status or wrong page): "
                        + "its figures are not comparable.", t.name(), t.judged().errors(),
                        (t.judged().errorShare() == null ? 0 : t.judged().errorShare()) * 100, t.judged().requests()));
            }
            if (t.measured().gatling() != null) {
                for (GatlingStatus g : t.measured().gatling()) {
                    List<String> failed = g.failedAssertions();
                    if (g.exitCode() != 0 || (failed != null && !failed.isEmpty()) || g.cutShort() != null) {
                        notes.add("**" + t.name() + ", round " + g.round() + ": Gatling exited with " + g.exitCode()
                                + (failed == null || failed.isEmpty() ? "" : ", failed assertions: " + failed)
                                + (g.cutShort() == null ? "" : "; cut short: " + g.cutShort()) + "**.");
                    }
                }
            }
            if (t.judged() != null && t.judged().relativeToDirect() != null
                    && t.judged().relativeToDirect().throughput() != null
                    && !Baseline.DIRECT.equals(t.name()) && t.judged().relativeToDirect().throughput() > 1.1) {
                notes.add(String.format(Locale.ROOT, "**%s measured at %.0f%% of direct**: a proxy in front of the same origin cannot "
                        + "serve more than the origin does; direct was probably not warm yet (a quick run) or the machine changed between "
                        + "the runs. Do not read this as a speed-up.", t.name(),
                        t.judged().relativeToDirect().throughput() * 100));
            }
            if (t.measured().wrkCrossCheck() != null // an invalid check has no verdict
                    && t.measured().wrkCrossCheck().stream()
                    .anyMatch(c -> !Boolean.FALSE.equals(c.valid()) && Boolean.TRUE.equals(c.injectorLimited()))) {
                notes.add("**" + t.name() + ": the injector was the limit** (wrk got clearly more than Gatling): its Gatling throughput understates the target.");
            }
        }
        notes.addAll(ladder(targets));
        if (s.setup().rounds() == 0) {
            notes.add("No closed load: a matrix of JVM profiles in batches measures cost at equal rates only; "
                    + "--rounds=N adds the 2019 study's closed load on each batch's warm targets.");
            return notes;
        }
        if (s.setup().rounds() < 2) {
            notes.add("One round: no spread is known. On a shared 2-CPU machine, differences of a few percent are within the noise; use --rounds=3 or more.");
        } else {
            notes.addAll(precision(targets));
            notes.addAll(profilePrecision(s.matrices().jvmProfiles()));
            notes.addAll(overlaps(targets));
        }
        notes.add("Gatling records whole milliseconds: where direct's figure is 0 ms its multiple is n/a, and differences under 1 ms do not show.");
        if (s.setup().load().model() == Load.Model.CLOSED) {
            notes.add("Closed model: latency in the table above mirrors throughput (users x 1/latency = req/s); "
                    + (s.setup().ladder() != null ? "compare tails at fixed rates (the ladder in report.html and "
                    + "details.md)." : "compare tails at fixed rates (--levels, --rates)."));
        }
        return notes;
    }

    /**
     * The precision reached: each target's throughput relative to its baseline is known within ± the half-width of its 95%
     * interval ({@link Precisions#halfWidth}); what more rounds would narrow ({@code ./bench run --precision}).
     */
    static List<String> precision(List<Target> targets) {
        List<String> each = new ArrayList<>();
        for (Target t : targets) {
            Interval paired = t.judged() == null || t.judged().spread() == null ? null
                    : t.judged().spread().throughputRelativeToDirect();
            if (paired != null && paired.values() != null && !t.name().equals(Baseline.DIRECT)
                    && !t.name().startsWith(Baseline.DIRECT + Scenario.SEPARATOR)) {
                double half = Precisions.halfWidth(paired.values().stream().mapToDouble(Double::doubleValue).toArray());
                each.add(t.name() + (Double.isNaN(half) ? " no interval" : " " + Precisions.shown(half)));
            }
        }
        return each.isEmpty() ? List.of() : List.of("Precision reached: each target's throughput relative to direct is known within (the "
                + "half-width of its 95% interval) " + String.join(", ", each) + ". More rounds narrow it: `./bench run --precision=0.05` "
                + "adds rounds until each is within ±5%, and `./bench precision` says what a design would need.");
    }

    /**
     * The precision each JVM profile reached against its gateway's reference profile: the half-width of the profiles table's
     * interval (its family's level, Bonferroni over the gateway's profiles), what {@code --precision} judges a profile by
     * ({@link Precisions#judged}). None for a run of one profile.
     */
    static List<String> profilePrecision(JvmProfiles profiles) {
        if (profiles == null || profiles.byGateway() == null) {
            return List.of();
        }
        List<String> each = new ArrayList<>();
        profiles.byGateway().forEach((gateway, rows) -> rows.forEach(r -> {
            if (r instanceof ProfileRow.Measured m && !profiles.reference().equals(m.profile())
                    && m.throughputRelativeSpread() instanceof RatioSpread.Formed f) {
                Interval i = f.interval();
                each.add(m.target() + (i.ciLow() == null || i.ciHigh() == null || i.ciLow() <= 0 ? " no interval"
                        : " " + Precisions.shown(Math.sqrt(i.ciHigh() / i.ciLow()) - 1)));
            }
        }));
        return each.isEmpty() ? List.of() : List.of("Precision reached by the JVM profiles: each one's throughput relative to its "
                + "gateway's under `" + profiles.reference() + "` is known within (the half-width of its interval in the profiles table, "
                + "Bonferroni over the gateway's profiles) " + String.join(", ", each) + ". `./bench run --precision` judges a profile by "
                + "this interval.");
    }

    /**
     * Groups of targets whose throughput ranges over rounds overlap, each pair of a group (ranges that overlap pairwise share a
     * point): the order within a group is not established. One note per largest such group, not one per pair: a run of 16 JVM
     * profiles of one gateway had 90 pairs.
     */
    static List<String> overlaps(List<Target> targets) {
        List<Target> spread = targets.stream()
                .filter(t -> t.judged() != null && t.judged().spread() != null
                && t.judged().spread().throughputRps() != null).toList();
        List<String> notes = new ArrayList<>();
        for (List<Integer> group : groups(spread.stream()
                .mapToDouble(t -> t.judged().spread().throughputRps().min()).toArray(),
                spread.stream().mapToDouble(t -> t.judged().spread().throughputRps().max()).toArray())) {
            notes.add("**Within the noise of each other**: " + String.join(", ", group.stream().map(i -> {
                Interval r = spread.get(i).judged().spread().throughputRps();
                return String.format(Locale.ROOT, "%s (%.0f-%.0f)", spread.get(i).name(), r.min(), r.max());
            }).toList()) + " req/s over rounds: their throughput ranges overlap, each with every other, so the order between them "
                    + "is not established.");
        }
        return notes;
    }

    /**
     * The largest groups of ranges [low, high] that overlap each with every other (the maximal cliques of their overlap graph:
     * ranges that overlap pairwise share a point, so each group is the ranges holding one point), of two or more, each in the
     * ranges' order, the groups in the order of that point.
     */
    static List<List<Integer>> groups(double[] low, double[] high) {
        // at each range's end, the ranges open there form a largest group when a range opened since the last end
        List<Integer> byStart = IntStream.range(0, low.length).boxed().sorted(Comparator.comparingDouble(i -> low[i])).toList();
        List<Integer> byEnd = IntStream.range(0, low.length).boxed().sorted(Comparator.comparingDouble(i -> high[i])).toList();
        TreeSet<Integer> open = new TreeSet<>();
        List<List<Integer>> groups = new ArrayList<>();
        int next = 0;
        boolean opened = false;
        for (int end : byEnd) {
            while (next < byStart.size() && low[byStart.get(next)] <= high[end]) { // a range starting where another ends overlaps it
                open.add(byStart.get(next++));
                opened = true;
            }
            if (opened && open.size() >= 2) {
                groups.add(List.copyOf(open));
            }
            opened = false;
            open.remove(end);
        }
        return groups;
    }

    /** Whether two targets' throughput ranges over rounds overlap (false where either has no spread). */
    static boolean overlap(Target a, Target b) {
        if (a.judged() == null || b.judged() == null || a.judged().spread() == null || b.judged().spread() == null) {
            return false;
        }
        Interval ra = a.judged().spread().throughputRps();
        Interval rb = b.judged().spread().throughputRps();
        return ra.min() <= rb.max() && rb.min() <= ra.max();
    }

    /** Notes for summary.md: levels where the injector itself fell behind. */
    private static List<String> ladder(List<Target> targets) {
        List<String> notes = new ArrayList<>();
        for (Target t : targets) {
            List<Integer> lateAgain = t.fixedRate() == null ? List.of() : t.fixedRate().stream()
                    .filter(l -> l.rounds().stream().anyMatch(r -> LevelRound.VEGETA.equals(r.injector())
                            && r.sendLagMs().p99() > InjectorLimit.VEGETA_LATE_SEND_MS))
                            .map(FixedRateLevel::rateRps).toList();
            if (!lateAgain.isEmpty()) {
                notes.add("**" + t.name() + ": Vegeta sent late** at " + lateAgain + " req/s (send lag P99 over "
                        + (int) InjectorLimit.VEGETA_LATE_SEND_MS
                        + " ms in some round, on its second try too): there the injector, not the "
                        + "target, gave out, and those rounds are injector-limited.");
            }
            List<Integer> late = t.fixedRate() == null ? List.of() : t.fixedRate().stream()
                    .filter(l -> l.rounds().stream().noneMatch(r -> LevelRound.VEGETA.equals(r.injector())))
                    .filter(l -> l.judged().sendLagP99MsMax() > InjectorLimit.GATLING_LATE_SEND_MS)
                    .map(FixedRateLevel::rateRps).toList();
            if (!late.isEmpty()) {
                notes.add("**" + t.name() + ": the injector sent late** at " + late + " req/s (send lag P99 over "
                        + (int) InjectorLimit.GATLING_LATE_SEND_MS
                        + " ms in some round): there Gatling, not only the target, shaped the latency.");
            }
        }
        // Direct's own maximum is the ceiling of this setup (injector and origin): no gateway can be shown to go higher.
        MaxSustainable direct = targets.isEmpty() ? null : Analysis.firstObjective(targets.get(0));
        if (direct != null && Baseline.DIRECT.equals(targets.get(0).name())) {
            // the targets Analysis marked at or above their baseline's ceiling: one rule, in markDirectCeiling
            List<String> atCeiling = targets.subList(1, targets.size()).stream().filter(t -> Analysis.firstObjective(t) != null
                    && Analysis.firstObjective(t).directCeilingRps() != null).map(Target::name).toList();
            notes.add(String.format(Locale.ROOT, "Direct's own maximum sustainable rate (%s req/s, median%s) is the ceiling of this setup: "
                    + "above it the injector and the origin, not a gateway, give out%s", direct.rateText(),
                    direct.lowerBound() ? "; " + direct.injectorLimitedText() : "", atCeiling.isEmpty() ? "."
                    : "; " + atCeiling + " reached it, so their true maximum is not measured here, only that it is at least that."));
        }
        // Maximum rates whose ranges over rounds overlap (first objective): their order is not established.
        List<Target> found = targets.stream().filter(t -> Analysis.firstObjective(t) != null && Analysis.firstObjective(t).rounds().size() >= 2).toList();
        for (List<Integer> group : groups(found.stream().mapToDouble(t -> Analysis.firstObjective(t).minRps()).toArray(),
                found.stream().mapToDouble(t -> Analysis.firstObjective(t).maxRps()).toArray())) {
            notes.add("**Within the noise of each other** in maximum sustainable rate: " + String.join(", ", group.stream().map(i -> {
                MaxSustainable m = Analysis.firstObjective(found.get(i));
                // a round that found no level has no rate: "none", never 0
                return String.format(Locale.ROOT, "%s (%s-%d)", found.get(i).name(),
                        m.minRps() == 0 ? "none" : String.valueOf(m.minRps()), m.maxRps());
            }).toList()) + " req/s over rounds.");
        }
        return notes;
    }
}
