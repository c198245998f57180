package io.gatewaybench.harness.model;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * One injector host's share of a closed load run from several at once ({@code targets[].rounds[].injectors[]},
 * {@code --injectors}): each host ran Gatling with its share of the users, and the round's figures are every host's records
 * together over the window in which all of them were measuring.
 *
 * @param host the injector host's role ({@code injector}, {@code injector2}, ...)
 * @param address its address
 * @param users the users it ran, count
 * @param requests its measured requests in the common window, failed ones included, count
 * @param errors its failed requests there, count
 * @param throughputRps its successful responses per second of the common window, req/s
 * @param startOffsetMs how long after the earliest host's measured window began its own did, ms: its Gatling's start, which
 *        the common window leaves out
 */
public record ClosedShare(
        @JsonProperty(value = "host", required = true) String host,
        @JsonProperty(value = "address", required = true) String address,
        @JsonProperty(value = "users", required = true) int users,
        @JsonProperty(value = "requests", required = true) long requests,
        @JsonProperty(value = "errors", required = true) long errors,
        @JsonProperty(value = "throughput_rps", required = true) double throughputRps,
        @JsonProperty(value = "start_offset_ms", required = true) long startOffsetMs) {
}
