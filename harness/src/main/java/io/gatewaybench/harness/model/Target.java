package io.gatewaybench.harness.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One target of the run ({@code targets[]}): its judged figures, what each round measured, and how it ran.
 *
 * <p>A target with {@code rounds} has the judged figures ({@code requests} to {@code relative_to_direct}, {@code resources}); one without
 * has {@code failure} (which a target measured in some rounds only has too). The other keys are absent where they do not apply:
 * {@code spread} with one round, the ladder's keys without a ladder, the probe's in runs from before it ran under every scenario, the details of a target that
 * failed before they were known.
 *
 * @param name the target's name (gateway[@profile][:scenario][-wN])
 * @param description what the target is, in words
 * @param requests measured requests over all rounds, count
 * @param errors failed requests over all rounds, count
 * @param errorShare errors / requests, share 0-1; null with no requests; absent: not measured
 * @param throughputRps median throughput over rounds, req/s
 * @param latencyMs each latency percentile's median over rounds, ms
 * @param relativeToDirect the target beside its baseline; null: the baseline was not measured; absent: the target was not measured
 * @param spread the target's figures over rounds (two rounds or more)
 * @param maxSustainable the maximum sustainable rate per objective, keyed by objective name
 * @param scenario the scenario it ran under (absent: plain)
 * @param plain the same gateway's target under plain
 * @param failure why the target was not measured (or not in every round)
 * @param resources each role's cost, medians over rounds (peak memory: the largest)
 * @param gatewayCpu the gateway's CPU per request over rounds with its interval, and the req/s one core would carry at it (absent:
 *        direct, or a gateway not sampled)
 * @param probeUs the microsecond probe's requests of all rounds pooled, us (every scenario; plain only in runs made before 20261126)
 * @param probeAddedUsOverDirect what the target adds over direct per probe, us; null: direct was not measured; absent: no probe ran
 * @param fixedRate the fixed-rate ladder's levels, ascending
 * @param rounds each round's measurement, in round order (direct, in runs before 20261127: one more after the last round)
 * @param baseline the target its throughput is paired with (multi-scenario runs)
 * @param configuration its configuration file relative to the repository, or "none: the client calls the origin"
 * @param sweepSeries the workers sweep series (the gateway) this target belongs to
 * @param sweepWorkers workers of this target in the sweep, count
 * @param gateway the gateway it runs
 * @param runFolder its folder in the run (targets/&lt;name&gt;-round1), relative to the run
 * @param workers workers or event loops it was given, count
 * @param jvmProfile the JVM profile it ran under
 * @param java the java executable it ran with
 * @param jvmFlags its JVM flags
 * @param gatewayArgs command-line options added after the gateway's usual ones
 * @param jfrRecording the Flight Recorder recording it ran with
 * @param rateLimitCheck round 1 of a rate-limit scenario: the target started once with a low limit, to show it answers 429 at about that
 *        rate
 * @param gatling how Gatling ended in each measured round
 * @param wrkCrossCheck the wrk cross-check (round 1, plain scenario)
 * @param notWarmRounds the rounds whose closed load did not reach a steady rate within its warm-up (steady_after_s null: part
 *        of the measured window was still warming up), count; absent where no round recorded it
 * @param notSampled why the gateway's CPU and memory were not measured: a gateway declared by URL whose descriptor names no
 *        process to watch; absent where they were, or for direct
 */
public record Target(
        @JsonProperty(value = "name", required = true) String name,
        @JsonProperty(value = "description", required = true) String description,
        @JsonProperty("requests") Long requests,
        @JsonProperty("errors") Long errors,
        @JsonProperty("error_share") Optional<Double> errorShare,
        @JsonProperty("throughput_rps") Double throughputRps,
        @JsonProperty("latency_ms") LatencyMs latencyMs,
        @JsonProperty("relative_to_direct") Optional<RelativeToDirect> relativeToDirect,
        @JsonProperty("spread") Spread spread,
        @JsonProperty("max_sustainable") Map<String, MaxSustainable> maxSustainable,
        @JsonProperty("scenario") String scenario,
        @JsonProperty("plain") String plain,
        @JsonProperty("failure") String failure,
        @JsonProperty("resources") Resources resources,
        @JsonProperty("gateway_cpu") GatewayCpu gatewayCpu,
        @JsonProperty("probe_us") ProbeUs probeUs,
        @JsonProperty("probe_added_us_over_direct") Optional<ProbeAdded> probeAddedUsOverDirect,
        @JsonProperty("fixed_rate") List<FixedRateLevel> fixedRate,
        @JsonProperty("rounds") List<Round> rounds,
        @JsonProperty("baseline") String baseline,
        @JsonProperty("configuration") String configuration,
        @JsonProperty("sweep_series") String sweepSeries,
        @JsonProperty("sweep_workers") Integer sweepWorkers,
        @JsonProperty("gateway") String gateway,
        @JsonProperty("run_folder") String runFolder,
        @JsonProperty("workers") Integer workers,
        @JsonProperty("jvm_profile") String jvmProfile,
        @JsonProperty("java") String java,
        @JsonProperty("jvm_flags") String jvmFlags,
        @JsonProperty("gateway_args") String gatewayArgs,
        @JsonProperty("jfr_recording") String jfrRecording,
        @JsonProperty("rate_limit_check") RateLimitCheck rateLimitCheck,
        @JsonProperty("gatling") List<GatlingStatus> gatling,
        @JsonProperty("wrk_cross_check") List<WrkCheck> wrkCrossCheck,
        @JsonProperty("not_warm_rounds") Integer notWarmRounds,
        @JsonProperty("not_sampled") String notSampled) {
    /** The same target with other maximum sustainable rates. */
    public Target withMaxSustainable(Map<String, MaxSustainable> found) {
        return new Target(name, description, requests, errors, errorShare, throughputRps, latencyMs, relativeToDirect, spread, found, scenario,
                plain, failure, resources, gatewayCpu, probeUs, probeAddedUsOverDirect, fixedRate, rounds, baseline, configuration, sweepSeries,
                sweepWorkers, gateway, runFolder, workers, jvmProfile, java, jvmFlags, gatewayArgs, jfrRecording, rateLimitCheck, gatling,
                wrkCrossCheck, notWarmRounds, notSampled);
    }
}
