package io.gatewaybench.nettyproxy;

import io.gatewaybench.duties.Duties;
import io.netty.handler.codec.http.HttpDecoderConfig;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Everything the proxy can be told: the benchmark profile (netty-proxy.properties on the classpath) with the
 * command line on top. Every profile key is also a command-line option, so the profile is the one list of switches.
 */
final class Settings {

    /** A command-line mistake: main prints the message as one line and exits with status 2. */
    static final class Invalid extends RuntimeException {
        Invalid(String message) {
            super(message, null, false, false);
        }
    }

    private static final String PROFILE = "netty-proxy.properties";
    /** A scenario's options (gateways/duties), the same in every JVM gateway; absent, the plain scenario. */
    private static final List<String> DUTY_OPTIONS = List.of("api-keys", "jwt-secret", "rate-limit", "routes");
    private static final Pattern UPSTREAM = Pattern.compile("http://([^/:?#@\\s\\[\\]]+|\\[[0-9A-Fa-f:.]+]):(\\d{1,5})/?");

    final int port;
    final String upstreamHost;
    final int upstreamPort;
    final String bind;
    final int eventLoops;
    final String transport;
    final int connectTimeoutMs;
    final int responseTimeoutMs;
    final int headerTimeoutMs;
    final int bodyTimeoutMs;
    final int clientIdleTimeoutMs;
    final int maxIdlePerLoop;
    final int idleTimeoutMs;
    final boolean tcpNoDelay;
    final boolean soReuseAddr;
    final int soBacklog;
    final String allocator;
    final int maxInitialLineLength;
    final int maxHeaderSize;
    final int maxChunkSize;
    final Duties duties;

    private Settings(Properties p) {
        port = port(p, "port");
        Matcher upstream = UPSTREAM.matcher(required(p, "upstream"));
        if (!upstream.matches() || !validPort(upstream.group(2))) {
            throw new Invalid("--upstream must look like http://host:port, got '" + p.getProperty("upstream") + "'");
        }
        upstreamHost = upstream.group(1);
        upstreamPort = Integer.parseInt(upstream.group(2));
        bind = required(p, "bind");
        String loops = required(p, "event-loops");
        eventLoops = loops.equals("auto") ? Runtime.getRuntime().availableProcessors() : positive(p, "event-loops");
        transport = oneOf(p, "transport", "auto", "io_uring", "epoll", "nio");
        connectTimeoutMs = positive(p, "connect-timeout-ms");
        responseTimeoutMs = positive(p, "response-timeout-ms");
        headerTimeoutMs = positive(p, "header-timeout-ms");
        bodyTimeoutMs = positive(p, "body-timeout-ms");
        clientIdleTimeoutMs = positive(p, "client-idle-timeout-ms");
        maxIdlePerLoop = positive(p, "max-idle-per-loop");
        idleTimeoutMs = positive(p, "idle-timeout-ms");
        tcpNoDelay = bool(p, "tcp-nodelay");
        soReuseAddr = bool(p, "so-reuseaddr");
        soBacklog = positive(p, "so-backlog");
        allocator = oneOf(p, "allocator", "adaptive", "pooled", "unpooled");
        maxInitialLineLength = positive(p, "max-initial-line-length");
        maxHeaderSize = positive(p, "max-header-size");
        maxChunkSize = positive(p, "max-chunk-size");
        duties = duties(p);
    }

    /** The profile, overridden by {@code --key=value} arguments. */
    static Settings parse(String... args) {
        Properties p = profile();
        for (String arg : args) {
            int eq = arg.indexOf('=');
            String key = arg.startsWith("--") ? arg.substring(2, eq < 0 ? arg.length() : eq) : null;
            boolean known = key != null && (p.containsKey(key) || key.equals("port") || key.equals("upstream")
                    || DUTY_OPTIONS.contains(key));
            if (known && eq < 0) {
                throw new Invalid("option '" + arg + "' needs a value: write " + arg + "=<value>");
            }
            if (!known) {
                throw new Invalid("unknown option '" + arg + "'; options are --port=N --upstream=http://host:port "
                        + Duties.USAGE + " and "
                        + String.join(" ", p.stringPropertyNames().stream().sorted().map(k -> "--" + k + "=").toList()));
            }
            p.setProperty(key, arg.substring(eq + 1));
        }
        return new Settings(p);
    }

    /** Line, header and chunk limits, the same for the client-facing and the upstream-facing codec. */
    HttpDecoderConfig decoderConfig() {
        return new HttpDecoderConfig()
                .setMaxInitialLineLength(maxInitialLineLength)
                .setMaxHeaderSize(maxHeaderSize)
                .setMaxChunkSize(maxChunkSize);
    }

    String upstreamUrl() {
        return "http://" + upstreamHost + ":" + upstreamPort;
    }

    /** The Host header sent upstream: the origin's own name, as an HTTP client talking to it directly would send. */
    String upstreamHostHeader() {
        return upstreamHost + ":" + upstreamPort;
    }

    /** The duties the scenario options ask for; a file that cannot be read or a bad number is a command-line mistake. */
    private static Duties duties(Properties p) {
        Map<String, String> options = new HashMap<>();
        for (String key : DUTY_OPTIONS) {
            if (p.containsKey(key)) {
                options.put(key, p.getProperty(key));
            }
        }
        try {
            return Duties.from(options);
        } catch (IllegalArgumentException | UncheckedIOException e) {
            throw new Invalid(e.getMessage());
        }
    }

    private static Properties profile() {
        Properties p = new Properties();
        try (InputStream in = Settings.class.getClassLoader().getResourceAsStream(PROFILE)) {
            if (in == null) {
                throw new IllegalStateException(PROFILE + " is missing from the jar");
            }
            p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        p.replaceAll((k, v) -> v.toString().trim());
        return p;
    }

    private static String required(Properties p, String key) {
        String value = p.getProperty(key);
        if (value == null || value.isEmpty()) {
            throw new Invalid("--" + key + " is required, e.g. " + (key.equals("port") ? "--port=8080" : "--" + key
                    + (key.equals("upstream") ? "=http://127.0.0.1:8080" : "=<value>")));
        }
        return value;
    }

    private static boolean validPort(String s) {
        return s.matches("\\d{1,5}") && Integer.parseInt(s) >= 1 && Integer.parseInt(s) <= 65535;
    }

    private static int port(Properties p, String key) {
        String value = required(p, key);
        if (!validPort(value)) {
            throw new Invalid("--" + key + " must be a number from 1 to 65535, got '" + value + "'");
        }
        return Integer.parseInt(value);
    }

    private static int positive(Properties p, String key) {
        String value = required(p, key);
        if (!value.matches("\\d{1,9}") || Integer.parseInt(value) < 1) {
            throw new Invalid("--" + key + " must be a whole number of at least 1, got '" + value + "'");
        }
        return Integer.parseInt(value);
    }

    private static boolean bool(Properties p, String key) {
        return Boolean.parseBoolean(oneOf(p, key, "true", "false"));
    }

    private static String oneOf(Properties p, String key, String... allowed) {
        String value = required(p, key);
        for (String a : allowed) {
            if (a.equals(value)) {
                return value;
            }
        }
        throw new Invalid("--" + key + " must be one of " + String.join("|", allowed) + ", got '" + value + "'");
    }
}
