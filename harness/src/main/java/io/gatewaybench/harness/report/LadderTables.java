package io.gatewaybench.harness.report;

import io.gatewaybench.harness.analyse.Analysis;
import io.gatewaybench.harness.model.FixedRateLevel;
import io.gatewaybench.harness.model.LadderPlan;
import io.gatewaybench.harness.model.LatencyMs;
import io.gatewaybench.harness.model.LevelRound;
import io.gatewaybench.harness.model.MaxSustainable;
import io.gatewaybench.harness.model.ProbeResult;
import io.gatewaybench.harness.model.Target;
import io.gatewaybench.harness.plan.InjectorLimit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The fixed-rate ladder's sections of summary.md (the maximum sustainable rate per target and objective) and of
 * details.md (every target at the same rates, every level in full), from the analysed summary.
 */
final class LadderTables {
    private LadderTables() {
    }

    /** details.md's comparison at equal rates: one row per ladder rate, one column per target. */
    static void equalRates(LadderPlan ladder, List<Target> targets, StringBuilder md) {
        if (ladder == null) {
            return;
        }
        List<Integer> rates = ladder.ratesRps();
        LadderPlan.Calibration calibration = ladder.calibration();
        double capacity = calibration == null ? 0 : calibration.capacityRps();
        List<Double> percents = Analysis.percentOfCapacity(ladder);
        md.append("\n## Fixed rates: the same arrival rates for every target\n\n");
        md.append("After its closed measurement, each target gets the same ladder of fixed arrival rates, ascending, ")
                .append(ladder.levelS()).append(" s per level");
        if (capacity > 0) {
            md.append(String.format(Locale.ROOT, ", set as %% of direct's capacity (%.0f req/s in the calibration: %s)", capacity, calibration.what()));
        }
        md.append(". How time is counted: ").append(ladder.timing()).append("\n\n");
        md.append("Each cell: P99 / max in ms, median over the rounds that measured the target at that rate; `overloaded k/n`: the target ")
                .append("could not keep up in k of its n rounds; `injector-limited k/n`: the injector sent the level late in k rounds, which ")
                .append("are neither a pass nor a failure of the target and are left out of the median; `errors x%`: share of failed requests; ")
                .append("`-`: not reached (a lower level overloaded).\n\n");
        md.append("| rate req/s |");
        if (capacity > 0) {
            md.append(" % of direct |");
        }
        targets.forEach(t -> md.append(' ').append(t.name()).append(" |"));
        md.append("\n|---:|").append(capacity > 0 ? "---:|" : "").append("---:|".repeat(targets.size())).append('\n');
        for (int i = 0; i < rates.size(); i++) {
            md.append("| ").append(rates.get(i)).append(" |");
            if (capacity > 0) {
                md.append(String.format(Locale.ROOT, " %.0f%% |", percents.get(i)));
            }
            for (Target t : targets) {
                List<FixedRateLevel> levels = t.fixedRate();
                md.append(' ').append(levels == null || i >= levels.size() ? "n/a" : cell(levels.get(i), rounds(t))).append(" |");
            }
            md.append('\n');
        }
    }

    /** summary.md's maximum sustainable rate per target and objective, with the first failed level of each round. */
    static void maxSustainable(LadderPlan ladder, List<Target> targets, StringBuilder md) {
        if (ladder == null) {
            return;
        }
        md.append("\n## Maximum sustainable rate\n\n");
        md.append("Per round, the highest ladder level at which the objective holds at that level and at every level below it ")
                .append("(the injector on its schedule, within its bound on send lag and missing requests: ")
                .append("docs/figures.md; no overload, errors under 0.1%, the latency of every request, failed ones ")
                .append("at their full time, inside the bound). A level the injector could not deliver (sent late or ")
                .append("short) while the target answered on time is ")
                .append("neither a pass nor a failure: the round's search stops below it, *injector-limited*, with only a lower bound, and is ")
                .append("left out of the median; where every round was, the rate reads \"at least\". The table ")
                .append("gives the median over rounds (the lower of the middle two: always a rate that was offered) with the lowest and ")
                .append("highest round. The true maximum lies between the rate found and the first level that failed, so the ladder's step ")
                .append("is the resolution. *First failed level*: which and why, per round; *held above it*: higher levels that met the ")
                .append("objective anyway, not counted.")
                .append(targets.stream().anyMatch(t -> t.judged() != null && t.judged().maxSustainable() != null
                && t.judged().maxSustainable().values().stream()
                        .anyMatch(f -> f.directCeilingRps() != null)) ? " *At direct's ceiling*: a target's rate at or above direct's, "
                        + "where the injector and the origin give out, not a gateway: it says the target went that far, not where it "
                        + "would give out; *above* it, by the rounds' noise, not established." : "")
                .append("\n\n");
        List<LadderPlan.Objective> objectives = ladder.objectives();
        objectives.forEach(o -> md.append("- `").append(o.name()).append("`: ").append(o.description()).append('\n'));
        md.append("\n| target |");
        objectives.forEach(o -> md.append(' ').append(o.name()).append(" req/s | first failed level | held above it |"));
        md.append("\n|---|").append("---:|---|---|".repeat(objectives.size())).append('\n');
        for (Target t : targets) {
            Map<String, MaxSustainable> found = t.judged() == null ? null : t.judged().maxSustainable();
            if (found == null) {
                continue;
            }
            md.append("| ").append(t.name()).append(" |");
            for (LadderPlan.Objective o : objectives) {
                MaxSustainable f = found.get(o.name());
                md.append(String.format(Locale.ROOT, " %s (%s-%.0f%s)%s%s |", f.rateText(),
                        f.minRps() == 0 ? "none" : String.valueOf(f.minRps()), (double) f.maxRps(),
                        f.injectorLimited() > 0 ? "; " + f.injectorLimitedText() : "", f.verdict() != null ? (f.verdict() ? ": **yes**" : ": no") : "",
                        f.directCeilingRps() == null ? "" : " · " + f.directCeilingText()));
                List<MaxSustainable.SearchRound> perRound = f.rounds();
                md.append(' ').append(String.join("; ", perRound.stream().map(r -> r.nextLevelRps() == null
                        ? "none" : r.nextLevelRps() + ": " + r.nextLevelBecause()).toList())).append(" |");
                List<String> above = perRound.stream().map(MaxSustainable.SearchRound::heldAbove).filter(l -> l != null && !l.isEmpty())
                        .map(l -> String.join(", ", l.stream().map(String::valueOf).toList())).toList();
                md.append(' ').append(above.isEmpty() ? "none" : String.join("; ", above)).append(" |");
            }
            md.append('\n');
        }
    }

