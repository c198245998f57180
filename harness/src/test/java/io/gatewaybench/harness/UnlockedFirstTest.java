package io.gatewaybench.harness;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** {@link UnlockedFirst} must see a lock a test class inherits, since the scenario and hostile-input suites take theirs so. */
class UnlockedFirstTest {
    @Test
    void locksOwnInheritedAndIsolatedAreSeen() throws ClassNotFoundException {
        assertTrue(UnlockedFirst.locked(NoiseBudgetTest.class), "its own @ResourceLock");
        assertTrue(UnlockedFirst.locked(ScgScenarioTest.class), "inherited from ScenarioConformance");
        assertTrue(UnlockedFirst.locked(HaproxyHostileInputTest.class), "inherited from HostileInput, shared");
        assertTrue(UnlockedFirst.locked(Class.forName("io.gatewaybench.harness.plan.JvmProfileTest")), "@Isolated");
        assertFalse(UnlockedFirst.locked(Class.forName("io.gatewaybench.harness.model.SummaryModelTest")), "no lock");
        assertFalse(UnlockedFirst.locked(UnlockedFirstTest.class), "no lock");
    }
}
