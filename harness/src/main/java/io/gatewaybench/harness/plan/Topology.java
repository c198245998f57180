package io.gatewaybench.harness.plan;

import io.gatewaybench.harness.model.Placement;
import io.gatewaybench.harness.model.RolePlacement;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * Where the three roles of a run live: the injector (Gatling, wrk, the probes: this harness), the
 * gateway under test, and the backend (Tomcat). {@code loopback}: all on this machine's loopback,
 * unpinned. {@code netns}: three emulated hosts, network namespaces with their own addresses, CPU
 * sets and memory limits, set up by {@code infra/netns/topology.sh} (the {@code ./bench} script
 * does that and starts this harness on the injector host). {@code hosts}: three machines; the
 * harness runs on the injector and starts the gateway and Tomcat on the others over ssh
 * (see {@code infra/ansible/}).
 */
public record Topology(String name, Host injector, Host gateway, Host backend, Notes notes, List<Host> moreInjectors) {

    /** Three roles, one injector. */
    public Topology(String name, Host injector, Host gateway, Host backend, Notes notes) {
        this(name, injector, gateway, backend, notes, List.of());
    }

    /** Every injector host: the harness's own first, then the others ({@code --injectors}). */
    public List<Host> injectors() {
        List<Host> all = new ArrayList<>(List.of(injector));
        all.addAll(moreInjectors);
        return all;
    }

    /**
     * What the run's placement says of the topology in words.
     *
     * @param summary the roles and their CPUs in one sentence
     * @param split how the CPUs are split between the roles (null: not said)
     * @param network the network joining the hosts (null: not said)
     * @param deployedBy what deployed the hosts (null: not said)
     */
    public record Notes(String summary, String split, String network, String deployedBy) {
    }

    /** Where the netns set-up records what it built. */
    public static final Path NETNS_STATE = Path.of("/run/gateway-bench/netns.state");

