package io.gatewaybench.harness.model;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * What was and was not redone when an older summary was analysed again under the current rules ({@code reanalysed}).
 *
 * @param fromFormat the format it was written in
 * @param redone what was redone from the rounds
 * @param notRedone what could not be redone (the raw logs were not kept)
 */
public record Reanalysed(
        @JsonProperty(value = "from_format", required = true) String fromFormat,
        @JsonProperty(value = "redone", required = true) String redone,
        @JsonProperty(value = "not_redone", required = true) String notRedone) {
}
