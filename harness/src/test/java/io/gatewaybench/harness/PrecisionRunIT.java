package io.gatewaybench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * {@code ./bench run --precision} adds rounds until every target is known within ±P or the budget would be passed. A
 * precision no two-second window reaches (±0.1% on planted-delay's throughput relative to direct) with a budget of 3
 * minutes: the run must add rounds after the two asked for, stop because the next would end past the budget, say so,
 * record the rounds it made, and state the precision it reached. About 5 minutes here. The budget leaves room for a
 * round added whenever a step takes under 48 s (two rounds of two steps and about 10 s of start, then a third of two steps,
 * within 300 s): 12 s alone, 20-36 s beside the other integration tests. With a budget of 2 minutes, ci9 made its two
 * rounds in 100 s and rightly added none; with 3, the fresh-clone CI of 20261127 15:43 did the same, its steps at 36 s
 * beside JvmProfilesIT and BenchNetnsRunIT (two rounds in 145 s, a third expected to end past 180).
 */
class PrecisionRunIT {
    private static final int BUDGET_MIN = 5;

    @Test
    void roundsAreAddedUntilTheBudgetWouldBePassed() throws Exception {
        Path results = Path.of("target", "precision-it").toAbsolutePath();
        String out = QuickRun.bench(results, 0, "run", "--quick", "--targets=harness/src/test/resources/planted/planted-delay.properties",
                "--rounds=2", "--warmup=1", "--duration=2", "--levels=none", "--cross-check=none", "--precision=0.001",
                "--budget=" + BUDGET_MIN, "--results=" + results);
        assertTrue(out.contains("bench: precision: not yet within ±0.1%: planted-delay ±"), out);
        assertTrue(out.contains("bench: precision: no more rounds: another round would end past the budget of " + BUDGET_MIN + " min"), out);
        JsonNode summary = new ObjectMapper().readTree(QuickRun.newest(results).resolve("summary.json").toFile());
        int rounds = summary.get("rounds").asInt();
        assertTrue(rounds > 2, "no round was added: " + rounds);
        for (JsonNode t : summary.get("targets")) {
            assertEquals(rounds, t.get("rounds").size(), t.get("name") + "'s rounds");
        }
        assertTrue(out.contains("[round " + rounds + "/" + rounds + ", target 2/2] planted-delay"), out);
        // a round is only begun when it is expected to end within the budget: the run may pass it by what that expectation
        // misses (steps that slow down as the tests beside it change), not by a round of the slowest steps seen here (2 x 48 s)
        Duration took = Duration.between(Instant.parse(summary.get("started").asText()), Instant.parse(summary.get("finished").asText()));
        assertTrue(took.toSeconds() < BUDGET_MIN * 60 + 60, "the run took " + took + " against a budget of " + BUDGET_MIN + " min");
        assertTrue(out.contains("Precision reached: each target's throughput relative to direct is known within"), out);
    }
}
