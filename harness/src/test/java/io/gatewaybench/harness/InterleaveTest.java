package io.gatewaybench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gatewaybench.harness.plan.Repo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./bench interleave}: every committed run's summary.md is what the code makes of its committed slices.json (no
 * figure typed by hand), and a slice changed in a copy changes it; bad options are refused with the reason.
 */
class InterleaveTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static List<Path> committed() throws Exception {
        try (Stream<Path> dirs = Files.list(Repo.root().resolve("results"))) {
            return dirs.filter(d -> Files.isRegularFile(d.resolve(Interleave.SLICES))).sorted().toList();
        }
    }

    @Test
    void everyCommittedSummaryIsWhatItsSlicesMake() throws Exception {
        List<Path> runs = committed();
        assertFalse(runs.isEmpty(), "no committed results/*-interleaved/slices.json");
        for (Path run : runs) {
            assertEquals(Interleave.summary(run), Files.readString(run.resolve("summary.md")),
                    run + "/summary.md is not what its slices.json makes: run ./bench interleave's rendering again");
        }
    }

    @Test
    void aChangedSliceChangesTheSummary(@TempDir Path copy) throws Exception {
        Path run = committed().get(0);
        ObjectNode data = (ObjectNode) JSON.readTree(run.resolve(Interleave.SLICES).toFile());
        ArrayNode second = (ArrayNode) data.get("blocks").get(0).get(1).get(0); // block 1, the first gateway, cycle 1
        for (int s = 0; s < second.size(); s++) {
            second.set(s, second.get(s).asDouble() * 0.5);
        }
        Path planted = Files.createDirectories(copy.resolve(run.getFileName()));
        JSON.writeValue(planted.resolve(Interleave.SLICES).toFile(), data);
        assertNotEquals(Interleave.summary(run), Interleave.summary(planted));
    }

    @Test
    void badOptionsAreRefusedWithTheReason() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Interleave.Options.parse(List.of("--cycles=1")));
        assertTrue(e.getMessage().contains("--cycles must be 2 or more"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Interleave.Options.parse(List.of("--rounds=3")));
        assertTrue(e.getMessage().contains("unknown option --rounds=3"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Interleave.Options.parse(List.of("--precision=5")));
        assertTrue(e.getMessage().contains("--precision is a share"), e.getMessage());
        Interleave.Options o = Interleave.Options.parse(List.of("--targets=nginx", "--blocks=3", "--slice=4"));
        assertEquals(List.of("direct", "nginx"), o.plan().targets().stream().map(io.gatewaybench.harness.plan.Target::name).toList());
        assertEquals(3, o.blocks());
        assertEquals(4, o.slice());
        assertEquals(25, o.plan().load().warmupSeconds());
    }
}
