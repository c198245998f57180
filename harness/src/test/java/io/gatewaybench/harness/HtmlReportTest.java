package io.gatewaybench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
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
        RunSummary.rerender(dir);
        String html = Files.readString(dir.resolve(HtmlReport.FILE));
        assertTrue(html.contains("Licensed to the Apache Software Foundation"), "ECharts' license banner is kept");
        assertTrue(html.contains("<script type=\"application/json\" id=\"summary\">"), "the summary is inlined");
        assertFalse(html.contains("{{"), "every placeholder is filled");
        assertFalse(java.util.regex.Pattern.compile("<(script|link)[^>]+(src|href)=\"https?:").matcher(html).find(), "nothing is loaded from the network");
        assertTrue(Files.readString(dir.resolve("summary.md")).contains("Charts: [report.html](report.html)"));
    }

    @Test
    void aMissingWebjarIsNamed() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> HtmlReport.echarts("0.0.0-missing"));
        assertTrue(e.getMessage().contains("org.webjars:echarts"), e.getMessage());
    }

    @Test
    @SuppressWarnings("unchecked")
    void withinTheNoiseOfDirectBySummaryMdsRuleOrAPairedIntervalHoldingOneHundredPercent() {
        Map<String, Object> direct = target("direct", 1000, 1100, null);
        Map<String, Object> overlapping = target("overlapping", 1050, 1200, Map.of("min", 0.95, "max", 1.05));
        Map<String, Object> holdsOne = target("holds-one", 800, 900, Map.of("min", 0.85, "max", 0.9, "ci95_low", 0.7, "ci95_high", 1.02));
        Map<String, Object> clear = target("clear", 500, 600, Map.of("min", 0.5, "max", 0.55, "ci95_low", 0.45, "ci95_high", 0.6));
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("targets", new ArrayList<>(List.of(direct, overlapping, holdsOne, clear)));
        Map<String, String> within = HtmlReport.withinNoiseOfDirect(summary);
        assertEquals(List.of("overlapping", "holds-one"), List.copyOf(within.keySet()), within.toString());
        assertTrue(within.get("holds-one").contains("95% interval"), within.toString());
    }

    private static Map<String, Object> target(String name, double min, double max, Map<String, Object> paired) {
        Map<String, Object> spread = new LinkedHashMap<>();
        spread.put("throughput_rps", Map.of("min", min, "max", max));
        if (paired != null) {
            spread.put("throughput_relative_to_direct", paired);
        }
        return new LinkedHashMap<>(Map.of("name", name, "spread", spread));
    }
}
