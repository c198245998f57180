package io.gatewaybench.harness;

class NginxScenarioTest extends ScenarioConformance {
    NginxScenarioTest() {
        super("nginx");
    }
}
