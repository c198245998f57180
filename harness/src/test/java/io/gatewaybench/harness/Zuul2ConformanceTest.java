package io.gatewaybench.harness;

class Zuul2ConformanceTest extends ProxyConformance {
    Zuul2ConformanceTest() {
        super("zuul2");
    }
}
