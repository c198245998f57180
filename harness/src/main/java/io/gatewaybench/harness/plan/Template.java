package io.gatewaybench.harness.plan;

import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Fills {@code {{name}}} placeholders in configuration templates and commands. The braces do not
 * clash with the syntax of NGINX ({@code $var}), HAProxy ({@code %[...]}) or Tomcat ({@code ${...}}).
 *
 * <p>Three sections let one template serve every scenario: {@code {{#if name}}...{{/if}}} is kept when the value
 * is not empty, {@code {{#unless name}}...{{/unless}}} when it is, and {@code {{#each name}}...{{/each}}} is
 * repeated for each line of the value, with {@code {{.}}} standing for the line. Sections nest.
 */
public final class Template {
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{([A-Za-z0-9_.+-]+)}}");
    /** A section with no other section inside: sections are resolved from the innermost out. */
    private static final Pattern SECTION = Pattern.compile(
            "\\{\\{#(if|unless|each) ([A-Za-z0-9_.+-]+)}}((?:(?!\\{\\{#).)*?)\\{\\{/\\1}}", Pattern.DOTALL);

    private Template() {
    }

    /** Fails on a placeholder with no value, naming it, where it was, and the names that exist. */
    public static String render(String text, Map<String, String> values, String where) {
        String expanded = sections(text, values, where);
        Matcher m = PLACEHOLDER.matcher(expanded);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(out, Matcher.quoteReplacement(value(m.group(1), values, where)));
        }
        return m.appendTail(out).toString();
    }

    private static String sections(String text, Map<String, String> values, String where) {
        String flat = text;
        while (true) {
            Matcher m = SECTION.matcher(flat);
            if (!m.find()) {
                return flat;
            }
            StringBuilder out = new StringBuilder();
            do {
                String value = value(m.group(2), values, where);
                String body = m.group(3);
                String replaced;
                if (m.group(1).equals("each")) {
                    StringBuilder repeated = new StringBuilder();
                    if (!value.isEmpty()) {
                        for (String line : value.split("\n", -1)) {
                            repeated.append(body.replace("{{.}}", line));
                        }
                    }
                    replaced = repeated.toString();
                } else {
                    replaced = value.isEmpty() == m.group(1).equals("unless") ? body : "";
                }
                m.appendReplacement(out, Matcher.quoteReplacement(replaced));
            } while (m.find());
            flat = m.appendTail(out).toString();
        }
    }

    private static String value(String name, Map<String, String> values, String where) {
        String value = values.get(name);
        if (value == null) {
            throw new IllegalArgumentException("unknown placeholder {{" + name + "}} in " + where
                    + "; known: " + new TreeSet<>(values.keySet()));
        }
        return value;
    }
}
