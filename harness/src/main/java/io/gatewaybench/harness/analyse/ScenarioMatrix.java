package io.gatewaybench.harness.analyse;

import io.gatewaybench.harness.model.Baseline;
import io.gatewaybench.harness.model.CostRow;
import io.gatewaybench.harness.model.FixedRateLevel;
import io.gatewaybench.harness.model.MaxSustainable;
import io.gatewaybench.harness.model.P99AtRate;
import io.gatewaybench.harness.quantity.Stats;
import io.gatewaybench.harness.model.RatioSpread;
import io.gatewaybench.harness.model.RelativeToDirect;
import io.gatewaybench.harness.model.ScenarioRow;
import io.gatewaybench.harness.model.Scenarios;
import io.gatewaybench.harness.model.Summary;
import io.gatewaybench.harness.model.Target;
import io.gatewaybench.harness.plan.Scenario;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A run of several scenarios (scenarios/README.md), judged two ways. Per scenario, every target under it: its
 * throughput relative to its direct baseline (the same page, from the same run), its P99 at each fixed offered
 * rate, its maximum sustainable rate and its CPU per 1,000 requests. Per gateway, what each scenario costs it:
 * its throughput under the scenario over its own under plain, paired round by round (both ran in the same round),
 * with an interval and a verdict as for JVM profiles ({@link ProfileMatrix#judge}: each scenario's own rounds,
 * Bonferroni over the gateway's scenarios), and its CPU per request under the scenario over plain's, paired and
 * judged the same way: with two rounds the throughput intervals are wide, and CPU per request is the steadier figure.
 */
public final class ScenarioMatrix {
    private ScenarioMatrix() {
    }

    /** {@code scenarios} with {@code by_scenario} and {@code cost_vs_plain} judged, for a summary whose run had several scenarios (else null). */
    static Scenarios apply(Summary summary) {
        Scenarios scenarios = summary.matrices().scenarios();
        if (scenarios == null) {
            return null;
        }
        List<Target> targets = summary.targets();
        List<Integer> rates = rates(summary);
        Map<String, List<ScenarioRow>> byScenario = new LinkedHashMap<>();
        for (Scenarios.Description s : scenarios.list()) {
            String name = s.name();
            List<ScenarioRow> rows = new ArrayList<>();
            for (Target t : targets) {
                if (name.equals(scenarioOf(t))) {
                    rows.add(scenarioRow(t, rates));
                }
            }
            for (Scenarios.NotAvailable n : scenarios.notAvailable() == null ? List.<Scenarios.NotAvailable>of() : scenarios.notAvailable()) {
                if (name.equals(n.scenario())) {
                    rows.add(new ScenarioRow.NotAvailable(n.target(), n.reason()));
                }
            }
            byScenario.put(name, List.copyOf(rows));
        }

        Map<String, List<CostRow>> cost = new LinkedHashMap<>();
        for (Target plain : targets) {
            if (!Scenario.PLAIN.equals(scenarioOf(plain)) || Baseline.DIRECT.equals(plain.name())) {
                continue;
            }
            List<Target> under = new ArrayList<>();
            for (Target t : targets) {
                if (t != plain && plain.name().equals(plainOf(t)) && !Scenario.PLAIN.equals(scenarioOf(t))) {
                    under.add(t);
                }
            }
            boolean comparable = plain.wasMeasured();
            List<RatioSpread> throughput = new ArrayList<>();
            List<RatioSpread> cpu = new ArrayList<>();
            for (Target t : under) {
                boolean both = t.wasMeasured() && comparable;
                throughput.add(both ? relativeToPlain(t, plain, targets) : null);
                cpu.add(both ? ProfileMatrix.paired(t, plain, ProfileMatrix::cpuPerRound) : null);
            }
            List<ProfileMatrix.Judged> throughputJudged = ProfileMatrix.judge(throughput, "scenarios");
            List<ProfileMatrix.Judged> cpuJudged = ProfileMatrix.judge(cpu, "scenarios");
            List<CostRow> rows = new ArrayList<>();
            for (int i = 0; i < under.size(); i++) {
                Target t = under.get(i);
                if (!t.wasMeasured() || !comparable) {
                    rows.add(new CostRow.Failed(scenarioOf(t), t.name(), t.wasMeasured() ? "plain not measured"
                            : t.measured().failure() == null ? "not measured" : t.measured().failure()));
                    continue;
                }
                ProfileMatrix.Judged tp = throughputJudged.get(i);
                ProfileMatrix.Judged c = cpuJudged.get(i);
                rows.add(new CostRow.Measured(scenarioOf(t), t.name(), t.judged().throughputRps(),
                        ProfileMatrix.ratio(throughput.get(i)),
                        tp == null ? throughput.get(i) : tp.spread(), ProfileMatrix.median(ProfileMatrix.cpuPerRound(t)),
                        ProfileMatrix.ratio(cpu.get(i)), c == null ? cpu.get(i) : c.spread(), tp == null ? null : tp.judgement().throughput(),
                        c == null ? null : c.judgement().cpu()));
            }
            cost.put(plain.name(), List.copyOf(rows));
        }
        return new Scenarios(scenarios.list(), scenarios.notAvailable(), scenarios.credentials(), scenarios.conformance(), scenarios.probes(),
                byScenario, cost);
    }

    /** The target's scenario; by its name ({@code <target>:<scenario>}) where an early summary did not record it. */
    private static String scenarioOf(Target t) {
        String name = t.name();
        return t.about().scenario() != null ? t.about().scenario() : name.contains(Scenario.SEPARATOR)
                ? name.substring(name.lastIndexOf(Scenario.SEPARATOR) + 1) : Scenario.PLAIN;
    }

    private static String plainOf(Target t) {
        String name = t.name();
        return t.about().plain() != null ? t.about().plain() : name.contains(Scenario.SEPARATOR)
                ? name.substring(0, name.lastIndexOf(Scenario.SEPARATOR)) : name;
    }

    private static ScenarioRow scenarioRow(Target t, List<Integer> rates) {
        String baseline = t.about().baseline() == null ? Baseline.DIRECT : t.about().baseline();
        if (!t.wasMeasured()) {
            return new ScenarioRow.Failed(t.name(), baseline, t.measured().failure() == null ? "not measured"
                    : t.measured().failure());
        }
        Optional<Double> relative = null;
        Optional<String> withinNoise = null;
        if (t.judged() != null && t.judged().relativeToDirect() != null) {
            RelativeToDirect rel = t.judged().relativeToDirect();
            relative = Optional.ofNullable(rel.throughput());
            withinNoise = Optional.ofNullable(rel.withinNoiseOfDirect() == null ? null : rel.withinNoiseOfDirect().orElse(null));
        }
        MaxSustainable best = Analysis.firstObjective(t);
        return new ScenarioRow.Measured(t.name(), baseline, t.judged().throughputRps(), relative, withinNoise,
                t.judged().spread() == null ? null : t.judged().spread().throughputRelativeToDirect(),
                p99AtRates(t, rates),
                best == null ? null : best.rateRps(), best != null && best.lowerBound() ? Boolean.TRUE : null, best == null ? null : best.objective(), ProfileMatrix.median(ProfileMatrix.cpuPerRound(t)));
    }

    /**
     * The target's P99 at each fixed offered rate (median over the rounds that measured it at the rate), or why it has none
     * there: overloaded in some round (a P99 of the other rounds would flatter a target that could not keep the rate),
     * injector-limited in every round that reached it, or not reached.
     */
    static Map<Integer, P99AtRate> p99AtRates(Target t, List<Integer> rates) {
        Map<Integer, P99AtRate> p99 = new LinkedHashMap<>();
        if (t.fixedRate() != null) {
            for (FixedRateLevel level : t.fixedRate()) {
                boolean late = level.judged().roundsInjectorLimited() != null
                        && level.judged().roundsInjectorLimited() > 0;
                p99.put(level.rateRps(), level.judged().roundsOverloaded() > 0 ? P99AtRate.Missing.OVERLOADED
                        : level.judged().latencyMs() != null ? new P99AtRate.Value(level.judged().latencyMs().p99())
                        : late ? P99AtRate.Missing.INJECTOR_LIMITED : P99AtRate.Missing.NOT_REACHED);
            }
        }
        rates.forEach(rate -> p99.putIfAbsent(rate, P99AtRate.Missing.NOT_REACHED));
        return p99;
    }

    /** The ladder's offered rates of the run, none where it had no ladder. */
    public static List<Integer> rates(Summary summary) {
        return summary.setup().ladder() == null ? List.of() : summary.setup().ladder().ratesRps();
    }

    /**
     * Round by round, the target's share of its direct baseline over the same gateway's share of direct under plain.
     * Under a duty both baselines are the same direct run, so this is the target's throughput over plain's; under a
     * response size it is how much of direct's throughput the gateway keeps for that file against the book page
     * (the origin's own cost differs between the two pages, and cancels).
     */
    private static RatioSpread relativeToPlain(Target t, Target plain, List<Target> targets) {
        double[] mine = share(t, targets);
        double[] theirs = share(plain, targets);
        int n = Math.min(mine.length, theirs.length);
        if (n == 0) {
            return RatioSpread.NotFormed.INSTANCE;
        }
        double[] ratio = new double[n];
        for (int i = 0; i < n; i++) {
            ratio[i] = mine[i] / theirs[i];
        }
        return new RatioSpread.Formed(Stats.interval(ratio));
    }

    /** Each round's throughput over its baseline's in the same round ({@link Analysis#pairedRatios}). */
    private static double[] share(Target t, List<Target> targets) {
        String baseline = t.about().baseline() == null ? Baseline.DIRECT : t.about().baseline();
        Target base = targets.stream().filter(x -> baseline.equals(x.name()) && x.wasMeasured())
                .findFirst().orElse(null);
        if (base == null) {
            return new double[0];
        }
        double[] throughput = Analysis.throughputs(t);
        double[] direct = Analysis.throughputs(base);
        return direct.length < throughput.length ? new double[0] : Analysis.pairedRatios(throughput, direct);
    }
}
