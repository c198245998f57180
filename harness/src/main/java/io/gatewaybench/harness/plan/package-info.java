/**
 * Stage 1, plan: what a run will do, before anything starts. The command line ({@link
 * io.gatewaybench.harness.plan.RunPlan}), the targets and their descriptors ({@link io.gatewaybench.harness.plan.Target},
 * {@link io.gatewaybench.harness.plan.Template}), the scenarios and their credentials ({@link
 * io.gatewaybench.harness.plan.Scenario}, {@link io.gatewaybench.harness.plan.Credentials}), the JVM profiles ({@link
 * io.gatewaybench.harness.plan.JvmProfile}), the objectives a ladder level must meet ({@link
 * io.gatewaybench.harness.plan.Objective}: their definition only), where each role runs ({@link
 * io.gatewaybench.harness.plan.Topology}, {@link io.gatewaybench.harness.plan.Ports}) and what a result says about where it
 * came from ({@link io.gatewaybench.harness.plan.Environment}, {@link io.gatewaybench.harness.plan.Repo}).
 *
 * <p>May use: {@link io.gatewaybench.harness.model} only. It runs short commands to check a plan (a JDK's version, the git
 * commit), never a target.
 */
package io.gatewaybench.harness.plan;
