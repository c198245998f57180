package io.gatewaybench.harness.model;

import io.gatewaybench.harness.plan.Repo;
import java.nio.file.Path;

/**
 * What the model may not do, planted in a test package of model for {@code ArchitectureTest} to find: a record of the
 * summary that uses a class of the harness. Never called; the real check imports no test class.
 */
final class PlantedHarnessUse {
    private PlantedHarnessUse() {
    }

    static Path usesThePlan() {
        return Repo.root();
    }
}
