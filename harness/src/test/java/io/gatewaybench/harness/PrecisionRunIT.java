package io.gatewaybench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * {@code ./bench run --precision} adds rounds until every target is known within ±P or a bound is met. A precision no
 * two-second window reaches (±0.1% on planted-delay's throughput relative to direct) from two rounds, with at most three:
 * the run must add the third, say why it waits, stop there and say why, record the three rounds of every target, and
 * state the precision it reached. About 1.5 minutes. The bound of time, {@code --budget}, is the same rule with a clock
 * ({@code PrecisionsTest}, from planted times): this test used to wait out a budget of 5 minutes, where a step took 12 s
 * alone and up to 48 s beside the other integration tests.
 */
class PrecisionRunIT {
    private static final int MOST = 3;

    @Test
    void roundsAreAddedUntilTheMostRounds() throws Exception {
        Path results = Path.of("target", "precision-it").toAbsolutePath();
        String out = QuickRun.bench(results, 0, "run", "--design=rounds", "--quick",
                "--targets=harness/src/test/resources/planted/planted-delay.properties",
                "--rounds=2", "--warmup=1", "--duration=2", "--levels=none", "--cross-check=none", "--precision=0.001",
                "--max-rounds=" + MOST, "--results=" + results);
        // a half-width as Precisions.shown prints it: "±12.3%", or past ±1000% (two rounds on a slow machine: ±1128% seen) so said
        assertTrue(java.util.regex.Pattern.compile("bench: precision: not yet within ±0\\.1%: planted-delay (±\\d+\\.\\d%|beyond ±1000%)")
                .matcher(out).find(), out);
        assertTrue(out.contains("; round 3 follows"), out);
        assertTrue(out.contains("bench: precision: no more rounds: the most rounds, " + MOST + ", were made"), out);
        JsonNode summary = new ObjectMapper().readTree(QuickRun.newest(results).resolve("summary.json").toFile());
        assertEquals(MOST, summary.get("rounds").asInt());
        for (JsonNode t : summary.get("targets")) {
            assertEquals(MOST, t.get("rounds").size(), t.get("name") + "'s rounds");
        }
        assertTrue(out.contains("[round " + MOST + "/" + MOST + ", target 2/2] planted-delay"), out);
        assertTrue(out.contains("Precision reached: each target's throughput relative to direct is known within"), out);
    }
}
