package io.gatewaybench.harness.model;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import java.io.IOException;

/**
 * A JSON text that the records of this package cannot read as a summary of format 2: an unknown or missing key, a figure
 * of the wrong type, a word no type knows, a null where none may be; its message says where, as a JSON pointer.
 */
public final class InvalidSummaryException extends IOException {
    private static final long serialVersionUID = 1L;

    /** Where the problem is, as a JSON pointer ("" for the whole text). */
    private final String pointer;

    InvalidSummaryException(String source, JsonProcessingException cause) {
        super(message(source, cause), cause);
        this.pointer = pointer(cause);
    }

    /** Where the problem is in the summary, as a JSON pointer (e.g. {@code /targets/1/throughput_rps}; "" for the whole text). */
    public String pointer() {
        return pointer;
    }

    private static String message(String source, JsonProcessingException cause) {
        JsonLocation at = cause.getLocation();
        String where = !pointer(cause).isEmpty() || cause instanceof JsonMappingException ? "'" + pointer(cause) + "'"
                : at != null ? "line " + at.getLineNr() + ", column " + at.getColumnNr() : "its start";
        return source + " is not a summary of format " + Summary.FORMAT + " as the model reads it: at " + where + ": "
                + cause.getOriginalMessage();
    }

    private static String pointer(JsonProcessingException cause) {
        if (!(cause instanceof JsonMappingException mapping)) {
            return "";
        }
        StringBuilder pointer = new StringBuilder();
        for (JsonMappingException.Reference r : mapping.getPath()) {
            if (r.getFieldName() != null) {
                pointer.append('/').append(r.getFieldName().replace("~", "~0").replace("/", "~1"));
            } else if (r.getIndex() >= 0) {
                pointer.append('/').append(r.getIndex());
            }
        }
        return pointer.toString();
    }
}
