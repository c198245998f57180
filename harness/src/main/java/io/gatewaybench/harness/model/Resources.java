package io.gatewaybench.harness.model;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Each sampled role's cost over the measured window ({@code resources}); a role on a remote host is not sampled (null).
 *
 * @param gateway the gateway's cost
 * @param injector the injector's (Gatling's) cost
 * @param origin the origin's (Tomcat's) cost
 */
public record Resources(
        @JsonProperty("gateway") Cost gateway,
        @JsonProperty("injector") Cost injector,
        @JsonProperty("origin") Cost origin) {
}
