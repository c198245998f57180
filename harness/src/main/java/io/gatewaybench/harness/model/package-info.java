/**
 * The shape of a run's results: {@code summary.json} of format {@code gateway-bench summary 2} (described by
 * {@code docs/summary.schema.json}) as Java records, read by {@link io.gatewaybench.harness.model.Summaries}. {@link
 * io.gatewaybench.harness.model.Summary} is the root.
 *
 * <p>This package owns that shape. May use: no package of the harness; only Jackson and the JDK. The harness writes
 * and reads results through it, not the other way round. Every stage of the harness may use it, as it does the
 * two rules of how a figure is written into that shape: {@link io.gatewaybench.harness.model.Decimals} (four decimals) and
 * {@link io.gatewaybench.harness.model.OrderedMap} (keys in the order given, the same in every run).
 *
 * <p>How the records map the JSON:
 * <ul>
 *   <li>Every component names its key in {@code @JsonProperty}; units stay in the names ({@code throughputRps},
 *       {@code latencyMs}, {@code probeUs}, {@code cpuS}, {@code peakPssMb}). A key the schema always requires is
 *       {@code required = true}: reading fails without it. A primitive component never takes null.</li>
 *   <li>A boxed or reference component is null where its key is absent, and is then not written (the mapper's
 *       inclusion is non-null). A component annotated {@code @JsonInclude(Include.ALWAYS)} is a key that is always
 *       written and whose value may be null; its Javadoc says what null means.</li>
 *   <li>A component of type {@link java.util.Optional} is a key that may be absent and may be null, each with its own
 *       meaning: the component is null where the key is absent, {@code Optional.empty()} where its value is null. Only
 *       the mapper of {@link io.gatewaybench.harness.model.Summaries} reads and writes these.</li>
 *   <li>A figure that is a number or a word has a type of its own: {@link io.gatewaybench.harness.model.Ratio} (a
 *       ratio or {@code "n/a"}), {@link io.gatewaybench.harness.model.P99AtRate} (a P99 or {@code "overloaded"} /
 *       {@code "not reached"}), {@link io.gatewaybench.harness.model.RatioSpread} (an interval or
 *       {@code {"median": "n/a"}}). So do values of two shapes: {@link io.gatewaybench.harness.model.ComponentVersion},
 *       {@link io.gatewaybench.harness.model.RolePlacement}, {@link io.gatewaybench.harness.model.JfrResult}, and the
 *       matrix rows ({@link io.gatewaybench.harness.model.ProfileRow}, {@link io.gatewaybench.harness.model.ScenarioRow},
 *       {@link io.gatewaybench.harness.model.CostRow}, {@link io.gatewaybench.harness.model.WorkersRow}), which are
 *       measured, failed or not available.</li>
 *   <li>Objects keyed by names (components, JVM flags, matrices by gateway or scenario, maximum sustainable rates by
 *       objective) are maps of records; a fixed set of keys is a record ({@link
 *       io.gatewaybench.harness.model.Resources} by role), and a fixed set of words an enum.</li>
 *   <li>Summaries re-analysed from format 1 ({@code reanalysed} present) keep older shapes, so the keys that only
 *       summaries written natively in format 2 have are not required.</li>
 * </ul>
 */
package io.gatewaybench.harness.model;
