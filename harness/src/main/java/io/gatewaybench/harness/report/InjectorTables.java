package io.gatewaybench.harness.report;

import io.gatewaybench.harness.model.ClosedShare;
import io.gatewaybench.harness.model.FixedRateLevel;
import io.gatewaybench.harness.model.Host;
import io.gatewaybench.harness.model.InjectorShare;
import io.gatewaybench.harness.model.LevelRound;
import io.gatewaybench.harness.model.Round;
import io.gatewaybench.harness.model.Target;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * details.md's section on the injector hosts, where several shared the load ({@code --injectors}): each host's share of every
 * round's closed load and of every fixed-rate level, as summary.json records it, so that a host that fell behind, started
 * apart or carried less shows by name.
 */
final class InjectorTables {
    private InjectorTables() {
    }

    /**
     * The other hosts' clock offsets, where measured (runs before they were have none): each start instant and each record
     * of a host was corrected by its offset.
     */
    private static void clocks(List<Host> moreInjectors, StringBuilder md) {
        List<Host> clocked = Objects.requireNonNullElse(moreInjectors, List.<Host>of()).stream().filter(h -> h.clock() != null).toList();
        if (clocked.isEmpty()) {
            return;
        }
        md.append("Clocks: each other host's clock minus the harness's, measured before the run as NTP does (the shortest of ")
                .append(clocked.get(0).clock().exchanges()).append(" round trips to it, the host's clock taken half-way, +- half that ")
                .append("round trip); each host's start instants were set and its records read on the harness's clock by it: ")
                .append(clocked.stream().map(h -> String.format(Locale.ROOT, "%s (%s) %+d µs +- %d µs", h.host() != null ? h.host()
                        : Objects.requireNonNullElse(h.namespace(), java.util.Optional.<String>empty()).orElse("host"),
                        h.address(), h.clock().offsetUs(), h.clock().uncertaintyUs())).collect(java.util.stream.Collectors.joining("; ")))
                .append(".\n\n");
    }

    /** Whether any round of any target was sent from several injector hosts. */
    static boolean applies(List<Target> targets) {
        return targets.stream().anyMatch(t -> t.measured().rounds() != null
                && t.measured().rounds().stream().anyMatch(r -> r.injectors() != null)
                || t.fixedRate() != null && t.fixedRate().stream().anyMatch(l -> l.rounds().stream().anyMatch(r -> r.injectors() != null)));
    }

    static void section(List<Target> targets, List<Host> moreInjectors, StringBuilder md) {
        if (!applies(targets)) {
            return;
        }
        md.append("\n## Each injector host's share\n\n")
                .append("Several injector hosts sent the load at once, each its share, begun at one instant; every figure above is from ")
                .append("all their records together (never from their percentiles). *Closed load*: each host's Gatling ran its share of ")
                .append("the users, and the round counts the window in which every host was measuring; *began after*: how long after ")
                .append("the earliest host's measured window its own began, which that window leaves out. *Fixed rates*: each host's ")
                .append("Vegeta sent its share of the rate on its own schedule; its send lag is judged on its own (a level is ")
                .append("injector-limited where any host was late); *began after*: how long after the earliest host's schedule its own ")
                .append("began. Each host's records: `raw/<target>-round<k>/` (Gatling's of the others under `<host>/`, Vegeta's as ")
                .append("`vegeta-rate-<N>-<host>.bin`, their distributions as `latency-us-rate-<N>-<host>.hgrm`).\n\n");
        clocks(moreInjectors, md);
        md.append("Closed load:\n\n| target | round | host | users | requests | req/s | began after, ms |\n|---|---:|---|---:|---:|---:|---:|\n");
        for (Target t : targets) {
            List<Round> rounds = t.measured().rounds() == null ? List.of() : t.measured().rounds();
            for (int i = 0; i < rounds.size(); i++) {
                for (ClosedShare s : Objects.requireNonNullElse(rounds.get(i).injectors(), List.<ClosedShare>of())) {
                    md.append(String.format(Locale.ROOT, "| %s | %d | %s | %d | %d | %.0f | %d |%n", t.name(), i + 1, s.host(), s.users(),
                            s.requests(), s.throughputRps(), s.startOffsetMs()));
                }
            }
        }
        md.append("\nFixed rates:\n\n| target | rate | round | host | req/s | sent of planned | send lag µs P50 / P99 / max | ")
                .append("Vegeta's CPU ms per 1,000 requests | began after, µs | late |\n|---|---:|---:|---|---:|---:|---:|---:|---:|---|\n");
        for (Target t : targets) {
            for (FixedRateLevel l : t.fixedRate() == null ? List.<FixedRateLevel>of() : t.fixedRate()) {
                for (LevelRound r : l.rounds()) {
                    for (InjectorShare s : Objects.requireNonNullElse(r.injectors(), List.<InjectorShare>of())) {
                        md.append(String.format(Locale.ROOT, "| %s | %d | %s | %s | %d | %d of %d | %d / %d / %d | %s | %d | %s |%n", t.name(),
                                l.rateRps(), r.round() == null ? "-" : r.round().toString(), s.host(), s.rateRps(), s.sent(), s.planned(),
                                s.sendLagUs().p50(), s.sendLagUs().p99(), s.sendLagUs().max(),
                                s.cpuMsPer1000Requests() == null ? "-" : String.format(Locale.ROOT, "%.0f", s.cpuMsPer1000Requests()),
                                s.startOffsetUs(), s.late() == null ? "-" : s.late()));
                    }
                }
            }
        }
    }
}
