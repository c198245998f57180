package io.gatewaybench.harness;

class NginxHostileInputTest extends HostileInput {
    NginxHostileInputTest() {
        super("nginx");
    }
}
