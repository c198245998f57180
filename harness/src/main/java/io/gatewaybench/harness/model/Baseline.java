package io.gatewaybench.harness.model;

/**
 * The baseline every figure sits beside: the origin called with no gateway in between, the target of this name (and,
 * under a scenario that asks the origin for another page, direct under that scenario, named by a target's
 * {@code baseline}).
 */
public final class Baseline {
    /** The baseline's name in every run. */
    public static final String DIRECT = "direct";

    private Baseline() {
    }
}
