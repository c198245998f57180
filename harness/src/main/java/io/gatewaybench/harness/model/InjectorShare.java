package io.gatewaybench.harness.model;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * One injector host's share of a fixed-rate level sent from several at once ({@code fixed_rate[].rounds[].injectors[]},
 * {@code --injectors}): the level's latencies are those of every host's records together, each host's lateness is its own.
 *
 * @param host the injector host's role ({@code injector}, {@code injector2}, ...)
 * @param address its address
 * @param rateRps the rate it offered, its share of the level's, req/s
 * @param planned requests its schedule held after the warm-up, count
 * @param sent measured requests it sent, count
 * @param sendLagUs how late it took its requests against its own schedule, us
 * @param cpuMsPer1000Requests CPU time it used over the level and its warm-up per 1,000 requests it sent, ms; absent where not
 *        measured
 * @param startOffsetUs how long after the earliest host's schedule began its own did, us: the hosts start at one instant, and
 *        this is how far they kept it
 * @param late why this host could not deliver its share (send lag, requests missing); absent where it did
 */
public record InjectorShare(
        @JsonProperty(value = "host", required = true) String host,
        @JsonProperty(value = "address", required = true) String address,
        @JsonProperty(value = "rate_rps", required = true) int rateRps,
        @JsonProperty(value = "planned", required = true) long planned,
        @JsonProperty(value = "sent", required = true) long sent,
        @JsonProperty(value = "send_lag_us", required = true) ProbeResult.SendLagUs sendLagUs,
        @JsonProperty("cpu_ms_per_1000_requests") Double cpuMsPer1000Requests,
        @JsonProperty(value = "start_offset_us", required = true) long startOffsetUs,
        @JsonProperty("late") String late) {
}
