package io.gatewaybench.harness;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/**
 * The JVM flags every JVM gateway of a run gets alike, from {@code infra/jvm/<name>.properties}.
 * A JVM profile is a dimension of its own (heap, collector, JDK), never a per-gateway tweak.
 */
public record JvmProfile(String name, String flags) {

    public static JvmProfile load(String name) {
        Path file = Repo.root().resolve("infra/jvm").resolve(name + ".properties");
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("no JVM profile '" + name + "': add infra/jvm/" + name + ".properties with a 'flags=' line");
        }
        Properties p = Repo.properties(file, "JVM profile");
        return new JvmProfile(name, p.getProperty("flags", "").trim());
    }
}
