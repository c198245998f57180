package io.gatewaybench.harness;

class HaproxyHostileInputTest extends HostileInput {
    HaproxyHostileInputTest() {
        super("haproxy");
    }
}
