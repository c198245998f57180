package io.gatewaybench.harness.model;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * What the target adds over direct per probe kind, us ({@code probe_added_us_over_direct}); a kind is absent where either side has no
 * successful request.
 *
 * @param unloaded added latency of the unloaded probe, us
 * @param underLoad added latency of the probe under load, us
 */
public record ProbeAdded(
        @JsonProperty("unloaded") ProbeAdded.AddedUs unloaded,
        @JsonProperty("under_load") ProbeAdded.AddedUs underLoad) {
    /**
     * What the target adds to one request over the baseline at the probe's percentiles, us (may be negative).
     *
     * @param p50 added latency at P50, us
     * @param p90 added latency at P90, us
     * @param p99 added latency at P99, us
     */
    public record AddedUs(
            @JsonProperty(value = "p50", required = true) long p50,
            @JsonProperty(value = "p90", required = true) long p90,
            @JsonProperty(value = "p99", required = true) long p99) {
    }
}
