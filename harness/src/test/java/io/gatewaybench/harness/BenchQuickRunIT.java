package io.gatewaybench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The main job end to end: {@code ./bench run --quick} over all six targets on loopback, then its newest summary.json. */
class BenchQuickRunIT {

    @Test
    void quickRunMeasuresAllSixTargetsAgainstDirect() throws Exception {
        Path results = Path.of("target", "bench-it").toAbsolutePath();
        QuickRun.bench(results, "run", "--quick", "--results=" + results);
        JsonNode summary = QuickRun.checkSummary(QuickRun.newest(results));
        assertEquals("loopback", summary.get("placement").get("topology").asText());
    }
}
