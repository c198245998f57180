package io.gatewaybench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What the integration tests that make one-round runs read as "the injector could not deliver" ({@link QuickRun#undelivered}),
 * on the summary of a real run that had it: InjectorHostsIT's two-host run on the fresh-clone CI of d7c0f65 here (20261202),
 * where Vegeta sent 100 req/s late twice for direct and planted-delay (the ladder then stopped below 200) and, by design,
 * nginx was lost with its injector host and haproxy never reached.
 */
class QuickRunTest {
    private static ObjectNode late() throws IOException {
        return (ObjectNode) new ObjectMapper().readTree(QuickRunTest.class.getResource("/undelivered/two-injectors-late.json"));
    }

    @Test
    void eachLevelSentLateTwiceAndEachNotReachedAfterItIsNamed() throws IOException {
        assertEquals(List.of("direct at 100 req/s (send lag P99 up to 7.591 ms)", "direct at 200 req/s (not reached)",
                "planted-delay at 100 req/s (send lag P99 up to 4.635 ms)", "planted-delay at 200 req/s (not reached)"),
                QuickRun.undelivered(late()));
    }

    /** The same run without the two late targets: what is left was delivered, and the failed targets have no levels to name. */
    @Test
    void aRunWhoseMeasuredTargetsWereDeliveredHasNone() throws IOException {
        ObjectNode summary = late();
        ArrayNode targets = (ArrayNode) summary.get("targets");
        for (int i = targets.size() - 1; i >= 0; i--) {
            if (List.of("direct", "planted-delay").contains(targets.get(i).get("name").asText())) {
                targets.remove(i);
            }
        }
        assertEquals(List.of(), QuickRun.undelivered(summary));
    }
}
