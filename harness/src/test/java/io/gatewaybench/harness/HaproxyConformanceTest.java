package io.gatewaybench.harness;

class HaproxyConformanceTest extends ProxyConformance {
    HaproxyConformanceTest() {
        super("haproxy");
    }
}
