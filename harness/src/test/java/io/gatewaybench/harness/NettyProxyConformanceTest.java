package io.gatewaybench.harness;

class NettyProxyConformanceTest extends ProxyConformance {
    NettyProxyConformanceTest() {
        super("netty-proxy");
    }
}
