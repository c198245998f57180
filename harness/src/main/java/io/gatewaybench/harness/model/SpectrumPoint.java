package io.gatewaybench.harness.model;

import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * One row of a round's latency spectrum ({@code latency_spectrum_ms[]}): a {@code [fraction, ms]} pair.
 *
 * @param fraction percentile as a share 0-1
 * @param latencyMs latency at it, ms
 */
@JsonFormat(shape = JsonFormat.Shape.ARRAY)
@JsonPropertyOrder({"fraction", "latency_ms"})
public record SpectrumPoint(
        @JsonProperty(value = "fraction", required = true) double fraction,
        @JsonProperty(value = "latency_ms", required = true) double latencyMs) {
}
