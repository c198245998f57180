package io.gatewaybench.harness.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * JVM profiles as data: every shipped profile starts its JDK with the flags it gives each gateway,
 * a run of several profiles runs each JVM gateway under each, and a bad profile is an error that
 * names the file and the fix before any load.
 */
@Isolated("it sets bench.jvmProfiles, which every test that starts a JVM gateway reads")
class JvmProfileTest {
    @TempDir
    Path dir;

    @AfterEach
    void shippedProfilesAgain() {
        System.clearProperty("bench.jvmProfiles");
    }

    @Test
    void everyShippedProfileStartsItsJdkForEveryGatewayItAppliesTo() {
        RunPlan plan = RunPlan.parse(List.of("--jvm=all", "--quick", "--design=rounds"));
        List<String> names = plan.jvm().stream().map(JvmProfile::name).toList();
        assertEquals("default", names.get(0), "default is the reference, first");
        assertTrue(names.containsAll(List.of("g1-ergonomic", "parallel", "shenandoah", "zgc", "pretouch", "heap-256m", "jdk25",
                "no-leak-detection", "nio", "epoll", "scg-elastic-pool", "scg-metrics", "zuul2-pool-defaults")), names.toString());
        for (Target t : plan.targets().stream().filter(JvmProfile::isJvmGateway).toList()) {
            assertTrue(t.name().startsWith(t.gateway() + "@"), t.name());
            assertEquals(t.gateway() + "@" + plan.profileOf(t).name(), t.name());
        }
        // io_uring is the Netty proxy's alone; the others say why they cannot run it, and nothing is faked
        assertTrue(plan.targets().stream().anyMatch(t -> t.name().equals("netty-proxy@io_uring")));
        assertEquals(List.of("scg", "zuul2"), plan.unavailable().stream().filter(u -> u.profile().equals("io_uring"))
                .map(u -> u.gateway()).toList());
        assertTrue(plan.unavailable().get(0).reason().contains("io_uring"), plan.unavailable().toString());
        // profiles for one gateway run that gateway only
        assertEquals(List.of("scg@scg-elastic-pool"), plan.targets().stream().map(Target::name)
                .filter(n -> n.endsWith("@scg-elastic-pool")).toList());
    }

    @Test
    void aProfileGivesEachGatewayItsFlagsJdkTransportAndLoops() {
        RunPlan plan = RunPlan.parse(List.of("--jvm=default,zgc,no-leak-detection,nio,event-loops-2x",
                "--targets=nginx,scg,zuul2", "--design=rounds"));
        assertEquals(List.of("direct", "nginx", "scg@default", "scg@zgc", "scg@no-leak-detection", "scg@nio", "scg@event-loops-2x",
                "zuul2@default", "zuul2@zgc", "zuul2@no-leak-detection", "zuul2@nio", "zuul2@event-loops-2x"),
                plan.targets().stream().map(Target::name).toList());
        Target scgZgc = target(plan, "scg@zgc");
        JvmProfile zgc = plan.profileOf(scgZgc);
        assertTrue(zgc.java().contains("25"), zgc.java());
        assertEquals("-Xms1g -Xmx1g -XX:+UseZGC", zgc.flagsFor(scgZgc));
        assertNull(plan.profileOf(target(plan, "nginx")));
        JvmProfile leak = plan.profileOf(target(plan, "scg@no-leak-detection"));
        assertTrue(leak.flagsFor(target(plan, "scg@no-leak-detection")).endsWith("-Dspring.netty.leak-detection=disabled"));
        assertTrue(leak.flagsFor(target(plan, "zuul2@no-leak-detection")).endsWith("-Dio.netty.leakDetection.level=disabled"));
        JvmProfile nio = plan.profileOf(target(plan, "scg@nio"));
        assertTrue(nio.flagsFor(target(plan, "scg@nio")).endsWith("-Dreactor.netty.native=false"));
        assertTrue(nio.flagsFor(target(plan, "zuul2@nio")).endsWith("-Dzuul.server.netty.socket.force_nio=true"));
        assertEquals(6, plan.profileOf(target(plan, "scg@event-loops-2x")).eventLoops(3));
        assertEquals(3, plan.profileOf(target(plan, "scg@default")).eventLoops(3));
        // the Netty proxy takes its transport as an option
        RunPlan proxy = RunPlan.parse(List.of("--jvm=default,epoll", "--targets=netty-proxy"));
        Target epoll = target(proxy, "netty-proxy@epoll");
        assertEquals("--transport=epoll", proxy.profileOf(epoll).argsFor(epoll));
        assertEquals("", proxy.profileOf(target(proxy, "netty-proxy@default")).argsFor(epoll));
        // a profile may run another build of a gateway: scg-metrics runs the jar with Micrometer, which scg.jar lacks
        RunPlan metrics = RunPlan.parse(List.of("--jvm=default,scg-metrics", "--targets=scg"));
        assertEquals("gateways/scg/target/scg.jar", target(metrics, "scg@default").keys().get("jar"));
        assertEquals("gateways/scg/target/scg-metrics.jar", target(metrics, "scg@scg-metrics").keys().get("jar"));
        List<String> micrometer = List.of("micrometer-core", "spring-boot-actuator", "spring-cloud-gateway-server-webflux");
        assertEquals(List.of("micrometer-core", "spring-boot-actuator", "spring-cloud-gateway-server-webflux"), List.copyOf(
                Environment.jarComponents(Repo.root().resolve("gateways/scg/target/scg-metrics.jar"), micrometer).keySet()));
        assertEquals(List.of("spring-cloud-gateway-server-webflux"), List.copyOf(
                Environment.jarComponents(Repo.root().resolve("gateways/scg/target/scg.jar"), micrometer).keySet()));
        // "all" is every profile that applies to a gateway of the run; one named explicitly must apply (see below)
        List<String> allForScg = RunPlan.parse(List.of("--jvm=all", "--targets=scg")).jvm().stream().map(JvmProfile::name).toList();
        assertTrue(allForScg.containsAll(List.of("default", "zgc", "scg-metrics", "io_uring")), allForScg.toString());
        assertTrue(allForScg.stream().noneMatch(n -> n.startsWith("zuul2-") || n.startsWith("netty-")), allForScg.toString());
        // one profile: the gateways keep their names, as in every run before profiles
        assertEquals(List.of("direct", "scg"), RunPlan.parse(List.of("--jvm=parallel", "--targets=scg")).targets().stream()
                .map(Target::name).toList());
    }

