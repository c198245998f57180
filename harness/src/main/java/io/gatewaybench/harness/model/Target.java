package io.gatewaybench.harness.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import java.util.Map;

/**
 * One target of the run ({@code targets[]}): what it is and how it ran ({@link About}), what its rounds measured
 * ({@link Measured}), what the analysis judged of that ({@link Judged}), and its fixed-rate ladder, each level measured
 * and judged ({@link FixedRateLevel}). summary.json writes the four side by side in one object ({@link Flat}).
 *
 * @param about what the target is and how it ran
 * @param measured what its rounds measured; never null
 * @param judged what the analysis judged of it; null where it has no rounds to judge (it failed before any)
 * @param fixedRate the fixed-rate ladder's levels, ascending; null without a ladder, or where it was not measured
 * @param cost what the analysis judged of its equal rates ({@link Measured#equalRates()}); null where it had none
 */
@Flat
@JsonPropertyOrder({"name", "description", "requests", "errors", "error_share", "throughput_rps", "latency_ms",
    "relative_to_direct", "spread", "max_sustainable", "scenario", "plain", "failure", "resources", "gateway_cpu",
    "probe_us", "probe_added_us_over_direct", "fixed_rate", "rounds", "baseline", "configuration", "sweep_series",
    "sweep_workers", "gateway", "run_folder", "workers", "jvm_profile", "java", "jvm_flags", "gateway_args",
    "jfr_recording", "rate_limit_check", "gatling", "wrk_cross_check", "not_warm_rounds", "not_sampled", "equal_rates",
    "cost"})
