package io.gatewaybench.harness.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * The fixed-rate ladder every target got after its measurement ({@code ladder}).
 *
 * @param ratesRps the offered rates, ascending, req/s
 * @param percentOfDirectCapacity rates asked as percent of direct's calibrated capacity, %
 * @param absoluteRps rates asked absolutely (--rates), req/s
 * @param calibration direct's capacity measured before round 1; null: absolute rates only
 * @param levelS seconds per level, s
 * @param maxInFlight requests in flight that mark a level overloaded, count
 * @param timing how time is counted, in words
 * @param objectives the objectives of the maximum-rate search
 * @param injector what sent the levels: "gatling" or "vegeta"; absent in runs before 2026-11-26 (Gatling)
 */
public record LadderPlan(
        @JsonProperty(value = "rates_rps", required = true) List<Integer> ratesRps,
        @JsonProperty(value = "percent_of_direct_capacity", required = true) List<Integer> percentOfDirectCapacity,
        @JsonProperty(value = "absolute_rps", required = true) List<Integer> absoluteRps,
        @JsonProperty(value = "calibration", required = true) @NullableKey LadderPlan.Calibration calibration,
        @JsonProperty(value = "level_s", required = true) int levelS,
        @JsonProperty(value = "max_in_flight", required = true) int maxInFlight,
        @JsonProperty(value = "timing", required = true) String timing,
        @JsonProperty(value = "objectives", required = true) List<LadderPlan.Objective> objectives,
        @JsonProperty("injector") String injector) {
    /**
     * Direct's capacity measured before round 1, to set rates as percent of it.
     *
     * @param what what was measured, in words
     * @param capacityRps direct's throughput, req/s
     * @param errors failed requests, count
     */
    public record Calibration(
            @JsonProperty(value = "what", required = true) String what,
            @JsonProperty(value = "capacity_rps", required = true) double capacityRps,
            @JsonProperty(value = "errors", required = true) long errors) {
    }

    /**
     * An objective of the maximum-rate search.
     *
     * @param name its name (the key in max_sustainable)
     * @param description what it demands, in words
     */
    public record Objective(
            @JsonProperty(value = "name", required = true) String name,
            @JsonProperty(value = "description", required = true) String description) {
    }
}
