package io.gatewaybench.harness;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code ./bench compare <run> <run>}: do two runs agree within their own spread? For every target:
 * the closed-load throughput (absolute and paired with direct) and P99, compared by their 95%
 * confidence intervals over rounds, with the stricter test of their min-max ranges beside; and each
 * maximum sustainable rate, compared by its bracket. A ladder only says the maximum lies between
 * the level found and the next one, and two runs calibrate different ladders; so a run's bracket is
 * its lowest rate found to its highest next level (open above the ladder's top), and two runs agree
 * when their brackets overlap.
 */
public final class RunComparison {
    /**
     * One figure of one target in both runs: each run's {low, high} by the agreement test (the 95%
     * interval, or the bracket) and, for round figures, {min, max} over rounds; null where not given.
     */
    public record Row(String target, String figure, double[] a, double[] b, double[] aRange, double[] bRange) {
        public boolean agrees() {
            return overlap(a, b);
        }

        /** The stricter test: the min-max ranges over rounds overlap too (true where there are none). */
        public boolean rangesOverlap() {
            return aRange == null || bRange == null || overlap(aRange, bRange);
        }

        private static boolean overlap(double[] x, double[] y) {
            return x[0] <= y[1] && y[0] <= x[1];
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
            if (tb == null || !ta.has("spread") || !tb.has("spread")) {
                continue;
            }
            if (!name.equals("direct")) {
                add(rows, name, "throughput / direct", ta.at("/spread/throughput_relative_to_direct"), tb.at("/spread/throughput_relative_to_direct"));
            }
            add(rows, name, "throughput req/s", ta.at("/spread/throughput_rps"), tb.at("/spread/throughput_rps"));
            add(rows, name, "P99 ms (closed)", ta.at("/spread/latency_ms/p99"), tb.at("/spread/latency_ms/p99"));
            JsonNode found = ta.get("max_sustainable");
            final JsonNode other = tb;
            if (found != null && other.has("max_sustainable")) {
                found.fieldNames().forEachRemaining(objective -> {
                    JsonNode fb = other.get("max_sustainable").get(objective);
                    if (fb != null) {
                        rows.add(new Row(name, "max rate " + objective + " (bracket)", bracket(found.get(objective)), bracket(fb), null, null));
                    }
                });
            }
        }
        return rows;
    }

    /** Lowest rate found in any round to the highest next level of any round (infinite when a round held at the top). */
    static double[] bracket(JsonNode maxSustainable) {
        double low = Double.POSITIVE_INFINITY;
        double high = 0;
        for (JsonNode round : maxSustainable.get("rounds")) {
            low = Math.min(low, round.get("rate_rps").asDouble());
            JsonNode next = round.get("next_level_rps");
            high = Math.max(high, next == null || next.isNull() ? Double.POSITIVE_INFINITY : next.asDouble());
        }
        return new double[] {low, high};
    }

    private static void add(List<Row> rows, String target, String figure, JsonNode a, JsonNode b) {
        if (a.isMissingNode() || b.isMissingNode()) {
            return;
        }
        rows.add(new Row(target, figure, new double[] {a.get("ci95_low").asDouble(), a.get("ci95_high").asDouble()},
                new double[] {b.get("ci95_low").asDouble(), b.get("ci95_high").asDouble()},
                new double[] {a.get("min").asDouble(), a.get("max").asDouble()}, new double[] {b.get("min").asDouble(), b.get("max").asDouble()}));
    }

    /** The comparison as a Markdown table, then a line on each test. */
    public static String markdown(Path runA, Path runB, List<Row> rows) {
        StringBuilder md = new StringBuilder();
        md.append("| target | figure | ").append(runA.getFileName()).append(": 95% CI or bracket (min-max) | ").append(runB.getFileName())
                .append(": 95% CI or bracket (min-max) | agree | min-max overlap |\n|---|---|---:|---:|---|---|\n");
        for (Row r : rows) {
            md.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %s |%n", r.target(), r.figure(), cell(r.a(), r.aRange()),
                    cell(r.b(), r.bRange()), r.agrees() ? "yes" : "**no**", r.aRange() == null ? "" : r.rangesOverlap() ? "yes" : "**no**"));
        }
        long disagree = rows.stream().filter(r -> !r.agrees()).count();
        long ranged = rows.stream().filter(r -> r.aRange() != null).count();
        long apart = rows.stream().filter(r -> !r.rangesOverlap()).count();
        md.append('\n').append(disagree == 0 ? "The runs agree on all " + rows.size() + " figures (95% intervals and brackets overlap)."
                : disagree + " of " + rows.size() + " figures disagree: their 95% intervals or brackets do not overlap.")
                .append(String.format(Locale.ROOT, " Stricter: the min-max ranges over rounds overlap on %d of %d round figures.%n", ranged - apart, ranged));
        return md.toString();
    }

    private static String cell(double[] v, double[] range) {
        String s = num(v[0]) + "-" + num(v[1]);
        return range == null ? s : s + " (" + num(range[0]) + "-" + num(range[1]) + ")";
    }

    private static String num(double v) {
        if (Double.isInfinite(v)) {
            return "top";
        }
        return Math.abs(v) >= 100 ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.3g", v);
    }
}
