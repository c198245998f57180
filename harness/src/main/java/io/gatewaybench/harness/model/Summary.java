package io.gatewaybench.harness.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * A run's {@code summary.json} of format {@code gateway-bench summary 2}: what the run was ({@link Run}), what every
 * target got alike ({@link Setup}), where each role ran, every target (measured and judged: {@link Target}), and the
 * matrices the analysis judged over them ({@link Matrices}). summary.json writes the parts side by side in one object
 * ({@link Flat}).
 *
 * @param format the summary layout
 * @param run what the run was and how it ended
 * @param setup what every target got alike
 * @param placement where each role ran (Topology.describe); summaries re-analysed from format 1 describe each role in
 *     words
 * @param matrices the JVM profile, workers and scenario matrices, where the run had them; never null
 * @param targets every target, in the run's order (direct first)
 * @param reanalysed a summary of an older format analysed again under the current rules: what was and was not redone;
 *     absent in summaries written natively in this format
 */
@Flat
@JsonPropertyOrder({"format", "run_id", "started", "finished", "git_commit", "machine", "components", "jvm_flags",
    "jvm_profile", "jvm_profiles", "placement", "origin", "workers_sweep", "scenarios", "load", "ladder", "equal_rates",
    "rounds", "quick", "complete", "incomplete_because", "hostile_input", "targets", "reanalysed"})
public record Summary(
        @JsonProperty(value = "format", required = true) String format,
        Run run,
        Setup setup,
        @JsonProperty(value = "placement", required = true) Placement placement,
        Matrices matrices,
        @JsonProperty(value = "targets", required = true) List<Target> targets,
        @JsonProperty("reanalysed") Reanalysed reanalysed) {
    /** The summary layout these records describe. */
    public static final String FORMAT = "gateway-bench summary 2";

    /** A summary of this format only: another layout is not read as this one. */
    public Summary {
        if (!FORMAT.equals(format)) {
            throw new IllegalArgumentException("format is '" + format + "', not '" + FORMAT + "'");
        }
        matrices = matrices == null ? Matrices.NONE : matrices;
    }

    /** The same summary with {@code targets} and {@code matrices} in place of its own. */
    public Summary with(List<Target> targets, Matrices matrices) {
        return new Summary(format, run, setup, placement, matrices, targets, reanalysed);
    }

    /** The same summary, marked as re-analysed from an older format. */
    public Summary reanalysedAs(Reanalysed how) {
        return new Summary(format, run, setup, placement, matrices, targets, how);
    }
}
