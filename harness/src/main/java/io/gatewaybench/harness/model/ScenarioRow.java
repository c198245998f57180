package io.gatewaybench.harness.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.util.Map;
import java.util.Optional;

/** One target under a scenario ({@code scenarios.by_scenario}): measured, failed, or not available to its gateway. */
@JsonTypeInfo(use = JsonTypeInfo.Id.DEDUCTION)
@JsonSubTypes({
        @JsonSubTypes.Type(ScenarioRow.NotAvailable.class),
        @JsonSubTypes.Type(ScenarioRow.Failed.class),
        @JsonSubTypes.Type(ScenarioRow.Measured.class)
})
public sealed interface ScenarioRow permits ScenarioRow.NotAvailable, ScenarioRow.Failed, ScenarioRow.Measured {
    /** The target. */
    String target();

    /**
     * A scenario row of a gateway that cannot run the scenario.
     *
     * @param target the target
     * @param notAvailable why the gateway cannot run this scenario
     */
    record NotAvailable(
            @JsonProperty(value = "target", required = true) String target,
            @JsonProperty(value = "not_available", required = true) String notAvailable) implements ScenarioRow {
    }

    /**
     * A scenario row whose target was not measured.
     *
     * @param target the target
     * @param baseline the target its throughput is paired with
     * @param failure why it was not measured
     */
    record Failed(
            @JsonProperty(value = "target", required = true) String target,
            @JsonProperty(value = "baseline", required = true) String baseline,
            @JsonProperty(value = "failure", required = true) String failure) implements ScenarioRow {
    }

    /**
     * A measured scenario row: throughput beside its baseline, P99 at fixed rates, maximum sustainable rate and CPU.
     *
     * @param target the target
     * @param baseline the target its throughput is paired with
     * @param throughputRps median throughput over rounds, req/s
     * @param throughputRelativeToDirect throughput relative to the baseline, ratio; null: no paired rounds; absent: the baseline was not
     *        measured
     * @param withinNoiseOfDirect why it cannot be told from the baseline; null: established or unknown; absent: the baseline was not
     *        measured
     * @param throughputRelativeToDirectSpread the per-round ratios to the baseline, ratio
     * @param p99MsAtRate P99 at each fixed offered rate (key: the rate, req/s): median over rounds, ms, or why there is none
     * @param maxSustainableRps maximum sustainable rate under the first objective, req/s
     * @param maxSustainableAtLeast true where that rate is only a lower bound (every round injector-limited); absent otherwise
     * @param maxSustainableObjective that objective, in words
     * @param gatewayCpuMsPer1000Requests the gateway's CPU per 1,000 requests, median over rounds, ms; null: not sampled
     */
    record Measured(
            @JsonProperty(value = "target", required = true) String target,
            @JsonProperty(value = "baseline", required = true) String baseline,
            @JsonProperty(value = "throughput_rps", required = true) double throughputRps,
            @JsonProperty("throughput_relative_to_direct") Optional<Double> throughputRelativeToDirect,
            @JsonProperty("within_noise_of_direct") Optional<String> withinNoiseOfDirect,
            @JsonProperty("throughput_relative_to_direct_spread") Interval throughputRelativeToDirectSpread,
            @JsonProperty(value = "p99_ms_at_rate", required = true) Map<Integer, P99AtRate> p99MsAtRate,
            @JsonProperty("max_sustainable_rps") Integer maxSustainableRps,
            @JsonProperty("max_sustainable_at_least") Boolean maxSustainableAtLeast,
            @JsonProperty("max_sustainable_objective") String maxSustainableObjective,
            @JsonProperty(value = "gateway_cpu_ms_per_1000_requests", required = true) @NullableKey Double gatewayCpuMsPer1000Requests)
            implements ScenarioRow {
    }
}
