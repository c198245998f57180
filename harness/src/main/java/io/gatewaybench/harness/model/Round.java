package io.gatewaybench.harness.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * One round's closed (or open) measurement of the target, as measured ({@code rounds[]}).
 *
 * @param requests measured requests in the window, failed ones included, count
 * @param errors failed requests (wrong status or wrong page), count
 * @param throughputRps measured throughput, req/s
 * @param latencyMs latency of the measured requests, ms
 * @param resources each role's cost over this round's measured window
 * @param runtime what the target's process showed in this round
 * @param latencySpectrumMs the latency at every percentile HdrHistogram lists below 100%, as [fraction, ms] pairs (the 100% row is
 *        latency_ms.max)
 * @param injectors each injector host's share where several ran the closed load at once ({@code --injectors}); absent where
 *        one did
 */
public record Round(
        @JsonProperty(value = "requests", required = true) long requests,
        @JsonProperty(value = "errors", required = true) long errors,
        @JsonProperty(value = "throughput_rps", required = true) double throughputRps,
        @JsonProperty(value = "latency_ms", required = true) LatencyMs latencyMs,
        @JsonProperty(value = "resources", required = true) Resources resources,
        @JsonProperty("runtime") RoundRuntime runtime,
        @JsonProperty("latency_spectrum_ms") List<SpectrumPoint> latencySpectrumMs,
        @JsonProperty("injectors") List<ClosedShare> injectors) {
}
