package io.gatewaybench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gatewaybench.harness.plan.Repo;
import java.io.IOException;
import java.nio.file.Files;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * README's verdict table ({@code ## What it finds}) is the reference run's own, line for line as its summary.md has it (which
 * CommittedRunsRenderTest shows is what its summary.json renders): no figure in it typed by hand. The run is the one its
 * marker names, so that moving the README to a newer reference run is one line and a paste.
 */
class VerdictReadmeTest {
    private static final Pattern BLOCK = Pattern.compile("<!-- verdict of (\\S+): [^>]*-->\\n(.*?)<!-- end of verdict -->", Pattern.DOTALL);

    @Test
    void theReadmesVerdictIsTheReferenceRunsOwn() throws IOException {
        Matcher m = block();
        String table = table(m.group(1));
        assertEquals(table, m.group(2).strip(), "README's verdict is not the one results/" + m.group(1) + "/summary.md gives; paste it:\n" + table);
    }

    @Test
    void aFigureChangedInTheRunWouldBeSeen() throws IOException {
        Matcher m = block();
        String table = table(m.group(1));
        String planted = table.replaceFirst("(\\d)%", "$11%"); // 59.0% reads 59.01%
        assertNotEquals(table, planted, "the plant changed nothing");
        assertNotEquals(planted, m.group(2).strip());
    }

    /** The reference run: the one README's verdict marker names, which its other figures (ReadmeNumbersTest) and picture (ReportBrowserIT) are from too. */
    static String referenceRun() throws IOException {
        return block().group(1);
    }

    private static Matcher block() throws IOException {
        Matcher m = BLOCK.matcher(Files.readString(Repo.root().resolve("README.md")));
        assertTrue(m.find(), "README.md has no '<!-- verdict of RUN: ... -->' ... '<!-- end of verdict -->' block");
        return m;
    }

    /**
     * The table of a committed run's verdict ({@code ## Verdict}, or at equal rates its cost's): its header and rows.
     */
    private static String table(String run) throws IOException {
        String md = Files.readString(Repo.root().resolve("results").resolve(run).resolve("summary.md"));
        int start = md.indexOf("## Verdict: what each gateway costs\n") >= 0
                ? md.indexOf("## Verdict: what each gateway costs\n")
                : md.indexOf("## Verdict\n");
        assertTrue(start >= 0, "results/" + run + "/summary.md has no ## Verdict: re-render it (./bench report results/" + run + ")");
        String section = md.substring(start, md.indexOf("\n## ", start + 1));
        return section.substring(section.indexOf("\n| ") + 1).strip();
    }
}
