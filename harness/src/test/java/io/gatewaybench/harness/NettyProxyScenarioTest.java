package io.gatewaybench.harness;

class NettyProxyScenarioTest extends ScenarioConformance {
    NettyProxyScenarioTest() {
        super("netty-proxy");
    }
}
