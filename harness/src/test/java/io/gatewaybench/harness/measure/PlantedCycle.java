package io.gatewaybench.harness.measure;

import io.gatewaybench.harness.analyse.Analysis;
import io.gatewaybench.harness.model.Summary;

/**
 * A cycle between two stages, planted in a test package of measure for {@code ArchitectureTest} to find: measure
 * calling back into analyse, which uses measure. Never called; the real check imports no test class.
 */
final class PlantedCycle {
    private PlantedCycle() {
    }

    static void judgesWhatItMeasured(Summary summary) {
        Analysis.apply(summary);
    }
}
