package io.gatewaybench.harness.analyse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gatewaybench.harness.model.Interval;
import io.gatewaybench.harness.model.Spread;
import io.gatewaybench.harness.model.Target;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The judgements in words: targets whose throughput ranges over rounds overlap are within the noise of each other. */
class NotesTest {

    @Test
    void overlappingTargetsAreFlaggedAsWithinTheNoise() {
        List<Target> targets = List.of(spread("direct", 1000, 1100), spread("nginx", 700, 760), spread("haproxy", 740, 800));
        List<String> notes = Notes.overlaps(targets);
        assertEquals(1, notes.size(), notes.toString());
        assertTrue(notes.get(0).contains("nginx and haproxy"), notes.get(0));
        assertTrue(notes.get(0).contains("(700-760 vs 740-800 req/s)"), notes.get(0));
    }

    @Test
    void aTargetWithoutASpreadOverlapsNothing() {
        assertEquals(List.of(), Notes.overlaps(List.of(spread("direct", 1000, 1100), PlantedSummary.target("nginx", null))));
    }

    /** A judged target as far as the overlap looks: its throughput's lowest and highest round. */
    private static Target spread(String name, double min, double max) {
        return PlantedSummary.target(name, new Spread(2, new Interval((min + max) / 2, min, max, List.of(min, max), null, null, null, null,
                null, null), null, null, null));
    }
}
