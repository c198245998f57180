package io.gatewaybench.harness.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * One JVM profile of a gateway measured at the run's equal rates beside the reference profile
 * ({@code jvm_profiles.at_equal_rates}): its cost and the latency it adds, each over the reference's in the same
 * slices.
 *
 * @param profile the JVM profile
 * @param target the target (gateway@profile)
 * @param twin whether it is the reference profile's second instance, the A/A pair
 * @param steadyAfterS seconds of warm-up after which its slices held steady; null: not within the warm-up
 * @param atRates each equal rate, ascending
 * @param aa for the twin: whether the pair came out equivalent; absent for every other row
 * @param batch the batch of a matrix too large to run at once it was measured in, beside that batch's reference;
 *     absent where every target ran at once
 */
public record ProfileCost(
        @JsonProperty(value = "profile", required = true) String profile,
        @JsonProperty(value = "target", required = true) String target,
        @JsonProperty(value = "twin", required = true) boolean twin,
        @JsonProperty(value = "steady_after_s", required = true) @NullableKey Integer steadyAfterS,
        @JsonProperty(value = "at_rates", required = true) List<AtRate> atRates,
        @JsonProperty("aa") Equivalence aa,
        @JsonProperty("batch") Integer batch) {
    /**
     * One equal rate.
     *
     * @param rateRps the rate, req/s
     * @param cpuUsPerRequest its processes' CPU time per good answer, with its 95% interval, us
     * @param overReference its CPU per request over the reference profile's, slice by slice, its interval at the
     *     family's level (Bonferroni over the gateway's comparisons); absent for the reference itself
     * @param pHolm the p-value of "the same CPU per request as the reference", Holm-adjusted over the gateway's
     *     comparisons; absent for the reference and with too few slices
     * @param verdict more or less CPU per request than the reference where the Holm-adjusted p is under 0.05, else
     *     within the noise; absent for the reference
     * @param addedP99OverReferenceUs its P99 less the reference's, slice by slice, with its 95% interval, us
     * @param gcCpuUsPerRequest the part of its CPU per request its garbage collection spent, with its 95% interval, us;
     *     absent where it was not read
     * @param gcAddedOverReferenceUs that less the reference profile's, slice by slice, with its 95% interval, us;
     *     absent for the reference and where either was not read
     * @param allocatedBytesPerRequest the bytes it allocated per good answer, with its 95% interval; absent without a
     *     recording
     * @param allocationOverReference that over the reference profile's, slice by slice, its interval at the family's
     *     level (as {@code overReference}); absent for the reference and where either was not read
     */
    public record AtRate(
            @JsonProperty(value = "rate_rps", required = true) int rateRps,
            @JsonProperty("cpu_us_per_request") Estimate cpuUsPerRequest,
            @JsonProperty("over_reference") Estimate overReference,
            @JsonProperty("p_holm") Double pHolm,
            @JsonProperty("verdict") CostRow.CpuVerdict verdict,
            @JsonProperty("added_p99_over_reference_us") Estimate addedP99OverReferenceUs,
            @JsonProperty("gc_cpu_us_per_request") Estimate gcCpuUsPerRequest,
            @JsonProperty("gc_added_over_reference_us") Estimate gcAddedOverReferenceUs,
            @JsonProperty("allocated_bytes_per_request") Estimate allocatedBytesPerRequest,
            @JsonProperty("allocation_over_reference") Estimate allocationOverReference) {
    }

    /**
     * The A/A pair's finding: equivalent where at every rate the 90% interval of the twin's CPU over the reference's
     * lies within 1 ± {@code margin} (two one-sided tests at 5%), and no rate's verdict told the two apart.
     *
     * @param equivalent whether it did
     * @param margin the margin, a share (0.05: ±5%)
     * @param finding in words, with the widest interval
     */
    public record Equivalence(
            @JsonProperty(value = "equivalent", required = true) boolean equivalent,
            @JsonProperty(value = "margin", required = true) double margin,
            @JsonProperty(value = "finding", required = true) String finding) {
    }
}
