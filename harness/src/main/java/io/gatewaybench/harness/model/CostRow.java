package io.gatewaybench.harness.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

/** What one scenario costs one gateway ({@code scenarios.cost_vs_plain}): measured, beside its own figures under plain, or failed. */
@JsonTypeInfo(use = JsonTypeInfo.Id.DEDUCTION)
@JsonSubTypes({@JsonSubTypes.Type(CostRow.Failed.class), @JsonSubTypes.Type(CostRow.Measured.class)})
public sealed interface CostRow permits CostRow.Failed, CostRow.Measured {
    /** The scenario. */
    String scenario();

    /** The target under it. */
    String target();

    /**
     * A cost row whose target (or its plain target) was not measured.
     *
     * @param scenario the scenario
     * @param target the target under it
     * @param failure why it (or its plain target) was not measured
     */
    record Failed(
            @JsonProperty(value = "scenario", required = true) String scenario,
            @JsonProperty(value = "target", required = true) String target,
            @JsonProperty(value = "failure", required = true) String failure) implements CostRow {
    }

    /**
     * A measured cost row: throughput and CPU per request beside plain's, each with its interval and verdict.
     *
     * @param scenario the scenario
     * @param target the target under it
     * @param throughputRps median throughput over rounds, req/s
     * @param throughputRelative throughput under the scenario over plain's (for a response size: share of direct's kept for that file over
     *        the book page's), ratio
     * @param throughputRelativeSpread the per-round ratios with their interval, ratio
     * @param gatewayCpuMsPer1000Requests the gateway's CPU per 1,000 requests, median over rounds, ms; null: not sampled
     * @param cpuPerRequestRelative the gateway's CPU per request over plain's, ratio
     * @param cpuPerRequestRelativeSpread the per-round CPU ratios with their interval, ratio
     * @param verdict the throughput verdict against plain
     * @param cpuVerdict the CPU-per-request verdict against plain
     */
    record Measured(
            @JsonProperty(value = "scenario", required = true) String scenario,
            @JsonProperty(value = "target", required = true) String target,
            @JsonProperty(value = "throughput_rps", required = true) double throughputRps,
            @JsonProperty(value = "throughput_relative", required = true) Ratio throughputRelative,
            @JsonProperty(value = "throughput_relative_spread", required = true) RatioSpread throughputRelativeSpread,
            @JsonProperty(value = "gateway_cpu_ms_per_1000_requests", required = true) @NullableKey Double gatewayCpuMsPer1000Requests,
            @JsonProperty(value = "cpu_per_request_relative", required = true) Ratio cpuPerRequestRelative,
            @JsonProperty(value = "cpu_per_request_relative_spread", required = true) RatioSpread cpuPerRequestRelativeSpread,
            @JsonProperty("verdict") Verdict verdict,
            @JsonProperty("cpu_verdict") CostRow.CpuVerdict cpuVerdict) implements CostRow {
    }

    /** The CPU-per-request verdict of a scenario against plain. */
    enum CpuVerdict {
        /** The interval of the CPU ratio holds 1. */
        @JsonProperty("within the noise")
        WITHIN_THE_NOISE,

        /** The whole interval lies above 1. */
        @JsonProperty("more CPU per request")
        MORE_CPU_PER_REQUEST,

        /** The whole interval lies below 1. */
        @JsonProperty("less CPU per request")
        LESS_CPU_PER_REQUEST,

        /** No interval could be made (one round): no verdict. */
        @JsonProperty("no interval (one round)")
        NO_INTERVAL
    }
}
