package io.gatewaybench.harness.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.util.Map;
import java.util.Optional;

/**
 * One worker count of a swept gateway ({@code workers_sweep.by_gateway}): measured, with its throughput beside the fewest workers', or
 * failed.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.DEDUCTION)
@JsonSubTypes({@JsonSubTypes.Type(WorkersRow.Failed.class), @JsonSubTypes.Type(WorkersRow.Measured.class)})
public sealed interface WorkersRow permits WorkersRow.Failed, WorkersRow.Measured {
    /** Workers of this step, count. */
    int workers();

    /** The target (gateway-wN). */
    String target();

    /** Workers or event loops it was given, count; null where the target did not say. */
    Integer eventLoopsOrWorkers();

    /**
     * A workers row whose target was not measured.
     *
     * @param workers workers of this step, count
     * @param target the target (gateway-wN)
     * @param eventLoopsOrWorkers workers or event loops it was given, count
     * @param failure why it was not measured
     */
    record Failed(
            @JsonProperty(value = "workers", required = true) int workers,
            @JsonProperty(value = "target", required = true) String target,
            @JsonProperty(value = "event_loops_or_workers", required = true) @NullableKey Integer eventLoopsOrWorkers,
            @JsonProperty(value = "failure", required = true) String failure) implements WorkersRow {
    }

    /**
     * A measured workers row.
     *
     * @param workers workers of this step, count
     * @param target the target (gateway-wN)
     * @param eventLoopsOrWorkers workers or event loops it was given, count
     * @param throughputRps median throughput over rounds, req/s
     * @param throughputRelativeToDirect throughput relative to direct, ratio; null: no paired rounds; absent: direct was not measured
     * @param throughputRelative throughput over the same gateway's with the fewest workers, ratio (1.0: that one)
     * @param throughputRelativeSpread the per-round ratios with their interval, ratio
     * @param perWorkerRelative that gain per added worker (1.0: each worker carries as much as the first), ratio
     * @param verdict the throughput verdict against the fewest workers
     * @param p99MsAtRate P99 at each fixed offered rate (key: the rate, req/s): median over rounds, ms, or why there is none
     * @param gatewayCpuMsPer1000Requests the gateway's CPU per 1,000 requests, median over rounds, ms; null: not sampled
     */
    record Measured(
            @JsonProperty(value = "workers", required = true) int workers,
            @JsonProperty(value = "target", required = true) String target,
            @JsonProperty(value = "event_loops_or_workers", required = true) @NullableKey Integer eventLoopsOrWorkers,
            @JsonProperty(value = "throughput_rps", required = true) double throughputRps,
            @JsonProperty("throughput_relative_to_direct") Optional<Double> throughputRelativeToDirect,
            @JsonProperty("throughput_relative") Ratio throughputRelative,
            @JsonProperty("throughput_relative_spread") RatioSpread throughputRelativeSpread,
            @JsonProperty("per_worker_relative") Double perWorkerRelative,
            @JsonProperty("verdict") Verdict verdict,
            @JsonProperty(value = "p99_ms_at_rate", required = true) Map<Integer, P99AtRate> p99MsAtRate,
            @JsonProperty(value = "gateway_cpu_ms_per_1000_requests", required = true) @NullableKey Double gatewayCpuMsPer1000Requests)
            implements WorkersRow {
    }
}
