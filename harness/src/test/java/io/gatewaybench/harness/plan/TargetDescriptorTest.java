package io.gatewaybench.harness.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gatewaybench.harness.launch.Launch;
import io.gatewaybench.harness.launch.TargetProcess;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Targets are data: every descriptor in targets/ loads, and its command renders with no unknown placeholder. */
class TargetDescriptorTest {

    @Test
    void everyShippedTargetRendersItsCommandAndConfiguration() throws IOException {
        List<Target> targets = Target.all(Repo.root().resolve("targets"));
        assertEquals(List.of("direct", "haproxy", "netty-proxy", "nginx", "scg", "zuul2"), targets.stream().map(Target::name).toList());
        Launch launch = Launch.onLoopback(Path.of("/tmp/x"), 8081, URI.create("http://127.0.0.1:8080"), 2, "-Xms1g -Xmx1g");
        for (Target t : targets) {
            if (t.isDirect()) {
                continue;
            }
            Map<String, String> values = TargetProcess.values(t, launch);
            StringBuilder rendered = new StringBuilder(String.join(" ", Target.commandLine(t.keys().get("command"), values, t.name())));
            for (String template : t.renders().values()) {
                rendered.append('\n').append(Template.render(Files.readString(Repo.root().resolve(template)), values, template));
            }
            assertFalse(rendered.toString().contains("{{"), t.name() + ": " + rendered);
            assertTrue(rendered.toString().contains("8081"), t.name() + " does not get its port: " + rendered);
        }
    }

    @Test
    void jvmFlagsExpandIntoSeparateArguments() {
        Target scg = Target.named("scg");
        Launch launch = Launch.onLoopback(Path.of("/tmp/x"), 9000, URI.create("http://10.0.0.1:8080"), 3, "-Xms1g -Xmx1g");
        List<String> argv = Target.commandLine(scg.keys().get("command"), TargetProcess.values(scg, launch), "scg");
        assertEquals("-Xms1g", argv.get(1));
        assertEquals("-Xmx1g", argv.get(2));
        assertTrue(argv.contains("--upstream=http://10.0.0.1:8080"), argv.toString());
        assertTrue(argv.contains("--event-loops=3"), argv.toString());
    }

