package io.gatewaybench.harness.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * A run's {@code summary.json} of format {@code gateway-bench summary 2}: the run, its plan and every target.
 *
 * <p>Keys the schema marks optional are null where absent: {@code jvm_profiles}, {@code workers_sweep}, {@code scenarios} and
 * {@code ladder} where the run had none; {@code complete} in summaries written before it was recorded; {@code reanalysed} in summaries
 * written natively in this format.
 *
 * @param format the summary layout
 * @param runId the run folder's name: its UTC start time (yyyyMMdd-HHmmss, -N if taken)
 * @param started when the run started, UTC ISO-8601
 * @param finished when the summary was written, UTC ISO-8601
 * @param gitCommit the commit the run was made from (-dirty: with changes; " (deployed)": a deployed copy), or "unknown"
 * @param machine the machine the harness ran on (Environment.machine)
 * @param components every component's version, keyed by component or target: a version line, or a JVM gateway's libraries keyed by artifact
 * @param jvmFlags JVM flags of each JVM, keyed by tomcat, each JVM target and gatling
 * @param jvmProfile the run's JVM profiles, comma-separated
 * @param jvmProfiles a run of several JVM profiles: the profiles, and each gateway's profiles judged against the reference
 * @param placement where each role ran (Topology.describe); summaries re-analysed from format 1 describe each role in words
 * @param origin the user's service at a URL that direct measured and every target fronted ({@code --origin}); absent: Tomcat's book page
 * @param workersSweep a workers sweep: the counts, and per gateway each count judged against the fewest
 * @param scenarios a run of several scenarios: the scenarios, and each judged per scenario and per gateway
 * @param load the load every target got alike (RunPlan.Load.describe)
 * @param ladder the fixed-rate ladder every target got after its measurement
 * @param rounds rounds per target, count
 * @param quick whether the run was a quick one (--quick: short warm-ups, fewer probe requests)
 * @param complete whether every target was measured in every round (absent in summaries written before it was recorded)
 * @param incompleteBecause why the run is incomplete
 * @param hostileInput the hostile-input suite's finding for the gateways the run ran from the repository's descriptors (not measured
 *     by the run); absent in runs made before it was recorded
 * @param targets every target, in the run's order (direct first)
 * @param reanalysed a summary of an older format analysed again under the current rules: what was and was not redone
 */
public record Summary(
        @JsonProperty(value = "format", required = true) String format,
        @JsonProperty(value = "run_id", required = true) String runId,
        @JsonProperty(value = "started", required = true) String started,
        @JsonProperty(value = "finished", required = true) String finished,
        @JsonProperty(value = "git_commit", required = true) String gitCommit,
        @JsonProperty(value = "machine", required = true) Machine machine,
        @JsonProperty(value = "components", required = true) Map<String, ComponentVersion> components,
        @JsonProperty(value = "jvm_flags", required = true) Map<String, String> jvmFlags,
        @JsonProperty(value = "jvm_profile", required = true) String jvmProfile,
        @JsonProperty("jvm_profiles") JvmProfiles jvmProfiles,
        @JsonProperty(value = "placement", required = true) Placement placement,
        @JsonProperty("origin") OriginUrl origin,
        @JsonProperty("workers_sweep") WorkersSweep workersSweep,
        @JsonProperty("scenarios") Scenarios scenarios,
        @JsonProperty(value = "load", required = true) Load load,
        @JsonProperty("ladder") LadderPlan ladder,
        @JsonProperty(value = "rounds", required = true) int rounds,
        @JsonProperty(value = "quick", required = true) boolean quick,
        @JsonProperty("complete") Boolean complete,
        @JsonProperty("incomplete_because") List<String> incompleteBecause,
        @JsonProperty("hostile_input") HostileInput hostileInput,
        @JsonProperty(value = "targets", required = true) List<Target> targets,
        @JsonProperty("reanalysed") Reanalysed reanalysed) {
    /** The summary layout these records describe. */
    public static final String FORMAT = "gateway-bench summary 2";

    /** A summary of this format only: another layout is not read as this one. */
    public Summary {
        if (!FORMAT.equals(format)) {
            throw new IllegalArgumentException("format is '" + format + "', not '" + FORMAT + "'");
        }
    }

    /** When the run started ({@link #started()} parsed). */
    public Instant startedAt() {
        return Instant.parse(started);
    }

    /** When the summary was written ({@link #finished()} parsed). */
    public Instant finishedAt() {
        return Instant.parse(finished);
    }
}
