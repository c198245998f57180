package io.gatewaybench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gatewaybench.harness.plan.Repo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bake-off's tables in injector/README.md are what {@code injector/bakeoff/bakeoff.py tables} makes of the records
 * committed beside it ({@code injector/bakeoff/20261125/}): no number in them typed by hand. A record changed in a copy
 * must change the tables, or the check would pass whatever the records say.
 */
class InjectorReadmeTest {
    private static final Path README = Repo.root().resolve("injector/README.md");
    private static final Path RECORDS = Repo.root().resolve("injector/bakeoff/20261125");

    @Test
    void theTablesAreTheScriptsOnTheCommittedRecords() throws Exception {
        String readme = Files.readString(README);
        List<String> tables = List.of(tables(RECORDS).split("\n\n"));
        assertEquals(2, tables.size(), "bakeoff.py tables prints the rates table and the planted table: " + tables);
        for (String table : tables) {
            assertTrue(readme.contains(table.strip() + "\n"), "injector/README.md lacks, exactly as the script makes it:\n" + table);
        }
    }

    @Test
    void aChangedRecordChangesTheTables(@TempDir Path copy) throws Exception {
        for (String f : List.of("rates.jsonl", "planted.jsonl")) {
            Files.copy(RECORDS.resolve(f), copy.resolve(f));
        }
        List<String> lines = Files.readAllLines(copy.resolve("planted.jsonl"));
        lines.set(0, lines.get(0).replaceFirst("\"p50_us\": [0-9.]+", "\"p50_us\": 1.0"));
        Files.write(copy.resolve("planted.jsonl"), lines);
        assertNotEquals(tables(RECORDS), tables(copy));
    }

    private static String tables(Path records) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("python3", Repo.root().resolve("injector/bakeoff/bakeoff.py").toString(), records.toString(), "tables")
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "bakeoff.py tables did not end within 60 s");
        assertEquals(0, p.exitValue(), "bakeoff.py tables failed: " + out);
        return out.strip();
    }
}
