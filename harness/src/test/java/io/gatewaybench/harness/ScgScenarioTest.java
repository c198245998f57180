package io.gatewaybench.harness;

class ScgScenarioTest extends ScenarioConformance {
    ScgScenarioTest() {
        super("scg");
    }
}
