/**
 * Stage 4, analyse: every figure of a run judged across rounds, derived from its summary alone, so that a run,
 * {@code ./bench report} and {@code ./bench compare} give one figure wherever it is shown. Reading a summary back
 * ({@link io.gatewaybench.harness.analyse.Analysis#read}) and judging it
 * ({@link io.gatewaybench.harness.analyse.Analysis#apply}): the throughput relative to direct, spreads and intervals,
 * the objectives judged on measured levels and the maximum sustainable rate
 * ({@link io.gatewaybench.harness.analyse.ObjectiveJudge}), the JVM profile, scenario and workers matrices, the notes
 * (the judgements in words, {@link io.gatewaybench.harness.analyse.Notes}), the comparison of two runs
 * ({@link io.gatewaybench.harness.analyse.RunComparison}) and a JMH run's figures beside their baselines
 * ({@link io.gatewaybench.harness.analyse.JmhResults}).
 *
 * <p>May use: {@link io.gatewaybench.harness.plan}, {@link io.gatewaybench.harness.quantity} and
 * {@link io.gatewaybench.harness.model}. Never {@link io.gatewaybench.harness.measure} nor
 * {@link io.gatewaybench.harness.launch}, nor a process ({@link ProcessBuilder}, {@link ProcessHandle}): it judges what
 * the model holds of a run, and nothing here knows how it was measured or a process, so any summary can be analysed
 * anywhere.
 */
package io.gatewaybench.harness.analyse;
