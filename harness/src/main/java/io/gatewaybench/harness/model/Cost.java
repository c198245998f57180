package io.gatewaybench.harness.model;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * One role's cost over the measured window (ResourceSampler.Cost); pooled over rounds: medians, peak memory the largest.
 *
 * <p>It has exactly one of {@code peak_pss_mb} (format 2) and {@code peak_rss_mb} (summaries re-analysed from format 1).
 *
 * @param cpuS CPU time of the role's process tree over the measured window, s
 * @param cpuMsPer1000Requests CPU time per 1,000 successful requests, ms
 * @param cores CPU cores kept busy on average over the window, cores
 * @param peakPssMb peak proportional set size of the process tree in the window, MiB
 * @param peakRssMb peak resident set size in the window, MiB (summaries re-analysed from format 1 only)
 */
public record Cost(
        @JsonProperty(value = "cpu_s", required = true) double cpuS,
        @JsonProperty(value = "cpu_ms_per_1000_requests", required = true) double cpuMsPer1000Requests,
        @JsonProperty(value = "cores", required = true) double cores,
        @JsonProperty("peak_pss_mb") Double peakPssMb,
        @JsonProperty("peak_rss_mb") Double peakRssMb) {
    /** Exactly one peak memory figure. */
    public Cost {
        if ((peakPssMb == null) == (peakRssMb == null)) {
            throw new IllegalArgumentException("a cost has exactly one of peak_pss_mb and peak_rss_mb, not "
                    + (peakPssMb == null ? "neither" : "both"));
        }
    }
}
