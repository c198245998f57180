package io.gatewaybench.harness;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code ./bench compare <run> <run>}: do two runs agree within their own spread? For every target
 * and figure, each run's range over its rounds (lowest to highest round); two runs agree on a
 * figure when their ranges overlap, so neither contradicts what the other measured.
 */
public final class RunComparison {
    /** One figure of one target in both runs, with whether their ranges overlap. */
    public record Row(String target, String figure, double[] a, double[] b) {
        public boolean agrees() {
            return a[0] <= b[1] && b[0] <= a[1];
        }
    }

    private RunComparison() {
    }

    public static List<Row> compare(Path runA, Path runB) throws IOException {
        JsonNode a = new ObjectMapper().readTree(runA.resolve("summary.json").toFile());
        JsonNode b = new ObjectMapper().readTree(runB.resolve("summary.json").toFile());
        List<Row> rows = new ArrayList<>();
        for (JsonNode ta : a.get("targets")) {
            String name = ta.get("name").asText();
            JsonNode tb = null;
            for (JsonNode t : b.get("targets")) {
                tb = t.get("name").asText().equals(name) ? t : tb;
            }
            final JsonNode other = tb;
            if (tb == null || !ta.has("spread") || !tb.has("spread")) {
                continue;
            }
            if (!name.equals("direct")) {
                add(rows, name, "throughput / direct", ta.at("/spread/throughput_relative_to_direct"), tb.at("/spread/throughput_relative_to_direct"));
            }
            add(rows, name, "throughput req/s", ta.at("/spread/throughput_rps"), tb.at("/spread/throughput_rps"));
            add(rows, name, "P99 ms (closed)", ta.at("/spread/latency_ms/p99"), tb.at("/spread/latency_ms/p99"));
            JsonNode found = ta.get("max_sustainable");
            if (found != null && other.has("max_sustainable")) {
                found.fieldNames().forEachRemaining(objective -> {
                    JsonNode fa = ta.get("max_sustainable").get(objective);
                    JsonNode fb = other.get("max_sustainable").get(objective);
                    if (fb != null) {
                        rows.add(new Row(name, "max rate " + objective, new double[] {fa.get("min_rps").asDouble(), fa.get("max_rps").asDouble()},
                                new double[] {fb.get("min_rps").asDouble(), fb.get("max_rps").asDouble()}));
                    }
                });
            }
        }
        return rows;
    }

    private static void add(List<Row> rows, String target, String figure, JsonNode a, JsonNode b) {
        if (a.isMissingNode() || b.isMissingNode()) {
            return;
        }
        rows.add(new Row(target, figure, new double[] {a.get("min").asDouble(), a.get("max").asDouble()},
                new double[] {b.get("min").asDouble(), b.get("max").asDouble()}));
    }

    /** The comparison as a Markdown table, and a last line counting the figures that disagree. */
    public static String markdown(Path runA, Path runB, List<Row> rows) {
        StringBuilder md = new StringBuilder();
        md.append("| target | figure | ").append(runA.getFileName()).append(" (min-max) | ").append(runB.getFileName())
                .append(" (min-max) | ranges overlap |\n|---|---|---:|---:|---|\n");
        for (Row r : rows) {
            md.append(String.format(Locale.ROOT, "| %s | %s | %s-%s | %s-%s | %s |%n", r.target(), r.figure(), num(r.a()[0]), num(r.a()[1]),
                    num(r.b()[0]), num(r.b()[1]), r.agrees() ? "yes" : "**no**"));
        }
        long disagree = rows.stream().filter(r -> !r.agrees()).count();
        md.append('\n').append(disagree == 0 ? "The runs agree within their spread on all " + rows.size() + " figures."
                : disagree + " of " + rows.size() + " figures disagree: their ranges over rounds do not overlap.").append('\n');
        return md.toString();
    }

    private static String num(double v) {
        return v >= 100 ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.3g", v);
    }
}
