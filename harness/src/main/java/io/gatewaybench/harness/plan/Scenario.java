package io.gatewaybench.harness.plan;

import io.gatewaybench.harness.model.Scenarios;
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
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * What a gateway does on every request besides forwarding it, as data: one {@code scenarios/<name>.properties}
 * each (scenarios/README.md). A scenario names the duties every target must perform ({@code api-keys},
 * {@code jwt}, {@code rate-limit}, {@code routes}) and the request the load sends. A target declares the
 * duties it implements ({@code duties} in its descriptor); for a scenario it lacks one of, it is "not
 * available" with the reason, not an error. The plain scenario is today's run.
 *
 * @param duties what the gateway must do on each request, in the order it checks them
 * @param rateLimit requests per second per client the limit allows (0: none)
 * @param routes how many routes {@code /r0/ .. /r<N-1>/} (0: one catch-all route)
 * @param path the page the origin serves for it: the book page, or a static file of the response-size scenarios
 */
public record Scenario(String name, String description, List<String> duties, int rateLimit, int routes, String path, Path file) {

    /** The duties a scenario may ask for, in the order a gateway checks them. */
    public static final List<String> DUTIES = List.of("api-keys", "jwt", "rate-limit", "routes");
    /** The scenarios of {@code --scenarios=all}, in this order; plain first, as the others' reference. */
    public static final List<String> ALL = List.of("plain", "ratelimit", "keyauth+ratelimit", "jwt", "routes-1000", "routes-5000",
            "0kb", "1kb", "4kb");
    public static final String PLAIN = "plain";
    /** The page the 2019 study measured, from Tomcat's examples: what the origin serves under the plain scenario. */
    public static final String BOOK_PATH = "/examples/jsp/jsp2/simpletag/book.jsp";
    /** A string only the correct book page contains (its rendered title, upper-cased by a custom tag). */
    public static final String BOOK_MARKER = "THE LORD OF THE RINGS";
    /** A target under a scenario other than plain is named {@code <target>:<scenario>}. */
    public static final String SEPARATOR = ":";
    /** The rate limit of the check that a target's limit does bite (requests per second per client). */
    public static final int LOW_LIMIT = 20;

    private static final List<String> KEYS = List.of("name", "description", "duties", "rate-limit", "routes", "path");

    public static Scenario load(Path file) {
        Properties p = Repo.properties(file, "scenario descriptor");
        String expected = file.getFileName().toString().replaceFirst("\\.properties$", "");
        String name = p.getProperty("name", "").trim();
        if (!name.equals(expected)) {
            throw new IllegalArgumentException(file + ": 'name' must be set and equal the file name (" + expected + ")");
        }
        for (String k : p.stringPropertyNames()) {
            if (!KEYS.contains(k)) {
                throw new IllegalArgumentException(file + ": unknown key '" + k + "'; known: " + KEYS);
            }
        }
        List<String> duties = words(p.getProperty("duties", ""));
        for (String d : duties) {
            if (!DUTIES.contains(d)) {
                throw new IllegalArgumentException(file + ": unknown duty '" + d + "'; known: " + DUTIES);
            }
        }
        int rateLimit = number(p, "rate-limit", file);
        int routes = number(p, "routes", file);
        if (duties.contains("rate-limit") != rateLimit > 0 || duties.contains("routes") != routes > 0) {
            throw new IllegalArgumentException(file + ": the duties rate-limit and routes need their number (rate-limit=N, routes=N), and only they");
        }
        String path = p.getProperty("path", Scenario.BOOK_PATH).trim();
        if (!path.startsWith("/")) {
            throw new IllegalArgumentException(file + ": path must start with /, got '" + path + "'");
        }
        return new Scenario(name, p.getProperty("description", name).trim(), duties, rateLimit, routes, path, file);
    }

