package io.gatewaybench.harness.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Optional;

/**
 * What the target's process showed in one round ({@code rounds[].runtime}): how soon it answered and warmed up; for a JVM gateway its
 * transport and, with a recording, GC and allocation over the measured window.
 *
 * @param firstAnswerMs from the gateway's start to its first correct page, ms
 * @param eventLoops event loops the JVM gateway reported at start, count
 * @param transport the transport the JVM gateway reported (epoll, nio, io_uring ...), or "not reported"
 * @param steadyAfterS seconds of warm-up until the target served 90% of its measured rate for 3 s in a row, s; null: not within the
 *        warm-up; absent: not recorded
 * @param allocatedBytesPerRequest bytes allocated per measured request (JFR), bytes; null with no requests; absent without a recording
 * @param jfr the Flight Recorder figures, or why they are missing; absent without a recording
 */
public record RoundRuntime(
        @JsonProperty("first_answer_ms") Long firstAnswerMs,
        @JsonProperty("event_loops") Integer eventLoops,
        @JsonProperty("transport") String transport,
        @JsonProperty("steady_after_s") Optional<Integer> steadyAfterS,
        @JsonProperty("allocated_bytes_per_request") Optional<Double> allocatedBytesPerRequest,
        @JsonProperty("jfr") JfrResult jfr) {
}
