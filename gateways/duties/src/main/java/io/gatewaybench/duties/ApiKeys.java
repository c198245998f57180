package io.gatewaybench.duties;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.stream.Collectors;

/** The API keys a gateway accepts, one per line of a file (blank lines and lines starting with # are skipped). */
public final class ApiKeys {
    private final Set<String> keys;

    private ApiKeys(Set<String> keys) {
        this.keys = keys;
    }

    public static ApiKeys load(Path file) {
        try {
            Set<String> keys = Files.readAllLines(file, StandardCharsets.UTF_8).stream().map(String::trim)
                    .filter(l -> !l.isEmpty() && !l.startsWith("#")).collect(Collectors.toUnmodifiableSet());
            if (keys.isEmpty()) {
                throw new IllegalArgumentException("--api-keys=" + file + " holds no key (one per line)");
            }
            return new ApiKeys(keys);
        } catch (IOException e) {
            throw new UncheckedIOException("--api-keys=" + file + ": cannot read it: " + e.getMessage(), e);
        }
    }

    /** The consumer a request's {@code apikey} header names (the key itself), or null when it is missing or unknown. */
    public String consumer(String header) {
        return header != null && keys.contains(header) ? header : null;
    }

    public int size() {
        return keys.size();
    }
}
