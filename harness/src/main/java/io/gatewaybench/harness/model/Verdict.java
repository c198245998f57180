package io.gatewaybench.harness.model;

import com.fasterxml.jackson.annotation.JsonProperty;

/** A throughput verdict of a variant (a JVM profile, a scenario, a worker count) against its reference. */
public enum Verdict {
    /** The reference itself. */
    @JsonProperty("reference")
    REFERENCE,

    /** The interval of the throughput ratio holds 1: the difference is not established. */
    @JsonProperty("within the noise")
    WITHIN_THE_NOISE,

    /** The whole interval lies above 1. */
    @JsonProperty("more throughput")
    MORE_THROUGHPUT,

    /** The whole interval lies below 1. */
    @JsonProperty("less throughput")
    LESS_THROUGHPUT,

    /** No interval could be made (one round): no verdict. */
    @JsonProperty("no interval (one round)")
    NO_INTERVAL
}
