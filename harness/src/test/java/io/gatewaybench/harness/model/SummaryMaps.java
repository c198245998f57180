package io.gatewaybench.harness.model;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A summary as a JSON tree of maps and lists, for tests that plant a change anywhere in it (a key the records would refuse
 * included) and read it back strictly, as {@link Summaries#parse} reads a file.
 */
public final class SummaryMaps {
    private SummaryMaps() {
    }

    /** The summary held in {@code summary}, read strictly; a summary the model does not describe fails, naming where. */
    public static Summary fromMap(Map<String, Object> summary) {
        try {
            return Summaries.parse(Summaries.mapper().writeValueAsString(summary));
        } catch (InvalidSummaryException e) {
            throw new IllegalStateException("not a summary the model describes: " + e.getMessage(), e);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The summary as maps and lists, key order kept. */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> toMap(Summary summary) {
        try {
            return Summaries.mapper().readValue(Summaries.toJson(summary), LinkedHashMap.class);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
