package io.gatewaybench.harness.model;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The origin of a run made with {@code --origin} ({@code origin}): the user's service, running already, which direct measured and
 * every target fronted; neither started, stopped nor sampled by the run. Absent: Tomcat's book page, Tomcat started by the run.
 *
 * @param url where it listened, http://host:port
 * @param page the page every request asked for, path and query
 * @param marker text every answer had to contain; absent: every answer had to have the page's exact length instead
 */
public record OriginUrl(
        @JsonProperty(value = "url", required = true) String url,
        @JsonProperty(value = "page", required = true) String page,
        @JsonProperty("marker") String marker) {
}
