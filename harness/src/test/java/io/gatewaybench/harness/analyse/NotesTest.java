package io.gatewaybench.harness.analyse;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
        assertEquals(List.of("**Within the noise of each other**: nginx (700-760), haproxy (740-800) req/s over rounds: their throughput "
                + "ranges overlap, each with every other, so the order between them is not established."), notes);
    }

    /**
     * Ranges that overlap in a chain are not one group: a overlaps b, b overlaps c, a and c do not (a is told apart from c), so
     * the groups are {a, b} and {b, c}; with c planted to reach a's range, one group of three. One note per group, where the
     * pairs would be three.
     */
    @Test
    void groupsAreRangesThatOverlapEachWithEveryOther() {
        assertEquals(List.of(List.of(0, 1), List.of(1, 2)), Notes.groups(new double[] {0, 1, 2.5}, new double[] {2, 3, 4}));
        assertEquals(List.of(List.of(0, 1, 2)), Notes.groups(new double[] {0, 1, 1.5}, new double[] {2, 3, 4}));
        // in any order of the ranges; a range ending where another starts overlaps it; apart, none
        assertEquals(List.of(List.of(1, 2), List.of(0, 2)), Notes.groups(new double[] {2.5, 0, 1}, new double[] {4, 2, 3}));
        assertEquals(List.of(List.of(0, 1)), Notes.groups(new double[] {0, 2}, new double[] {2, 3}));
        assertEquals(List.of(), Notes.groups(new double[] {0, 3, 6}, new double[] {1, 4, 7}));
        // two groups side by side, and a range alone between them
        assertEquals(List.of(List.of(0, 1), List.of(3, 4)), Notes.groups(new double[] {0, 1, 5, 8, 9}, new double[] {2, 3, 6, 10, 11}));
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
