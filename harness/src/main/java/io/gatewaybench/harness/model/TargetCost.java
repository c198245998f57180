package io.gatewaybench.harness.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * What a target costs at the run's equal rates, judged from its slices ({@code targets[].cost}; {@code Analysis}).
 *
 * @param steadyAfterS seconds of warm-up after which its slices held steady; null: not within the warm-up
 * @param notSteady why its figures are not those of a warm target: no steady state within the warm-up's cap; absent
 *     where it was steady
 * @param atRates each equal rate, ascending
 * @param coresPer10kRps the CPU cores it keeps busy per 10,000 req/s at the highest rate whose P99 met the objective;
 *     absent where none did, and where its CPU was not read
 */
public record TargetCost(
        @JsonProperty(value = "steady_after_s", required = true) @NullableKey Integer steadyAfterS,
        @JsonProperty("not_steady") String notSteady,
        @JsonProperty(value = "at_rates", required = true) List<AtRate> atRates,
        @JsonProperty("cores_per_10k_rps") Capacity coresPer10kRps) {
    /**
     * One equal rate.
     *
     * @param rateRps the rate, req/s
     * @param cpuUsPerRequest its processes' CPU time per good answer, us; absent for direct and a gateway not sampled
     * @param cores CPU cores it kept busy on average; absent as the CPU per request is
     * @param gcCpuUsPerRequest for a JVM gateway, the part of its CPU per request its garbage collection's threads and
     *     VM Thread spent, us; absent for every other target
     * @param allocatedBytesPerRequest for a JVM gateway with a Flight Recorder recording, the bytes its Java threads
     *     allocated per good answer, with its 95% interval; absent for every other target
     * @param relative its CPU per request over the cheapest gateway's in the same slices; absent for that one, direct
     *     and a gateway not sampled
     * @param latencyUs the good answers pooled, from their intended send, us
     * @param addedOverDirectUs what it adds over direct at the same rate in the same slices, us; absent for direct
     * @param errors answers that were not the page, count
     * @param objectiveHolds whether every answer was the page and its P99 met the run's objective
     */
    public record AtRate(
            @JsonProperty(value = "rate_rps", required = true) int rateRps,
            @JsonProperty("cpu_us_per_request") Estimate cpuUsPerRequest,
            @JsonProperty("cores") Estimate cores,
            @JsonProperty("gc_cpu_us_per_request") Estimate gcCpuUsPerRequest,
            @JsonProperty("allocated_bytes_per_request") Estimate allocatedBytesPerRequest,
            @JsonProperty("relative") Relative relative,
            @JsonProperty(value = "latency_us", required = true) ProbeResult latencyUs,
            @JsonProperty("added_over_direct_us") Added addedOverDirectUs,
            @JsonProperty(value = "errors", required = true) long errors,
            @JsonProperty(value = "objective_holds", required = true) boolean objectiveHolds) {
    }

    /**
     * A CPU cost over another target's, measured in the same slices.
     *
     * @param to the other target
     * @param ratio this one's CPU per request over the other's, slice by slice
     */
    public record Relative(
            @JsonProperty(value = "to", required = true) String to,
            @JsonProperty(value = "ratio", required = true) Estimate ratio) {
    }

    /**
     * Latency added over direct, slice by slice (this target's percentile less direct's of the same slice), us.
     *
     * @param p50 at the median
     * @param p99 at the 99th percentile
     */
    public record Added(
            @JsonProperty(value = "p50", required = true) Estimate p50,
            @JsonProperty(value = "p99", required = true) Estimate p99) {
    }

    /**
     * CPU cores per 10,000 req/s.
     *
     * @param atRps the rate it was measured at, req/s
     * @param cores cores per 10,000 req/s at that rate's CPU per request
     */
    public record Capacity(
            @JsonProperty(value = "at_rps", required = true) int atRps,
            @JsonProperty(value = "cores", required = true) Estimate cores) {
    }
}
