package io.gatewaybench.harness.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.gatewaybench.harness.plan.RunPlan;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The calibration without a share of direct's capacity to find: the ladder's rates are the ones given (direct's capacity is measured end to end in the quick runs). */
class CalibrationTest {

    @Test
    void givenRatesAreTheLaddersAsTheyAreAndDirectIsNotMeasured(@TempDir Path run) throws IOException {
        List<String> progress = new ArrayList<>();
        // Port 9 (discard) on loopback: nothing listens there, so asking the origin anything would fail.
        Calibration given = Calibration.of(RunPlan.parse(List.of("--levels=none", "--rates=3000,1000")), run,
                URI.create("http://127.0.0.1:9/"), new byte[0], progress::add);
        assertEquals(List.of(1000, 3000), given.rates());
        assertNull(given.measured(), "the rates were given, not measured");
        assertEquals(List.of(), progress);
        assertFalse(Files.exists(run.resolve("raw")), "no Gatling run");

        Calibration none = Calibration.of(RunPlan.parse(List.of("--levels=none")), run, URI.create("http://127.0.0.1:9/"), new byte[0],
                progress::add);
        assertEquals(List.of(), none.rates(), "no ladder");
        assertNull(none.measured());
    }
}
