package io.gatewaybench.harness;

class Zuul2ScenarioTest extends ScenarioConformance {
    Zuul2ScenarioTest() {
        super("zuul2");
    }
}
