package io.gatewaybench.harness.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * What a run was and how it ended (part of {@link Summary}): its id and times, the commit, the machine and every
 * component's version, and whether every target was measured.
 *
 * @param runId the run folder's name: its UTC start time (yyyyMMdd-HHmmss, -N if taken)
 * @param started when the run started, UTC ISO-8601
 * @param finished when the summary was written, UTC ISO-8601
 * @param gitCommit the commit the run was made from (-dirty: with changes; " (deployed)": a deployed copy), or
 *     "unknown"
 * @param machine the machine the harness ran on (Environment.machine)
 * @param components every component's version, keyed by component or target: a version line, or a JVM gateway's
 *     libraries keyed by artifact
 * @param jvmFlags JVM flags of each JVM, keyed by tomcat, each JVM target and gatling
 * @param complete whether every target was measured in every round (absent in summaries written before it was recorded)
 * @param incompleteBecause why the run is incomplete
 * @param hostileInput the hostile-input suite's finding for the gateways the run ran from the repository's descriptors
 *     (not measured by the run); absent in runs made before it was recorded
 */
public record Run(
        @JsonProperty(value = "run_id", required = true) String runId,
        @JsonProperty(value = "started", required = true) String started,
        @JsonProperty(value = "finished", required = true) String finished,
        @JsonProperty(value = "git_commit", required = true) String gitCommit,
        @JsonProperty(value = "machine", required = true) Machine machine,
        @JsonProperty(value = "components", required = true) Map<String, ComponentVersion> components,
        @JsonProperty(value = "jvm_flags", required = true) Map<String, String> jvmFlags,
        @JsonProperty("complete") Boolean complete,
        @JsonProperty("incomplete_because") List<String> incompleteBecause,
        @JsonProperty("hostile_input") HostileInput hostileInput) {
    /** When the run started ({@link #started()} parsed). */
    public Instant startedAt() {
        return Instant.parse(started);
    }

    /** When the summary was written ({@link #finished()} parsed). */
    public Instant finishedAt() {
        return Instant.parse(finished);
    }
}
