package io.gatewaybench.harness;

class ScgConformanceTest extends ProxyConformance {
    ScgConformanceTest() {
        super("scg");
    }
}
