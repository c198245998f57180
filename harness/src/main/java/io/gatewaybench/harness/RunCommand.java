package io.gatewaybench.harness;

import io.gatewaybench.harness.launch.HostClocks;
import io.gatewaybench.harness.launch.SshConnections;
import io.gatewaybench.harness.plan.Environment;
import io.gatewaybench.harness.plan.HostileInputRecord;
import io.gatewaybench.harness.plan.RunPlan;
import io.gatewaybench.harness.plan.Topology;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;

/**
 * {@code ./bench run [options]}: reads the plan ({@link RunPlan#parse}), opens the hosts of its topology, and runs it
 * in its design: at equal rates ({@link EqualRatesRun}, the default) or in rounds ({@link RoundsRun}).
 */
final class RunCommand {
    private static final DateTimeFormatter RUN_ID = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")
            .withZone(ZoneOffset.UTC);

    private RunCommand() {
    }

    /**
     * The exit status: 0 when every target was measured without an error, 1 when some was not, 2 when the options or
     * the machine do not allow the run (with the reason and the fix on stderr).
     */
    static int main(List<String> args) {
        if (args.contains("--help")) {
            System.out.print(RunPlan.USAGE);
            return 0;
        }
        RunPlan plan;
        Topology topology;
        HostileInputRecord hostile;
        try {
            plan = RunPlan.parse(args);
            topology = Topology.named(plan.topology()).withInjectors(plan.injectors());
            SshConnections connections = SshConnections.open(topology, Topology.SSH_CONNECTIONS,
                    line -> System.out.println("bench: " + line));
            // closed wherever it exits
            Runtime.getRuntime().addShutdownHook(new Thread(connections::close, "ssh-connections"));
            topology = clocked(topology);
            hostile = HostileInputRecord.read(); // read before anything starts: a record it cannot take stops nothing
        } catch (RuntimeException e) {
            System.err.println("bench: " + e.getMessage());
            return 2;
        }
        if ((plan.byEqualRates() || plan.ladder().enabled() && plan.ladder().byVegeta())
                && !Environment.onPath("vegeta")) {
            System.err.println("bench: the ladder is sent by Vegeta, which is not installed (no vegeta on PATH): run "
                    + "infra/packages.sh as root, which builds Vegeta where Go 1.22 or later is on PATH "
                    + "(injector/README.md), or send the ladder with Gatling: --ladder-injector=gatling");
            return 2;
        }
        try {
            Signals.exitOnSignals();
            boolean allMeasured = plan.byEqualRates()
                    ? new EqualRatesRun(plan, topology, hostile, newRunDir(plan.results())).run()
                    : new RoundsRun(plan, topology, hostile, newRunDir(plan.results())).run();
            return allMeasured ? 0 : 1;
        } catch (Exception e) {
            System.err.println("bench: " + e.getMessage());
            return 1;
        }
    }

    /**
     * The topology with each other injector host's clock offset measured ({@code --injectors}): every load begins at
     * one instant of the hosts' clocks, and their records are put on this one's. Fails where a host's clock cannot be
     * known to {@link HostClocks#MAX_UNCERTAINTY_US}.
     */
    private static Topology clocked(Topology topology) {
        return topology.withMoreInjectors(h -> {
            try {
                return h.withPlacement(h.placement().withClock(HostClocks.of(h)));
            } catch (IOException e) {
                throw new UncheckedIOException(e.getMessage(), e);
            }
        });
    }

    /** A new folder per run, named by its UTC start time so that runs sort by time; never an existing one. */
    static Path newRunDir(Path results) throws IOException {
        return newRunDir(results, "");
    }

    /** The same, its name ending in {@code suffix} ("-interleaved"). */
    static Path newRunDir(Path results, String suffix) throws IOException {
        String id = RUN_ID.format(Instant.now()) + suffix;
        Path dir = results.resolve(id);
        for (int i = 2; Files.exists(dir); i++) {
            dir = results.resolve(id + "-" + i);
        }
        return Files.createDirectories(dir);
    }
}
