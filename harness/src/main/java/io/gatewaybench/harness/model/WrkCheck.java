package io.gatewaybench.harness.model;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The wrk cross-check against the warm target in round 1 ({@code wrk_cross_check[]}, WrkCrossCheck.parse).
 *
 * <p>Summaries re-analysed from format 1 lack {@code duration_s}, {@code answers}, {@code wrk_all_answers_rps} and {@code valid}.
 *
 * @param command the wrk command line
 * @param durationS wrk's run time as it printed it, s
 * @param answers answers wrk counted, errors included, count
 * @param wrkRps wrk's 2xx answers per second, req/s
 * @param wrkAllAnswersRps wrk's Requests/sec, every answer, req/s
 * @param gatlingRps gatling's throughput in the same round, req/s
 * @param wrkOverGatling wrk_rps / gatling_rps, ratio
 * @param non2xx non-2xx/3xx answers wrk saw, count
 * @param socketErrors wrk's socket errors (connect, read, write, timeout), count
 * @param valid whether wrk saw no error answer and no socket error
 * @param invalidBecause why the check is invalid
 * @param injectorLimited whether wrk got over 15% more than Gatling (Gatling was the limit); null: invalid check
 */
public record WrkCheck(
        @JsonProperty(value = "command", required = true) String command,
        @JsonProperty("duration_s") Double durationS,
        @JsonProperty("answers") Long answers,
        @JsonProperty(value = "wrk_rps", required = true) double wrkRps,
        @JsonProperty("wrk_all_answers_rps") Double wrkAllAnswersRps,
        @JsonProperty(value = "gatling_rps", required = true) double gatlingRps,
        @JsonProperty(value = "wrk_over_gatling", required = true) double wrkOverGatling,
        @JsonProperty(value = "non_2xx", required = true) long non2xx,
        @JsonProperty(value = "socket_errors", required = true) long socketErrors,
        @JsonProperty("valid") Boolean valid,
        @JsonProperty("invalid_because") String invalidBecause,
        @JsonProperty(value = "injector_limited", required = true) @NullableKey Boolean injectorLimited) {
}
