package io.gatewaybench.harness.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gatewaybench.harness.plan.Ports;
import io.gatewaybench.harness.plan.Topology;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The one ssh connection per host that a run's commands share, against a real sshd on loopback (its own host key and
 * authorized key, in a folder of the test; as root, as CI runs): sshd logs each connection it accepts, so the count of
 * connections is read from the server's side, not inferred from timings. End to end over the emulated hosts:
 * BenchNetnsRunIT's Ansible test.
 */
class SshConnectionsTest {
    @TempDir
    Path dir;
    private static final Path PRIVSEP = Path.of("/run/sshd");
    private boolean madePrivsep;
    private Process sshd;
    private int port;

    @BeforeEach
    void startSshd() throws Exception {
        assertEquals("root", System.getProperty("user.name"), "sshd runs as root here, as CI runs the tests (docs/tests.md)");
        for (String key : List.of("client_key", "host_key")) {
            run(List.of("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", dir.resolve(key).toString()));
        }
        Files.copy(dir.resolve("client_key.pub"), dir.resolve("authorized_keys"));
        madePrivsep = !Files.isDirectory(PRIVSEP);
        Files.createDirectories(PRIVSEP); // sshd's privilege separation folder, as infra/ansible/test/run.sh makes it
        port = Ports.free();
        Files.writeString(dir.resolve("sshd_config"), String.join("\n", "ListenAddress 127.0.0.1", "Port " + port,
                "HostKey " + dir.resolve("host_key"), "AuthorizedKeysFile " + dir.resolve("authorized_keys"),
                "PermitRootLogin prohibit-password", "PasswordAuthentication no", "KbdInteractiveAuthentication no", "UsePAM no",
                "StrictModes no", "PidFile none", "LogLevel VERBOSE", ""));
        sshd = new ProcessBuilder("/usr/sbin/sshd", "-D", "-f", dir.resolve("sshd_config").toString(), "-E", log().toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("sshd.out").toFile()).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!(Files.exists(log()) && Files.readString(log()).contains("Server listening"))) {
            assertTrue(sshd.isAlive() && System.nanoTime() < deadline, "sshd did not start: " + Files.readString(dir.resolve("sshd.out")));
            Thread.sleep(20);
        }
    }

    @AfterEach
    void stopSshd() throws InterruptedException, IOException {
        sshd.destroy();
        sshd.waitFor(10, TimeUnit.SECONDS);
        if (madePrivsep) {
            Files.deleteIfExists(PRIVSEP);
        }
    }

    private Path log() {
        return dir.resolve("sshd.log");
    }

    /** The connections sshd accepted so far. */
    private long accepted() throws IOException {
        return Files.readAllLines(log()).stream().filter(l -> l.contains("Accepted publickey")).count();
    }

    /** A gateway and a backend on this loopback sshd, reached by the ssh command site.yml writes, made to share connections. */
    private Topology topology(int sshPort) {
        List<String> ssh = Topology.sharingConnections(List.of("ssh", "-o", "BatchMode=yes", "-o", "StrictHostKeyChecking=no",
                "-o", "UserKnownHostsFile=" + dir.resolve("known_hosts"), "-i", dir.resolve("client_key").toString(), "-p",
                Integer.toString(sshPort), "-l", "root"));
        List<String> launcher = new ArrayList<>(ssh);
        launcher.add("127.0.0.1");
        return new Topology("hosts", new Topology.Host("injector", "127.0.0.1", 0, List.of(), null, null, null),
                new Topology.Host("gateway", "127.0.0.1", 0, launcher, dir, null, null),
                new Topology.Host("backend", "127.0.0.1", 0, launcher, dir, null, null), new Topology.Notes("test", null, null, null));
    }

    /** What {@code command} printed, once it ended well (what it said on stderr in the message if not). */
    private String run(List<String> command) throws IOException, InterruptedException {
        Path err = dir.resolve("stderr");
        Process p = new ProcessBuilder(command).redirectError(err.toFile()).start();
        String out = new String(p.getInputStream().readAllBytes()).strip();
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), String.join(" ", command));
        assertEquals(0, p.exitValue(), String.join(" ", command) + ": " + out + Files.readString(err));
        return out;
    }

    /**
     * With the connections open, five commands to the host (the gateway and the backend share it: one master) are five
     * sessions on one connection, and sshd accepts one. Without, each command is a connection of its own: five (the
     * command lines are the same in both; only the open master differs). Closed, the master is gone and so is its folder.
     */
    @Test
    void commandsToAHostShareOneConnectionWhileItIsOpen() throws Exception {
        Topology topology = topology(port);
        List<String> progress = new ArrayList<>();
        try (SshConnections connections = SshConnections.open(topology, Topology.SSH_CONNECTIONS, progress::add)) {
            assertEquals(List.of(), progress);
            for (int i = 0; i < 5; i++) {
                assertEquals("shared " + i, run(topology.gateway().command(List.of("echo", "shared", Integer.toString(i)))));
            }
            assertEquals(1, accepted(), "five commands and the master, over one connection");
            assertEquals(java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"),
                    Files.getPosixFilePermissions(Topology.SSH_CONNECTIONS), "the sockets' folder is this user's alone");
        }
        assertFalse(Files.exists(Topology.SSH_CONNECTIONS), "the connections' folder is removed once they are closed");
        assertTrue(ProcessHandle.current().descendants().noneMatch(p -> p.info().command().orElse("").endsWith("ssh")),
                "no ssh left running");
        for (int i = 0; i < 5; i++) {
            assertEquals("alone " + i, run(topology.backend().command(List.of("echo", "alone", Integer.toString(i)))));
        }
        assertEquals(6, accepted(), "without an open master, each command connects on its own");
    }

    /**
     * The sockets' folder is this user's alone: made with mode 700; a stale one of this user's is made 700 and emptied; a
     * link, a file or another user's folder in its place is refused, naming the fix (each seen failing with the folder
     * taken as found).
     */
    @Test
    void theSocketsFolderIsThisUsersAlone() throws Exception {
        java.util.Set<java.nio.file.attribute.PosixFilePermission> own = java.nio.file.attribute.PosixFilePermissions.fromString("rwx------");
        Path fresh = dir.resolve("fresh");
        SshConnections.privateFolder(fresh);
        assertEquals(own, Files.getPosixFilePermissions(fresh));

        Path stale = Files.createDirectory(dir.resolve("stale"));
        Files.setPosixFilePermissions(stale, java.nio.file.attribute.PosixFilePermissions.fromString("rwxrwxrwx"));
        Files.writeString(stale.resolve("socket-of-another-process"), "");
        SshConnections.privateFolder(stale);
        assertEquals(own, Files.getPosixFilePermissions(stale));
        try (var left = Files.list(stale)) {
            assertEquals(0, left.count(), "a stale folder is emptied");
        }

        Path link = Files.createSymbolicLink(dir.resolve("link"), Files.createDirectory(dir.resolve("elsewhere")));
        Path file = Files.writeString(dir.resolve("file"), "");
        Path others = Files.createDirectory(dir.resolve("others"));
        Files.setOwner(others, others.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("nobody"));
        for (Path refused : List.of(link, file, others)) {
            String message = org.junit.jupiter.api.Assertions.assertThrows(IOException.class, () -> SshConnections.privateFolder(refused),
                    refused.toString()).getMessage();
            assertTrue(message.contains("is not a folder of root's") && message.endsWith("remove it and run again"), message);
        }
    }

    /** A host the master cannot reach is said, naming it and what happens instead; the run goes on. */
    @Test
    void aConnectionThatCannotBeMadeIsSaidAndTheRunGoesOn() {
        List<String> progress = new ArrayList<>();
        try (SshConnections connections = SshConnections.open(topology(Ports.free()), Topology.SSH_CONNECTIONS, progress::add)) {
            assertEquals(1, progress.size(), progress.toString());
            String line = progress.get(0);
            assertTrue(line.startsWith("no shared ssh connection to gateway (127.0.0.1): ssh ended (exit 255): "), line);
            assertTrue(line.contains("Connection refused") && line.endsWith("; each command to it connects on its own"), line);
        }
    }

    /** The emulated and loopback hosts are not reached by ssh: nothing to open. */
    @Test
    void hostsNotReachedBySshOpenNothing() {
        Topology loopback = Topology.loopback();
        List<String> progress = new ArrayList<>();
        try (SshConnections connections = SshConnections.open(loopback, dir.resolve("none"), progress::add)) {
            assertEquals(List.of(), progress);
            assertFalse(Files.exists(dir.resolve("none")), "no folder made while open (close would remove one)");
        }
        assertFalse(Files.exists(dir.resolve("none")));
    }
}
