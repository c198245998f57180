package io.gatewaybench.harness.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Optional;

/**
 * One fixed-rate level as one round measured it ({@code fixed_rate[].rounds[]}, Ladder.Level with its round).
 *
 * @param round the round that measured it (1-based), count; absent in summaries re-analysed from format 1
 * @param rateRps offered arrival rate, req/s
 * @param planned requests the level planned to send, count
 * @param sent requests sent, count (below planned: the run stopped, or the injector could not send them)
 * @param errors failed requests, count
 * @param errorShare errors / sent, share 0-1
 * @param overloaded whether the simulation's in-flight guard stopped the ladder at this level
 * @param latencyMs latency of the successful requests, ms; null where none succeeded
 * @param allRequestsLatencyMs latency over every request, failed ones at their full time, ms; null where not recorded; absent in summaries
 *        re-analysed from format 1
 * @param throughputRps successful requests' throughput during the level, req/s; null where none succeeded
 * @param sendLagMs the injector's lateness against its schedule during the level, ms
 * @param probeUs the microsecond probe during the level, us; null where no probe ran
 * @param injector the injector that sent the level: "vegeta"; absent where Gatling did (runs before 2026-11-26)
 * @param latencyUs the injector's own microsecond figures (Vegeta): percentiles of the answers that were the page, each
 *        from its intended send instant, and its send lag over every request, us; absent where Gatling sent the level
 * @param injectorCpuMsPer1000Requests CPU time the injector used over the level and its warm-up per 1,000 requests it sent, ms;
 *        absent where not measured
 * @param firstTrySendLagUs where the injector was late on its first try and the level was run again, that try's send lag, us;
 *        absent otherwise
 * @param latencyFromSendUs the same answers each from the instant the injector actually sent it (Vegeta), its own lateness
 *        left out: what "added over direct" is taken from, since that lateness differs from one target's level to another's
 *        (at 3,100 req/s, send lag P50 375-414 us driving direct and 126-158 driving NGINX in 20261126-192800), us; absent
 *        where Gatling sent the level, and in runs made before 20261126-192800
 * @param injectors each injector host's share where several sent the level at once ({@code --injectors}): its rate, what it
 *        sent, its own send lag and CPU, how far its start kept the common instant, whether it was late; absent where one did
 * @param firstTry where the level was sent again, its first try's figures as measured (Vegeta); absent otherwise, and
 *        in runs from before they were kept (those have {@code first_try_send_lag_us} alone)
 */
public record LevelRound(
        @JsonProperty("round") Integer round,
        @JsonProperty(value = "rate_rps", required = true) int rateRps,
        @JsonProperty(value = "planned", required = true) long planned,
        @JsonProperty(value = "sent", required = true) long sent,
        @JsonProperty(value = "errors", required = true) long errors,
        @JsonProperty(value = "error_share", required = true) double errorShare,
        @JsonProperty(value = "overloaded", required = true) boolean overloaded,
        @JsonProperty(value = "latency_ms", required = true) @NullableKey LatencyMs latencyMs,
        @JsonProperty("all_requests_latency_ms") Optional<LatencyMs> allRequestsLatencyMs,
        @JsonProperty(value = "throughput_rps", required = true) @NullableKey Double throughputRps,
        @JsonProperty(value = "send_lag_ms", required = true) LevelRound.SendLagMs sendLagMs,
        @JsonProperty(value = "probe_us", required = true) @NullableKey ProbeResult probeUs,
        @JsonProperty("injector") String injector,
        @JsonProperty("latency_us") ProbeResult latencyUs,
        @JsonProperty("injector_cpu_ms_per_1000_requests") Double injectorCpuMsPer1000Requests,
        @JsonProperty("first_try_send_lag_us") ProbeResult.SendLagUs firstTrySendLagUs,
        @JsonProperty("latency_from_send_us") ProbeResult latencyFromSendUs,
        @JsonProperty("injectors") java.util.List<InjectorShare> injectors,
        @JsonProperty("first_try") LevelRound firstTry) {
    /** The name Vegeta's levels carry in {@code injector}. */
    public static final String VEGETA = "vegeta";

    /**
     * The injector's lateness against its schedule during the level, ms.
     *
     * @param p99 99th percentile send lag, ms
     * @param max largest send lag, ms
     */
    public record SendLagMs(
            @JsonProperty(value = "p99", required = true) double p99,
            @JsonProperty(value = "max", required = true) double max) {
    }
}
