package io.gatewaybench.harness.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Map;

/**
 * A workers sweep ({@code workers_sweep}): the counts, and per gateway each count judged against the fewest.
 *
 * @param counts the worker counts, count
 * @param byGateway per swept gateway, one row per count, ascending
 */
public record WorkersSweep(
        @JsonProperty(value = "counts", required = true) List<Integer> counts,
        @JsonProperty(value = "by_gateway", required = true) Map<String, List<WorkersRow>> byGateway) {
}
