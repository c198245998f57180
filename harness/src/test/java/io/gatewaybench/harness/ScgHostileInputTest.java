package io.gatewaybench.harness;

class ScgHostileInputTest extends HostileInput {
    ScgHostileInputTest() {
        super("scg");
    }
}
