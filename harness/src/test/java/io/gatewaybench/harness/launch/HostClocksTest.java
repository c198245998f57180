package io.gatewaybench.harness.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gatewaybench.harness.model.ClockOffset;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A host's clock offset as the harness measures it ({@code --injectors}), against a shell on this machine that answers with
 * this clock moved by a known amount: a host whose clock runs 5 s ahead, and one 3 s behind. The offset found lies within its
 * own stated uncertainty of the truth: the shell read its clock after the harness wrote and before it read the answer, so
this holds whatever the machine's load (no timing bound). And the harness's own shell on this machine: 0 from itself. End to end over ssh: BenchNetnsRunIT's Ansible test.
 */
class HostClocksTest {

    /** A shell that answers as {@link HostClocks#ANSWER} does, its clock {@code nanos} ahead of this one's. */
    private static List<String> clockAhead(long nanos) {
        return List.of("bash", "-c", "while read -r _; do t=${EPOCHREALTIME//[!0-9]/}; echo $(( 10#$t + (" + nanos / 1000 + ") )); done");
    }

    /** The shell the harness runs on a host, as it is: this machine's clock is 0 from itself, within the uncertainty. */
    @Test
    void theHarnesssOwnAnswerReadsThisClock() throws IOException {
        ClockOffset same = HostClocks.measure(HostClocks.ANSWER, "this machine");
        assertTrue(Math.abs(same.offsetUs()) <= same.uncertaintyUs() + 2, same.toString());
    }

    @Test
    void anOffsetIsFoundWithinItsUncertainty() throws IOException {
        for (long truth : List.of(5_000_000_000L, -3_000_000_000L, 0L)) {
            ClockOffset found = HostClocks.measure(clockAhead(truth), "a host " + truth + " ns ahead");
            assertEquals(HostClocks.EXCHANGES, found.exchanges());
            assertTrue(Math.abs(found.offsetUs() - truth / 1000) <= found.uncertaintyUs() + 2, // + the µs the clocks and rounding lose
                    "a clock " + truth / 1000 + " us ahead measured as " + found);
        }
    }

    @Test
    void aHostThatDoesNotAnswerWithItsClockIsAClearError() {
        String message = assertThrows(IOException.class, () -> HostClocks.measure(List.of("sh", "-c", "while read -r _; do echo nope; done"),
                "injector2 (10.123.0.11)")).getMessage();
        assertTrue(message.contains("cannot read the clock of injector2 (10.123.0.11): it answered 'nope'"), message);
        String gone = assertThrows(IOException.class, () -> HostClocks.measure(List.of("sh", "-c", "exit 255"), "injector2")).getMessage();
        assertTrue(gone.contains("answered nothing"), gone);
    }

    /**
     * A host whose every answer takes 110 ms (a shell that sleeps before it reads its clock) is known only to +-55 ms or
     * more, past the 50 ms a run's hosts must begin within: refused, naming the host and what to do. The bound is causal
     * (half a round trip the answer cannot have taken less than). At the bound itself a clock is accepted, 1 us past it
     * refused.
     */
    @Test
    void aClockKnownOnlyToMoreThanTheStartToleranceIsRefused() throws IOException {
        String far = "injector host injector2 (10.123.0.11)";
        String message = assertThrows(IOException.class, () -> HostClocks.accepted(HostClocks.measure(slowAnswer("0.11"), far), far))
                .getMessage();
        assertTrue(message.startsWith("the clock of " + far + " is known only to +-"), message);
        assertTrue(message.endsWith("its load could not begin with the others' within 50 ms: use injector hosts nearer this one"), message);
        ClockOffset atTheBound = new ClockOffset(-120, HostClocks.MAX_UNCERTAINTY_US, 16);
        assertEquals(atTheBound, HostClocks.accepted(atTheBound, "a nearer host"));
        assertThrows(IOException.class, () -> HostClocks.accepted(new ClockOffset(-120, HostClocks.MAX_UNCERTAINTY_US + 1, 16), far));
    }

    /** {@link HostClocks#ANSWER}, each answer given after {@code seconds} of sleep. */
    private static List<String> slowAnswer(String seconds) {
        return List.of("bash", "-c", "while read -r _; do sleep " + seconds + "; echo \"${EPOCHREALTIME//[!0-9]/}\"; done");
    }
}
