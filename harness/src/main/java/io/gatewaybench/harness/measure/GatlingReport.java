package io.gatewaybench.harness.measure;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads one request's row from a Gatling 3.15 HTML report's statistics table ({@code index.html}),
 * column by column header ("Total", "OK", "KO", "Max", "99.9th pct" ...). Gatling writes no
 * machine-readable statistics file; the suite uses this row to cross-check its own reading of
 * {@code simulation.log}, whose exact figures it reports.
 */
public final class GatlingReport {
    private static final Pattern HEADER = Pattern.compile("<th id=\"col-(\\d+)\"[^>]*><span>(?:<abbr[^>]*>)?([^<]+)<");
    private static final Pattern CELL = Pattern.compile("<td class=\"value [^\"]*col-(\\d+)\">([^<]*)</td>");

    /**
     * @param columns a column's header ("Total", "OK", "KO", "Min", "50th pct", "Max", "Mean" ...) to its value
     */
    public record Row(String request, Map<String, String> columns) {
        public long count(String column) {
            return Long.parseLong(require(column).trim());
        }

        public double value(String column) {
            return Double.parseDouble(require(column).trim());
        }

        private String require(String column) {
            String v = columns.get(column);
            if (v == null) {
                throw new IllegalStateException("Gatling report has no '" + column + "' column for request '" + request
                        + "'; columns: " + columns.keySet());
            }
            return v;
        }
    }

    private GatlingReport() {
    }

    /** The statistics row of a named request in {@code <report>/index.html}. */
    public static Row row(Path reportDir, String request) throws IOException {
        Path index = reportDir.resolve("index.html");
        if (!Files.isRegularFile(index)) {
            throw new IllegalStateException("no Gatling report at " + index);
        }
        return row(Files.readString(index), request, index.toString());
    }

    static Row row(String html, String request, String where) {
        Map<Integer, String> headers = new LinkedHashMap<>();
        Matcher h = HEADER.matcher(html);
        while (h.find()) {
            headers.put(Integer.parseInt(h.group(1)), h.group(2).trim());
        }
        Matcher name = Pattern.compile("class=\"ellipsed-name\">" + Pattern.quote(request) + "</span>").matcher(html);
        if (!name.find()) {
            throw new IllegalStateException(where + " has no statistics for request '" + request + "'");
        }
        int end = html.indexOf("</tr>", name.end());
        Map<String, String> columns = new LinkedHashMap<>();
        Matcher c = CELL.matcher(html.substring(name.end(), end < 0 ? html.length() : end));
        while (c.find()) {
            String header = headers.get(Integer.parseInt(c.group(1)));
            if (header != null) {
                columns.put(header, c.group(2));
            }
        }
        return new Row(request, columns);
    }
}
