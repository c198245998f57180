package io.gatewaybench.harness.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Optional;

/**
 * The target beside its baseline (direct, or direct under the scenario's page) of the same run.
 *
 * @param throughput median of the per-round throughput ratios to the baseline, ratio; null: no paired rounds
 * @param latency each latency as a multiple of the baseline's, ratio
 * @param withinNoiseOfDirect why the throughput cannot be told from the baseline's; null: the difference is established, or one round;
 *        absent: the baseline itself
 */
public record RelativeToDirect(
        @JsonProperty(value = "throughput", required = true) @NullableKey Double throughput,
        @JsonProperty(value = "latency", required = true) LatencyMultiples latency,
        @JsonProperty("within_noise_of_direct") Optional<String> withinNoiseOfDirect) {
}
