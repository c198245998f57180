package io.gatewaybench.harness.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * How Gatling ended in one round ({@code gatling[]}, GatlingRun.status).
 *
 * @param round the round (1-based; rounds + 1 for direct's closing run in runs before 20261127), count
 * @param exitCode Gatling's exit status (Maven's running Gatling in runs before 2026-11-25)
 * @param failedAssertions the simulation's assertions that failed, as Gatling printed them
 * @param cutShort why the measured series was cut short; null: it spanned the window
 */
public record GatlingStatus(
        @JsonProperty(value = "round", required = true) int round,
        @JsonProperty(value = "exit_code", required = true) int exitCode,
        @JsonProperty(value = "failed_assertions", required = true) List<String> failedAssertions,
        @JsonProperty(value = "cut_short", required = true) @NullableKey String cutShort) {
}
