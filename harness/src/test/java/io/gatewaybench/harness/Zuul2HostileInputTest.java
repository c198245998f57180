package io.gatewaybench.harness;

class Zuul2HostileInputTest extends HostileInput {
    Zuul2HostileInputTest() {
        super("zuul2");
    }
}
