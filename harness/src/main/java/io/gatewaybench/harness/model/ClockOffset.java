package io.gatewaybench.harness.model;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * How far an injector host's clock is from the harness's ({@code placement.more_injectors[].clock}, {@code --injectors}):
 * the hosts begin each load at one instant of their own clocks, and their records are put on the harness's clock, both
 * corrected by this offset. Measured as NTP does, over one session to the host: the harness notes its clock, asks the
 * host's, notes its own again; the host's reading is taken as made half-way, and of several exchanges the one with the
 * shortest round trip is kept.
 *
 * @param offsetUs the host's clock minus the harness's, us
 * @param uncertaintyUs half the kept exchange's round trip: the true offset lies within this of {@code offsetUs}, us
 * @param exchanges exchanges made, count
 */
public record ClockOffset(
        @JsonProperty(value = "offset_us", required = true) long offsetUs,
        @JsonProperty(value = "uncertainty_us", required = true) long uncertaintyUs,
        @JsonProperty(value = "exchanges", required = true) int exchanges) {

    /** The offset, ns. */
    public long offsetNanos() {
        return offsetUs * 1000;
    }
}
