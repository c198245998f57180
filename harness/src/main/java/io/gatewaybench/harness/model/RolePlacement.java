package io.gatewaybench.harness.model;

import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;

/**
 * Where the injector or the gateway ran ({@code placement.injector}, {@code placement.gateway}): its host ({@link OnHost}),
 * or, in summaries re-analysed from format 1, a description in words ({@link InWords}).
 */
@JsonDeserialize(using = Readers.RolePlacementReader.class)
public sealed interface RolePlacement permits RolePlacement.OnHost, RolePlacement.InWords {
    /**
     * The role's host.
     *
     * @param host the host
     */
    record OnHost(@JsonValue Host host) implements RolePlacement {
    }

    /**
     * The role's placement in words (format 1).
     *
     * @param words the description, e.g. {@code all CPUs, 2 workers}
     */
    record InWords(@JsonValue String words) implements RolePlacement {
    }
}
