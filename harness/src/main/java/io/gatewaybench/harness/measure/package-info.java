/**
 * Stage 3, measure: what the load and the probes measured against a running target. One target's round from its start
 * to its stop ({@link io.gatewaybench.harness.measure.RoundMeasurement}: verified, loaded, probed, stopped) and the
 * calibration that fixes the ladder's rates before the rounds ({@link io.gatewaybench.harness.measure.Calibration}),
 * both telling the run's {@link io.gatewaybench.harness.measure.Progress} what they do; Gatling's run and its output
 * ({@link io.gatewaybench.harness.measure.GatlingRun}, {@link io.gatewaybench.harness.measure.SimulationLog},
 * {@link io.gatewaybench.harness.measure.GatlingReport}), the fixed-rate ladder
 * ({@link io.gatewaybench.harness.measure.Ladder}), the microsecond probe
 * ({@link io.gatewaybench.harness.measure.LatencyProbe}), one fixed-rate level as Vegeta sent it, read from its own
 * records ({@link io.gatewaybench.harness.measure.VegetaLevel}: the next ladder's injector, not yet used by a run),
 * resource cost, JFR figures, the wrk cross-check, the checks that a target serves the right page
 * ({@link io.gatewaybench.harness.measure.ScenarioCheck}), a round's figures
 * ({@link io.gatewaybench.harness.measure.RequestStats}), the environment of a JMH run, and what a run measured in
 * summary.json's shape ({@link io.gatewaybench.harness.measure.MeasuredSummary}, pooling rounds with
 * {@link io.gatewaybench.harness.quantity.Stats}), with what the summary says beside it of the run and of each target
 * ({@link io.gatewaybench.harness.measure.RunDescription}: every component's version among it).
 *
 * <p>May use: {@link io.gatewaybench.harness.launch}, {@link io.gatewaybench.harness.plan},
 * {@link io.gatewaybench.harness.quantity} and {@link io.gatewaybench.harness.model} (launch to start and stop the
 * gateway of a round, for a launched gateway's JDK and folder, the origin's descriptor and a target's version command;
 * a run hands a round the running origin).
 */
package io.gatewaybench.harness.measure;