    /** details.md's every level of every target: its spectrum, error share, send lag and probe. */
    static void levelsInFull(LadderPlan ladder, List<Target> targets, StringBuilder md) {
        if (ladder == null) {
            return;
        }
        md.append("\n## Fixed-rate levels in full\n\n");
        boolean vegeta = LevelRound.VEGETA.equals(ladder.injector());
        if (vegeta) {
            md.append("Latency in ms (Vegeta: ").append(io.gatewaybench.harness.measure.VegetaLevel.RESOLUTION)
                    .append("), each request from its intended send instant, medians over the rounds ")
                    .append("that measured the target at the rate (a round overloaded or sent late is left out; `reached` counts them); send lag: Vegeta's own lateness against its schedule (P99, worst round; above ")
                    .append(num(InjectorLimit.VEGETA_LATE_SEND_MS))
                    .append(" ms the level was sent once more, and late again it is ")
                    .append("injector-limited: neither a pass nor a failure); probe: none beside Vegeta's levels (the probe runs beside ")
                    .append("Gatling's closed load); sent again: rounds whose first try Vegeta sent late; Vegeta's CPU: user and system time ")
                    .append("of its process over the level and its warm-up, its start included (it weighs on short levels), per 1,000 requests it sent, median over rounds. Distributions: ")
                    .append("`raw/<target>-round<k>/latency-us-rate-<N>.hgrm`.\n\n");
        } else {
            md.append("Latency in ms (Gatling), medians over the rounds that measured the target at the rate (a round overloaded or sent ")
                    .append("late is left out; `reached` counts them); send lag: the injector's own lateness ")
                    .append("against its schedule (P99, worst round; above ")
                    .append((int) InjectorLimit.GATLING_LATE_SEND_MS)
                    .append(sentAgain(targets) ? " ms the level was sent once more, with the levels above it, by a second Gatling run of the ladder "
                            + "alone, and late again it is injector-limited: neither a pass nor a failure; *sent again k*: rounds whose first try "
                            + "Gatling sent late" : " ms the level's latency understates")
                    .append("); probe: the microsecond probe's requests during the level, ")
                    .append("pooled over rounds. Distributions: `raw/<target>-round<k>/latency-ms-rate-<N>.hgrm`.\n\n");
        }
        md.append("| target | rate | reached | P50 | P90 | P99 | P99.9 | P99.99 | max | errors | send lag P99 | ")
                .append(vegeta ? "sent again | Vegeta's CPU ms per 1,000 requests |\n" : "probe µs P50 | probe µs P99 |\n");
        md.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (Target t : targets) {
            List<FixedRateLevel> levels = t.fixedRate();
            for (int i = 0; levels != null && i < levels.size(); i++) {
                FixedRateLevel l = levels.get(i);
                if (l.judged().roundsReached() == 0) {
                    continue;
                }
                md.append("| ").append(t.name()).append(" | ").append(l.rateRps()).append(" | ")
                        .append(l.judged().roundsReached()).append('/').append(rounds(t));
                if (l.judged().roundsOverloaded() > 0) {
                    md.append(" (overloaded ").append(l.judged().roundsOverloaded()).append(')');
                }
                if (l.judged().roundsInjectorLimited() != null && l.judged().roundsInjectorLimited() > 0) {
                    md.append(" (injector-limited ").append(l.judged().roundsInjectorLimited()).append(')');
                }
                long again = l.rounds().stream().filter(r -> r.firstTrySendLagUs() != null).count();
                if (!vegeta && again > 0) { // Vegeta's table has a column for it
                    md.append(" (sent again ").append(again).append(')');
                }
                LatencyMs latency = l.judged().latencyMs();
                for (double v : latency == null ? new double[6]
                        : new double[] {latency.p50(), latency.p90(), latency.p99(), latency.p99_9(), latency.p99_99(), latency.max()}) {
                    md.append(" | ").append(latency == null ? "-" : vegeta ? String.format(Locale.ROOT, "%.3f", v) : num(v));
                }
                if (vegeta) {
                    Double cpu = l.measured().injectorCpuMsPer1000Requests();
                    md.append(String.format(Locale.ROOT, " | %.2f%% | %.3f | %d | %s |%n", share(l) * 100,
                            l.judged().sendLagP99MsMax(), again,
                            cpu == null ? "-" : String.format(Locale.ROOT, "%.0f", cpu)));
                    continue;
                }
                ProbeResult probe = l.measured().probeUs();
                md.append(String.format(Locale.ROOT, " | %.2f%% | %s | %s | %s |%n", share(l) * 100,
                        num(l.judged().sendLagP99MsMax()),
                        probe == null ? "-" : num(probe.p50()), probe == null ? "-" : num(probe.p99())));
            }
        }
        firstTries(targets, md);
    }

