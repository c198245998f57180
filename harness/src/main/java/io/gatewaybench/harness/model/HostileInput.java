package io.gatewaybench.harness.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Map;

/**
 * The hostile-input suite's finding for the gateways a run ran from the repository's own descriptors ({@code hostile_input}):
 * copied from {@code targets/hostile-input.tsv} at the run's commit, not measured by the run. Absent: a run that predates it,
 * or none of its gateways ran from a descriptor the record covers.
 *
 * @param what where the figures come from, in words
 * @param byGateway per gateway, its cases handled and tried over every family
 */
public record HostileInput(
        @JsonProperty(value = "what", required = true) String what,
        @JsonProperty(value = "by_gateway", required = true) Map<String, Gateway> byGateway) {

    /**
     * One gateway's cases.
     *
     * @param handled the cases whose expectation it met, count
     * @param tried the cases sent, count
     * @param missed each family with a case it did not meet, as "family: handled of tried"
     */
    public record Gateway(
            @JsonProperty(value = "handled", required = true) int handled,
            @JsonProperty(value = "tried", required = true) int tried,
            @JsonProperty(value = "missed", required = true) List<String> missed) {
    }
}
