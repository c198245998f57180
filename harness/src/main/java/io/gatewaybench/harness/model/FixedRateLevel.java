package io.gatewaybench.harness.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import java.util.Map;

/**
 * One fixed-rate level of a target ({@code fixed_rate[]}): each round's measurement of it and what was pooled over the
 * rounds ({@link Measured}), and what the analysis judged of them ({@link Judged}), side by side in one object
 * ({@link Flat}).
 *
 * @param measured what the rounds measured at this rate
 * @param judged what the analysis judged of it; null only before the analysis
 */
@Flat
@JsonPropertyOrder({"rate_rps", "rounds_reached", "rounds_overloaded", "sent", "errors", "error_share", "latency_ms",
    "latency_ms_spread", "send_lag_p99_ms_max", "probe_us", "rounds", "rounds_meeting",
    "injector_cpu_ms_per_1000_requests", "added_over_direct_us", "latency_us_over_rounds", "rounds_injector_limited"})
public record FixedRateLevel(Measured measured, Judged judged) {
    /** A level as measure writes it: measured, not judged yet. */
    public static FixedRateLevel measured(int rateRps, ProbeResult probeUs, List<LevelRound> rounds,
            Double injectorCpuMsPer1000Requests) {
        return new FixedRateLevel(new Measured(rateRps, probeUs, rounds, injectorCpuMsPer1000Requests), null);
    }

    /** The level's offered rate, req/s. */
    public int rateRps() {
        return measured.rateRps();
    }

    /** Each round's measurement of the level. */
    public List<LevelRound> rounds() {
        return measured.rounds();
    }

    /**
     * What the rounds measured at this rate.
     *
     * @param rateRps offered arrival rate, req/s
     * @param probeUs the probe's requests of all rounds at this level pooled, us; null: no probe
     * @param rounds each round's measurement of the level; empty where no round reached it
     * @param injectorCpuMsPer1000Requests the injector's CPU time per 1,000 requests it sent, median over the rounds
     *     that measured it, ms; absent where none did (Gatling's levels)
     */
    public record Measured(
            @JsonProperty(value = "rate_rps", required = true) int rateRps,
            @JsonProperty(value = "probe_us", required = true) @NullableKey ProbeResult probeUs,
            @JsonProperty(value = "rounds", required = true) List<LevelRound> rounds,
            @JsonProperty("injector_cpu_ms_per_1000_requests") Double injectorCpuMsPer1000Requests) {
    }

    /**
     * What the analysis judged of the rounds at this rate, and how many met each objective.
     *
     * @param roundsReached rounds that reached the level, count
     * @param roundsOverloaded rounds overloaded at the level, count
     * @param sent requests sent over those rounds, count
     * @param errors failed requests over those rounds, count
     * @param errorShare errors / sent, share 0-1; null where nothing was sent
     * @param latencyMs median over the rounds that measured the target at this rate (not overloaded, not sent late by
     *     the injector) and had successful requests, ms; absent where none did. An overloaded round's latency is its
     *     queue, a late one's the injector's lag: neither is taken into the median
     * @param latencyMsSpread each percentile over those rounds (two or more), ms; absent with fewer
     * @param sendLagP99MsMax the worst round's P99 send lag, ms
     * @param roundsMeeting per objective name, the rounds whose level met it, count
     * @param addedOverDirectUs what the target adds over direct at this rate, us, from the injector's microsecond
     *     figures; absent for direct, for Gatling's levels (whole milliseconds) and where direct did not reach the rate
     * @param latencyUsOverRounds the level's own percentiles to the microsecond over the rounds that measured it as
     *     planned, us; absent for Gatling's levels (whole milliseconds)
     * @param roundsInjectorLimited rounds the injector sent late at this level (twice where it sends again) and that
     *     were not overloaded: neither a pass nor a failure of the target, and left out of {@code latency_ms}, count;
     *     absent where no round reached the level
     */
    public record Judged(
            @JsonProperty(value = "rounds_reached", required = true) int roundsReached,
            @JsonProperty(value = "rounds_overloaded", required = true) int roundsOverloaded,
            @JsonProperty(value = "sent", required = true) long sent,
            @JsonProperty(value = "errors", required = true) long errors,
            @JsonProperty(value = "error_share", required = true) @NullableKey Double errorShare,
            @JsonProperty("latency_ms") LatencyMs latencyMs,
            @JsonProperty("latency_ms_spread") LatencySpread latencyMsSpread,
            @JsonProperty(value = "send_lag_p99_ms_max", required = true) double sendLagP99MsMax,
            @JsonProperty(value = "rounds_meeting", required = true) Map<String, Integer> roundsMeeting,
            @JsonProperty("added_over_direct_us") LevelAddedUs addedOverDirectUs,
            @JsonProperty("latency_us_over_rounds") LevelLatencyUs latencyUsOverRounds,
            @JsonProperty("rounds_injector_limited") Integer roundsInjectorLimited) {
    }
}
