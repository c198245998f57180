package io.gatewaybench.harness.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

/** One JVM profile of a gateway ({@code jvm_profiles.by_gateway}): measured, with its figures beside the reference profile's, or failed. */
@JsonTypeInfo(use = JsonTypeInfo.Id.DEDUCTION)
@JsonSubTypes({@JsonSubTypes.Type(ProfileRow.Failed.class), @JsonSubTypes.Type(ProfileRow.Measured.class)})
public sealed interface ProfileRow permits ProfileRow.Failed, ProfileRow.Measured {
    /** The JVM profile. */
    String profile();

    /** The target (gateway@profile). */
    String target();

    /**
     * A profile row whose target was not measured: only why.
     *
     * @param profile the JVM profile
     * @param target the target (gateway@profile)
     * @param failure why it was not measured
     */
    record Failed(
            @JsonProperty(value = "profile", required = true) String profile,
            @JsonProperty(value = "target", required = true) String target,
            @JsonProperty(value = "failure", required = true) String failure) implements ProfileRow {
    }

    /**
     * A measured profile row: throughput and P99 beside the reference's, CPU, memory, start-up and GC.
     *
     * <p>{@code throughput_relative} and the spreads are absent where the reference was not measured; for the reference itself the ratio is
     * 1.0 and the spreads are absent.
     *
     * @param profile the JVM profile
     * @param target the target (gateway@profile)
     * @param throughputRps median throughput over rounds, req/s
     * @param p99Ms median closed-loop P99 over rounds, ms
     * @param throughputRelative throughput over the reference profile's, paired round by round, ratio (1.0: the reference)
     * @param throughputRelativeSpread the per-round throughput ratios with their interval, ratio
     * @param p99RelativeSpread the per-round P99 ratios to the reference's, ratio
     * @param verdict the throughput verdict against the reference
     * @param gatewayCpuMsPer1000Requests the gateway's CPU per 1,000 requests, median over rounds, ms; null: not sampled
     * @param gatewayPeakPssMb the gateway's peak PSS, the largest over rounds, MiB; null: not sampled
     * @param firstAnswerMs from start to the first correct page, median over rounds, ms
     * @param steadyAfterS warm-up seconds until steady, median over rounds, s; null: never within the warm-up
     * @param gcPauses GC pauses in the window, median over rounds, count
     * @param gcPauseTotalMs total GC pause time, median over rounds, ms
     * @param gcPauseMaxMs longest GC pause, median over rounds, ms
     * @param gcPauseP99Ms 99th percentile GC pause, median over rounds, ms
     * @param allocatedBytesPerRequest bytes allocated per request, median over rounds, bytes
     * @param jfrError why a round's recording could not be read
     */
    record Measured(
            @JsonProperty(value = "profile", required = true) String profile,
            @JsonProperty(value = "target", required = true) String target,
            @JsonProperty(value = "throughput_rps", required = true) double throughputRps,
            @JsonProperty(value = "p99_ms", required = true) double p99Ms,
            @JsonProperty("throughput_relative") Ratio throughputRelative,
            @JsonProperty("throughput_relative_spread") RatioSpread throughputRelativeSpread,
            @JsonProperty("p99_relative_spread") RatioSpread p99RelativeSpread,
            @JsonProperty("verdict") Verdict verdict,
            @JsonProperty(value = "gateway_cpu_ms_per_1000_requests", required = true) @NullableKey Double gatewayCpuMsPer1000Requests,
            @JsonProperty(value = "gateway_peak_pss_mb", required = true) @NullableKey Double gatewayPeakPssMb,
            @JsonProperty(value = "first_answer_ms", required = true) @NullableKey Double firstAnswerMs,
            @JsonProperty(value = "steady_after_s", required = true) @NullableKey Double steadyAfterS,
            @JsonProperty(value = "gc_pauses", required = true) @NullableKey Double gcPauses,
            @JsonProperty(value = "gc_pause_total_ms", required = true) @NullableKey Double gcPauseTotalMs,
            @JsonProperty(value = "gc_pause_max_ms", required = true) @NullableKey Double gcPauseMaxMs,
            @JsonProperty(value = "gc_pause_p99_ms", required = true) @NullableKey Double gcPauseP99Ms,
            @JsonProperty(value = "allocated_bytes_per_request", required = true) @NullableKey Double allocatedBytesPerRequest,
            @JsonProperty("jfr_error") String jfrError) implements ProfileRow {
    }
}