    @Test
    void badProfilesAreErrorsBeforeAnyLoad() throws IOException {
        assertTrue(message("--jvm=nosuch").contains("no JVM profile 'nosuch': known profiles are [default, "), message("--jvm=nosuch"));
        assertTrue(message("--jvm=default,default").contains("names a profile twice"));
        assertTrue(message("--jvm=default,scg-elastic-pool", "--targets=nginx").contains("applies only to [scg]"));
        System.setProperty("bench.jvmProfiles", dir.toString());
        profile("badflag", "flags=-Xmx1g -XX:+NoSuchFlagAnywhere");
        String flag = message("--jvm=badflag", "--targets=scg");
        assertTrue(flag.contains("JVM profile 'badflag' does not start scg's JVM: Unrecognized VM option 'NoSuchFlagAnywhere'"), flag);
        assertTrue(flag.contains("fix infra/jvm/badflag.properties"), flag);
        profile("badjdk", "jdk=99\nflags=-Xmx1g");
        assertTrue(message("--jvm=badjdk", "--targets=scg").contains("no JDK '99' under /usr/lib/jvm"), message("--jvm=badjdk"));
        profile("badkey", "flags=-Xmx1g\nheap=1g");
        assertTrue(message("--jvm=badkey").contains("unknown key 'heap'"), message("--jvm=badkey"));
        profile("badtransport", "transport=kqueue");
        assertTrue(message("--jvm=badtransport").contains("transport must be one of [io_uring, epoll, nio], got 'kqueue'"));
        profile("badloops", "event-loops=many");
        assertTrue(message("--jvm=badloops").contains("event-loops must be a count"));
        profile("unbuilt", "only=scg\nscg.jar=gateways/scg/target/nosuch.jar");
        String unbuilt = message("--jvm=unbuilt", "--targets=scg");
        assertTrue(unbuilt.contains("runs scg from gateways/scg/target/nosuch.jar, which is not built; build the gateways with mvn"), unbuilt);
        // a collector the JDK does not have is caught the same way: JDK 17 has no generational ZGC switch
        profile("genzgc17", "flags=-XX:+UseZGC -XX:+ZGenerational");
        assertTrue(message("--jvm=genzgc17", "--targets=zuul2").contains("Unrecognized VM option 'ZGenerational'"));
    }

    @Test
    void aProfileIsRecordedWithWhatItChanges() {
        io.gatewaybench.harness.model.JvmProfiles.Profile d = JvmProfile.load("zgc").describe();
        assertEquals("25", d.jdk());
        assertEquals("-Xms1g -Xmx1g -XX:+UseZGC", d.flags());
        assertEquals("the gateway's choice", d.transport());
        assertEquals(Map.of("scg", "-Dspring.netty.leak-detection=disabled"), JvmProfile.load("no-leak-detection").describe().gatewayFlags());
        assertEquals(Map.of("scg", "gateways/scg/target/scg-metrics.jar"), JvmProfile.load("scg-metrics").describe().gatewayJars());
    }

    private void profile(String name, String text) throws IOException {
        Files.writeString(dir.resolve(name + ".properties"), text + "\n");
    }

    private static Target target(RunPlan plan, String name) {
        return plan.targets().stream().filter(t -> t.name().equals(name)).findFirst().orElseThrow(() -> new AssertionError(name));
    }

    private static String message(String... args) {
        return assertThrows(IllegalArgumentException.class, () -> RunPlan.parse(List.of(args))).getMessage();
    }
}
