package io.gatewaybench.harness.model;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * What the gateway's own processes spend per request under the closed load ({@code gateway_cpu}), per round: a figure the
 * injector cannot bend the way it bends throughput, since a slower injector sends fewer requests and the gateway spends
 * less in all, not more per request. Both are over the rounds whose gateway was sampled (a gateway on another host is
 * not), with the 95% interval of their geometric mean.
 *
 * @param msPer1000Requests CPU time of the gateway's process tree (every worker included) per 1,000 successful requests, ms
 * @param requestsPerCoreSecond the requests one core, kept fully busy, would carry at that cost (1,000,000 / the cost of the
 *        same round), req/s
 */
public record GatewayCpu(
        @JsonProperty(value = "ms_per_1000_requests", required = true) Interval msPer1000Requests,
        @JsonProperty(value = "requests_per_core_second", required = true) Interval requestsPerCoreSecond) {
}
