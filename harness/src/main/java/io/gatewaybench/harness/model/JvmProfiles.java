package io.gatewaybench.harness.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Map;

/**
 * A run of several JVM profiles ({@code jvm_profiles}): the profiles, and each gateway's profiles judged against the reference.
 *
 * @param reference the reference profile (the first named)
 * @param profiles each profile
 * @param notAvailable profiles a gateway cannot run
 * @param byGateway per gateway, its profiles ranked by throughput
 * @param atEqualRates per gateway, its profiles' cost at the run's equal rates over the reference's, the A/A twin
 *     among them; absent where the run did not measure at equal rates
 */
public record JvmProfiles(
        @JsonProperty(value = "reference", required = true) String reference,
        @JsonProperty(value = "profiles", required = true) List<JvmProfiles.Profile> profiles,
        @JsonProperty(value = "not_available", required = true) List<JvmProfiles.NotAvailable> notAvailable,
        @JsonProperty(value = "by_gateway", required = true) Map<String, List<ProfileRow>> byGateway,
        @JsonProperty("at_equal_rates") Map<String, List<ProfileCost>> atEqualRates) {
    /**
     * One JVM profile as the run used it ({@code jvm_profiles.profiles[]}).
     *
     * @param name the profile's name (infra/jvm/&lt;name&gt;.properties)
     * @param description what it is, in words
     * @param jdk the JDK it asks for
     * @param java the java executable of that JDK
     * @param flags its JVM flags
     * @param transport the transport it asks for, or "the gateway's choice"
     * @param eventLoops its event loops ("2", "2x") or "the run's workers"
     * @param gatewayFlags extra JVM flags per gateway
     * @param gatewayArgs extra command-line options per gateway
     * @param gatewayJars another build's jar per gateway, relative to the repository
     * @param only the gateways it applies to (absent: every JVM gateway)
     */
    public record Profile(
            @JsonProperty(value = "name", required = true) String name,
            @JsonProperty(value = "description", required = true) String description,
            @JsonProperty(value = "jdk", required = true) String jdk,
            @JsonProperty("java") String java,
            @JsonProperty(value = "flags", required = true) String flags,
            @JsonProperty(value = "transport", required = true) String transport,
            @JsonProperty(value = "event_loops", required = true) String eventLoops,
            @JsonProperty("gateway_flags") Map<String, String> gatewayFlags,
            @JsonProperty("gateway_args") Map<String, String> gatewayArgs,
            @JsonProperty("gateway_jars") Map<String, String> gatewayJars,
            @JsonProperty("only") List<String> only) {
    }

    /**
     * A profile a gateway cannot run ({@code jvm_profiles.not_available[]}).
     *
     * @param gateway the gateway
     * @param profile the profile
     * @param reason why not
     */
    public record NotAvailable(
            @JsonProperty(value = "gateway", required = true) String gateway,
            @JsonProperty(value = "profile", required = true) String profile,
            @JsonProperty(value = "reason", required = true) String reason) {
    }
}
