package io.gatewaybench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The process tree a quick run is checked by: a command that leaves a process behind, one that names nothing of the
 * run, fails the check and the process is stopped; a command that leaves nothing passes.
 */
class ProcessTreeTest {

    @Test
    void aProcessLeftByTheCommandIsFoundAndStopped(@TempDir Path dir) throws Exception {
        Leftovers.requireRoot();
        try (ProcessTree tree = ProcessTree.create()) {
            assertTrue(tree.watched(), "no pids cgroup hierarchy to watch a process tree in");
            // the planted leftover: a sleep the command starts in the background and does not wait for
            AssertionError left = assertThrows(AssertionError.class, () -> QuickRunTree.run(tree,
                    List.of("sh", "-c", "sleep 300 & exit 0"), dir));
            assertTrue(left.getMessage().contains("sleep 300"), left.getMessage());
            assertEquals(List.of(), tree.left(), "the leftover stopped");
        }
        try (ProcessTree tree = ProcessTree.create()) {
            QuickRunTree.run(tree, List.of("sh", "-c", "sleep 0.1"), dir);
            assertEquals(List.of(), tree.left());
        }
    }

    /** A command run in {@code tree} to its end, then checked for leftovers as QuickRun checks a run. */
    private static final class QuickRunTree {
        static void run(ProcessTree tree, List<String> argv, Path dir) throws Exception {
            Process p = new ProcessBuilder(tree.wrap(argv)).directory(dir.toFile()).redirectErrorStream(true)
                    .redirectOutput(dir.resolve("out.log").toFile()).start();
            assertEquals(0, p.waitFor());
            tree.assertNoneLeft(String.join(" ", argv));
        }
    }
}