    /**
     * Every first try of a level sent again, as it was measured: whose lateness it was is decided on these figures
     * (InjectorLimit), so they are shown.
     */
    private static void firstTries(List<Target> targets, StringBuilder md) {
        List<String> lines = new ArrayList<>();
        for (Target t : targets) {
            for (FixedRateLevel l : t.fixedRate() == null ? List.<FixedRateLevel>of() : t.fixedRate()) {
                for (LevelRound r : l.rounds()) {
                    LevelRound first = r.firstTry();
                    if (first == null) {
                        continue;
                    }
                    ProbeResult fromSend = first.latencyFromSendUs();
                    ProbeResult intended = first.latencyUs();
                    lines.add(String.format(Locale.ROOT, "- %s at %d req/s, round %d: sent %d of %d, %d errors; send "
                            + "lag P99 %.2f ms; P99 %s ms from the actual send, %s ms from the intended send; "
                            + "max %s ms",
                            t.name(), l.rateRps(), r.round() == null ? 0 : r.round(), first.sent(), first.planned(),
                            first.errors(), first.sendLagMs().p99(), ms(fromSend == null ? null : fromSend.p99()),
                            ms(intended == null ? null : intended.p99()),
                            ms(intended == null ? null : intended.max())));
                }
            }
        }
        if (!lines.isEmpty()) {
            md.append("\nFirst tries of the levels sent again, as measured (each was judged the injector's lateness, "
                    + "its target answering on time):\n\n").append(String.join("\n", lines)).append("\n");
        }
    }

    private static String ms(Long us) {
        return us == null ? "-" : String.format(Locale.ROOT, "%.3f", us / 1000.0);
    }

    /** Some round of some level was a second try, its first sent late. */
    private static boolean sentAgain(List<Target> targets) {
        return targets.stream().filter(t -> t.fixedRate() != null).flatMap(t -> t.fixedRate().stream())
                .flatMap(l -> l.rounds().stream()).anyMatch(r -> r.firstTrySendLagUs() != null);
    }

    private static String cell(FixedRateLevel level, int rounds) {
        int reached = level.judged().roundsReached();
        if (reached == 0) {
            return "-";
        }
        int overloaded = level.judged().roundsOverloaded();
        if (overloaded > 0) {
            return "overloaded " + overloaded + "/" + rounds;
        }
        LatencyMs latency = level.judged().latencyMs();
        int late = level.judged().roundsInjectorLimited() == null ? 0 : level.judged().roundsInjectorLimited();
        if (latency == null && late > 0) {
            return "injector-limited " + late + "/" + rounds;
        }
        String cell = latency == null ? "all failed" : num(latency.p99()) + " / " + num(latency.max());
        if (late > 0) {
            cell += ", injector-limited " + late + "/" + rounds;
        }
        if (share(level) > 0) {
            cell += String.format(Locale.ROOT, ", errors %.2f%%", share(level) * 100);
        }
        return reached < rounds ? cell + " (" + reached + "/" + rounds + ")" : cell;
    }

    private static double share(FixedRateLevel level) {
        return level.judged().errorShare() == null ? 0 : level.judged().errorShare();
    }

    private static int rounds(Target target) {
        return target.measured().rounds() == null ? 0 : target.measured().rounds().size();
    }

    /** A whole number without decimals, else one decimal; "-" where there is none. */
    private static String num(Number v) {
        if (v == null) {
            return "-";
        }
        double d = v.doubleValue();
        return d == Math.rint(d) ? Long.toString((long) d) : String.format(Locale.ROOT, "%.1f", d);
    }
}