public record Target(About about, Measured measured, Judged judged,
        @JsonProperty("fixed_rate") List<FixedRateLevel> fixedRate,
        @JsonProperty("cost") TargetCost cost) {
    /** A target without {@code measured} has measured nothing. */
    public Target {
        measured = measured == null ? Measured.NOTHING : measured;
    }

    /** The target's name (gateway[@profile][:scenario][-wN]). */
    public String name() {
        return about.name();
    }

    /** The target ran and has rounds to judge. */
    public boolean wasMeasured() {
        return measured.failure() == null && measured.rounds() != null && !measured.rounds().isEmpty();
    }

    /** A target as measure writes it: nothing judged yet. */
    public Target(About about, Measured measured, List<FixedRateLevel> fixedRate) {
        this(about, measured, null, fixedRate, null);
    }

    /** The same target with {@code judged} and the ladder's levels judged as {@code levels} gives. */
    public Target withJudged(Judged judged, List<FixedRateLevel> levels) {
        return new Target(about, measured, judged, levels, cost);
    }

    /** The same target with its equal rates judged as {@code judged}. */
    public Target withCost(TargetCost judged) {
        return new Target(about, measured, this.judged, fixedRate, judged);
    }

    /**
     * What the target is and how it ran. The keys are absent where they do not apply: the scenario's under plain, the
     * sweep's outside a workers sweep, the gateway's for direct, and all of them for a target that failed before they
     * were known.
     *
     * @param name the target's name (gateway[@profile][:scenario][-wN])
     * @param description what the target is, in words
     * @param scenario the scenario it ran under (absent: plain)
     * @param plain the same gateway's target under plain
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
     * @param notSampled why the gateway's CPU and memory were not measured: a gateway declared by URL whose descriptor
     *     names no process to watch; absent where they were, or for direct
     */
    public record About(
            @JsonProperty(value = "name", required = true) String name,
            @JsonProperty(value = "description", required = true) String description,
            @JsonProperty("scenario") String scenario,
            @JsonProperty("plain") String plain,
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
            @JsonProperty("not_sampled") String notSampled) {
        /** A target known by its name and description alone. */
        public static About of(String name, String description) {
            return new About(name, description, null, null, null, null, null, null, null, null, null, null, null,
                    null, null, null, null);
        }

        /** The name of the target this one's figures are paired with: its own baseline, else direct. */
        public String baselineName() {
            return baseline == null ? Baseline.DIRECT : baseline;
        }
    }

    /**
     * What the target's rounds measured, written once by the run: each round's closed load, what was pooled over the
     * rounds (the probes' requests, each role's cost), and the checks made beside the load. A target measured in some
     * rounds only has {@code failure} too.
     *
     * @param failure why the target was not measured (or not in every round)
     * @param resources each role's cost, medians over rounds (peak memory: the largest)
     * @param probeUs the microsecond probe's requests of all rounds pooled, us (every scenario; plain only in runs made
     *     before the probe ran under every scenario)
     * @param rounds each round's measurement, in round order (direct, in runs made before it ran once a round: one more
     *     after the last round)
     * @param rateLimitCheck round 1 of a rate-limit scenario: the target started once with a low limit, to show it
     *     answers 429 at about that rate
     * @param gatling how Gatling ended in each measured round
     * @param wrkCrossCheck the wrk cross-check (round 1, plain scenario)
     * @param equalRates its warm-up and each equal rate, slice by slice, where the run measured the targets at equal
     *     rates
     */
    public record Measured(
            @JsonProperty("failure") String failure,
            @JsonProperty("resources") Resources resources,
            @JsonProperty("probe_us") ProbeUs probeUs,
            @JsonProperty("rounds") List<Round> rounds,
            @JsonProperty("rate_limit_check") RateLimitCheck rateLimitCheck,
            @JsonProperty("gatling") List<GatlingStatus> gatling,
            @JsonProperty("wrk_cross_check") List<WrkCheck> wrkCrossCheck,
            @JsonProperty("equal_rates") TargetRates equalRates) {
        /** Nothing measured. */
        public static final Measured NOTHING = failed(null);

        /** A target that failed before any round, for {@code why}. */
        public static Measured failed(String why) {
            return new Measured(why, null, null, null, null, null, null, null);
        }

        /** The same with its equal rates. */
        public Measured withEqualRates(TargetRates rates) {
            return new Measured(failure, resources, probeUs, rounds, rateLimitCheck, gatling, wrkCrossCheck, rates);
        }
    }

    /**
     * What the analysis judged of the target's rounds ({@code Analysis.apply}): counts summed, figures' medians over
     * rounds, the throughput relative to direct paired round by round, spreads, the maximum sustainable rate per
     * objective.
     *
     * @param requests measured requests over all rounds, count
     * @param errors failed requests over all rounds, count
     * @param errorShare errors / requests, share 0-1; null with no requests
     * @param throughputRps median throughput over rounds, req/s
     * @param latencyMs each latency percentile's median over rounds, ms
     * @param relativeToDirect the target beside its baseline; null: the baseline was not measured
     * @param spread the target's figures over rounds (two rounds or more)
     * @param maxSustainable the maximum sustainable rate per objective, keyed by objective name
     * @param gatewayCpu the gateway's CPU per request over rounds with its interval, and the req/s one core would carry
     *     at it (absent: direct, or a gateway not sampled)
     * @param probeAddedUsOverDirect what the target adds over its baseline per probe, us; absent where no probe ran or
     *     the baseline was not measured
     * @param notWarmRounds the rounds whose closed load did not reach a steady rate within its warm-up (steady_after_s
     *     null: part of the measured window was still warming up), count; absent where no round recorded it
     */
    public record Judged(
            @JsonProperty(value = "requests", required = true) long requests,
            @JsonProperty(value = "errors", required = true) long errors,
            @JsonProperty(value = "error_share", required = true) @NullableKey Double errorShare,
            @JsonProperty(value = "throughput_rps", required = true) double throughputRps,
            @JsonProperty(value = "latency_ms", required = true) LatencyMs latencyMs,
            @JsonProperty(value = "relative_to_direct", required = true) @NullableKey RelativeToDirect relativeToDirect,
            @JsonProperty("spread") Spread spread,
            @JsonProperty("max_sustainable") Map<String, MaxSustainable> maxSustainable,
            @JsonProperty("gateway_cpu") GatewayCpu gatewayCpu,
            @JsonProperty("probe_added_us_over_direct") ProbeAdded probeAddedUsOverDirect,
            @JsonProperty("not_warm_rounds") Integer notWarmRounds) {
        /** The same with other maximum sustainable rates. */
        public Judged withMaxSustainable(Map<String, MaxSustainable> found) {
            return new Judged(requests, errors, errorShare, throughputRps, latencyMs, relativeToDirect, spread,
                    found, gatewayCpu,
                    probeAddedUsOverDirect, notWarmRounds);
        }
    }
}
