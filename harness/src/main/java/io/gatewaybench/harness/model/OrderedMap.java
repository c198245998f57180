package io.gatewaybench.harness.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code Map.of} that keeps its keys in the order given. What goes into summary.json must come out in the same order
 * in every run: {@code Map.of} iterates in an order that changes from one JVM to the next, so two runs of one commit
 * wrote the same object with its keys shuffled.
 */
public final class OrderedMap {
    private OrderedMap() {
    }

    /** An unmodifiable map of {@code key, value, key, value, ...}, iterated in that order. */
    @SuppressWarnings("unchecked")
    public static <V> Map<String, V> of(Object... keysAndValues) {
        if (keysAndValues.length % 2 != 0) {
            throw new IllegalArgumentException("keys and values in pairs: " + keysAndValues.length + " given");
        }
        Map<String, V> m = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            if (keysAndValues[i + 1] == null || m.put((String) keysAndValues[i], (V) keysAndValues[i + 1]) != null) {
                throw new IllegalArgumentException("key " + keysAndValues[i] + " given twice, or with no value");
            }
        }
        return Collections.unmodifiableMap(m);
    }
}
