package io.gatewaybench.harness.launch;

import io.gatewaybench.harness.plan.Topology;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * One ssh connection to each other host of a run, which every ssh command to that host shares (OpenSSH's connection
 * multiplexing, {@link Topology#SSH_CONNECTIONS}): a command to it then opens a session on a connection already made, with
 * no key exchange and no new sshd there, so a start gate or a level's start reaches the host in a fraction of the time
 * ({@code ssh true} to a local sshd: 0.40 s on a connection of its own, 0.11-0.12 s on a shared one).
 *
 * <p>Each connection is an ssh process here (the master) whose own session runs {@code cat} on the host, reading this
 * process's input: closing it ({@link #close}) ends that session, and the master ends once the last command sharing it has.
 * If this JVM dies, its end of the pipe closes all the same, so no master outlives the harness. A host whose connection
 * cannot be made is reached as before, a connection per command, and the run says so.
 */
public final class SshConnections implements AutoCloseable {
    /** How long a master may take to connect. */
    static final int CONNECT_SECONDS = 30;

    private final Path folder;
    private final List<Process> masters;

    private SshConnections(Path folder, List<Process> masters) {
        this.folder = folder;
        this.masters = masters;
    }

    /**
     * Opens a connection to every host of {@code topology} on another machine (none in the loopback and netns topologies,
     * whose hosts are not reached by ssh), in {@code folder}; says on {@code progress} which could not be opened and why.
     */
    public static SshConnections open(Topology topology, Path folder, Consumer<String> progress) {
        Map<List<String>, Topology.Host> hosts = new LinkedHashMap<>(); // one per command line: the same host under two roles once
        Stream.concat(Stream.of(topology.gateway(), topology.backend()), topology.moreInjectors().stream())
                .filter(Topology.Host::sharesConnection)
                .forEach(h -> hosts.putIfAbsent(h.launcher(), h));
        List<Process> masters = new ArrayList<>();
        if (hosts.isEmpty()) {
            return new SshConnections(folder, masters);
        }
        try {
            privateFolder(folder);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make " + folder + " for the ssh connections: " + e.getMessage(), e);
        }
        int connected = 0;
        for (Topology.Host host : hosts.values()) {
            Path log = folder.resolve(host.role() + ".log");
            try {
                Process master = new ProcessBuilder(master(host)).redirectErrorStream(true).redirectOutput(log.toFile()).start();
                masters.add(master);
                String failed = awaitSocket(master, folder, connected + 1, log);
                if (failed == null) {
                    connected++;
                } else {
                    progress.accept("no shared ssh connection to " + host.role() + " (" + host.address() + "): " + failed
                            + "; each command to it connects on its own");
                }
            } catch (IOException e) {
                progress.accept("no shared ssh connection to " + host.role() + " (" + host.address() + "): " + e.getMessage()
                        + "; each command to it connects on its own");
            }
        }
        return new SshConnections(folder, masters);
    }

    /**
     * Makes {@code folder} this user's alone (mode 700): every ssh command of the run talks to whatever socket it finds there,
     * so a folder that another user could write into would let them stand in for a host. One already there (a stale folder
     * of an earlier process with this pid) is taken only if it is a folder, not a link, and this user's; it is made 700 and
     * emptied.
     */
    static void privateFolder(Path folder) throws IOException {
        java.util.Set<java.nio.file.attribute.PosixFilePermission> own = java.nio.file.attribute.PosixFilePermissions.fromString("rwx------");
        try {
            Files.createDirectory(folder, java.nio.file.attribute.PosixFilePermissions.asFileAttribute(own));
            return;
        } catch (java.nio.file.FileAlreadyExistsException e) {
            // below: checked before it is used
        }
        java.nio.file.attribute.UserPrincipal me = folder.getFileSystem().getUserPrincipalLookupService()
                .lookupPrincipalByName(System.getProperty("user.name"));
        if (!Files.isDirectory(folder, java.nio.file.LinkOption.NOFOLLOW_LINKS)
                || !Files.getOwner(folder, java.nio.file.LinkOption.NOFOLLOW_LINKS).equals(me)) {
            throw new IOException("it is there already and is not a folder of " + me.getName() + "'s (a link, a file or another user's); "
                    + "remove it and run again");
        }
        Files.setPosixFilePermissions(folder, own);
        try (Stream<Path> stale = Files.list(folder)) {
            for (Path f : stale.toList()) {
                Files.delete(f);
            }
        }
    }

    /** The master's command line: the host's own ssh command, made the master of its connection (the first value of an ssh option wins). */
    static List<String> master(Topology.Host host) {
        List<String> command = new ArrayList<>(host.command(List.of("sh", "-c", "cat >/dev/null")));
        command.addAll(1, List.of("-o", "ControlMaster=yes", "-o", "ControlPersist=no"));
        return command;
    }

    /** Null once the {@code n}th master's socket is in {@code folder}; else why it is not, with what ssh said in {@code log}. */
    private static String awaitSocket(Process master, Path folder, int n, Path log) throws IOException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(CONNECT_SECONDS);
        while (sockets(folder) < n) {
            if (!master.isAlive()) {
                return "ssh ended (exit " + master.exitValue() + ")" + said(log);
            }
            if (System.nanoTime() > deadline) {
                master.destroyForcibly();
                return "not connected within " + CONNECT_SECONDS + " s" + said(log);
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                master.destroyForcibly();
                return "interrupted";
            }
        }
        return null;
    }

    private static long sockets(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(f -> !f.getFileName().toString().endsWith(".log")).count();
        }
    }

    /** What ssh said last, if anything. */
    private static String said(Path log) throws IOException {
        List<String> lines = Files.readAllLines(log, java.nio.charset.StandardCharsets.ISO_8859_1).stream().filter(l -> !l.isBlank()).toList();
        return lines.isEmpty() ? "" : ": " + lines.get(lines.size() - 1).strip();
    }

    /**
     * Ends every connection: closes each master's input (its own session ends; it ends once the commands sharing it have),
     * waits up to 10 s for each, stops one still there, and removes the folder.
     */
    @Override
    public void close() {
        for (Process master : masters) {
            try {
                master.getOutputStream().close();
            } catch (IOException e) {
                // already closed: it ended
            }
        }
        for (Process master : masters) {
            try {
                if (!master.waitFor(10, TimeUnit.SECONDS)) {
                    master.destroyForcibly();
                }
            } catch (InterruptedException e) {
                master.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
        try (Stream<Path> files = Files.exists(folder) ? Files.list(folder) : Stream.empty()) {
            for (Path f : files.toList()) {
                Files.deleteIfExists(f);
            }
            Files.deleteIfExists(folder);
        } catch (IOException e) {
            // a socket a master still removes: the folder stays under /tmp
        }
    }
}
