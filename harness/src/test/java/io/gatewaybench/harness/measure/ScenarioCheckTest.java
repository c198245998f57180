package io.gatewaybench.harness.measure;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gatewaybench.harness.TestOrigin;
import io.gatewaybench.harness.plan.Scenario;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Verify before you measure, under plain: the page a target serves must be the origin's, byte for byte, with status 200. */
class ScenarioCheckTest {
    @Test
    void theOriginsOwnPageVerifiesAndAPageOneByteOffIsRefused() throws Exception {
        try (TestOrigin origin = TestOrigin.bookPageAfter(0)) {
            byte[] reference = ScenarioCheck.referencePage(origin.url());
            assertTrue(new String(reference, StandardCharsets.ISO_8859_1).contains(Scenario.BOOK_MARKER));
            ScenarioCheck.check("same", origin.url(), reference);

            byte[] planted = reference.clone();
            planted[planted.length / 2] ^= 1;
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> ScenarioCheck.check("planted", origin.url(), planted));
            assertTrue(e.getMessage().startsWith("planted serves a different book page") && e.getMessage().endsWith("refusing to measure it"),
                    e.getMessage());
        }
    }

    @Test
    void aTargetThatDoesNotAnswer200IsRefusedWithItsStatus() throws Exception {
        try (TestOrigin origin = TestOrigin.bookPageAfter(0); TestOrigin noBook = new TestOrigin()) {
            byte[] reference = ScenarioCheck.referencePage(origin.url());
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> ScenarioCheck.check("no-book", noBook.url(), reference));
            assertTrue(e.getMessage().startsWith("no-book answered 404 for "), e.getMessage());
            IllegalStateException refused = assertThrows(IllegalStateException.class, () -> ScenarioCheck.referencePage(noBook.url()));
            assertTrue(refused.getMessage().startsWith("the origin answered 404"), refused.getMessage());
        }
    }
}
