package io.gatewaybench.harness.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gatewaybench.harness.PlantedCpu;
import io.gatewaybench.harness.launch.RemoteCpu;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The gateway's CPU per request, as a run measures it, recovered from a target whose cost is planted ({@link PlantedCpu}):
 * a parent that burns {@value #PARENT_US} us of CPU per request and two worker processes it starts that burn
 * {@value #WORKER_US} us each. {@link ResourceSampler} watches the parent's pid only, as a run watches a gateway's, and must
 * find the whole tree's {@value #PLANTED_MS_PER_1000} ms per 1,000 requests within {@value #TOLERANCE_PERCENT}%, over what
 * the same target spends burning nothing (its twin, measured the same way just after). Were the
 * workers not counted, it would find about 2,100 (seen: 2,090 with the sampler reading the parent alone).
 *
 * <p>The burn is timed on each process's own CPU clock, so the plant holds however busy the machine is. Beside the plant the
 * target spends 200-550 us a request of its own (the parent's HTTP exchange and pipe calls, each worker's pipe calls, each
 * JVM's threads over the wall time), and its twin takes that out; the tolerance covers /proc's 10 ms ticks and how the
 * overhead varies from one start to the next. The JVMs run C1 only ({@code -XX:TieredStopAtLevel=1}): C2, recompiling the
 * burn loop, spent 0.7 s of CPU inside a 5 s window after a warm-up, which no request planted. About 25 s.
 */
class PlantedCpuIT {
    static final long PARENT_US = 2000;
    static final long WORKER_US = 1500;
    static final double PLANTED_MS_PER_1000 = PARENT_US + 2 * WORKER_US;
    static final long TOLERANCE_PERCENT = 15;
    private static final int WARM_UP = 300;
    private static final int MEASURED = 1_000;

    /**
     * Half of each planted burn is system time ({@link PlantedCpu#SYSTEM_PERCENT}): a sampler that read user time alone
     * would find about half the plant, outside the tolerance; the tree's system share over the window, read from /proc
     * beside the sampler, shows the plant burnt it.
     */
    @Test
    void aParentAndItsTwoWorkersAreCountedPerRequest() throws Exception {
        double[] system = new double[1];
        double planted = cpuMsPer1000(PARENT_US, WORKER_US, system);
        double twin = cpuMsPer1000(0, 0, new double[1]);
        System.out.printf("planted %.0f ms of CPU per 1,000 requests (parent %d us, two workers %d us each, %d%% of it "
                + "system time): measured %.1f (%.0f%% system), its twin burning nothing %.1f, recovered %.1f%n",
                PLANTED_MS_PER_1000, PARENT_US, WORKER_US, PlantedCpu.SYSTEM_PERCENT, planted, system[0] * 100, twin,
                planted - twin);
        assertTrue(system[0] >= PlantedCpu.SYSTEM_PERCENT / 100.0 - 0.15, "the plant burnt system time: "
                + system[0]);
        assertEquals(PLANTED_MS_PER_1000, planted - twin, PLANTED_MS_PER_1000 * TOLERANCE_PERCENT / 100,
                "CPU per 1,000 requests of the parent and its two workers, less their twin's that burns nothing");
    }

    /**
     * A gateway on another host is read there by {@code infra/hosts/cpu-of} ({@link RemoteCpu}), the sum of its
     * processes' threads' schedstat: the same planted tree, started as {@code attached --pidfile} starts a server
     * there and read by cpu-of as the run reads it over ssh (here without ssh, which only carries the lines), must
     * come out at the plant within the same tolerance; were the workers not counted, at about 2,100.
     */
    @Test
    void aTargetOnAnotherHostIsReadThereWithItsWorkers(@TempDir java.nio.file.Path dir) throws Exception {
        double planted = remoteCpuMsPer1000(PARENT_US, WORKER_US, dir.resolve("planted"));
        double twin = remoteCpuMsPer1000(0, 0, dir.resolve("twin"));
        System.out.printf("cpu-of: planted %.0f ms per 1,000 requests: measured %.1f, its twin %.1f, recovered %.1f%n",
                PLANTED_MS_PER_1000, planted, twin, planted - twin);
        assertEquals(PLANTED_MS_PER_1000, planted - twin, PLANTED_MS_PER_1000 * TOLERANCE_PERCENT / 100,
                "CPU per 1,000 requests of the parent and its two workers read by cpu-of, less their twin's");
    }

    /**
     * The planted target under {@code attached}, read by {@code cpu-of} over the measured requests, per 1,000; its pid
     * file and cpu-of's log in {@code dir}.
     */
    private static double remoteCpuMsPer1000(long parentUs, long workerUs, java.nio.file.Path dir) throws Exception {
        java.nio.file.Files.createDirectories(dir);
        java.nio.file.Path pidfile = dir.resolve("remote.pid");
        java.nio.file.Path hosts = io.gatewaybench.harness.plan.Repo.root().resolve("infra/hosts");
        Process target = new ProcessBuilder(hosts.resolve("attached").toString(), "--pidfile=" + pidfile,
                ProcessHandle.current().info().command().orElseThrow(), "-XX:TieredStopAtLevel=1", "-cp",
                System.getProperty("java.class.path"), PlantedCpu.class.getName(), "--parent-us=" + parentUs,
                "--worker-us=" + workerUs, "--attached=1").redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try (RemoteCpu cpu = RemoteCpu.start("planted", List.of(hosts.resolve("cpu-of").toString(),
                pidfile.toString()), dir.resolve("cpu-of.log"))) {
            BufferedReader out = new BufferedReader(new InputStreamReader(target.getInputStream(),
                    StandardCharsets.US_ASCII));
            String line = out.readLine();
            assertNotNull(line, "the planted target ended before it listened");
            URI uri = URI.create("http://127.0.0.1:" + line.substring("port ".length()) + "/");
            HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            send(client, uri, WARM_UP);
            Thread.sleep(600); // a reading after the warm-up's last request: cpu-of reads every 200 ms
            long before = cpu.getAsLong();
            send(client, uri, MEASURED);
            Thread.sleep(600);
            long after = cpu.getAsLong();
            assertTrue(before >= 0 && after > before, "cpu-of read " + before + " then " + after + ": "
                    + cpu.failure());
            return (after - before) / 1e6 / (MEASURED / 1000.0);
        } finally {
            target.getOutputStream().close(); // attached stops the target, which stops its workers
            if (!target.waitFor(20, java.util.concurrent.TimeUnit.SECONDS)) {
                target.descendants().forEach(ProcessHandle::destroyForcibly);
                target.destroyForcibly();
            }
        }
    }

    /** Starts the planted target, sends it the warm-up and the measured requests, and reads its tree's CPU per 1,000 of them. */
    private static double cpuMsPer1000(long parentUs, long workerUs, double[] systemShare) throws Exception {
        Process target = new ProcessBuilder(ProcessHandle.current().info().command().orElseThrow(), "-XX:TieredStopAtLevel=1", "-cp",
                System.getProperty("java.class.path"), PlantedCpu.class.getName(), "--parent-us=" + parentUs, "--worker-us=" + workerUs)
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try (ResourceSampler sampler = new ResourceSampler()) {
            BufferedReader out = new BufferedReader(new InputStreamReader(target.getInputStream(), StandardCharsets.US_ASCII));
            String line = out.readLine();
            assertNotNull(line, "the planted target ended before it listened");
            URI uri = URI.create("http://127.0.0.1:" + line.substring("port ".length()) + "/");
            sampler.watch("gateway", target.pid());
            HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            send(client, uri, WARM_UP);
            Thread.sleep(300);
            long[] before = ticks(target.toHandle());
            long from = System.currentTimeMillis();
            send(client, uri, MEASURED);
            long to = System.currentTimeMillis();
            long[] after = ticks(target.toHandle());
            systemShare[0] = (double) (after[1] - before[1]) / (after[0] + after[1] - before[0] - before[1]);
            Map<String, ResourceSampler.Cost> cost = sampler.cost(from, to, MEASURED);
            for (long waitUntil = to + 30_000; !cost.containsKey("gateway") && System.currentTimeMillis() < waitUntil; ) {
                Thread.sleep(100); // until a sample lies after the window
                cost = sampler.cost(from, to, MEASURED);
            }
            assertNotNull(cost.get("gateway"), "no sample after the window within 30 s");
            return cost.get("gateway").cpuMillisPer1000Requests();
        } finally {
            target.getOutputStream().close(); // it stops, and stops its workers
            if (!target.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)) {
                target.descendants().forEach(ProcessHandle::destroyForcibly);
                target.destroyForcibly();
            }
        }
    }

    /** User and system clock ticks of {@code p} and its descendants, from /proc/PID/stat (fields 14 and 15). */
    private static long[] ticks(ProcessHandle p) throws IOException {
        long[] sum = new long[2];
        for (ProcessHandle h : java.util.stream.Stream.concat(java.util.stream.Stream.of(p), p.descendants())
                .toList()) {
            String stat = java.nio.file.Files.readString(java.nio.file.Path.of("/proc", Long.toString(h.pid()),
                    "stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            sum[0] += Long.parseLong(f[11]);
            sum[1] += Long.parseLong(f[12]);
        }
        return sum;
    }

    private static void send(HttpClient client, URI uri, int count) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(uri).build();
        for (int i = 0; i < count; i++) {
            HttpResponse<String> r = client.send(request, HttpResponse.BodyHandlers.ofString());
            assertEquals(200, r.statusCode(), "request " + i);
            assertTrue(r.body().startsWith("planted cpu"), "request " + i + ": " + r.body());
        }
    }
}
