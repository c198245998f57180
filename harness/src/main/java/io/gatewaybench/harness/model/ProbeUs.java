package io.gatewaybench.harness.model;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The microsecond probe's requests of all rounds pooled ({@code probe_us}; every scenario, plain only in runs made before 20261126), us.
 *
 * @param unloaded single requests back to back on the warm, idle target, us
 * @param underLoad 50 req/s beside Gatling's measured window, each from its intended send instant, us
 * @param underLoadLessOwnLag the same requests each less the probe's own send lag, us; absent in runs before it was
 *     recorded
 */
public record ProbeUs(
        @JsonProperty("unloaded") ProbeResult unloaded,
        @JsonProperty("under_load") ProbeResult underLoad,
        @JsonProperty("under_load_less_own_lag") ProbeResult underLoadLessOwnLag) {
}
