package io.gatewaybench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gatewaybench.harness.plan.HostileInputRecord;
import io.gatewaybench.harness.plan.Repo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code targets/hostile-input.tsv}, the hostile-input suite's finding per gateway and family (each suite checks its own
 * lines against what it found), is what {@code docs/hostile-input.md}'s table says, cell for cell; a record changed in one
 * figure is seen; a line the reader cannot take is refused with its place and the fix.
 */
class HostileInputRecordTest {
    private static final Path DOC = Repo.root().resolve("docs/hostile-input.md");

    @Test
    void theDocsTableIsTheRecord() throws IOException {
        HostileInputRecord record = HostileInputRecord.read();
        assertEquals(List.of("nginx", "haproxy", "netty-proxy", "scg", "zuul2"), List.copyOf(record.byGateway().keySet()));
        assertEquals(List.of(), differences(docsTable(), record));
    }

    @Test
    void aFigureChangedInTheRecordIsSeen(@TempDir Path dir) throws IOException {
        String text = Files.readString(Repo.root().resolve(HostileInputRecord.FILE));
        String planted = text.replaceFirst("(?m)^nginx\tmalformed origin response\t10\t15$", "nginx\tmalformed origin response\t11\t15");
        assertTrue(!planted.equals(text), "the plant changed nothing");
        Files.writeString(dir.resolve("record.tsv"), planted);
        assertEquals(List.of("nginx, malformed origin response: docs 10/15, record 11/15", "nginx, all: docs 68/77, record 69/77"),
                differences(docsTable(), HostileInputRecord.read(dir.resolve("record.tsv"))));
    }

    @Test
    void aLineItCannotTakeIsRefusedWithItsPlace(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("short.tsv"), "# gateway\tfamily\thandled\ttried\nnginx\topen proxy\t5\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> HostileInputRecord.read(dir.resolve("short.tsv")));
        assertTrue(e.getMessage().contains("line 2") && e.getMessage().contains("4 tab-separated fields expected, found 3")
                && e.getMessage().contains("gateway, family, handled, tried"), e.getMessage());
        Files.writeString(dir.resolve("more.tsv"), "nginx\topen proxy\t6\t5\n");
        e = assertThrows(IllegalArgumentException.class, () -> HostileInputRecord.read(dir.resolve("more.tsv")));
        assertTrue(e.getMessage().contains("handled 6 of 5 tried"), e.getMessage());
        Files.writeString(dir.resolve("twice.tsv"), "nginx\topen proxy\t5\t5\nnginx\topen proxy\t4\t5\n");
        e = assertThrows(IllegalArgumentException.class, () -> HostileInputRecord.read(dir.resolve("twice.tsv")));
        assertTrue(e.getMessage().contains("the family 'open proxy' of nginx is given twice"), e.getMessage());
    }

    /** docs/hostile-input.md's "Handled / tried, per family" table: family (or "all") -> gateway -> "handled/tried". */
    private static Map<String, Map<String, String>> docsTable() throws IOException {
        List<String> lines = Files.readAllLines(DOC);
        int header = lines.indexOf(lines.stream().filter(l -> l.startsWith("| family |")).findFirst()
                .orElseThrow(() -> new AssertionError(DOC + " has no '| family | ...' table")));
        String[] gateways = cells(lines.get(header));
        Map<String, Map<String, String>> table = new LinkedHashMap<>();
        for (int i = header + 2; i < lines.size() && lines.get(i).startsWith("|"); i++) {
            String[] row = cells(lines.get(i));
            Map<String, String> byGateway = new LinkedHashMap<>();
            for (int g = 1; g < row.length; g++) {
                byGateway.put(gateways[g], row[g].replace("*", ""));
            }
            table.put(row[0].replace("*", ""), byGateway);
        }
        return table;
    }

    private static String[] cells(String row) {
        String[] c = row.substring(1, row.length() - 1).split("\\|");
        for (int i = 0; i < c.length; i++) {
            c[i] = c[i].strip();
        }
        return c;
    }

    /** Each cell where the docs' table and the record differ, or where one has a family or gateway the other lacks. */
    private static List<String> differences(Map<String, Map<String, String>> docs, HostileInputRecord record) {
        List<String> out = new ArrayList<>();
        Map<String, Map<String, String>> recorded = new LinkedHashMap<>();
        record.byGateway().forEach((gateway, families) -> {
            families.forEach((family, t) -> recorded.computeIfAbsent(family, f -> new LinkedHashMap<>()).put(gateway, t.handled() + "/" + t.tried()));
            HostileInputRecord.Tally all = record.total(gateway);
            recorded.computeIfAbsent("all", f -> new LinkedHashMap<>()).put(gateway, all.handled() + "/" + all.tried());
        });
        java.util.Set<String> families = new java.util.LinkedHashSet<>(docs.keySet());
        families.addAll(recorded.keySet());
        for (String family : families) {
            Map<String, String> d = docs.getOrDefault(family, Map.of());
            Map<String, String> r = recorded.getOrDefault(family, Map.of());
            java.util.Set<String> gateways = new java.util.LinkedHashSet<>(d.keySet());
            gateways.addAll(r.keySet());
            for (String gateway : gateways) {
                if (!java.util.Objects.equals(d.get(gateway), r.get(gateway))) {
                    out.add(gateway + ", " + family + ": docs " + d.getOrDefault(gateway, "none") + ", record " + r.getOrDefault(gateway, "none"));
                }
            }
        }
        return out;
    }
}
