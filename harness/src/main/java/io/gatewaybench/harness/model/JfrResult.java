package io.gatewaybench.harness.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.util.List;
import java.util.Map;

/** What the gateway's Flight Recorder recording gave for one round ({@code runtime.jfr}): its figures, or why it could not be read. */
@JsonTypeInfo(use = JsonTypeInfo.Id.DEDUCTION)
@JsonSubTypes({@JsonSubTypes.Type(JfrResult.Figures.class), @JsonSubTypes.Type(JfrResult.Unreadable.class)})
public sealed interface JfrResult permits JfrResult.Figures, JfrResult.Unreadable {
    /**
     * What the recording showed over the measured window (JfrFigures.toMap).
     *
     * @param pauses stop-the-world GC pauses that started in the window
     * @param allocatedBytes bytes allocated by Java threads in the window, bytes
     * @param gcCount collections that started in the window, count
     * @param cpuSamples execution samples in the window (0 without --jfr profiling), count
     * @param topCpuFrames the (at most ten) methods most often on top of a CPU sample
     * @param allocationSamples allocation samples in the window (0 without --jfr profiling), count
     * @param topAllocationFrames the (at most ten) methods that allocated most
     */
    record Figures(
            @JsonProperty(value = "pauses", required = true) JfrResult.GcPauses pauses,
            @JsonProperty(value = "allocated_bytes", required = true) long allocatedBytes,
            @JsonProperty(value = "gc_count", required = true) long gcCount,
            @JsonProperty(value = "cpu_samples", required = true) long cpuSamples,
            @JsonProperty(value = "top_cpu_frames", required = true) List<JfrResult.Frame> topCpuFrames,
            @JsonProperty(value = "allocation_samples", required = true) long allocationSamples,
            @JsonProperty(value = "top_allocation_frames", required = true) List<JfrResult.Frame> topAllocationFrames)
            implements JfrResult {
    }

    /**
     * A recording that could not be read: the figures are lost, the measurement is kept.
     *
     * @param error why the recording could not be read
     */
    record Unreadable(
            @JsonProperty(value = "error", required = true) String error) implements JfrResult {
    }

    /**
     * Stop-the-world GC pauses that started in the window.
     *
     * @param count pauses, count
     * @param totalMs sum of the pauses, ms
     * @param maxMs longest pause, ms
     * @param p99Ms 99th percentile pause, ms
     * @param byName pauses per kind ("collection: pause"), count
     */
    record GcPauses(
            @JsonProperty(value = "count", required = true) long count,
            @JsonProperty(value = "total_ms", required = true) double totalMs,
            @JsonProperty(value = "max_ms", required = true) double maxMs,
            @JsonProperty(value = "p99_ms", required = true) double p99Ms,
            @JsonProperty(value = "by_name", required = true) Map<String, Long> byName) {
    }

    /**
     * A method at the top of sampled stacks and its share.
     *
     * @param frame the method, as package.Class.method
     * @param share its share of the samples or sampled weight, share 0-1
     */
    record Frame(
            @JsonProperty(value = "frame", required = true) String frame,
            @JsonProperty(value = "share", required = true) double share) {
    }
}
