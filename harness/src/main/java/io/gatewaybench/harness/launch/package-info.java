/**
 * Stage 2, launch: the processes a run measures. How one instance of a target runs ({@link
 * io.gatewaybench.harness.launch.Launch}), starting it from its descriptor, waiting until it listens and stopping it
 * ({@link io.gatewaybench.harness.launch.TargetProcess}), what a started JVM gateway says it runs ({@link
 * io.gatewaybench.harness.launch.JvmStartup}: event loops and transport, checked against its JVM profile), and the
 * origin every target fronts ({@link io.gatewaybench.harness.launch.Origin}); on other machines, their clocks ({@link
 * io.gatewaybench.harness.launch.HostClocks}) and the one ssh connection to each that a run's commands share ({@link
 * io.gatewaybench.harness.launch.SshConnections}).
 *
 * <p>May use: {@link io.gatewaybench.harness.plan} and {@link io.gatewaybench.harness.model}.
 */
package io.gatewaybench.harness.launch;
