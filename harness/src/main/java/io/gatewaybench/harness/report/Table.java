package io.gatewaybench.harness.report;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * A table of a report, made once and printed by each format: as Markdown ({@link #markdown}) in summary.md and
 * details.md, and as data the page draws (report.js's {@code generic}) without formatting a figure again. A cell keeps
 * the number it shows, for the page's tests and charts.
 *
 * @param id the table's id in the page
 * @param title its section's title
 * @param caption what it shows and how each figure is made (Markdown emphasis allowed)
 * @param headers its column headers
 * @param rows its rows, each a cell per header
 */
public record Table(@JsonProperty("id") String id, @JsonProperty("title") String title,
        @JsonProperty("caption") String caption,
        @JsonProperty("headers") List<String> headers, @JsonProperty("rows") List<List<Cell>> rows) {
    /**
     * One cell: its text, and the number it shows where it shows one.
     *
     * @param text the cell as printed
     * @param value the number, in the column's unit; null for words
     */
    public record Cell(@JsonProperty("text") String text, @JsonProperty("value") Double value) {
        /** A cell of words. */
        public static Cell of(String text) {
            return new Cell(text, null);
        }
    }

    /**
     * The table as a Markdown section: its title, its caption, and the table, figures right-aligned and words (a column
     * in which no cell holds a number, as the first) left-aligned.
     */
    public String markdown() {
        StringBuilder md = new StringBuilder("## ").append(title).append("\n\n").append(caption).append("\n\n| ")
                .append(String.join(" | ", headers)).append(" |\n|");
        for (int c = 0; c < headers.size(); c++) {
            final int column = c;
            md.append(rows.stream().anyMatch(r -> column < r.size() && r.get(column).value() != null) ? "---:|"
                    : "---|");
        }
        md.append('\n');
        for (List<Cell> row : rows) {
            md.append("| ").append(String.join(" | ", row.stream().map(Cell::text).toList())).append(" |\n");
        }
        return md.append('\n').toString();
    }
}
