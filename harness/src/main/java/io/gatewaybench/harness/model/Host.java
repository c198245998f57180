package io.gatewaybench.harness.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Optional;

/**
 * One role's host in the run's placement (Topology.describe).
 *
 * @param host the host's name (hosts topology)
 * @param namespace its network namespace (netns topology)
 * @param address its address
 * @param cpus its CPUs, as a cpuset list or in words
 * @param cpuCount its CPUs, count (0: not a list)
 * @param memory its memory, in words (MB)
 * @param receivesPackets where it receives its packets (netns topology)
 * @param workers workers each gateway gets (gateway host), count
 * @param runs what runs on it
 * @param clock how far its clock is from the harness's, where it is another injector host ({@code --injectors})
 */
public record Host(
        @JsonProperty("host") String host,
        @JsonProperty("namespace") Optional<String> namespace,
        @JsonProperty(value = "address", required = true) String address,
        @JsonProperty(value = "cpus", required = true) String cpus,
        @JsonProperty(value = "cpu_count", required = true) int cpuCount,
        @JsonProperty(value = "memory", required = true) String memory,
        @JsonProperty("receives_packets") String receivesPackets,
        @JsonProperty("workers") Integer workers,
        @JsonProperty(value = "runs", required = true) String runs,
        @JsonProperty("clock") ClockOffset clock) {

    /** One role's host, its clock not measured (the harness's own, or not an injector). */
    public Host(String host, Optional<String> namespace, String address, String cpus, int cpuCount, String memory, String receivesPackets,
                Integer workers, String runs) {
        this(host, namespace, address, cpus, cpuCount, memory, receivesPackets, workers, runs, null);
    }

    /** The same host with its clock's offset. */
    public Host withClock(ClockOffset offset) {
        return new Host(host, namespace, address, cpus, cpuCount, memory, receivesPackets, workers, runs, offset);
    }

    /** Its clock's offset from the harness's, ns: 0 where not measured. */
    public long clockOffsetNanos() {
        return clock == null ? 0 : clock.offsetNanos();
    }
}
