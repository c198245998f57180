package io.gatewaybench.harness.measure;

import io.gatewaybench.harness.model.Baseline;
import io.gatewaybench.harness.model.LadderPlan;
import io.gatewaybench.harness.model.Decimals;
import io.gatewaybench.harness.plan.RunPlan;
import io.gatewaybench.harness.plan.Scenario;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;

/**
 * The fixed-rate ladder's rates for a run, fixed once before the rounds so that every target gets the same ones: given
 * as they are, or from direct's capacity, measured under the run's closed load (30 s warm-up, 10 s measured).
 *
 * @param rates the ladder's rates, req/s, ascending (empty: the run has no ladder)
 * @param measured direct's capacity and how it was measured; null when the rates were given
 */
public record Calibration(List<Integer> rates, LadderPlan.Calibration measured) {

    /**
     * The ladder's rates of {@code plan}: when they are shares of direct's capacity, that capacity measured against
     * {@code origin} (after checking it serves the {@code reference} page), Gatling's files in {@code runDir}'s
     * {@code raw/calibration}.
     */
    public static Calibration of(RunPlan plan, Path runDir, URI origin, byte[] reference, Progress progress) throws IOException {
        RunPlan.LadderSpec ladder = plan.ladder();
        if (ladder.percents().isEmpty()) {
            return new Calibration(ladder.absolute(), null);
        }
        // Tomcat fresh from its start needs about half a minute at full load before it reaches its
        // pace (measured here: 16,300 req/s after a 10 s warm-up, 31,000 a minute later).
        RunPlan.LoadSpec load = new RunPlan.LoadSpec("closed", plan.load().users(), 0, plan.quick() ? 2 : 30,
                Math.min(10, plan.load().durationSeconds()), plan.load().sessions());
        progress.line(String.format("direct's capacity under %d closed users (warm-up %d s, measure %d s) fixes the ladder's rates",
                load.users(), load.warmupSeconds(), load.durationSeconds()));
        ScenarioCheck.check(Baseline.DIRECT, origin, plan.origin(), reference);
        // the run's own request under plain, no cookie given (for Tomcat the simulation fetches a session: Request.BOOK)
        GatlingRun.Request request = GatlingRun.Request.of(plan.scenario(Scenario.PLAIN), plan.credentials(), reference, "", plan.origin());
        try (ResourceSampler sampler = new ResourceSampler()) {
            RequestStats direct = GatlingRun.measure(origin, request, load, List.of(), ladder, runDir.resolve("raw/calibration"), sampler,
                    null, progress).stats();
            List<Integer> rates = Ladder.rates(ladder.percents(), direct.throughputRps(), ladder.absolute());
            LadderPlan.Calibration measured = new LadderPlan.Calibration("direct, closed model, " + load.users() + " users, warm-up "
                    + load.warmupSeconds() + " s, measured " + load.durationSeconds() + " s, before round 1",
                    Decimals.round(direct.throughputRps()), direct.errors());
            int asked = ladder.percents().size() + ladder.absolute().size();
            progress.line(String.format("direct %.0f req/s; ladder %s req/s (%s%% of it%s)%s", direct.throughputRps(), rates,
                    ladder.percents(), ladder.absolute().isEmpty() ? "" : ", plus " + ladder.absolute(),
                    rates.size() < asked ? String.format("; %d level%s, not %d: some share a rate (at least 10 req/s each, two"
                            + " significant digits)", rates.size(), rates.size() == 1 ? "" : "s", asked) : ""));
            return new Calibration(rates, measured);
        }
    }
}