    @Test
    void unknownPlaceholderNamesItselfAndWhere() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Template.render("listen {{prot}};", Map.of("port", "1"), "nginx.conf"));
        assertTrue(e.getMessage().contains("{{prot}}") && e.getMessage().contains("nginx.conf") && e.getMessage().contains("port"), e.getMessage());
    }

    @Test
    void unknownTargetListsTheKnownOnesAndSaysAPathWorks() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Target.named("envoy"));
        assertTrue(e.getMessage().contains("nginx") && e.getMessage().contains("targets/envoy.properties"), e.getMessage());
        assertTrue(e.getMessage().contains("--targets=path/to/envoy.properties"), e.getMessage());
    }

    @Test
    void aTargetMayBeGivenByThePathToItsDescriptor(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("mygw.properties");
        Files.writeString(file, "name=mygw\ncommand=mygw --port={{port}} --upstream={{upstream}}\n");
        Target mine = Target.named(file.toString());
        assertEquals("mygw", mine.name());
        assertEquals(file.toAbsolutePath(), mine.file());
        // relative to the repository root (./bench runs there), wherever the JVM's current directory is
        Target planted = Target.named("harness/src/test/resources/planted/planted-delay.properties");
        assertEquals("planted-delay", planted.name());
        assertTrue(planted.file().isAbsolute() && Files.isRegularFile(planted.file()), planted.file().toString());
        assertTrue(RunPlan.parse(List.of("--targets=" + file)).targets().stream().anyMatch(t -> t.name().equals("mygw")));
    }

    @Test
    void thePlantedTestTargetsRender() {
        Launch launch = Launch.onLoopback(Path.of("/tmp/x"), 8081, URI.create("http://127.0.0.1:8080"), 2, "");
        for (String folder : List.of("planted", "planted-slower")) {
            for (Target t : Target.all(Repo.root().resolve("harness/src/test/resources").resolve(folder))) {
                String argv = String.join(" ", Target.commandLine(t.keys().get("command"), TargetProcess.values(t, launch), t.name()));
                assertTrue(argv.contains("io.gatewaybench.harness.PlantedProxy --bind=127.0.0.1 --port=8081 --upstream=http://127.0.0.1:8080"), argv);
            }
        }
    }

    @Test
    void aDescriptorPathMustExistAndItsNameMatchTheFile(@TempDir Path dir) throws IOException {
        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class, () -> Target.named(dir + "/nothere.properties"));
        assertTrue(missing.getMessage().contains("nothere.properties"), missing.getMessage());
        Files.writeString(dir.resolve("mygw.properties"), "name=other\ncommand=mygw\n");
        assertThrows(IllegalArgumentException.class, () -> Target.named(dir + "/mygw.properties"));
    }

    @Test
    void twoTargetsOfOneNameAreRefused(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("nginx.properties");
        Files.writeString(file, "name=nginx\ncommand=nginx -p {{dir}}\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RunPlan.parse(List.of("--targets=nginx," + file)));
        assertTrue(e.getMessage().contains("two targets are named 'nginx'"), e.getMessage());
    }

    @Test
    void descriptorNameMustMatchItsFile(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("envoy.properties");
        Files.writeString(file, "name=envy\ncommand=envoy -c {{dir}}/envoy.yaml\n");
        assertThrows(IllegalArgumentException.class, () -> Target.load(file));
    }

    @Test
    void descriptorMayNotOverrideWhatTheHarnessSets(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("mine.properties");
        Files.writeString(file, "name=mine\nport=80\ncommand=mine --port={{port}}\n");
        Target mine = Target.load(file);
        Launch launch = Launch.onLoopback(dir, 9000, URI.create("http://127.0.0.1:8080"), 1, "");
        assertThrows(IllegalArgumentException.class, () -> TargetProcess.values(mine, launch));
    }

    /**
     * A gateway declared by URL: running already, so neither started nor direct; its address without a path, its configuration
     * files present; and every mistake refused with the key it is about.
     */
    @Test
    void aGatewayDeclaredByUrlIsNeitherStartedNorDirect(@TempDir Path dir) throws IOException {
        Path cfg = Files.writeString(dir.resolve("gw.yaml"), "listen: 8000\n");
        Target gw = descriptor(dir, "gw", "url=http://10.0.0.5:8000\nconfig=" + cfg + "\npidfile=/run/gw.pid\n");
        assertTrue(gw.declaredByUrl());
        assertFalse(gw.isDirect(), "a gateway at a URL is not the baseline");
        assertEquals(URI.create("http://10.0.0.5:8000"), gw.url().orElseThrow());
        assertEquals(List.of(cfg), gw.configFiles());
        assertEquals(Path.of("/run/gw.pid"), gw.pidfile().orElseThrow());
        assertEquals(URI.create("http://10.0.0.5:80"), descriptor(dir, "noport", "url=http://10.0.0.5\n").url().orElseThrow());
        IllegalArgumentException started = assertThrows(IllegalArgumentException.class,
                () -> TargetProcess.prepare(gw, Launch.onLoopback(dir, 9000, URI.create("http://127.0.0.1:8080"), 1, "")));
        assertTrue(started.getMessage().contains("declared by its url"), started.getMessage());
        for (String[] bad : new String[][] {
                {"url=http://gw:8000\ncommand=gw", "keep one of them"},
                {"url=http://gw:8000/api", "without a path"},
                {"url=https://gw:8443", "http://host:port"},
                {"url=gw:8000", "http://host:port"},
                {"url=http://gw:8000\nconfig=" + dir.resolve("missing.yaml"), "missing.yaml, which is not a file"},
                {"pidfile=/run/gw.pid\ncommand=gw", "there is no 'url'"}}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> descriptor(dir, "bad", bad[0] + "\n"), bad[0]);
            assertTrue(e.getMessage().contains(bad[1]), bad[0] + ": " + e.getMessage());
        }
    }

    /** The shipped examples (APISIX, Kong, Envoy) are gateways declared by URL whose configuration files are in the repository. */
    @Test
    void theShippedExamplesAreDeclaredByUrlWithTheirConfiguration() {
        List<Target> examples = Target.all(Repo.root().resolve("targets/examples"));
        assertEquals(List.of("apisix", "envoy", "kong"), examples.stream().map(Target::name).toList());
        for (Target t : examples) {
            assertTrue(t.declaredByUrl() && !t.isDirect(), t.name());
            assertFalse(t.configFiles().isEmpty(), t.name() + " names no configuration");
            assertTrue(t.configFiles().stream().allMatch(f -> f.startsWith(Repo.root().resolve("targets/examples"))), t.name());
            assertTrue(t.description().contains("not tested here"), t.name() + ": " + t.description());
        }
    }

    private static Target descriptor(Path dir, String name, String keys) throws IOException {
        return Target.load(Files.writeString(dir.resolve(name + ".properties"), "name=" + name + "\n" + keys));
    }
}
