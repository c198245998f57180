package io.gatewaybench.harness;

import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Fills {@code {{name}}} placeholders in configuration templates and commands. The braces do not
 * clash with the syntax of NGINX ({@code $var}), HAProxy ({@code %[...]}) or Tomcat ({@code ${...}}).
 */
public final class Template {
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{([A-Za-z0-9_.-]+)}}");

    private Template() {
    }

    /** Fails on a placeholder with no value, naming it, where it was, and the names that exist. */
    public static String render(String text, Map<String, String> values, String where) {
        Matcher m = PLACEHOLDER.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String value = values.get(m.group(1));
            if (value == null) {
                throw new IllegalArgumentException("unknown placeholder {{" + m.group(1) + "}} in " + where
                        + "; known: " + new TreeSet<>(values.keySet()));
            }
            m.appendReplacement(out, Matcher.quoteReplacement(value));
        }
        return m.appendTail(out).toString();
    }
}
