/**
 * Stage 3, measure: what the load and the probes measured against a running target. Gatling's run and its output
 * ({@link io.gatewaybench.harness.measure.GatlingRun}, {@link io.gatewaybench.harness.measure.SimulationLog}, {@link
 * io.gatewaybench.harness.measure.GatlingReport}), the fixed-rate ladder ({@link io.gatewaybench.harness.measure.Ladder}),
 * the microsecond probe ({@link io.gatewaybench.harness.measure.LatencyProbe}), resource cost, JFR figures, the wrk
 * cross-check, the checks that a target serves the right page ({@link io.gatewaybench.harness.measure.ScenarioCheck}),
 * a round's figures ({@link io.gatewaybench.harness.measure.RequestStats}), the environment of a JMH run, and what a run
 * measured in summary.json's shape ({@link io.gatewaybench.harness.measure.MeasuredSummary}, pooling rounds with {@link
 * io.gatewaybench.harness.measure.Stats}), with what the summary says beside it of the run and of each target ({@link
 * io.gatewaybench.harness.measure.RunDescription}: every component's version among it).
 *
 * <p>May use: {@link io.gatewaybench.harness.launch}, {@link io.gatewaybench.harness.plan} and {@link
 * io.gatewaybench.harness.model} (launch for a launched gateway's JDK and folder, the origin's descriptor and a target's
 * version command; {@code Bench} hands the load its URLs and process ids).
 */
package io.gatewaybench.harness.measure;
