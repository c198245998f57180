package io.gatewaybench.harness.plan;

import io.gatewaybench.harness.model.JvmProfiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * How the JVM gateways of a run are started, from {@code infra/jvm/<name>.properties}: their JVM
 * flags, their JDK, their Netty transport and event-loop count, and framework settings of single
 * gateways, or another build of one gateway. A run may name several ({@code --jvm=default,zgc}): each JVM gateway then runs once per
 * profile, as a target of its own ({@code scg@zgc}). The keys are listed in {@code infra/jvm/README.md}.
 *
 * @param jdk as the file names it ("17", "25", a JDK's folder), or null for the JDK the harness runs on
 * @param java the {@code java} executable of that JDK, or null for the harness's own
 * @param transport "io_uring", "epoll" or "nio" (each gateway's descriptor says how to force it), or null for the gateway's choice
 * @param eventLoops a count, {@code Nx} (N times the run's workers), or null for the run's workers
 * @param gatewayFlags more JVM flags (system properties) for one gateway, by target name
 * @param gatewayArgs more command-line options for one gateway, by target name
 * @param gatewayJars another build of one gateway to run instead of its descriptor's {@code jar}, by target name (relative to the repository)
 * @param only the gateways the profile applies to; empty for every JVM gateway
 */
public record JvmProfile(String name, String description, String jdk, String java, String flags, String transport, String eventLoops,
                         Map<String, String> gatewayFlags, Map<String, String> gatewayArgs, Map<String, String> gatewayJars,
                         List<String> only) {

    /** The folder whose {@code <name>.properties} files are the profiles ({@code -Dbench.jvmProfiles} names another, for tests). */
    static Path folder() {
        String other = System.getProperty("bench.jvmProfiles");
        return other != null ? Path.of(other) : Repo.root().resolve("infra/jvm");
    }

    /** Where JDKs are looked for when a profile names one by its feature release ({@code jdk=25}). */
    private static final Path JDKS = Path.of(System.getProperty("bench.jdks", "/usr/lib/jvm"));
    private static final List<String> TRANSPORTS = List.of("io_uring", "epoll", "nio");
    private static final Pattern GATEWAY_KEY = Pattern.compile("[A-Za-z0-9_-]+\\.(flags|args|jar)");
    private static final List<String> KEYS = List.of("description", "flags", "jdk", "transport", "event-loops", "only");
    /** Command lines already shown to start a JVM: each is tried once per harness. */
    private static final Map<List<String>, Boolean> TRIED = new ConcurrentHashMap<>();

    public static JvmProfile load(String name) {
        Path file = folder().resolve(name + ".properties");
        if (name.isBlank() || name.contains("/") || !Files.isRegularFile(file)) {
            throw new IllegalArgumentException("no JVM profile '" + name + "': known profiles are " + names()
                    + " (add infra/jvm/" + name + ".properties with a 'flags=' line; infra/jvm/README.md lists the keys)");
        }
        Properties p = Repo.properties(file, "JVM profile");
        for (String key : p.stringPropertyNames()) {
            if (!KEYS.contains(key) && !GATEWAY_KEY.matcher(key).matches()) {
                throw new IllegalArgumentException(file + ": unknown key '" + key + "'; a profile has " + String.join(", ", KEYS)
                        + ", <gateway>.flags, <gateway>.args and <gateway>.jar (infra/jvm/README.md)");
            }
        }
        String transport = blankToNull(p.getProperty("transport"));
        if (transport != null && !TRANSPORTS.contains(transport)) {
            throw new IllegalArgumentException(file + ": transport must be one of " + TRANSPORTS + ", got '" + transport + "'");
        }
        String loops = blankToNull(p.getProperty("event-loops"));
        if (loops != null && !loops.matches("[1-9][0-9]{0,2}x?")) {
            throw new IllegalArgumentException(file + ": event-loops must be a count (4) or a multiple of the run's workers (2x), got '"
                    + loops + "'");
        }
        String jdk = blankToNull(p.getProperty("jdk"));
        Map<String, String> flags = new LinkedHashMap<>();
        Map<String, String> args = new LinkedHashMap<>();
        Map<String, String> jars = new LinkedHashMap<>();
        p.stringPropertyNames().stream().sorted().filter(k -> GATEWAY_KEY.matcher(k).matches()).forEach(k ->
                (k.endsWith(".flags") ? flags : k.endsWith(".args") ? args : jars).put(k.substring(0, k.lastIndexOf('.')), p.getProperty(k).trim()));
        List<String> only = List.of(p.getProperty("only", "").trim().split("[\\s,]+")).stream().filter(w -> !w.isEmpty()).toList();
        return new JvmProfile(name, p.getProperty("description", "").trim(), jdk, jdk == null ? null : java(jdk, file),
                p.getProperty("flags", "").trim(), transport, loops, Map.copyOf(flags), Map.copyOf(args), Map.copyOf(jars), only);
    }

    /**
     * The profiles a run names, comma-separated, the first being the reference the others are
     * compared with; "all" is every profile in {@code infra/jvm/}, {@code default} first.
     */
    public static List<JvmProfile> list(String names) {
        List<String> wanted = names.trim().equals("all") ? names() : Arrays.stream(names.split(",")).map(String::trim)
                .filter(n -> !n.isEmpty()).toList();
        if (wanted.isEmpty()) {
            throw new IllegalArgumentException("--jvm names no profile; known profiles are " + names());
        }
        if (wanted.stream().distinct().count() < wanted.size()) {
            throw new IllegalArgumentException("--jvm names a profile twice: " + wanted);
        }
        return wanted.stream().map(JvmProfile::load).toList();
    }

    /** Every profile's name, {@code default} first. */
    static List<String> names() {
        try (Stream<Path> files = Files.list(folder())) {
            List<String> names = new ArrayList<>(files.map(f -> f.getFileName().toString()).filter(f -> f.endsWith(".properties"))
                    .map(f -> f.substring(0, f.length() - ".properties".length())).sorted().toList());
            if (names.remove("default")) {
                names.add(0, "default");
            }
            return names;
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot list the JVM profiles in " + folder() + ": " + e.getMessage(), e);
        }
    }

    /** A gateway that runs under JVM profiles: one started from a jar. */
    public static boolean isJvmGateway(Target t) {
        return t.key("jar").isPresent();
    }

    public boolean appliesTo(Target t) {
        return isJvmGateway(t) && (only.isEmpty() || only.contains(t.gateway()));
    }

    /** Why this profile cannot run {@code t}, when it cannot: the gateway has no way to use the profile's transport. */
    public Optional<String> unavailable(Target t) {
        if (transport != null && t.key("transport." + transport + ".flags").isEmpty() && t.key("transport." + transport + ".args").isEmpty()) {
            return Optional.of(t.name() + " has no " + transport + " transport" + t.key("transport.none").map(r -> " (" + r + ")").orElse(""));
        }
        return Optional.empty();
    }

    /** The JVM flags {@code t} starts with: the profile's, then the gateway's own under this profile, then its transport's. */
    public String flagsFor(Target t) {
        return join(flags, gatewayFlags.getOrDefault(t.gateway(), ""), transport == null ? "" : t.key("transport." + transport + ".flags").orElse(""));
    }

    /** The command-line options added after the gateway's usual ones. */
    public String argsFor(Target t) {
        return join(gatewayArgs.getOrDefault(t.gateway(), ""), transport == null ? "" : t.key("transport." + transport + ".args").orElse(""));
    }

    /** The jar {@code t} runs under this profile, relative to the repository, when the profile names another build. */
    public Optional<String> jarFor(Target t) {
        return Optional.ofNullable(gatewayJars.get(t.gateway()));
    }

    /** Event loops for a gateway of a run that gives each gateway {@code workers}. */
    public int eventLoops(int workers) {
        if (eventLoops == null) {
            return workers;
        }
        return eventLoops.endsWith("x") ? workers * Integer.parseInt(eventLoops.substring(0, eventLoops.length() - 1))
                : Integer.parseInt(eventLoops);
    }

    /**
     * Shows before any load that the profile's JDK starts with the flags it gives {@code t}
     * ({@code java <flags> -version}): an unknown flag, or a collector the JDK lacks, is an error here.
     */
    public void check(Target t, String defaultJava) {
        Optional<String> jar = jarFor(t);
        if (jar.isPresent() && !Files.isRegularFile(Repo.root().resolve(jar.get()))) {
            throw new IllegalArgumentException("JVM profile '" + name + "' runs " + t.gateway() + " from " + jar.get()
                    + ", which is not built; build the gateways with mvn -DskipTests package");
        }
        List<String> argv = new ArrayList<>();
        argv.add(java != null ? java : defaultJava);
        argv.addAll(words(flagsFor(t)));
        argv.add("-version");
        if (TRIED.containsKey(argv)) {
            return;
        }
        try {
            Process p = new ProcessBuilder(argv).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes()).trim();
            if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
                p.destroyForcibly();
                String why = out.lines().filter(l -> l.startsWith("Unrecognized") || l.startsWith("Error") || l.contains("not supported"))
                        .findFirst().orElse(out.lines().findFirst().orElse("exit " + p.exitValue()));
                throw new IllegalArgumentException("JVM profile '" + name + "' does not start " + t.name() + "'s JVM: " + why
                        + " (" + String.join(" ", argv) + "); fix infra/jvm/" + name + ".properties");
            }
        } catch (IOException e) {
            throw new IllegalArgumentException("JVM profile '" + name + "': cannot run " + argv.get(0) + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
        TRIED.put(argv, true);
    }

    /** The profile as summary.json records it. */
    public JvmProfiles.Profile describe() {
        return new JvmProfiles.Profile(name, description, jdk == null ? "the harness's (" + System.getProperty("java.version") + ")" : jdk,
                java, flags, transport == null ? "the gateway's choice" : transport, eventLoops == null ? "the run's workers" : eventLoops,
                gatewayFlags.isEmpty() ? null : new java.util.TreeMap<>(gatewayFlags),
                gatewayArgs.isEmpty() ? null : new java.util.TreeMap<>(gatewayArgs),
                gatewayJars.isEmpty() ? null : new java.util.TreeMap<>(gatewayJars), only.isEmpty() ? null : only);
    }

    /**
     * The {@code java} of the JDK a profile names: a feature release ("25") is the first folder
     * under /usr/lib/jvm whose name holds that number and whose java reports it; anything else is
     * a JDK's folder (absolute, or under /usr/lib/jvm).
     */
    private static String java(String jdk, Path file) {
        List<Path> candidates = new ArrayList<>();
        if (jdk.matches("\\d+")) {
            try (Stream<Path> dirs = Files.list(JDKS)) {
                Pattern release = Pattern.compile("(^|\\D)" + jdk + "(\\D|$)");
                dirs.filter(d -> release.matcher(d.getFileName().toString()).find()).sorted().forEach(candidates::add);
            } catch (IOException e) {
                // reported below as no JDK found
            }
        } else {
            candidates.add(JDKS.resolve(jdk));
        }
        for (Path home : candidates) {
            Path java = home.resolve("bin/java");
            if (Files.isExecutable(java) && (!jdk.matches("\\d+") || Environment.versionOf(List.of(java.toString(), "-version"))
                    .matches("(?s).*\"" + jdk + "([.\"]).*"))) {
                return java.toString();
            }
        }
        throw new IllegalArgumentException(file + ": no JDK '" + jdk + "' under " + JDKS + " (a folder with bin/java"
                + (jdk.matches("\\d+") ? " whose name holds " + jdk + " and whose java -version says \"" + jdk : "")
                + "); install it, or give jdk= a JDK's folder");
    }

    private static String join(String... parts) {
        return String.join(" ", Arrays.stream(parts).filter(s -> !s.isBlank()).map(String::trim).toList());
    }

    private static List<String> words(String s) {
        return s == null || s.isBlank() ? List.of() : List.of(s.trim().split("\\s+"));
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.trim();
    }
}
