package io.gatewaybench.harness.plan;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.stream.Stream;

/**
 * A target as data: one {@code .properties} descriptor says how to render its configuration, how to
 * check it, how to start it and how to read its version (targets/README.md). A descriptor with a {@code url} and no
 * {@code command} is a gateway already running there: verified and measured like any other, never started or stopped.
 * A descriptor with neither is the direct baseline: nothing is started, clients call the origin itself.
 */
public record Target(String name, String description, Map<String, String> keys, Path file) {

    /** The key a target run under a JVM profile carries: the profile's name. */
    static final String PROFILE = "jvm.profile";
    /** The key a target of a workers sweep carries: its workers. */
    static final String WORKERS = "sweep.workers";
    /** Descriptor keys with a meaning of their own; any other key is a value for placeholders. */
    private static final List<String> RESERVED = List.of("name", "description", "command", "check", "version", "mkdirs",
            "components", "pinned", "transport.none", "ready-timeout", "duties", "url", "config", "pidfile", PROFILE, WORKERS);
    /** Placeholders that stand for a list of flags or options when they stand alone in a command. */
    private static final List<String> LISTS = List.of("{{jvm.flags}}", "{{gateway.args}}", "{{scenario.args}}");

    public static Target load(Path file) {
        Properties p = Repo.properties(file, "target descriptor");
        Map<String, String> keys = new LinkedHashMap<>();
        p.stringPropertyNames().stream().sorted().forEach(k -> keys.put(k, p.getProperty(k).trim()));
        String name = keys.get("name");
        String expected = file.getFileName().toString().replaceFirst("\\.properties$", "");
        if (name == null || !name.equals(expected)) {
            throw new IllegalArgumentException(file + ": 'name' must be set and equal the file name (" + expected + ")");
        }
        Target t = new Target(name, keys.getOrDefault("description", name), java.util.Collections.unmodifiableMap(keys), file);
        t.checkDeclaredByUrl();
        return t;
    }

    /**
     * A gateway declared by {@code url}: not also started ({@code command}), at an {@code http://host:port} address without
     * a path (the run's page path is appended), its {@code config} files present in the repository.
     */
    private void checkDeclaredByUrl() {
        if (!keys.containsKey("url")) {
            for (String k : List.of("config", "pidfile")) {
                if (keys.containsKey(k)) {
                    throw new IllegalArgumentException(file + ": '" + k + "' describes a gateway declared by 'url', and there is no 'url'");
                }
            }
            return;
        }
        if (keys.containsKey("command")) {
            throw new IllegalArgumentException(file + ": 'url' declares a gateway that is already running and 'command' one that ./bench "
                    + "starts; keep one of them");
        }
        url(); // its form
        for (Path c : configFiles()) {
            if (!Files.isRegularFile(c)) {
                throw new IllegalArgumentException(file + ": 'config' names " + c + ", which is not a file (a path in 'config' is "
                        + "absolute, or relative to the repository root)");
            }
        }
    }

    /**
     * Where a gateway declared by URL listens, {@code http://host:port}: the descriptor's {@code url}; empty for a target
     * that ./bench starts, or for direct. A {@code url} that is not such an address is an error that says so.
     */
    public Optional<URI> url() {
        String v = keys.get("url");
        if (v == null) {
            return Optional.empty();
        }
        URI u;
        try {
            u = new URI(v);
        } catch (java.net.URISyntaxException e) {
            u = null;
        }
        if (u == null || !"http".equals(u.getScheme()) || u.getHost() == null || u.getQuery() != null || u.getFragment() != null) {
            throw new IllegalArgumentException(file + ": 'url' must be the gateway's http://host:port, got '" + v + "'");
        }
        if (u.getPath() != null && !u.getPath().isEmpty() && !u.getPath().equals("/")) {
            throw new IllegalArgumentException(file + ": 'url' is the gateway's address, http://host:port, without a path (got "
                    + u.getPath() + "): the run's page path (--origin) is asked for at it");
        }
        return Optional.of(URI.create("http://" + u.getHost() + ":" + (u.getPort() > 0 ? u.getPort() : 80)));
    }

