package io.gatewaybench.harness.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gatewaybench.harness.analyse.Analysis;
import io.gatewaybench.harness.plan.Template;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * A run's {@code report.html}: the analysed summary as charts and tables in one file that any
 * browser opens offline. The page ({@code report/} resources) draws everything from the summary it
 * carries inline, with ECharts inlined from its WebJar; judgements that summary.md makes in Java
 * (the notes) travel beside it, so the page repeats no rule.
 */
public final class HtmlReport {
    public static final String FILE = "report.html";
    private static final ObjectMapper JSON = new ObjectMapper();

    private HtmlReport() {
    }

    /** Writes {@code report.html} into the run folder. */
    static void write(Path runDir, Map<String, Object> summary, List<String> notes) throws IOException {
        Files.writeString(runDir.resolve(FILE), render(summary, notes));
    }

    public static String render(Map<String, Object> summary, List<String> notes) throws IOException {
        Map<String, Object> facts = new LinkedHashMap<>();
        facts.put("notes", notes);
        facts.put("objectives", objectives(summary));
        Map<String, String> data = new LinkedHashMap<>();
        data.put("summary", inlineJson(summary));
        data.put("report-facts", inlineJson(facts));
        return page("Gateway benchmark run", "Drawing the report… (it needs JavaScript; the same figures are in summary.md)", data,
                "report/report.js");
    }

    /**
     * One of the harness's pages ({@code report/page.html}): the shared style, error capture, ECharts
     * and helpers, the page's data as JSON elements by id, and its script, all inline so that it opens offline.
     */
    static String page(String title, String loading, Map<String, String> jsonById, String script) throws IOException {
        StringBuilder data = new StringBuilder();
        jsonById.forEach((id, json) -> data.append("<script type=\"application/json\" id=\"").append(id).append("\">").append(json)
                .append("</script>\n"));
        return Template.render(resource("report/page.html"), Map.of(
                "title", title,
                "loading", loading,
                "style", resource("report/report.css"),
                "capture", resource("report/capture.js"),
                "data", data.toString().strip(),
                "echarts", echarts(),
                "common", resource("report/common.js"),
                "script", resource(script)), "report/page.html for " + script);
    }

    /** The ladder's objectives with the latency each bounds ("p99" or "max") and the bound in ms, for the ladder charts. */
    @SuppressWarnings("unchecked")
    static List<Map<String, Object>> objectives(Map<String, Object> summary) {
        if (!(summary.get("ladder") instanceof Map<?, ?> ladder)) {
            return List.of();
        }
        return Analysis.objectives(io.gatewaybench.harness.model.Summaries.mapper().convertValue(ladder, io.gatewaybench.harness.model.LadderPlan.class)).stream().map(o -> {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", o.name());
            m.put("description", o.description());
            m.put("percentile", o.percentile());
            m.put("bound_ms", o.boundMs());
            return m;
        }).toList();
    }

    /**
     * JSON for a {@code <script type="application/json">} element: no {@code </} may end the element
     * early and no {@code <!--} may change how the browser reads it; both escapes are still valid JSON.
     */
    static String inlineJson(Object value) throws JsonProcessingException {
        return JSON.writeValueAsString(value).replace("</", "<\\/").replace("<!--", "<\\u0021--");
    }

    /** The WebJar's echarts.min.js, its Apache license banner included, of the version the parent pom names. */
    static String echarts() throws IOException {
        Properties versions = new Properties();
        versions.load(new java.io.StringReader(resource("report/echarts.properties")));
        return echarts(versions.getProperty("echarts.version"));
    }

    /** ECharts {@code version} from its WebJar; fails naming the WebJar where it is not on the class path. */
    static String echarts(String version) throws IOException {
        String path = "META-INF/resources/webjars/echarts/" + version + "/echarts.min.js";
        String js = resourceOrNull(path);
        if (js == null) {
            throw new IllegalStateException("report.html needs ECharts, but " + path + " is not on the class path: "
                    + "the WebJar org.webjars:echarts is missing from bench.jar (harness/pom.xml, its dependency and shade filter)");
        }
        if (js.toLowerCase(java.util.Locale.ROOT).contains("</script")) {
            throw new IllegalStateException(path + " contains </script and cannot be inlined as it is");
        }
        return js;
    }

    static String resource(String path) throws IOException {
        String text = resourceOrNull(path);
        if (text == null) {
            throw new IllegalStateException("the harness's resource " + path + " is missing from its jar");
        }
        return text;
    }

    private static String resourceOrNull(String path) throws IOException {
        try (InputStream in = HtmlReport.class.getClassLoader().getResourceAsStream(path)) {
            return in == null ? null : new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