    /**
     * One role's host. {@code launcher} is the command prefix that runs a process there (empty: on
     * this machine as it is); {@code port} 0 lets the harness pick a free one. A host with a
     * {@code home} is another machine, reached by ssh: {@code launcher} is the ssh command, the
     * suite is deployed at {@code home} there, run folders are copied over before a start, and
     * {@code java} (null: the harness's own) is its JDK; {@code placement} is what the run's summary says of it (null: nothing).
     */
    public record Host(String role, String address, int port, List<String> launcher, Path home, String java,
                       io.gatewaybench.harness.model.Host placement) {

        /** This machine as it is, at {@code address}. */
        public static Host here(String address) {
            return new Host("local", address, 0, List.of(), null, null, null);
        }

        public boolean remote() {
            return home != null;
        }

        /** Whether this host's commands share the run's one connection to it ({@link #sharingConnections}: OpenSSH reaches it). */
        public boolean sharesConnection() {
            return remote() && openSsh(launcher) && launcher.size() > SHARING.size() && launcher.subList(1, 1 + SHARING.size()).equals(SHARING);
        }

        /** The command line that runs {@code argv} on this host and returns (a configuration check, a version). */
        public List<String> command(List<String> argv) {
            List<String> all = new ArrayList<>(launcher);
            if (remote()) { // ssh hands the remote shell one string
                all.add(argv.stream().map(Host::quoted).collect(Collectors.joining(" ")));
            } else {
                all.addAll(argv);
            }
            return all;
        }

        /**
         * The command line that runs the server {@code argv} on this host. On a remote host it runs
         * under {@code infra/hosts/attached} for as long as the ssh session's input stays open.
         */
        public List<String> server(List<String> argv) {
            return server(argv, null);
        }

        /**
         * The same; on a remote host {@code attached} writes the server's pid to {@code pidfile} there (null: nowhere),
         * where {@code infra/hosts/cpu-of} reads its CPU time (TopologyTest).
         */
        public List<String> server(List<String> argv, Path pidfile) {
            if (!remote()) {
                return command(argv);
            }
            List<String> attached = new ArrayList<>(List.of(home.resolve("infra/hosts/attached").toString()));
            if (pidfile != null) {
                attached.add("--pidfile=" + pidfile);
            }
            attached.addAll(argv);
            return command(attached);
        }

        /**
         * The command line that prints, every 200 ms, the CPU time of the server whose pid {@code attached} wrote to
         * {@code pidfile} on this remote host and of the processes below it, ns ({@code infra/hosts/cpu-of}).
         */
        public List<String> cpuOf(Path pidfile) {
            if (!remote()) {
                throw new IllegalStateException("cpu-of reads a server on another host; here its CPU group is read");
            }
            return command(List.of(home.resolve("infra/hosts/cpu-of").toString(), pidfile.toString()));
        }

        /** Where a folder of this run lives on this host: itself here, the same place under {@code home} on a remote host. */
        public Path pathOf(Path local) {
            Path absolute = local.toAbsolutePath().normalize();
            if (!remote()) {
                return absolute;
            }
            if (!absolute.startsWith(Repo.root())) {
                throw new IllegalArgumentException("with --topology hosts, run folders must lie inside the suite (" + Repo.root()
                        + ") so they have a place on the other hosts too; " + absolute + " does not (--results)");
            }
            return home.resolve(Repo.root().relativize(absolute));
        }

        /** Copies a run folder to this host (a fresh copy; nothing to do here). */
        public void ship(Path local) {
            if (!remote()) {
                return;
            }
            String there = quoted(pathOf(local).toString());
            List<String> receive = command(List.of("sh", "-c", "rm -rf " + there + " && mkdir -p " + there + " && tar -x -C " + there));
            try {
                awaitLast(ProcessBuilder.startPipeline(List.of(
                        new ProcessBuilder("tar", "-c", "-C", local.toString(), ".").redirectError(ProcessBuilder.Redirect.DISCARD),
                        new ProcessBuilder(receive).redirectErrorStream(true))));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot copy " + local + " to " + role + " host " + address + ": " + e.getMessage(), e);
            }
        }

        /**
         * {@code argv} as this host runs it: on a remote host every path inside the suite (a run folder, the compiled
         * simulation, a target's configuration) is its copy under {@code home}, wherever it appears in an argument.
         */
        public List<String> localized(List<String> argv) {
            if (!remote()) {
                return argv;
            }
            String here = Repo.root().toString() + "/";
            String there = home.toString() + "/";
            return argv.stream().map(a -> a.replace(here, there)).toList();
        }

        /** The same host, its placement {@code placement} (its clock's offset measured). */
        public Host withPlacement(io.gatewaybench.harness.model.Host placement) {
            return new Host(role, address, port, launcher, home, java, placement);
        }

        /** Writes {@code text} into {@code local} (atomically, by rename), and sends it to its copy on this host. */
        public void write(Path local, String text) {
            try {
                Path written = local.resolveSibling(local.getFileName() + ".new");
                Files.writeString(written, text);
                Files.move(written, local, StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write " + local + ": " + e.getMessage(), e);
            }
            send(local);
        }

        /** Copies the file {@code local} to its place on this host, whole or not at all (by rename; nothing to do here). */
        public void send(Path local) {
            if (!remote()) {
                return;
            }
            String there = quoted(pathOf(local).toString());
            try {
                awaitLast(List.of(new ProcessBuilder(command(List.of("sh", "-c", "mkdir -p \"$(dirname " + there + ")\" && cat > " + there
                        + ".new && mv " + there + ".new " + there))).redirectInput(local.toFile()).redirectErrorStream(true).start()));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot copy " + local + " to " + role + " host " + address + ": " + e.getMessage(), e);
            }
        }

        /** Brings a file or folder of a run back from this host to {@code local}, replacing it (nothing to do here). */
        public void bring(Path local) {
            if (!remote()) {
                return;
            }
            Path there = pathOf(local);
            try {
                Files.createDirectories(local.toAbsolutePath().getParent());
                List<Process> pipe = ProcessBuilder.startPipeline(List.of(
                        new ProcessBuilder(command(List.of("tar", "-c", "-C", there.getParent().toString(), there.getFileName().toString())))
                                .redirectError(ProcessBuilder.Redirect.DISCARD),
                        new ProcessBuilder("tar", "-x", "-C", local.toAbsolutePath().getParent().toString()).redirectErrorStream(true)));
                awaitLast(pipe);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot bring " + there + " back from " + address + ": " + e.getMessage(), e);
            }
        }

        /** Waits for a pipeline of commands to this host; fails with what its last said unless every one ended well. */
        private static void awaitLast(List<Process> pipe) throws IOException {
            String output = new String(pipe.get(pipe.size() - 1).getInputStream().readAllBytes()).trim();
            try {
                boolean ended = true;
                for (Process p : pipe) {
                    ended &= p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0;
                }
                if (!ended) {
                    pipe.forEach(Process::destroyForcibly);
                    throw new IOException(output.isEmpty() ? "it failed" : output);
                }
            } catch (InterruptedException e) {
                pipe.forEach(Process::destroyForcibly);
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", e);
            }
        }

        /** One word for a POSIX shell. */
        static String quoted(String word) {
            return word.matches("[A-Za-z0-9_./:=@%+,-]+") ? word : "'" + word.replace("'", "'\\''") + "'";
        }
        /** The port a server of this role listens on. */
        public int listenPort() {
            return port > 0 ? port : Ports.free();
        }
    }

    public static final List<String> NAMES = List.of("loopback", "netns", "hosts");

    /** Where {@code infra/ansible} describes the three machines, on the injector, in the deployed suite. */
    static Path hostsFile() {
        return Repo.root().resolve("hosts.properties");
    }

    /** The topology named on the command line, checked against what is actually set up. */
    public static Topology named(String name) {
        return switch (name) {
            case "loopback" -> loopback();
            case "netns" -> netns(NETNS_STATE);
            case "hosts" -> hosts(hostsFile());
            default -> throw new IllegalArgumentException("--topology must be one of " + NAMES + ", got '" + name + "'");
        };
    }

    public static Topology loopback() {
        int cpus = Runtime.getRuntime().availableProcessors();
        io.gatewaybench.harness.model.Host all = new io.gatewaybench.harness.model.Host(null, null, "127.0.0.1",
                "all " + cpus + " (unpinned)", cpus, "unlimited", null, null, null);
        Notes notes = new Notes("injector, gateway and backend share all " + cpus + " CPUs of one machine over loopback, unpinned",
                null, null, null);
        return new Topology("loopback", new Host("injector", "127.0.0.1", 0, List.of(), null, null, all),
                new Host("gateway", "127.0.0.1", 0, List.of(), null, null, all),
                new Host("backend", "127.0.0.1", 0, List.of(), null, null, all), notes);
    }

    /**
     * The emulated hosts described by the state file {@code topology.sh up} writes. Fails with the
     * fix if they are not set up, or if this harness is not running on the injector host.
     */
    static Topology netns(Path state) {
        if (!Files.exists(state)) {
            throw new IllegalStateException("--topology netns: no emulated hosts (" + state + " is missing); run it as "
                    + "./bench run --topology netns, which sets them up (as root) and starts the harness on the injector host");
        }
        Properties p = Repo.properties(state, "the emulated hosts' state");
        Path runIn = Repo.root().resolve("infra/netns/run-in");
        Host injector = netnsHost(p, "injector", 0, List.of());
        if (!sameNetworkNamespace(Path.of("/proc/self/ns/net"), Path.of("/run/netns/" + p.getProperty("injector.namespace")))) {
            throw new IllegalStateException("--topology netns: this harness is not on the injector host (network namespace "
                    + p.getProperty("injector.namespace") + "); start it with ./bench run --topology netns");
        }
        Properties conf = Repo.properties(Repo.root().resolve("infra/netns/topology.conf"), "the emulated hosts' settings");
        Host gateway = netnsHost(p, "gateway", Integer.parseInt(conf.getProperty("GATEWAY_PORT")), List.of(runIn.toString(), "gateway"));
        Host backend = netnsHost(p, "backend", Integer.parseInt(conf.getProperty("BACKEND_PORT")), List.of(runIn.toString(), "backend"));
        List<Host> more = new ArrayList<>();
        for (int k = 2; k <= Integer.parseInt(p.getProperty("injectors", "1")); k++) {
            more.add(netnsHost(p, "injector" + k, 0, List.of(runIn.toString(), "injector" + k)));
        }
        String others = more.stream().map(h -> String.format(", %s %s on CPU %s", h.role(), h.address(), h.placement().cpus()))
                .collect(Collectors.joining());
        Notes notes = new Notes(String.format("%s hosts emulated by network namespaces on one machine, joined by veth pairs to a "
                        + "bridge: injector %s on CPU %s%s, gateway %s on CPU %s, backend %s on CPU %s", more.isEmpty() ? "three" : 3 + more.size(),
                injector.address(), injector.placement().cpus(), others, gateway.address(), gateway.placement().cpus(),
                backend.address(), backend.placement().cpus()),
                "the gateway, the thing measured, has a core to itself; the injector and the backend share the other, "
                + "alike in the direct run and in every gateway run; each host receives its packets "
                + gateway.placement().receivesPackets(),
                "one /" + conf.getProperty("PREFIX_LENGTH") + " on a bridge in namespace " + conf.getProperty("NAMESPACE_PREFIX")
                + "-lan; no namespace has a default route, nothing outside this machine can reach them", null);
        return new Topology("netns", injector, gateway, backend, notes, List.copyOf(more));
    }

    /**
     * Three machines, as {@code infra/ansible/site.yml} wrote them into {@code hosts.properties} on
     * the injector: addresses, the ssh command that reaches the other two, where the suite is
     * deployed on each, their CPUs and memory. Fails if this harness is not on the injector.
     */
    static Topology hosts(Path file) {
        if (!Files.exists(file)) {
            throw new IllegalStateException("--topology hosts: " + file + " is missing; deploy with infra/ansible/site.yml, "
                    + "which writes it on the injector host, and run the harness there (infra/ansible/bench.yml does)");
        }
        Properties p = Repo.properties(file, "the hosts' description");
        List<String> ssh = sharingConnections(Arrays.asList(required(p, file, "ssh").trim().split("\\s+")));
        Host injector = remoteHost(p, file, "injector", List.of());
        if (!isLocalAddress(injector.address())) {
            throw new IllegalStateException("--topology hosts: this machine does not have the injector's address "
                    + injector.address() + " (" + file + "); run the harness on the injector host");
        }
        Host gateway = remoteHost(p, file, "gateway", ssh);
        Host backend = remoteHost(p, file, "backend", ssh);
        List<Host> more = new ArrayList<>();
        for (int k = 2; p.containsKey("injector" + k + ".address"); k++) {
            more.add(remoteHost(p, file, "injector" + k, ssh));
        }
        return new Topology("hosts", injector, gateway, backend, hostsNotes(injector, gateway, backend, more), List.copyOf(more));
    }

    private static Notes hostsNotes(Host injector, Host gateway, Host backend, List<Host> more) {
        String others = more.stream().map(h -> String.format(", %s %s (%s CPUs)", h.role(), h.address(), h.placement().cpus()))
                .collect(Collectors.joining());
        return new Notes(String.format("%s hosts: injector %s (%s CPUs)%s, gateway %s (%s CPUs), backend %s (%s CPUs)",
                more.isEmpty() ? "three" : 3 + more.size(), injector.address(), injector.placement().cpus(), others, gateway.address(),
                gateway.placement().cpus(), backend.address(), backend.placement().cpus()), "one machine per role, as in the 2019 study", null,
                "infra/ansible/site.yml; the gateway and Tomcat are started over ssh under infra/hosts/attached"
                + (more.isEmpty() ? "" : "; each other injector host's Gatling and Vegeta over ssh"));
    }

    /**
     * The topology with the first {@code n} injector hosts ({@code --injectors=N}): the emulated hosts are set up with exactly
     * as many; the hosts topology uses the first N its inventory describes. Fails with the fix where there are fewer.
     */
    public Topology withInjectors(int n) {
        if (injectors().size() == n) {
            return this;
        }
        if (name.equals("hosts") && n < injectors().size()) {
            List<Host> kept = moreInjectors.subList(0, n - 1);
            return new Topology(name, injector, gateway, backend, hostsNotes(injector, gateway, backend, kept), List.copyOf(kept));
        }
        throw new IllegalStateException("--injectors=" + n + ", but the " + name + " hosts have " + injectors().size() + " injector host(s); "
                + (name.equals("hosts") ? "add hosts to the inventory's [injectors] group and deploy again (infra/ansible/site.yml)"
                        : "run it as ./bench run --topology " + name + " --injectors=" + n + ", which sets up that many"));
    }

    /** The topology with each other injector host's placement as {@code measured} gives it (its clock's offset). */
    public Topology withMoreInjectors(java.util.function.UnaryOperator<Host> measured) {
        return new Topology(name, injector, gateway, backend, notes, moreInjectors.stream().map(measured).toList());
    }

    /**
     * Where every ssh command to another host finds the one connection to that host they all share (OpenSSH's connection
     * multiplexing: {@code launch.SshConnections} opens it, one per host, for the run). Without it each command is a new
     * connection: a key exchange, and a new sshd on a host whose CPU the load keeps busy. To the emulated hosts of the
     * Ansible test that took 0.5-0.9 s, and 1.7 s on a loaded CI machine, where an injector host's start gate, written
     * by such a session, opened 1,655 ms late. Short: a socket's path must fit in 104 bytes.
     */
    public static final Path SSH_CONNECTIONS = Path.of("/tmp", "gateway-bench-ssh-" + ProcessHandle.current().pid());
    /** Whether {@code command} is OpenSSH's client, by any path. */
    private static boolean openSsh(List<String> command) {
        return !command.isEmpty() && Path.of(command.get(0)).getFileName().toString().equals("ssh");
    }

    /** The options after {@code ssh} that make a command use its host's shared connection, or connect on its own where none is open. */
    private static final List<String> SHARING = List.of("-o", "ControlMaster=no", "-o", "ControlPath=" + SSH_CONNECTIONS + "/%C");

    /**
     * {@code ssh} (the command line that reaches the other hosts) made to use the connection each host shares ({@link
     * #SSH_CONNECTIONS}) where one is open, and to connect on its own where none is. A command that is not OpenSSH's is
     * left as it is.
     */
    public static List<String> sharingConnections(List<String> ssh) {
        if (!openSsh(ssh)) {
            return ssh;
        }
        List<String> shared = new ArrayList<>(List.of(ssh.get(0)));
        shared.addAll(SHARING);
        shared.addAll(ssh.subList(1, ssh.size()));
        return List.copyOf(shared);
    }

    private static Host remoteHost(Properties p, Path file, String role, List<String> ssh) {
        String address = required(p, file, role + ".address");
        String cpus = p.getProperty(role + ".cpus", "unknown");
        io.gatewaybench.harness.model.Host placement = new io.gatewaybench.harness.model.Host(p.getProperty(role + ".name", address), null,
                address, cpus, cpus.matches("\\d+") ? Integer.parseInt(cpus) : 0, p.getProperty(role + ".memory_mb", "unknown") + " MB",
                null, null, null);
        int port = Integer.parseInt(p.getProperty(role + ".port", "0"));
        if (ssh.isEmpty()) {
            return new Host(role, address, port, List.of(), null, null, placement);
        }
        List<String> launcher = new ArrayList<>(ssh);
        launcher.add(address);
        return new Host(role, address, port, launcher, Path.of(required(p, file, role + ".home")), p.getProperty(role + ".java"), placement);
    }

    private static String required(Properties p, Path file, String key) {
        String v = p.getProperty(key);
        if (v == null || v.isBlank()) {
            throw new IllegalStateException(file + " has no " + key + "; deploy again with infra/ansible/site.yml");
        }
        return v;
    }

    static boolean isLocalAddress(String address) {
        try {
            return java.net.NetworkInterface.getByInetAddress(java.net.InetAddress.getByName(address)) != null;
        } catch (IOException e) {
            return false;
        }
    }

    private static Host netnsHost(Properties state, String role, int port, List<String> launcher) {
        String address = state.getProperty(role + ".address");
        if (address == null) {
            throw new IllegalStateException(NETNS_STATE + " names no " + role + " host; run infra/netns/topology.sh up again");
        }
        String cpus = confined(state, role, "cpuset", "cpuset.cpus", v -> v);
        io.gatewaybench.harness.model.Host placement = new io.gatewaybench.harness.model.Host(null,
                java.util.Optional.ofNullable(state.getProperty(role + ".namespace")), address, cpus, cpuCount(cpus),
                confined(state, role, "memory", "memory.limit_in_bytes", v -> Long.parseLong(v) / (1024 * 1024) + " MB limit"),
                state.getProperty(role + ".receive", "unknown"), null, null);
        return new Host(role, address, port, launcher, null, null, placement);
    }

    /** What one cgroup file of a role says, or why the role is not confined that way. */
    private static String confined(Properties state, String role, String controller, String file,
                                   java.util.function.UnaryOperator<String> format) {
        String dir = state.getProperty(role + ".cgroup." + controller);
        if (dir == null) {
            return "not confined: " + state.getProperty(role + ".unconfined." + controller, "no " + controller + " cgroup");
        }
        try {
            return format.apply(Files.readString(Path.of(dir, file)).trim());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + dir + "/" + file + "; run infra/netns/topology.sh up again", e);
        }
    }