    /** The scenario of that name in {@code scenarios/}, or an error that lists the known ones. */
    public static Scenario named(String name) {
        Path file = folder().resolve(name + ".properties");
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("no scenario '" + name + "': known scenarios are " + known()
                    + " (add scenarios/" + name + ".properties to declare one; scenarios/README.md)");
        }
        return load(file);
    }

    /** {@code --scenarios}: names separated by commas, or "all"; plain is always first (every other is relative to it). */
    public static List<Scenario> list(String csv) {
        List<String> names = csv.trim().equals("all") ? allNames()
                : Arrays.stream(csv.split(",")).map(String::trim).filter(n -> !n.isEmpty()).distinct().toList();
        List<Scenario> list = new ArrayList<>();
        list.add(named(PLAIN));
        names.stream().filter(n -> !n.equals(PLAIN)).forEach(n -> list.add(named(n)));
        return list;
    }

    /** The shipped scenarios in their order, then any other descriptor in the folder. */
    private static List<String> allNames() {
        List<String> names = new ArrayList<>(ALL.stream().filter(n -> Files.isRegularFile(folder().resolve(n + ".properties"))).toList());
        known().stream().filter(n -> !names.contains(n)).forEach(names::add);
        return names;
    }

    private static List<String> known() {
        try (Stream<Path> files = Files.list(folder())) {
            return files.map(f -> f.getFileName().toString()).filter(f -> f.endsWith(".properties"))
                    .map(f -> f.replaceFirst("\\.properties$", "")).sorted().toList();
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot list " + folder() + ": " + e.getMessage(), e);
        }
    }

    private static Path folder() {
        return Repo.root().resolve("scenarios");
    }

    public boolean isPlain() {
        return name.equals(PLAIN);
    }

    /** Whether the origin is asked for another page than the book page: then direct is measured under it too, as its baseline. */
    public boolean changesThePage() {
        return !path.equals(Scenario.BOOK_PATH);
    }

    /** Why {@code t} cannot run this scenario, or empty: direct does no duty, and a gateway only the duties its descriptor declares. */
    public Optional<String> unavailableTo(Target t) {
        if (duties.isEmpty()) {
            return Optional.empty();
        }
        if (t.isDirect()) {
            return Optional.of("direct does no duty: the scenario's baseline is direct under plain");
        }
        List<String> declared = words(t.keys().getOrDefault("duties", ""));
        List<String> missing = duties.stream().filter(d -> !declared.contains(d)).toList();
        if (missing.isEmpty()) {
            return Optional.empty();
        }
        String why = missing.stream().map(d -> t.key("unavailable." + d).orElse(null)).filter(w -> w != null).findFirst()
                .orElse("its descriptor declares no " + String.join(", ", missing) + " among its duties (targets/README.md, key 'duties')");
        return Optional.of(why);
    }

    /**
     * The keys a target gets under this scenario (its placeholders, targets/README.md): the scenario's name, its
     * rate limit, its routes' prefixes, the run's API keys and JWT secret where its duties need them.
     */
    public Map<String, String> keys(Credentials credentials) {
        Map<String, String> k = new LinkedHashMap<>();
        k.put("scenario", name);
        k.put("scenario.duties", String.join(" ", duties));
        if (rateLimit > 0) {
            k.put("scenario.rate-limit", Integer.toString(rateLimit));
        }
        if (routes > 0) {
            k.put("scenario.routes", Integer.toString(routes));
            k.put("scenario.route-prefixes", IntStream.range(0, routes).mapToObj(Scenario::routePrefix).collect(Collectors.joining("\n")));
        }
        if (duties.contains("api-keys")) {
            k.put("scenario.api-key-list", String.join("\n", credentials.apiKeys()));
        }
        if (duties.contains("jwt")) {
            k.put("scenario.jwt-secret", credentials.jwtSecret());
        }
        return k;
    }

    /** A route's prefix, without its trailing slash. */
    public static String routePrefix(int i) {
        return "/r" + i;
    }

    /** The headers every request of the load carries under this scenario. */
    public Map<String, String> headers(Credentials credentials) {
        Map<String, String> h = new LinkedHashMap<>();
        if (duties.contains("api-keys")) {
            h.put("apikey", credentials.loadKey());
        }
        if (duties.contains("jwt")) {
            h.put("Authorization", "Bearer " + credentials.token());
        }
        return h;
    }

    /** The request path of the i-th request: the page, under route {@code i mod routes} when there are routes. */
    public String requestPath(int i) {
        return routes > 0 ? routePrefix(Math.floorMod(i, routes)) + path : path;
    }

    /** What summary.json records of the scenario (never a secret). */
    public Scenarios.Description describe() {
        return new Scenarios.Description(name, description, duties, rateLimit > 0 ? rateLimit : null, routes > 0 ? routes : null, path,
                Repo.root().relativize(file).toString());
    }

    static List<String> words(String s) {
        return s.isBlank() ? List.of() : Arrays.asList(s.trim().split("\\s+"));
    }

    private static int number(Properties p, String key, Path file) {
        String v = p.getProperty(key);
        if (v == null) {
            return 0;
        }
        try {
            int n = Integer.parseInt(v.trim());
            if (n > 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw new IllegalArgumentException(file + ": " + key + " must be a whole number above 0, got '" + v + "'");
    }
}
