package io.gatewaybench.harness.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Resource cost from /proc, cut to a window. */
class ResourceSamplerTest {

    @Test
    void cpuIsInterpolatedBetweenSamples() {
        List<ResourceSampler.Sample> s = List.of(new ResourceSampler.Sample(1_000, 10, 0), new ResourceSampler.Sample(1_200, 12, 0),
                new ResourceSampler.Sample(1_400, 12, 0));
        assertEquals(11, ResourceSampler.cpuAt(s, 1_100), 1e-9);
        assertEquals(12, ResourceSampler.cpuAt(s, 1_300), 1e-9);
        assertEquals(10, ResourceSampler.cpuAt(s, 900), 1e-9);
    }

    @Test
    void readsThisJvmsOwnCpuAndMemory() throws InterruptedException {
        long pid = ProcessHandle.current().pid();
        assertTrue(ResourceSampler.memoryBytes(pid) > 0);
        try (ResourceSampler sampler = new ResourceSampler()) {
            sampler.watch("self", pid);
            Thread.sleep(300);
            long from = System.currentTimeMillis();
            long deadline = from + 700;
            long spin = 0;
            while (System.currentTimeMillis() < deadline) { // bounded: keeps one core busy for 0.7 s
                spin += Long.numberOfTrailingZeros(spin + System.nanoTime());
            }
            long to = System.currentTimeMillis();
            // Until a sample lies after the window: one comes every 200 ms, later on a busy machine.
            Map<String, ResourceSampler.Cost> cost = sampler.cost(from, to, 1000 + (spin & 1));
            for (long waitUntil = System.currentTimeMillis() + 30_000; !cost.containsKey("self") && System.currentTimeMillis() < waitUntil; ) {
                Thread.sleep(100);
                cost = sampler.cost(from, to, 1000 + (spin & 1));
            }
            ResourceSampler.Cost self = cost.get("self");
            assertNotNull(self, "no sample after the window within 30 s");
            assertTrue(self.cpuSeconds() > 0, "no CPU time seen while spinning: " + self);
            assertTrue(self.peakMemoryBytes() > 0);
            assertEquals(self.cpuSeconds() * 1_000_000 / (1000 + (spin & 1)), self.cpuMillisPer1000Requests(), 1e-9);
        }
    }

    @Test
    void aRoleNotWatchedOverTheWholeWindowIsLeftOut() throws InterruptedException {
        try (ResourceSampler sampler = new ResourceSampler()) {
            sampler.watch("self", ProcessHandle.current().pid());
            Thread.sleep(500);
            long now = System.currentTimeMillis();
            assertFalse(sampler.cost(now - 60_000, now - 100, 10).containsKey("self"));
        }
    }
}
