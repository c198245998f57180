package io.gatewaybench.harness.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Optional;

/**
 * The microsecond probe's figures (LatencyProbe.Result): single book-page requests on one kept-alive connection; percentiles of the
 * successful requests, us.
 *
 * @param requests requests the probe sent, failed ones included, count
 * @param errors requests that failed (wrong status, wrong page, broken connection), count
 * @param percentilesOf what the percentiles are taken over
 * @param p50 50th percentile latency, us; null where no request succeeded
 * @param p90 90th percentile latency, us; null where no request succeeded
 * @param p99 99th percentile latency, us; null where no request succeeded
 * @param p99_9 99.9th percentile latency, us; null where no request succeeded
 * @param max largest latency, us; null where no request succeeded
 * @param sendLagUs the probe's send lag, us; null for the unloaded probe, which keeps no schedule; absent in summaries re-analysed from
 *        format 1
 */
public record ProbeResult(
        @JsonProperty(value = "requests", required = true) long requests,
        @JsonProperty(value = "errors", required = true) long errors,
        @JsonProperty("percentiles_of") String percentilesOf,
        @JsonProperty(value = "p50", required = true) @NullableKey Long p50,
        @JsonProperty(value = "p90", required = true) @NullableKey Long p90,
        @JsonProperty(value = "p99", required = true) @NullableKey Long p99,
        @JsonProperty(value = "p99_9", required = true) @NullableKey Long p99_9,
        @JsonProperty(value = "max", required = true) @NullableKey Long max,
        @JsonProperty("send_lag_us") Optional<ProbeResult.SendLagUs> sendLagUs) {
    /**
     * The paced probe's own lateness against its schedule, over every request, us.
     *
     * @param p50 median send lag, us
     * @param p99 99th percentile send lag, us
     * @param max largest send lag, us
     */
    public record SendLagUs(
            @JsonProperty(value = "p50", required = true) long p50,
            @JsonProperty(value = "p99", required = true) long p99,
            @JsonProperty(value = "max", required = true) long max) {
    }
}
