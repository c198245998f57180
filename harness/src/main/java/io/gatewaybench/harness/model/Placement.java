package io.gatewaybench.harness.model;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Where each role ran ({@code placement}, Topology.describe); summaries re-analysed from format 1 describe each role in words.
 *
 * @param topology the topology
 * @param summary the placement in one line
 * @param split how the CPUs are split between the roles
 * @param network the emulated network (netns)
 * @param deployedBy how the hosts were deployed (hosts)
 * @param injector the injector's host (format 1: in words)
 * @param gateway the gateway's host (format 1: in words)
 * @param backend the backend's (origin's) host; absent in summaries re-analysed from format 1
 * @param origin the origin's placement in words (format 1 only)
 * @param moreInjectors the injector hosts beside the harness's own, each sending its share of every fixed-rate level
 *        ({@code --injectors}); absent where there is one
 */
public record Placement(
        @JsonProperty(value = "topology", required = true) Placement.Topology topology,
        @JsonProperty(value = "summary", required = true) String summary,
        @JsonProperty("split") String split,
        @JsonProperty("network") String network,
        @JsonProperty("deployed_by") String deployedBy,
        @JsonProperty(value = "injector", required = true) RolePlacement injector,
        @JsonProperty(value = "gateway", required = true) RolePlacement gateway,
        @JsonProperty("backend") Host backend,
        @JsonProperty("origin") String origin,
        @JsonProperty("more_injectors") java.util.List<Host> moreInjectors) {
    /** How the roles were placed. */
    public enum Topology {
        /** One machine, every role over loopback. */
        @JsonProperty("loopback")
        LOOPBACK,

        /** Three hosts emulated by network namespaces on one machine. */
        @JsonProperty("netns")
        NETNS,

        /** One machine per role. */
        @JsonProperty("hosts")
        HOSTS
    }
}
