package io.gatewaybench.harness.plan;

import io.gatewaybench.harness.model.Machine;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What a result must say about where it came from: the machine, the commit, and every component's version. */
public final class Environment {
    private Environment() {
    }

    /** The JVM running the harness, unless {@code -Dbench.java} names another: the JDK of every JVM it starts by default. */
    public static String currentJava() {
        return System.getProperty("bench.java",
                ProcessHandle.current().info().command().orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
    }

    public static Machine machine() {
        String kb = firstMatch(read("/proc/meminfo"), "(?m)^MemTotal:\\s*(\\d+) kB");
        return new Machine(firstMatch(read("/proc/cpuinfo"), "(?m)^model name\\s*:\\s*(.+)$"), onlineCpus(),
                kb.isEmpty() ? null : Long.parseLong(kb) * 1024, read("/proc/sys/kernel/osrelease").trim(),
                firstMatch(read("/etc/os-release"), "(?m)^PRETTY_NAME=\"?([^\"\\n]+)\"?$"), output(List.of("hostname")));
    }

    /** The 1, 5 and 15 minute load averages, as /proc/loadavg has them: what else the machine was doing. */
    public static String loadAverage() {
        String[] fields = read("/proc/loadavg").trim().split("\\s+");
        return fields.length >= 3 ? fields[0] + " " + fields[1] + " " + fields[2] : "unknown";
    }

    /** The commit the run was made from, marked {@code -dirty} when the work tree had changes. */
    public static String gitCommit() {
        String commit = output(List.of("git", "-C", Repo.root().toString(), "rev-parse", "HEAD"));
        if (commit.isEmpty()) { // a copy deployed by infra/ansible/site.yml, which records the commit it packed
            Path deployed = Repo.root().resolve("DEPLOYED_COMMIT");
            try {
                return Files.exists(deployed) ? Files.readString(deployed).trim() + " (deployed)" : "unknown";
            } catch (IOException e) {
                return "unknown";
            }
        }
        String changes = output(List.of("git", "-C", Repo.root().toString(), "status", "--porcelain", "--untracked-files=no"));
        return commit + (changes.isEmpty() ? "" : "-dirty");
    }

    /** The version line a command prints (nginx -v, haproxy -v, java -version ...). */
    public static String versionOf(List<String> argv) {
        String out = output(argv);
        return out.lines().filter(l -> !l.isBlank()).findFirst().orElse("unknown").trim();
    }

    /**
     * Versions of libraries inside an executable jar, read from what the jar really holds: a Spring
     * Boot jar's {@code BOOT-INF/lib/<artifact>-<version>.jar}, or a shaded jar's
     * {@code META-INF/maven/<group>/<artifact>/pom.properties}.
     */
    public static Map<String, String> jarComponents(Path jar, List<String> artifacts) {
        Map<String, String> found = new LinkedHashMap<>();
        if (!Files.isRegularFile(jar)) {
            return found;
        }
        try (JarFile j = new JarFile(jar.toFile())) {
            for (String artifact : artifacts) {
                Pattern nested = Pattern.compile("BOOT-INF/lib/" + Pattern.quote(artifact) + "-(\\d[^/]*)\\.jar");
                Pattern shaded = Pattern.compile("META-INF/maven/[^/]+/" + Pattern.quote(artifact) + "/pom\\.properties");
                j.stream().forEach(e -> {
                    Matcher m = nested.matcher(e.getName());
                    if (m.matches()) {
                        found.put(artifact, m.group(1));
                    } else if (shaded.matcher(e.getName()).matches()) {
                        try {
                            String props = new String(j.getInputStream(e).readAllBytes());
                            found.put(artifact, firstMatch(props, "(?m)^version=(.+)$").trim());
                        } catch (IOException ex) {
                            found.put(artifact, "unreadable");
                        }
                    }
                });
            }
        } catch (IOException e) {
            found.put("error", e.getMessage());
        }
        return found;
    }

    /** Whether {@code command} is an executable on this process's PATH. */
    public static boolean onPath(String command) {
        String path = System.getenv("PATH");
        return path != null && java.util.Arrays.stream(path.split(java.io.File.pathSeparator))
                .anyMatch(dir -> !dir.isEmpty() && Files.isExecutable(Path.of(dir, command)));
    }

    /**
     * Vegeta's version, as its build recorded it ({@code go version -m}: a {@code go install} build prints no version of
     * its own), and the Go it was built with; "unknown" where neither can be read.
     */
    public static String vegetaVersion() {
        String module = output(List.of("sh", "-c", "go version -m \"$(command -v vegeta)\" | awk '$1 == \"mod\" { print $3; exit }'"));
        String runtime = output(List.of("vegeta", "-version")).lines().filter(l -> l.startsWith("Runtime: "))
                .map(l -> l.substring("Runtime: ".length())).findFirst().orElse("");
        String v = (module.isEmpty() ? "" : "vegeta " + module) + (runtime.isEmpty() ? "" : (module.isEmpty() ? "vegeta " : " ") + "built with " + runtime);
        return v.isEmpty() ? "unknown" : v;
    }

    /** A version pinned in the parent pom's properties (for tools the run uses, such as Gatling). */
    public static String pinned(String property) {
        return firstMatch(read(Repo.root().resolve("pom.xml").toString()), "<" + Pattern.quote(property) + ">([^<]+)</");
    }

    static String output(List<String> argv) {
        try {
            Process p = new ProcessBuilder(new ArrayList<>(argv)).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes()).trim();
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return "";
            }
            return p.exitValue() == 0 ? out : "";
        } catch (IOException e) {
            return "";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
    }

    private static String read(String path) {
        try {
            return Files.readString(Path.of(path));
        } catch (IOException e) {
            return "";
        }
    }

    private static String firstMatch(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        return m.find() ? m.group(1) : "";
    }

    /** The machine's online CPUs, whatever CPU set this harness itself is confined to (on the netns injector host, one). */
    static int onlineCpus() {
        try {
            return Topology.cpuCount(Files.readString(Path.of("/sys/devices/system/cpu/online")).trim());
        } catch (IOException e) {
            return Runtime.getRuntime().availableProcessors();
        }
    }
}
