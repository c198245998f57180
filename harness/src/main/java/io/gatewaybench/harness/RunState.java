package io.gatewaybench.harness;

import io.gatewaybench.harness.measure.RequestStats;
import io.gatewaybench.harness.measure.RunDescription;
import io.gatewaybench.harness.measure.TargetDetails;
import io.gatewaybench.harness.plan.Environment;
import io.gatewaybench.harness.plan.HostileInputRecord;
import io.gatewaybench.harness.plan.RunPlan;
import io.gatewaybench.harness.plan.Target;
import io.gatewaybench.harness.plan.Topology;
import io.gatewaybench.harness.report.HtmlReport;
import io.gatewaybench.harness.report.RunSummary;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * What a run of either design ({@link RoundsRun}, {@link EqualRatesRun}) holds as it goes: its plan, placement, folder
 * and start, and what it measured so far. The measured part is kept under {@link #lock}: the main thread adds to it,
 * and on SIGINT or SIGTERM the shutdown hook ({@link Signals#onSignal}) writes the summary from it while the main
 * thread may still be measuring; whichever writes the summary first sets {@link #written}, under the lock.
 */
final class RunState {
    final RunPlan plan;
    final Topology topology;
    /**
     * The hostile-input suite's finding (targets/hostile-input.tsv), for the gateways run from their own descriptors.
     */
    final HostileInputRecord hostile;
    /** Workers per gateway: as the run says, or as many as the gateway's host has CPUs. */
    final int workers;
    final Path runDir;
    final Instant started = Instant.now();
    /** The commit the run is made from, read as it starts: later changes to the work tree are not the run's. */
    final String gitCommit = Environment.gitCommit();
    final Object lock = new Object();
    /** Each target's closed-load rounds so far, every target of the plan from the start. */
    final Map<String, List<RequestStats>> rounds = new LinkedHashMap<>();
    /** Why a target failed, for each that did. */
    final Map<String, String> failures = new LinkedHashMap<>();
    /** What each target's rounds found besides its figures (its configuration, flags, checks). */
    final Map<String, TargetDetails> details = new LinkedHashMap<>();
    /** Set under the lock once the summary is written, by the main thread or by the shutdown hook. */
    boolean written;

    RunState(RunPlan plan, Topology topology, HostileInputRecord hostile, Path runDir) {
        this.plan = plan;
        this.topology = topology;
        this.hostile = hostile;
        this.workers = plan.workers() > 0 ? plan.workers() : topology.gatewayCpus();
        this.runDir = runDir;
        for (Target t : plan.targets()) {
            rounds.put(t.name(), new ArrayList<>());
        }
    }

    /** What the summary says of a run of {@code as} (the plan, or the plan with the rounds it made) and its targets. */
    RunDescription description(RunPlan as) {
        return new RunDescription(as, topology, workers, runDir, started, hostile, gitCommit);
    }

    /** Changes {@code target}'s details under the lock: what a round hands back as it learns them. */
    void detail(Target target, UnaryOperator<TargetDetails> change) {
        synchronized (lock) {
            details.put(target.name(), change.apply(details.get(target.name())));
        }
    }

    /** The run's last line, by which infra/ansible/bench.yml finds its folder: "bench: results in <folder> (...)". */
    void resultsLine() {
        System.out.println("bench: results in " + runDir + " (summary.md, " + HtmlReport.FILE + ", "
                + RunSummary.DETAILS + ", summary.json)");
    }

    /** A time as the console gives it: "12 min 17 s", or "40 s". */
    static String minutes(double seconds) {
        Duration d = Duration.ofSeconds((long) seconds);
        return d.toMinutes() > 0 ? d.toMinutes() + " min " + d.toSecondsPart() + " s" : d.toSeconds() + " s";
    }
}
