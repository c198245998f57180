package io.gatewaybench.harness.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Map;

/**
 * A run of several scenarios ({@code scenarios}): the scenarios, and each judged per scenario and per gateway.
 *
 * @param list each scenario
 * @param notAvailable targets a scenario is not available to
 * @param credentials how the run's credentials were issued (never recorded)
 * @param conformance what every target was checked for before its measurement
 * @param probes which scenarios the probe, single requests and wrk ran under
 * @param byScenario per scenario, every target under it
 * @param costVsPlain per gateway (its plain target's name), what each scenario costs it
 */
public record Scenarios(
        @JsonProperty(value = "list", required = true) List<Scenarios.Description> list,
        @JsonProperty(value = "not_available", required = true) List<Scenarios.NotAvailable> notAvailable,
        @JsonProperty(value = "credentials", required = true) String credentials,
        @JsonProperty(value = "conformance", required = true) String conformance,
        @JsonProperty(value = "probes", required = true) String probes,
        @JsonProperty(value = "by_scenario", required = true) Map<String, List<ScenarioRow>> byScenario,
        @JsonProperty(value = "cost_vs_plain", required = true) Map<String, List<CostRow>> costVsPlain) {
    /**
     * One scenario as the run used it ({@code scenarios.list[]}, Scenario.describe; never a secret).
     *
     * @param name the scenario's name
     * @param description what it is, in words
     * @param duties what the gateway does on every request besides forwarding it
     * @param rateLimitPerS its rate limit, req/s
     * @param routes its routes, count
     * @param path the path the load asks for
     * @param file its file, relative to the repository
     */
    public record Description(
            @JsonProperty(value = "name", required = true) String name,
            @JsonProperty(value = "description", required = true) String description,
            @JsonProperty(value = "duties", required = true) List<String> duties,
            @JsonProperty("rate_limit_per_s") Integer rateLimitPerS,
            @JsonProperty("routes") Integer routes,
            @JsonProperty(value = "path", required = true) String path,
            @JsonProperty(value = "file", required = true) String file) {
    }

    /**
     * A scenario a target cannot run ({@code scenarios.not_available[]}).
     *
     * @param target the target
     * @param scenario the scenario
     * @param reason why not
     */
    public record NotAvailable(
            @JsonProperty(value = "target", required = true) String target,
            @JsonProperty(value = "scenario", required = true) String scenario,
            @JsonProperty(value = "reason", required = true) String reason) {
    }
}
