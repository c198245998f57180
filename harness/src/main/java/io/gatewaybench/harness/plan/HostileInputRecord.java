package io.gatewaybench.harness.plan;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code targets/hostile-input.tsv}: what each gateway, as its descriptor in {@code targets/} configures it, handled of the
 * hostile-input suite's cases, per family (handled and tried). The suite writes these figures and checks them against this
 * file; a run records them for the gateways it ran from those descriptors. The file is the suite's finding, kept with the
 * configurations it judges; no run measures it.
 *
 * @param byGateway per gateway, per family in the file's order, the cases handled and tried
 */
public record HostileInputRecord(Map<String, Map<String, Tally>> byGateway) {
    /** Where the record is kept. */
    public static final String FILE = "targets/hostile-input.tsv";

    /**
     * One family's cases for one gateway.
     *
     * @param handled the cases whose expectation the gateway met, count
     * @param tried the cases sent, count
     */
    public record Tally(int handled, int tried) {
        public Tally {
            if (tried < 1 || handled < 0 || handled > tried) {
                throw new IllegalArgumentException("handled " + handled + " of " + tried + " tried: need 0 <= handled <= tried, tried >= 1");
            }
        }
    }

    public HostileInputRecord {
        Map<String, Map<String, Tally>> copy = new LinkedHashMap<>();
        byGateway.forEach((g, families) -> copy.put(g, java.util.Collections.unmodifiableMap(new LinkedHashMap<>(families))));
        byGateway = java.util.Collections.unmodifiableMap(copy);
    }

    /** The repository's record. */
    public static HostileInputRecord read() {
        return read(Repo.root().resolve(FILE));
    }

    /** A record's file: {@code gateway<TAB>family<TAB>handled<TAB>tried} lines; '#' starts a comment line. */
    public static HostileInputRecord read(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read the hostile-input record " + file + ": " + e.getMessage(), e);
        }
        Map<String, Map<String, Tally>> byGateway = new LinkedHashMap<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] p = line.split("\t", -1);
            try {
                if (p.length != 4) {
                    throw new IllegalArgumentException("4 tab-separated fields expected, found " + p.length);
                }
                Tally tally = new Tally(Integer.parseInt(p[2]), Integer.parseInt(p[3]));
                if (byGateway.computeIfAbsent(p[0], g -> new LinkedHashMap<>()).put(p[1], tally) != null) {
                    throw new IllegalArgumentException("the family '" + p[1] + "' of " + p[0] + " is given twice");
                }
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(file + " line " + (i + 1) + " ('" + line + "'): " + e.getMessage()
                        + "; each line is gateway, family, handled, tried, separated by tabs", e);
            }
        }
        return new HostileInputRecord(byGateway);
    }

    /** A gateway's lines as the file holds them, families in the given order. */
    public static List<String> lines(String gateway, Map<String, Tally> families) {
        List<String> out = new ArrayList<>();
        families.forEach((family, t) -> out.add(gateway + "\t" + family + "\t" + t.handled() + "\t" + t.tried()));
        return out;
    }

    /** Each family of the gateway with a case it did not handle, as "family: handled of tried", in the record's order. */
    public List<String> missed(String gateway) {
        return byGateway.getOrDefault(gateway, Map.of()).entrySet().stream().filter(e -> e.getValue().handled() < e.getValue().tried())
                .map(e -> e.getKey() + ": " + e.getValue().handled() + " of " + e.getValue().tried()).toList();
    }

    /** A gateway's cases handled over every family, and tried; null where the record has no line for it. */
    public Tally total(String gateway) {
        Map<String, Tally> families = byGateway.get(gateway);
        return families == null ? null : new Tally(families.values().stream().mapToInt(Tally::handled).sum(),
                families.values().stream().mapToInt(Tally::tried).sum());
    }
}
