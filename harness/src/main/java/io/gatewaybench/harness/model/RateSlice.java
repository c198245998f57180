package io.gatewaybench.harness.model;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * One slice of one target at one equal rate, as measured ({@code equal_rates.levels[].slices[]}, {@code
 * equal_rates.warmup[]}): its requests, what its own processes cost meanwhile, and its latency from each request's
 * intended send instant.
 *
 * @param sent requests sent to it with their intended send in the slice, count
 * @param good those answered with the page, count
 * @param cpuMs its processes' CPU time over the slice (its cgroup), ms; absent for direct and a gateway not sampled
 * @param p50Us 50th percentile latency of the good answers, us; null with none
 * @param p99Us 99th percentile latency of the good answers, us; null with none
 * @param sendLagP99Us how late the injector sent its requests, 99th percentile, us
 */
public record RateSlice(
        @JsonProperty(value = "sent", required = true) long sent,
        @JsonProperty(value = "good", required = true) long good,
        @JsonProperty("cpu_ms") Double cpuMs,
        @JsonProperty(value = "p50_us", required = true) @NullableKey Long p50Us,
        @JsonProperty(value = "p99_us", required = true) @NullableKey Long p99Us,
        @JsonProperty(value = "send_lag_p99_us", required = true) long sendLagP99Us) {
    /** CPU time per good answer, us; NaN without a CPU reading or an answer. */
    public double cpuUsPerRequest() {
        return cpuMs == null || good == 0 ? Double.NaN : cpuMs * 1000 / good;
    }
}
