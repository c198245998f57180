package io.gatewaybench.zuul2;

import com.netflix.config.ConcurrentCompositeConfiguration;
import com.netflix.config.ConcurrentMapConfiguration;
import com.netflix.config.ConfigurationManager;
import com.netflix.zuul.netty.server.Server;
import io.gatewaybench.duties.Duties;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.UnknownHostException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.commons.configuration.SystemConfiguration;

/**
 * The zuul2 gateway's command line: turns the suite's options into Archaius properties on top of the
 * benchmark profile, starts Zuul, and makes sure the JVM exits when it cannot listen.
 */
public final class Main {

    static final String NAME = "zuul2";

    /** The one benchmark profile; every switch in it is commented. */
    static final String PROFILE = "application-benchmark.properties";

    private static final String USAGE = "use --port=N --upstream=http://host:port"
            + " [--bind=ADDR] [--event-loops=N] [--response-timeout-ms=N] " + Duties.USAGE;

    /** The scenarios' options, the same in every JVM gateway (Duties). */
    private static final List<String> DUTY_OPTIONS = List.of("--api-keys", "--jwt-secret", "--rate-limit", "--routes");

    private static final Pattern UPSTREAM = Pattern.compile("http://([^/:?#@\\s\\[\\]]+|\\[[0-9A-Fa-f:.]+]):(\\d{1,5})/?");

    private Main() {}

    /** What the command line asked for, validated. */
    record Options(
            int port,
            InetAddress bind,
            String bindText,
            String upstream,
            String upstreamHostPort,
            int eventLoops,
            Integer responseTimeoutMs,
            Duties duties) {}

