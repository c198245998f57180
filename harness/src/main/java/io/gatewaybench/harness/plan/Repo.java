package io.gatewaybench.harness.plan;

import java.util.Properties;
import java.io.Reader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Finds the repository's root: the folder that holds {@code targets/} and {@code infra/}. */
public final class Repo {
    private Repo() {
    }

    public static Path root() {
        String configured = System.getProperty("bench.root");
        if (configured != null && !configured.isBlank()) {
            return check(Path.of(configured).toAbsolutePath().normalize());
        }
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isDirectory(p.resolve("targets")) && Files.isDirectory(p.resolve("infra"))) {
                return p;
            }
        }
        throw new IllegalStateException("cannot find the repository root (a folder with targets/ and infra/) above "
                + Path.of("").toAbsolutePath() + "; run from inside the repository or set -Dbench.root=<path>");
    }

    /** A properties file (descriptors, JVM profiles, the netns state); {@code what} names it in the error. */
    public static Properties properties(Path file, String what) {
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(file)) {
            p.load(r);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read " + what + " " + file + ": " + e.getMessage(), e);
        }
        return p;
    }

    private static Path check(Path p) {
        if (!Files.isDirectory(p.resolve("targets")) || !Files.isDirectory(p.resolve("infra"))) {
            throw new IllegalStateException("-Dbench.root=" + p + " has no targets/ and infra/ folders");
        }
        return p;
    }
}
