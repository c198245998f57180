package io.gatewaybench.harness.report;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gatewaybench.harness.analyse.Analysis;
import io.gatewaybench.harness.model.LadderPlan;
import io.gatewaybench.harness.model.Summaries;
import io.gatewaybench.harness.model.Summary;
import io.gatewaybench.harness.plan.Template;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.stream.Stream;

/**
 * A run's {@code report.html}: the analysed summary as charts and tables in one file that any
 * browser opens offline. The page ({@code report/} resources) draws everything from the summary it
 * carries inline, with ECharts inlined from its WebJar; judgements that summary.md makes in Java
 * (the notes) travel beside it, so the page repeats no rule.
 */
public final class HtmlReport {
    public static final String FILE = "report.html";
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The summary's keys and values as summary.json holds them (absent stays absent, Optional.empty() is null), on one line. */
    private static final ObjectMapper SUMMARY_JSON = Summaries.mapper().disable(com.fasterxml.jackson.databind.SerializationFeature.INDENT_OUTPUT);

    private HtmlReport() {
    }

    /** Writes {@code report.html} into the run folder. */
    static void write(Path runDir, Summary summary, List<String> notes) throws IOException {
        Files.writeString(runDir.resolve(FILE), render(summary, notes));
    }

    public static String render(Summary summary, List<String> notes) throws IOException {
        Map<String, String> data = new LinkedHashMap<>();
        data.put("summary", inlineJson(SUMMARY_JSON, summary));
        data.put("report-facts", inlineJson(new Facts(notes, objectives(summary.setup().ladder()),
                MicrosecondTables.applies(summary.setup().ladder())
                ? MicrosecondTables.headlineRates(summary.setup().ladder(), summary.targets()) : null,
                VerdictTable.of(summary), tables(summary))));
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

    /** The tables the page draws as they are, first: a run's at equal rates (CostTables); none otherwise. */
    private static List<Table> tables(Summary summary) {
        return summary.setup().equalRates() == null ? null
                : Stream.of(CostTables.verdict(summary), CostTables.atRates(summary), CostTables.profiles(summary),
                        CostTables.warmup(summary))
                        .filter(Objects::nonNull).toList();
    }

    /**
     * What the page shows beside the summary, judged in Java so that the page repeats no rule.
     *
     * @param notes the notes under summary.md's {@code ## Notes} (Markdown)
     * @param objectives the ladder's objectives, for the ladder charts; none without a ladder
     * @param microsecondRates the ladder rates the headline shows microseconds at (Vegeta's ladder); absent otherwise
     * @param verdict the verdict table at the top (VerdictTable); absent where the run has no target but direct
     * @param tables the tables the page draws first as they are (CostTables); absent where the run did not measure at
     *     equal rates
     */
    record Facts(@JsonProperty("notes") List<String> notes, @JsonProperty("objectives") List<ObjectiveBound> objectives,
            @JsonProperty("microsecond_rates") @com.fasterxml.jackson.annotation.JsonInclude(
                    com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL) List<Integer> microsecondRates,
            @JsonProperty("verdict") @com.fasterxml.jackson.annotation.JsonInclude(
                    com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL) VerdictTable.Table verdict,
            @JsonProperty("tables") @com.fasterxml.jackson.annotation.JsonInclude(
                    com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL) List<Table> tables) {
    }

    /**
     * An objective of the ladder with the latency it bounds.
     *
     * @param name its name
     * @param description what it demands, in words
     * @param percentile the latency it bounds ("p99" or "max")
     * @param boundMs the bound, ms
     */
    record ObjectiveBound(@JsonProperty("name") String name, @JsonProperty("description") String description,
            @JsonProperty("percentile") String percentile, @JsonProperty("bound_ms") double boundMs) {
    }

    /** The ladder's objectives with the latency each bounds ("p99" or "max") and the bound in ms, for the ladder charts. */
    static List<ObjectiveBound> objectives(LadderPlan ladder) {
        if (ladder == null) {
            return List.of();
        }
        return Analysis.objectives(ladder).stream()
                .map(o -> new ObjectiveBound(o.name(), o.description(), o.percentile(), o.boundMs())).toList();
    }

    /**
     * JSON for a {@code <script type="application/json">} element: no {@code </} may end the element
     * early and no {@code <!--} may change how the browser reads it; both escapes are still valid JSON.
     */
    static String inlineJson(Object value) throws JsonProcessingException {
        return inlineJson(JSON, value);
    }

    private static String inlineJson(ObjectMapper mapper, Object value) throws JsonProcessingException {
        return mapper.writeValueAsString(value).replace("</", "<\\/").replace("<!--", "<\\u0021--");
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
