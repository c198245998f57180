package io.gatewaybench.harness.model;

import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import java.util.Map;

/**
 * One entry of {@code components}, keyed by component or target: a version line ({@link Line}), or a JVM gateway's
 * libraries keyed by artifact ({@link Libraries}).
 */
@JsonDeserialize(using = Readers.ComponentVersionReader.class)
public sealed interface ComponentVersion permits ComponentVersion.Line, ComponentVersion.Libraries {
    /**
     * A version line as the component printed it.
     *
     * @param version the line, e.g. {@code nginx version: nginx/1.22.1}
     */
    record Line(@JsonValue String version) implements ComponentVersion {
    }

    /**
     * A JVM gateway's library versions.
     *
     * @param byArtifact each library's version keyed by artifact, e.g. {@code netty-codec-http}
     */
    record Libraries(@JsonValue Map<String, String> byArtifact) implements ComponentVersion {
    }
}
