package io.gatewaybench.harness.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.gatewaybench.harness.analyse.Analysis;
import io.gatewaybench.harness.plan.Repo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** report.html without a browser: what goes into the page and how (ReportBrowserIT renders it). */
class HtmlReportTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void inlinedJsonCannotCloseItsScriptElement() throws Exception {
        Map<String, Object> value = Map.of("note", "</script><script>alert(1)</script><!-- x -->");
        String inline = HtmlReport.inlineJson(value);
        assertFalse(inline.contains("</"), inline);
        assertFalse(inline.contains("<!--"), inline);
        assertEquals(value, JSON.readValue(inline, Map.class));
    }

    @Test
    void theRunFolderGetsOnePageWithEchartsAndTheSummaryInline(@TempDir Path dir) throws Exception {
        Path run = Repo.root().resolve("results/20261123-181040");
        Files.copy(run.resolve("summary.json"), dir.resolve("summary.json"));
        RunSummary.write(dir, Analysis.read(dir));
        String html = Files.readString(dir.resolve(HtmlReport.FILE));
        assertTrue(html.contains("Licensed to the Apache Software Foundation"), "ECharts' license banner is kept");
        assertTrue(html.contains("<script type=\"application/json\" id=\"summary\">"), "the summary is inlined");
        assertFalse(html.contains("{{"), "every placeholder is filled");
        assertFalse(java.util.regex.Pattern.compile("<(script|link)[^>]+(src|href)=\"https?:").matcher(html).find(), "nothing is loaded from the network");
        assertTrue(Files.readString(dir.resolve("summary.md")).contains("Every figure as charts and tables: [report.html](report.html)"));
        assertTrue(Files.readString(dir.resolve(RunSummary.DETAILS)).contains("[report.html](report.html)"));
    }

    @Test
    void aMissingWebjarIsNamed() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> HtmlReport.echarts("0.0.0-missing"));
        assertTrue(e.getMessage().contains("org.webjars:echarts"), e.getMessage());
    }
}
