package io.gatewaybench.harness.model;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The machine the harness ran on ({@code machine}).
 *
 * @param cpuModel CPU model name
 * @param cpus online CPUs, count
 * @param memoryBytes total memory, bytes; null: unknown
 * @param kernel kernel release
 * @param os operating system
 * @param hostname host name
 */
public record Machine(
        @JsonProperty(value = "cpu_model", required = true) String cpuModel,
        @JsonProperty(value = "cpus", required = true) int cpus,
        @JsonProperty(value = "memory_bytes", required = true) @NullableKey Long memoryBytes,
        @JsonProperty(value = "kernel", required = true) String kernel,
        @JsonProperty(value = "os", required = true) String os,
        @JsonProperty(value = "hostname", required = true) String hostname) {
}
