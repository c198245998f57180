package io.gatewaybench.harness.model;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * A run's matrices (part of {@link Summary}): each what the run varied and the analysis's judgement of every cell. Each
 * is absent (null) where the run varied nothing of its kind.
 *
 * @param jvmProfiles a run of several JVM profiles: the profiles, and each gateway's profiles judged against the
 *     reference
 * @param workersSweep a workers sweep: the counts, and per gateway each count judged against the fewest
 * @param scenarios a run of several scenarios: the scenarios, and each judged per scenario and per gateway
 */
public record Matrices(
        @JsonProperty("jvm_profiles") JvmProfiles jvmProfiles,
        @JsonProperty("workers_sweep") WorkersSweep workersSweep,
        @JsonProperty("scenarios") Scenarios scenarios) {
    /** No matrix. */
    public static final Matrices NONE = new Matrices(null, null, null);
}
