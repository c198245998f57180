package io.gatewaybench.harness.launch;

import io.gatewaybench.harness.plan.Ports;
import io.gatewaybench.harness.plan.Repo;
import io.gatewaybench.harness.plan.Scenario;
import io.gatewaybench.harness.plan.Target;
import io.gatewaybench.harness.plan.Template;
import io.gatewaybench.harness.plan.Topology;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * One running instance of a target, started from its descriptor: configuration rendered into the
 * run folder, checked ({@code check}), started ({@code command}) with its output in
 * {@code stdout.log}/{@code stderr.log} and its PID in {@code pid}, ready once its port accepts
 * connections. Stopped by PID: SIGTERM, then SIGKILL for it and its children if it lingers. On a
 * remote host (see {@link Topology.Host}) the process here is its ssh session: the run folder is
 * copied there first, and closing the session's input stops the target there.
 */
public final class TargetProcess implements AutoCloseable {
    /** How long a target may take to listen, unless its descriptor says ({@code ready-timeout}, seconds). */
    private static final Duration READY_TIMEOUT = Duration.ofSeconds(Long.getLong("bench.readyTimeoutSeconds", 120));
    private static final Duration STOP_GRACE = Duration.ofSeconds(15);

    /** Whatever is still running when the harness JVM exits (Ctrl-C, a failed run) is stopped too. */
    private static final Set<TargetProcess> RUNNING = ConcurrentHashMap.newKeySet();
    /**
     * Set when the harness JVM begins to exit. Its main thread runs on while the shutdown hook
     * works, so a target it starts after that must stop itself, or it would outlive the harness.
     */
    private static volatile boolean exiting;

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            exiting = true;
            RUNNING.forEach(TargetProcess::close);
        }, "stop-targets"));
    }

    private final Target target;
    private final Launch launch;
    private final Process process;

    private TargetProcess(Target target, Launch launch, Process process) {
        this.target = target;
        this.launch = launch;
        this.process = process;
    }

    public static TargetProcess start(Target target, Launch launch) {
        return start(target, launch, null);
    }

    /**
     * Starts {@code target} as {@code launch} says, in {@code cpu}'s group of its name where {@code cpu} is given and
     * the target runs on this machine's kernel (here, or on an emulated host): every process it starts is counted
     * there.
     */
    public static TargetProcess start(Target target, Launch launch, CpuGroups cpu) {
        if (Ports.accepts(launch.connectHost(), launch.port())) { // its readiness would be another process's
            throw new IllegalStateException(target.name() + " cannot start: port " + launch.port() + " on " + launch.connectHost()
                    + " is already taken (something accepts connections there); stop what listens there or free the port");
        }
        Map<String, String> values = prepare(target, launch);
        Path dir = launch.dir();
        String where = target.file().toString();
        List<String> command = Target.commandLine(target.keys().get("command"), values, where);
        List<String> argv = launch.host().remote() ? launch.host().server(command, remotePid(launch))
                : launch.host().server(cpu != null ? cpu.wrap(target.name(), command) : command);
        Process p;
        try {
            p = new ProcessBuilder(argv).directory(dir.toFile())
                    .redirectOutput(dir.resolve("stdout.log").toFile())
                    .redirectError(dir.resolve("stderr.log").toFile())
                    .start();
            Files.writeString(dir.resolve("pid"), p.pid() + "\n");
            Files.writeString(dir.resolve("command"), String.join(" ", argv) + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + target.name() + " (" + argv.get(0) + "): " + e.getMessage(), e);
        }
        TargetProcess started = new TargetProcess(target, launch, p);
        RUNNING.add(started);
        if (exiting) { // the hook may have gone over RUNNING before this one joined it
            started.close();
            throw new IllegalStateException("the harness is exiting; " + target.name() + " stopped again");
        }
        started.awaitReady();
        return started;
    }

    /**
     * Renders the target's configuration into its run folder and runs its {@code check}; returns
     * the placeholder values. Fails, naming the target, if the check rejects the configuration.
     */
    public static Map<String, String> prepare(Target target, Launch launch) {
        if (!target.keys().containsKey("command")) {
            throw new IllegalArgumentException(target.name() + " has no command: " + (target.declaredByUrl()
                    ? "it is declared by its url, running already, and ./bench does not start it" : "it is the direct baseline, nothing to start"));
        }
        Map<String, String> values = values(target, launch);
        Path dir = launch.dir();
        try {
            Files.createDirectories(dir);
            for (String sub : target.mkdirs()) {
                Files.createDirectories(dir.resolve(sub));
            }
            if (!values.get("scenario.api-keys").isEmpty()) {
                Files.writeString(dir.resolve(API_KEYS_FILE), values.get("scenario.api-key-list") + "\n");
            }
            if (!values.get("scenario.jwt-secret-file").isEmpty()) {
                Files.writeString(dir.resolve(JWT_SECRET_FILE), values.get("scenario.jwt-secret") + "\n");
            }
            for (Map.Entry<String, String> r : target.renders().entrySet()) {
                Path template = Repo.root().resolve(r.getValue());
                Path out = dir.resolve(r.getKey());
                Files.createDirectories(out.getParent());
                Files.writeString(out, Template.render(Files.readString(template), values, template.toString()));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare " + dir + " for " + target.name(), e);
        }
        launch.host().ship(dir);
        target.key("check").ifPresent(check -> runCheck(target, launch.host().command(Target.commandLine(check, values, target.file().toString())), dir));
        return values;
    }

    /**
     * Launch values, then the descriptor's own keys (a descriptor may set jvm.flags, nothing else of the launch),
     * then the scenario's ({@link #scenarioValues}).
     */
    public static Map<String, String> values(Target target, Launch launch) {
        Map<String, String> values = new HashMap<>(launch.values());
        target.values().forEach((k, v) -> {
            if (values.containsKey(k) && !k.equals("jvm.flags")) {
                throw new IllegalArgumentException(target.file() + ": key '" + k + "' is set by the harness, rename it");
            }
            values.put(k, v);
        });
        values.putAll(scenarioValues(target.keys(), values.get("dir")));
        return values;
    }

    /** Files of the scenario's credentials in the run folder, written by {@link #prepare}. */
    static final String API_KEYS_FILE = "api-keys.txt";
    static final String JWT_SECRET_FILE = "jwt-secret.txt";

    /**
     * The scenario's placeholders (targets/README.md), each "" where the scenario has no such duty, so that one
     * template serves every scenario: {@code scenario.rate-limit}, {@code scenario.routes},
     * {@code scenario.route-prefixes}, {@code scenario.api-keys} (the keys' file), {@code scenario.api-key-list},
     * {@code scenario.jwt-secret} and {@code scenario.jwt-secret-file}, and {@code scenario.args}: the same duties
     * as the options every JVM gateway takes ({@code --api-keys=FILE --jwt-secret=FILE --rate-limit=N --routes=N}).
     */
    static Map<String, String> scenarioValues(Map<String, String> keys, String dir) {
        Map<String, String> v = new java.util.LinkedHashMap<>();
        v.put("scenario", keys.getOrDefault("scenario", Scenario.PLAIN));
        for (String k : List.of("scenario.duties", "scenario.rate-limit", "scenario.routes", "scenario.route-prefixes",
                "scenario.api-key-list", "scenario.jwt-secret")) {
            v.put(k, keys.getOrDefault(k, ""));
        }
        boolean keysFile = !v.get("scenario.api-key-list").isEmpty();
        boolean secretFile = !v.get("scenario.jwt-secret").isEmpty();
        v.put("scenario.api-keys", keysFile ? dir + "/" + API_KEYS_FILE : "");
        v.put("scenario.jwt-secret-file", secretFile ? dir + "/" + JWT_SECRET_FILE : "");
        List<String> args = new java.util.ArrayList<>();
        if (keysFile) {
            args.add("--api-keys=" + v.get("scenario.api-keys"));
        }
        if (secretFile) {
            args.add("--jwt-secret=" + v.get("scenario.jwt-secret-file"));
        }
        if (!v.get("scenario.rate-limit").isEmpty()) {
            args.add("--rate-limit=" + v.get("scenario.rate-limit"));
        }
        if (!v.get("scenario.routes").isEmpty()) {
            args.add("--routes=" + v.get("scenario.routes"));
        }
        v.put("scenario.args", String.join(" ", args));
        return v;
    }

    private static void runCheck(Target target, List<String> argv, Path dir) {
        try {
            Process check = new ProcessBuilder(argv).directory(dir.toFile()).redirectErrorStream(true).start();
            String output = new String(check.getInputStream().readAllBytes()).trim();
            if (!check.waitFor(60, TimeUnit.SECONDS) || check.exitValue() != 0) {
                check.destroyForcibly();
                throw new IllegalStateException(target.name() + ": configuration check failed (" + String.join(" ", argv) + "): " + output);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run the check of " + target.name() + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    private void awaitReady() {
        Duration timeout = readyTimeout(target);
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!Ports.accepts(launch.connectHost(), launch.port())) {
            if (!process.isAlive()) {
                RUNNING.remove(this);
                throw new IllegalStateException(target.name() + " exited with status " + process.exitValue()
                        + " before listening on port " + launch.port() + "; see " + launch.dir() + ": " + tail("stderr.log"));
            }
            if (System.nanoTime() > deadline) {
                close();
                throw new IllegalStateException(target.name() + " did not listen on port " + launch.port() + " within "
                        + timeout.toSeconds() + " s; stopped it; see " + launch.dir() + ": " + tail("stderr.log"));
            }
            sleep(50);
        }
        if (!process.isAlive()) { // the port answered, but not for this process
            RUNNING.remove(this);
            throw new IllegalStateException(target.name() + " exited with status " + process.exitValue() + " as port " + launch.port()
                    + " began to accept connections: another process listens there; see " + launch.dir() + ": " + tail("stderr.log"));
        }
    }

    /** The descriptor's {@code ready-timeout} in seconds, else the harness's default (120 s). */
    static Duration readyTimeout(Target target) {
        return target.key("ready-timeout").map(v -> {
            try {
                long seconds = Long.parseLong(v);
                if (seconds > 0) {
                    return Duration.ofSeconds(seconds);
                }
            } catch (NumberFormatException e) {
                // named below
            }
            throw new IllegalArgumentException(target.file() + ": ready-timeout must be a whole number of seconds above 0, got '" + v + "'");
        }).orElse(READY_TIMEOUT);
    }

    /** The last lines a process wrote to one of its logs, for error messages. */
    public String tail(String log) {
        try {
            List<String> lines = Files.readAllLines(launch.dir().resolve(log));
            return String.join(" | ", lines.subList(Math.max(0, lines.size() - 5), lines.size()));
        } catch (IOException e) {
            return "(no " + log + ")";
        }
    }

    /** Where {@code infra/hosts/attached} writes the pid of a target on another host: its run folder there. */
    static Path remotePid(Launch launch) {
        return launch.host().pathOf(launch.dir()).resolve("remote.pid");
    }

    /**
     * The CPU time of this target on another host, its processes' threads' as {@code infra/hosts/cpu-of} reads them
     * there, while it runs; close it before the target.
     */
    public RemoteCpu remoteCpu() throws IOException {
        if (!launch.host().remote()) {
            throw new IllegalStateException(target.name() + " runs on this machine's kernel: its CPU group is read");
        }
        return RemoteCpu.start(target.name(), launch.host().cpuOf(remotePid(launch)),
                launch.dir().resolve("cpu-of.log"));
    }

    public Target target() {
        return target;
    }

    public Launch launch() {
        return launch;
    }

    public long pid() {
        return process.pid();
    }

    public Process process() {
        return process;
    }

    /** Stops the process: SIGTERM, then after a grace period SIGKILL for it and whatever it started. */
    @Override
    public void close() {
        RUNNING.remove(this);
        if (!process.isAlive()) {
            return;
        }
        List<ProcessHandle> children = process.descendants().toList();
        if (launch.host().remote()) {
            closeInput(); // ends the ssh session's input: infra/hosts/attached stops the target there and waits for it
        } else {
            process.destroy();
        }
        try {
            if (!process.waitFor(STOP_GRACE.toSeconds(), TimeUnit.SECONDS)) {
                System.err.println("warning: " + target.name() + " (pid " + pid() + ") ignored SIGTERM for "
                        + STOP_GRACE.toSeconds() + " s; killing it");
                process.destroyForcibly();
                process.waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
        children.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
    }

    private void closeInput() {
        try {
            process.getOutputStream().close();
        } catch (IOException e) {
            process.destroy();
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
