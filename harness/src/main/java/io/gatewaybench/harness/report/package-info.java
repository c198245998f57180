/**
 * Stage 5, report: the files a person reads, laid out from the analysed summary. A run's summary.json, summary.md and
 * details.md ({@link io.gatewaybench.harness.report.RunSummary}, with {@link io.gatewaybench.harness.report.LadderTables}
 * and {@link io.gatewaybench.harness.report.MatrixTables}) and report.html ({@link
 * io.gatewaybench.harness.report.HtmlReport}); {@code ./bench compare}'s table and page ({@link
 * io.gatewaybench.harness.report.CompareTable}, {@link io.gatewaybench.harness.report.CompareHtml}); a JMH run's report
 * ({@link io.gatewaybench.harness.report.JmhReport}). Nothing here computes a figure: every figure, interval, verdict and
 * note is the analysis's (or measured), and this package only formats it.
 *
 * <p>May use: {@link io.gatewaybench.harness.analyse}, {@link io.gatewaybench.harness.measure}, {@link
 * io.gatewaybench.harness.plan} and {@link io.gatewaybench.harness.model}. Never {@link io.gatewaybench.harness.launch}:
 * a report is written from a summary, with nothing running.
 */
package io.gatewaybench.harness.report;
