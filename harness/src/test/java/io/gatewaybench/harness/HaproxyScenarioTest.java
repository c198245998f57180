package io.gatewaybench.harness;

class HaproxyScenarioTest extends ScenarioConformance {
    HaproxyScenarioTest() {
        super("haproxy");
    }
}
