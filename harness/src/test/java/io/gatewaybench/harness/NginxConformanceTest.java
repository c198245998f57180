package io.gatewaybench.harness;

class NginxConformanceTest extends ProxyConformance {
    NginxConformanceTest() {
        super("nginx");
    }
}
