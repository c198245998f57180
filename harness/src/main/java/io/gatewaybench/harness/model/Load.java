package io.gatewaybench.harness.model;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The load every target got alike ({@code load}, RunPlan.LoadSpec.describe).
 *
 * @param model closed: users each sending after the answer; open: a rate
 * @param users concurrent users (closed model), count
 * @param rateRps arrival rate (open model), req/s
 * @param warmupS warm-up per target, excluded, s
 * @param durationS measured window per target, s
 * @param sessions how sessions are used (the simulation's -Dsessions)
 */
public record Load(
        @JsonProperty(value = "model", required = true) Load.Model model,
        @JsonProperty("users") Integer users,
        @JsonProperty("rate_rps") Integer rateRps,
        @JsonProperty(value = "warmup_s", required = true) int warmupS,
        @JsonProperty(value = "duration_s", required = true) int durationS,
        @JsonProperty(value = "sessions", required = true) String sessions) {
    /** The load model. */
    public enum Model {
        /** Users each sending their next request after the answer ({@code users}). */
        @JsonProperty("closed")
        CLOSED,

        /** Requests arriving at a rate ({@code rate_rps}). */
        @JsonProperty("open")
        OPEN
    }
}
