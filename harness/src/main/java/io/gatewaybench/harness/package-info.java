/**
 * The harness: {@code ./bench} and the pipeline it runs, one package per stage, each using only the stages before it
 * and {@link io.gatewaybench.harness.model} (ArchitectureTest holds the harness to this):
 * <ol>
 *   <li>{@link io.gatewaybench.harness.plan}: what a run will do;</li>
 *   <li>{@link io.gatewaybench.harness.launch}: starting and stopping the processes it measures;</li>
 *   <li>{@link io.gatewaybench.harness.measure}: what the load and the probes measured, in summary.json's shape;</li>
 *   <li>{@link io.gatewaybench.harness.analyse}: every figure judged across rounds, from a summary alone;</li>
 *   <li>{@link io.gatewaybench.harness.report}: the files a person reads, laid out from the analysed summary.</li>
 * </ol>
 *
 * <p>This package owns the commands: {@link io.gatewaybench.harness.Bench}, the entry point, hands each its arguments
 * ({@code RunCommand}, {@code ReportCommand}, {@code CompareCommand}, {@code PrecisionCommand}, {@code Interleave});
 * a run in its design ({@code EqualRatesRun}, {@code RoundsRun}) sequences the stages and shows its progress.
 *
 * <p>May use: {@link io.gatewaybench.harness.plan}, {@link io.gatewaybench.harness.launch}, {@link
 * io.gatewaybench.harness.measure}, {@link io.gatewaybench.harness.analyse}, {@link io.gatewaybench.harness.report} and
 * {@link io.gatewaybench.harness.model}. No stage may use it.
 */
package io.gatewaybench.harness;
