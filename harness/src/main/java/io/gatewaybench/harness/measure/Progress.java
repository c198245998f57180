package io.gatewaybench.harness.measure;

/**
 * Where a measurement tells what it is doing, a line at a time: a run prints each line after its own prefix (the
 * round and target, or {@code bench: calibration}), so a person, the tests and the Ansible playbook see how the run goes.
 */
@FunctionalInterface
public interface Progress {
    /** One line of progress, without its prefix and its line break. */
    void line(String line);
}
