package io.gatewaybench.harness.measure;

import io.gatewaybench.harness.model.Machine;
import io.gatewaybench.harness.plan.Environment;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a {@code ./bench jmh} run was made on and from: its folder's {@code environment}, {@code key: value} lines written
 * before JMH starts (the commit, the JDK, the machine, its load average, the JMH options) and read by its report.
 */
public final class JmhEnvironment {
    private JmhEnvironment() {
    }

    /** {@code jmh-environment <run folder> [JMH options]}: writes the folder's {@code environment}; returns the exit status. */
    public static int main(List<String> args) {
        if (args.size() < 2) {
            System.err.println("bench: usage: " + args.get(0) + " <run folder> [JMH options]");
            return 2;
        }
        Path run = Path.of(args.get(1));
        try {
            write(run, args.subList(2, args.size()));
            return 0;
        } catch (IllegalArgumentException e) {
            System.err.println("bench: " + e.getMessage());
            return 1;
        } catch (IOException e) {
            System.err.println("bench: cannot write the report of " + run + ": " + e.getMessage());
            return 1;
        }
    }

    /** What the run was made on and from, as {@code key: value} lines: written before JMH starts, read by the report. */
    public static void write(Path run, List<String> jmhOptions) throws IOException {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("started", Instant.now().toString());
        env.put("git_commit", Environment.gitCommit());
        env.put("java", System.getProperty("java.home") + " (" + System.getProperty("java.vm.name") + " "
                + System.getProperty("java.vm.version") + ")");
        Machine machine = Environment.machine();
        env.put("machine.cpu_model", machine.cpuModel());
        env.put("machine.cpus", String.valueOf(machine.cpus()));
        env.put("machine.memory_bytes", machine.memoryBytes() == null ? "" : machine.memoryBytes().toString());
        env.put("machine.kernel", machine.kernel());
        env.put("machine.os", machine.os());
        env.put("machine.hostname", machine.hostname());
        env.put("load_average", Environment.loadAverage());
        env.put("jmh_options", String.join(" ", jmhOptions));
        StringBuilder text = new StringBuilder();
        env.forEach((k, v) -> text.append(k).append(": ").append(v).append('\n'));
        Files.createDirectories(run);
        Files.writeString(run.resolve("environment"), text);
    }

    /** The environment file's {@code key: value} lines; none where the file is missing. */
    public static Map<String, String> read(Path file) throws IOException {
        Map<String, String> env = new LinkedHashMap<>();
        if (Files.isRegularFile(file)) {
            for (String line : Files.readAllLines(file)) {
                int colon = line.indexOf(": ");
                if (colon > 0) {
                    env.put(line.substring(0, colon), line.substring(colon + 2));
                }
            }
        }
        return env;
    }
}
