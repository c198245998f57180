package io.gatewaybench.harness.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a gateway on another host's CPU reading gives: the latest line its {@code cpu-of} printed, -1 before the first
 * and once the stream is not a number; closing it ends {@code cpu-of}, which ends when its input closes.
 */
class RemoteCpuTest {

    @Test
    void theLatestReadingIsGivenAndClosingEndsTheStream(@TempDir Path dir) throws Exception {
        Path log = dir.resolve("cpu-of.log");
        try (RemoteCpu cpu = RemoteCpu.start("planted", List.of("sh", "-c", "echo 5; echo 17; cat > /dev/null"),
                log)) {
            long until = System.nanoTime() + 10_000_000_000L;
            while (cpu.getAsLong() != 17 && System.nanoTime() < until) {
                Thread.sleep(10);
            }
            assertEquals(17, cpu.getAsLong(), "the latest line");
            assertNull(cpu.failure());
        }
        try (RemoteCpu cpu = RemoteCpu.start("planted", List.of("sh", "-c", "cat > /dev/null"), log)) {
            assertEquals(-1, cpu.getAsLong(), "nothing read yet");
        }
        RemoteCpu bad = RemoteCpu.start("planted", List.of("sh", "-c", "echo 5; echo 'no such file'"), log);
        bad.close();
        assertEquals(-1, bad.getAsLong(), "a line that is not a reading");
        assertTrue(bad.failure().contains("the CPU time of planted could not be read there"), bad.failure());
    }
}
