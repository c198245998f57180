package io.gatewaybench.harness.measure;

import io.gatewaybench.harness.model.GatlingStatus;
import io.gatewaybench.harness.model.RateLimitCheck;
import io.gatewaybench.harness.model.WrkCheck;
import java.util.ArrayList;
import java.util.List;

/**
 * What the summary says of a target beside what it measured ({@link RunDescription#target}), and what its rounds added: the
 * rate-limit check, how Gatling ended in each round and the wrk cross-check. Null where the key is absent; the lists are empty
 * where nothing was added.
 *
 * @param scenario the scenario it ran under (runs of several scenarios)
 * @param plain the same gateway's target under plain (runs of several scenarios)
 * @param baseline the target its throughput is paired with (runs of several scenarios)
 * @param configuration its configuration file relative to the repository, or "none: the client calls the origin"
 * @param sweepSeries the workers sweep series (the gateway) it belongs to
 * @param sweepWorkers its workers in the sweep, count
 * @param gateway the gateway it runs
 * @param runFolder its folder in the run, relative to the run
 * @param workers workers or event loops it was given, count
 * @param jvmProfile the JVM profile it ran under
 * @param java the java executable it ran with
 * @param jvmFlags its JVM flags
 * @param gatewayArgs command-line options added after the gateway's usual ones
 * @param jfrRecording the Flight Recorder recording it ran with
 * @param rateLimitCheck round 1 of a rate-limit scenario: the target started once with a low limit
 * @param gatling how Gatling ended in each measured round
 * @param wrkCrossCheck the wrk cross-check (round 1, plain scenario)
 */
public record TargetDetails(String scenario, String plain, String baseline, String configuration, String sweepSeries,
                            Integer sweepWorkers, String gateway, String runFolder, Integer workers, String jvmProfile, String java,
                            String jvmFlags, String gatewayArgs, String jfrRecording, RateLimitCheck rateLimitCheck,
                            List<GatlingStatus> gatling, List<WrkCheck> wrkCrossCheck) {
    /** Nothing said: a target that failed before its details were known. */
    public static final TargetDetails NONE = new TargetDetails(null, null, null, null, null, null, null, null, null, null, null, null,
            null, null, null, List.of(), List.of());

    public TargetDetails {
        gatling = List.copyOf(gatling);
        wrkCrossCheck = List.copyOf(wrkCrossCheck);
    }

    /** The same with round 1's rate-limit check. */
    public TargetDetails withRateLimitCheck(RateLimitCheck check) {
        return new TargetDetails(scenario, plain, baseline, configuration, sweepSeries, sweepWorkers, gateway, runFolder, workers,
                jvmProfile, java, jvmFlags, gatewayArgs, jfrRecording, check, gatling, wrkCrossCheck);
    }

    /** The same with how Gatling ended in one more round. */
    public TargetDetails withGatling(GatlingStatus status) {
        List<GatlingStatus> all = new ArrayList<>(gatling);
        all.add(status);
        return new TargetDetails(scenario, plain, baseline, configuration, sweepSeries, sweepWorkers, gateway, runFolder, workers,
                jvmProfile, java, jvmFlags, gatewayArgs, jfrRecording, rateLimitCheck, all, wrkCrossCheck);
    }

    /** The same with one more wrk cross-check. */
    public TargetDetails withWrkCheck(WrkCheck check) {
        List<WrkCheck> all = new ArrayList<>(wrkCrossCheck);
        all.add(check);
        return new TargetDetails(scenario, plain, baseline, configuration, sweepSeries, sweepWorkers, gateway, runFolder, workers,
                jvmProfile, java, jvmFlags, gatewayArgs, jfrRecording, rateLimitCheck, gatling, all);
    }
}