    /** Whether two network namespace handles ({@code /proc/<pid>/ns/net}, {@code /run/netns/<name>}) are the same namespace. */
    static boolean sameNetworkNamespace(Path a, Path b) {
        try {
            return Files.getAttribute(a, "unix:ino").equals(Files.getAttribute(b, "unix:ino"))
                    && Files.getAttribute(a, "unix:dev").equals(Files.getAttribute(b, "unix:dev"));
        } catch (IOException | UnsupportedOperationException e) {
            return false;
        }
    }

    /** Number of CPUs in a cpuset list such as {@code 0-3,6}; 0 if it is not a list. */
    static int cpuCount(String list) {
        int n = 0;
        for (String part : list.split(",")) {
            if (!part.trim().matches("\\d+(-\\d+)?")) {
                return 0;
            }
            String[] range = part.trim().split("-");
            n += range.length == 1 ? 1 : Integer.parseInt(range[1]) - Integer.parseInt(range[0]) + 1;
        }
        return n;
    }

    /** The gateway's CPUs: what its workers default to. */
    public int gatewayCpus() {
        return gateway.placement() != null && gateway.placement().cpuCount() > 0 ? gateway.placement().cpuCount()
                : Runtime.getRuntime().availableProcessors();
    }

    /** The run's {@code placement} record: the topology, then each role's host. */
    public Placement describe(int workers) {
        return new Placement(Placement.Topology.valueOf(name.toUpperCase(java.util.Locale.ROOT)), notes.summary(), notes.split(),
                notes.network(), notes.deployedBy(),
                new RolePlacement.OnHost(placed(injector, null, "Gatling, wrk, the microsecond probe and the harness")),
                new RolePlacement.OnHost(placed(gateway, workers, "the gateway under test")), placed(backend, null, "Tomcat (the origin)"),
                null, moreInjectors.isEmpty() ? null : moreInjectors.stream()
                        .map(h -> placed(h, null, "Gatling and Vegeta: its share of the closed load and of each fixed-rate level")).toList());
    }

    private static io.gatewaybench.harness.model.Host placed(Host h, Integer workers, String runs) {
        io.gatewaybench.harness.model.Host p = h.placement();
        return new io.gatewaybench.harness.model.Host(p.host(), p.namespace(), p.address(), p.cpus(), p.cpuCount(), p.memory(),
                p.receivesPackets(), workers, runs, p.clock());
    }

    @Override
    public String toString() {
        return name + " " + Arrays.asList(injector.address(), gateway.address(), backend.address());
    }
}
