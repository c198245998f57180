package io.gatewaybench.harness;

class NettyProxyHostileInputTest extends HostileInput {
    NettyProxyHostileInputTest() {
        super("netty-proxy");
    }
}
