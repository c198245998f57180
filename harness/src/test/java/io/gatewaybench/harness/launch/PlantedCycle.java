package io.gatewaybench.harness.launch;

import io.gatewaybench.harness.measure.RunDescription;

/**
 * A cycle between two stages, planted in a test package of launch for {@code ArchitectureTest} to find: launch using
 * measure, which uses launch (RunDescription reads a launched gateway's folder). Never called; the real check imports
 * no test class.
 */
final class PlantedCycle {
    private PlantedCycle() {
    }

    static String describesWhatItLaunched(RunDescription description) {
        return description.toString();
    }
}