    /** Whether this gateway runs already, at {@link #url}: ./bench neither starts nor stops it. */
    public boolean declaredByUrl() {
        return keys.containsKey("url");
    }

    /** The operator's configuration files of a gateway declared by URL (absolute, or relative to the repository): copied next to its results. */
    public List<Path> configFiles() {
        return words(keys.getOrDefault("config", "")).stream().map(c -> Path.of(c).isAbsolute() ? Path.of(c) : Repo.root().resolve(c)).toList();
    }

    /** A local file holding the PID of a gateway declared by URL: its CPU and memory are sampled from that process. */
    public Optional<Path> pidfile() {
        return key("pidfile").map(Path::of);
    }

    /** Every descriptor in a folder, sorted by name. */
    public static List<Target> all(Path folder) {
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(f -> f.toString().endsWith(".properties")).sorted().map(Target::load).toList();
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot list targets in " + folder + ": " + e.getMessage(), e);
        }
    }

    /**
     * The descriptor of that name in {@code targets/}, or, where the name is a path to a descriptor
     * (it holds a '/' or ends in ".properties"), that file: relative to the current directory, else
     * to the repository root. A user's own gateway, or a test's, need not live in {@code targets/}.
     * Otherwise an error that lists the known targets.
     */
    public static Target named(String name) {
        if (name.contains("/") || name.endsWith(".properties")) {
            return load(descriptorAt(name));
        }
        Path folder = Repo.root().resolve("targets");
        Path file = folder.resolve(name + ".properties");
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("no target '" + name + "': known targets are "
                    + all(folder).stream().map(Target::name).toList() + " (add targets/" + name + ".properties to declare one,"
                    + " or give the path to a descriptor of your own: --targets=path/to/" + name + ".properties)");
        }
        return load(file);
    }

    /** Whether this is its gateway's descriptor in the repository's {@code targets/}, as {@link #named} finds it by name. */
    public boolean fromRepository() {
        return file.toAbsolutePath().normalize().equals(Repo.root().resolve("targets").resolve(gateway() + ".properties").normalize());
    }

    private static Path descriptorAt(String path) {
        Path here = Path.of(path).toAbsolutePath().normalize();
        Path fromRoot = Repo.root().resolve(path).normalize();
        for (Path p : List.of(here, fromRoot)) {
            if (Files.isRegularFile(p)) {
                return p;
            }
        }
        throw new IllegalArgumentException("no target descriptor at " + path + " (looked at " + here
                + (fromRoot.equals(here) ? "" : " and " + fromRoot) + ")");
    }

    /**
     * This JVM gateway under a JVM profile: named {@code <name>@<profile>} when a run has several
     * profiles ({@code named}), otherwise by its own name, so that a run of one profile reads as before;
     * started from {@code jar} instead of its descriptor's when the profile runs another build.
     */
    public Target underProfile(String profile, boolean named, Optional<String> jar) {
        Map<String, String> k = new LinkedHashMap<>(keys);
        k.put(PROFILE, profile);
        jar.ifPresent(j -> k.put("jar", j));
        return new Target(named ? name + "@" + profile : name, named ? description + "; JVM profile " + profile : description,
                java.util.Collections.unmodifiableMap(k), file);
    }

    /**
     * A second instance of this target, named {@code <name>-twin}, started and measured as the first: the A/A pair a
     * matrix of JVM profiles carries, whose two instances must come out equivalent.
     */
    public Target twin() {
        return new Target(name + "-twin", description + "; its A/A twin, a second instance", keys, file);
    }

    /**
     * This target again in batch {@code batch} of a matrix too large to run at once, named {@code <name>-b<batch>}:
     * the reference the batch's other profiles are measured beside.
     */
    public Target inBatch(int batch) {
        return new Target(name + "-b" + batch, description + "; again in batch " + batch, keys, file);
    }

    /**
     * This target under a scenario other than plain: named {@code <name>:<scenario>}, with the scenario's keys
     * (its placeholders: {@link Scenario#keys}). Under plain it is itself.
     */
    public Target underScenario(Scenario scenario, Credentials credentials) {
        if (scenario.isPlain()) {
            return this;
        }
        Map<String, String> k = new LinkedHashMap<>(keys);
        k.putAll(scenario.keys(credentials));
        return new Target(name + Scenario.SEPARATOR + scenario.name(), description + "; scenario " + scenario.name(),
                java.util.Collections.unmodifiableMap(k), file);
    }

    /** The same target with its scenario's rate limit set to {@code perSecond}: to show that the limit bites. */
    public Target withRateLimit(int perSecond) {
        Map<String, String> k = new LinkedHashMap<>(keys);
        k.put("scenario.rate-limit", Integer.toString(perSecond));
        return new Target(name, description, java.util.Collections.unmodifiableMap(k), file);
    }

    /** This gateway with {@code n} workers, named {@code <name>-w<n>}: one step of a workers sweep. */
    public Target withWorkers(int n) {
        Map<String, String> k = new LinkedHashMap<>(keys);
        k.put(WORKERS, Integer.toString(n));
        return new Target(name + "-w" + n, description + "; " + n + " worker(s)", java.util.Collections.unmodifiableMap(k), file);
    }

    /** The workers this target gets in a sweep, if it is one step of one. */
    public Optional<Integer> sweptWorkers() {
        return key(WORKERS).map(Integer::parseInt);
    }

    /** The sweep this step belongs to: its name without {@code -w<n>} ({@code nginx:jwt} for {@code nginx-w2:jwt}). */
    public Optional<String> sweepSeries() {
        return sweptWorkers().map(n -> name.replaceFirst("-w" + n + "(?=$|" + java.util.regex.Pattern.quote(Scenario.SEPARATOR) + ")", ""));
    }

    /** The scenario this target runs under: {@code plain} unless {@link #underScenario} said otherwise. */
    public String scenario() {
        return keys.getOrDefault("scenario", Scenario.PLAIN);
    }

    /** The JVM profile this target runs under, if it is a JVM gateway of a run. */
    public Optional<String> profile() {
        return key(PROFILE);
    }

    /** The descriptor's own name: the gateway, without its JVM profile or scenario. */
    public String gateway() {
        return keys.getOrDefault("name", name);
    }

    /** This target's name without its scenario: the same gateway (and profile) under plain. */
    public String underPlain() {
        String suffix = Scenario.SEPARATOR + scenario();
        return name.endsWith(suffix) ? name.substring(0, name.length() - suffix.length()) : name;
    }

    /** The baseline: a descriptor with neither a {@code command} nor a {@code url}, whose clients call the origin itself. */
    public boolean isDirect() {
        return !keys.containsKey("command") && !keys.containsKey("url");
    }

    public Optional<String> key(String key) {
        return Optional.ofNullable(keys.get(key));
    }

    /** Run-folder path to repository template, from the {@code render.<path>=<template>} keys. */
    public Map<String, String> renders() {
        Map<String, String> renders = new LinkedHashMap<>();
        keys.forEach((k, v) -> {
            if (k.startsWith("render.")) {
                renders.put(k.substring("render.".length()), v);
            }
        });
        return renders;
    }

    public List<String> mkdirs() {
        return words(keys.getOrDefault("mkdirs", ""));
    }

    /** The values a descriptor contributes to placeholders: every key that is not reserved. */
    public Map<String, String> values() {
        Map<String, String> values = new LinkedHashMap<>();
        keys.forEach((k, v) -> {
            if (!RESERVED.contains(k) && !k.startsWith("render.") && !k.startsWith("transport.")) {
                values.put(k, v);
            }
        });
        return values;
    }

    /**
     * A command line: split into words first, then each word rendered, so that a value with spaces
     * stays one argument, except {@code {{jvm.flags}}}, {@code {{gateway.args}}} and {@code {{scenario.args}}}
     * standing alone, which are lists of flags and options (any may be empty).
     */
    public static List<String> commandLine(String template, Map<String, String> values, String where) {
        List<String> argv = new ArrayList<>();
        for (String word : words(template)) {
            if (LISTS.contains(word)) {
                argv.addAll(words(Template.render(word, values, where)));
            } else {
                argv.add(Template.render(word, values, where));
            }
        }
        return argv;
    }

    private static List<String> words(String s) {
        return s.isBlank() ? List.of() : Arrays.asList(s.trim().split("\\s+"));
    }
}