    public static void main(String[] args) {
        Options options;
        try {
            options = parse(args);
        } catch (IllegalArgumentException e) {
            exit(2, NAME + ": " + e.getMessage());
            return;
        }

        // Zuul reads its settings through static Archaius properties: install ours before any Zuul class loads.
        ConfigurationManager.install(configuration(options));

        // Try the address with a plain socket first, so that an address in use gets its one line before Zuul
        // starts Netty (whose event loops would keep the JVM alive, and which on JDK 24+ makes the JVM print
        // warnings about sun.misc.Unsafe). Zuul's own bind failure below remains the backstop. A client socket:
        // bound, never listening. A ServerSocket listens from its bind, so for a moment the port accepted
        // connections that its close then refused, and a harness polling for the port took that for ready.
        // With SO_REUSEADDR, as Netty's server socket has it: a connection of the port's previous server in
        // TIME_WAIT does not stop Zuul from listening, so it must not stop the probe (on a fixed port, as on
        // real hosts, it did); a socket listening there still does.
        InetSocketAddress listenAddress = new InetSocketAddress(options.bind(), options.port());
        try (Socket probe = new Socket()) {
            probe.setReuseAddress(true);
            probe.bind(listenAddress);
        } catch (IOException e) {
            exit(1, NAME + ": cannot listen on " + options.bindText() + ":" + options.port() + ": " + rootMessage(e));
            return;
        }

        Server server;
        try {
            ServerStartup startup = new ServerStartup(listenAddress, options.duties());
            startup.init();
            server = startup.server();
        } catch (RuntimeException e) {
            exit(1, NAME + ": cannot start: " + rootMessage(e));
            return;
        }
        try {
            server.start();
        } catch (RuntimeException e) {
            // Zuul's Server wraps the bind failure; by now it has started non-daemon event loops and a
            // shutdown hook that would drain for seconds and log. A failed bind has nothing to clean up: halt.
            exit(1, NAME + ": cannot listen on " + options.bindText() + ":" + options.port() + ": " + rootMessage(e));
            return;
        }

        System.out.println(NAME + " listening on " + options.bindText() + ":" + options.port()
                + ", upstream " + options.upstream()
                + describe(options.duties())
                + ", event loops " + options.eventLoops()
                + ", transport " + transport());
        System.out.flush();

        // SIGTERM runs the shutdown hook Zuul's Server registered (Server.stop): close idle client connections,
        // let requests in flight finish (server.outofservice.close.timeout), stop the event loops, exit.
        try {
            server.awaitTermination();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    static Options parse(String[] args) {
        Map<String, String> given = new LinkedHashMap<>();
        for (String arg : args) {
            int eq = arg.indexOf('=');
            String key = eq > 0 ? arg.substring(0, eq) : arg;
            if (!arg.startsWith("--") || !isKnown(key)) {
                throw new IllegalArgumentException("unknown argument '" + arg + "'; " + USAGE);
            }
            if (eq < 0) {
                throw new IllegalArgumentException(key + " needs a value: write " + key + "=VALUE");
            }
            if (given.put(key, arg.substring(eq + 1)) != null) {
                throw new IllegalArgumentException(key + " is given twice; give it once");
            }
        }

        String portText = required(given, "--port", "--port=8080");
        int port = intIn(portText, 1, 65535, "--port must be a number from 1 to 65535, got '" + portText + "'");

        String upstream = required(given, "--upstream", "--upstream=http://127.0.0.1:8080");
        Matcher m = UPSTREAM.matcher(upstream);
        String problem = "--upstream must look like http://host:port, got '" + upstream + "'";
        if (!m.matches()) {
            throw new IllegalArgumentException(problem);
        }
        int upstreamPort = intIn(m.group(2), 1, 65535, problem);
        String upstreamHost = m.group(1).startsWith("[") ? m.group(1).substring(1, m.group(1).length() - 1) : m.group(1);

        String bindText = given.getOrDefault("--bind", "0.0.0.0");
        InetAddress bind;
        try {
            if (bindText.isEmpty()) {
                throw new UnknownHostException();
            }
            bind = InetAddress.getByName(bindText);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("--bind must be a local address such as 0.0.0.0 or 127.0.0.1, got '" + bindText + "'");
        }

        int eventLoops = Runtime.getRuntime().availableProcessors();
        if (given.containsKey("--event-loops")) {
            String text = given.get("--event-loops");
            eventLoops = intIn(text, 1, 1024, "--event-loops must be a number from 1 to 1024, got '" + text + "'");
        }

        Integer responseTimeoutMs = null;
        if (given.containsKey("--response-timeout-ms")) {
            String text = given.get("--response-timeout-ms");
            responseTimeoutMs = intIn(text, 1, 3_600_000,
                    "--response-timeout-ms must be a number of milliseconds from 1 to 3600000, got '" + text + "'");
        }

        return new Options(port, bind, bindText, upstream, upstreamHost + ":" + upstreamPort, eventLoops, responseTimeoutMs,
                duties(given));
    }

    /** The scenario's duties from their options (absent: none, the plain scenario); a file it cannot read is a bad value. */
    private static Duties duties(Map<String, String> given) {
        Map<String, String> options = new LinkedHashMap<>();
        for (String key : DUTY_OPTIONS) {
            if (given.containsKey(key)) {
                options.put(key.substring(2), given.get(key));
            }
        }
        try {
            return Duties.from(options);
        } catch (UncheckedIOException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    /** For the first line, before the part the harness reads ("event loops N, transport T"). */
    private static String describe(Duties duties) {
        String description = duties.describe();
        return description.isEmpty() ? "" : ", " + description;
    }

    /**
     * Highest precedence first: the command line, then -D system properties (so any profile switch can be
     * overridden for one run), then the benchmark profile.
     */
    static ConcurrentCompositeConfiguration configuration(Options options) {
        ConcurrentMapConfiguration commandLine = new ConcurrentMapConfiguration();
        commandLine.setProperty("zuul.server.netty.threads.worker", options.eventLoops());
        commandLine.setProperty(ServerStartup.ORIGIN + ".ribbon.listOfServers", options.upstreamHostPort());
        if (options.responseTimeoutMs() != null) {
            commandLine.setProperty(ServerStartup.ORIGIN + ".ribbon.ReadTimeout", options.responseTimeoutMs());
        }

        ConcurrentMapConfiguration profile = new ConcurrentMapConfiguration();
        profile.loadProperties(loadProfile());

        ConcurrentCompositeConfiguration config = new ConcurrentCompositeConfiguration();
        config.addConfiguration(commandLine, "commandLine");
        config.addConfiguration(new SystemConfiguration(), "systemProperties");
        config.addConfiguration(profile, PROFILE);
        return config;
    }

    private static Properties loadProfile() {
        Properties properties = new Properties();
        try (InputStream in = Main.class.getClassLoader().getResourceAsStream(PROFILE)) {
            if (in == null) {
                throw new IllegalStateException(PROFILE + " is missing from the classpath");
            }
            properties.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return properties;
    }

    /** The transport Zuul chose for its listener and, the same, for its origin connections. */
    @SuppressWarnings("deprecation") // Zuul's only way to tell which channel type it picked.
    private static String transport() {
        Class<?> type = Server.defaultOutboundChannelType.get();
        String name = type == null ? "" : type.getSimpleName();
        if (name.startsWith("Epoll")) {
            return "epoll";
        }
        if (name.startsWith("IOUring")) {
            return "io_uring";
        }
        if (name.startsWith("KQueue")) {
            return "kqueue";
        }
        return "nio";
    }

    private static boolean isKnown(String key) {
        return switch (key) {
            case "--port", "--upstream", "--bind", "--event-loops", "--response-timeout-ms" -> true;
            default -> DUTY_OPTIONS.contains(key);
        };
    }

    private static String required(Map<String, String> given, String key, String example) {
        String value = given.get(key);
        if (value == null) {
            throw new IllegalArgumentException(key + " is required, e.g. " + example);
        }
        return value;
    }

    private static int intIn(String text, int min, int max, String problem) {
        try {
            int value = Integer.parseInt(text);
            if (value >= min && value <= max) {
                return value;
            }
        } catch (NumberFormatException e) {
            // fall through to the one message
        }
        throw new IllegalArgumentException(problem);
    }

    private static String rootMessage(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
        // Netty's native bind error reads "bind(..) failed: Address already in use".
        return message.replace("bind(..) failed: ", "");
    }

    /** One line, then a hard stop: no shutdown hook, no non-daemon thread can keep this JVM alive. */
    private static void exit(int status, String line) {
        System.err.println(line);
        System.err.flush();
        System.out.flush();
        Runtime.getRuntime().halt(status);
    }
}
