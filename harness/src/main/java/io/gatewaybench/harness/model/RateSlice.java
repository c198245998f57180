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
 * @param fromEpochMs where the slice began, by the intended send instants, epoch ms; absent in runs before it was
 *     recorded
 * @param gcCpuMs for a JVM gateway on the harness's machine, the CPU time of its garbage collection's threads and VM
 *     Thread over the slice (part of {@code cpuMs}), ms; absent for every other target
 * @param allocatedBytes for a JVM gateway with a Flight Recorder recording (a run of several JVM profiles, or --jfr),
 *     the bytes its Java threads allocated over the slice ({@code JfrFigures.allocatedIn}); absent for every other
 *     target
 * @param p50Us 50th percentile latency of the good answers, us; null with none
 * @param p99Us 99th percentile latency of the good answers, us; null with none
 * @param sendLagP99Us how late the injector sent its requests, 99th percentile, us
 */
public record RateSlice(
        @JsonProperty(value = "sent", required = true) long sent,
        @JsonProperty(value = "good", required = true) long good,
        @JsonProperty("from_epoch_ms") Long fromEpochMs,
        @JsonProperty("cpu_ms") Double cpuMs,
        @JsonProperty("gc_cpu_ms") Double gcCpuMs,
        @JsonProperty("allocated_bytes") Long allocatedBytes,
        @JsonProperty(value = "p50_us", required = true) @NullableKey Long p50Us,
        @JsonProperty(value = "p99_us", required = true) @NullableKey Long p99Us,
        @JsonProperty(value = "send_lag_p99_us", required = true) long sendLagP99Us) {
    /** CPU time per good answer, us; NaN without a CPU reading or an answer. */
    public double cpuUsPerRequest() {
        return cpuMs == null || good == 0 ? Double.NaN : cpuMs * 1000 / good;
    }

    /** The same with {@code bytes} allocated over it. */
    public RateSlice withAllocated(long bytes) {
        return new RateSlice(sent, good, fromEpochMs, cpuMs, gcCpuMs, bytes, p50Us, p99Us, sendLagP99Us);
    }

    /** Bytes allocated per good answer; NaN without a reading or an answer. */
    public double allocatedPerRequest() {
        return allocatedBytes == null || good == 0 ? Double.NaN : (double) allocatedBytes / good;
    }

    /** Its collection's CPU time per good answer, us; NaN without a reading or an answer. */
    public double gcCpuUsPerRequest() {
        return gcCpuMs == null || good == 0 ? Double.NaN : gcCpuMs * 1000 / good;
    }
}
