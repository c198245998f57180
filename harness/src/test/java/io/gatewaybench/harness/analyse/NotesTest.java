package io.gatewaybench.harness.analyse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The judgements in words: targets whose throughput ranges over rounds overlap are within the noise of each other. */
class NotesTest {

    @Test
    void overlappingTargetsAreFlaggedAsWithinTheNoise() {
        List<Map<String, Object>> targets = List.of(spread("direct", 1000, 1100), spread("nginx", 700, 760), spread("haproxy", 740, 800));
        List<String> notes = Notes.overlaps(targets);
        assertEquals(1, notes.size(), notes.toString());
        assertTrue(notes.get(0).contains("nginx and haproxy"), notes.get(0));
        assertTrue(notes.get(0).contains("(700-760 vs 740-800 req/s)"), notes.get(0));
    }

    @Test
    void aTargetWithoutASpreadOverlapsNothing() {
        assertEquals(List.of(), Notes.overlaps(List.of(spread("direct", 1000, 1100), Map.of("name", "nginx"))));
    }

    /** A judged target as far as the overlap looks: its throughput's lowest and highest round. */
    private static Map<String, Object> spread(String name, double min, double max) {
        return Map.of("name", name, "spread", Map.of("throughput_rps", Map.of("min", min, "max", max)));
    }
}
