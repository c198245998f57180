/**
 * Quantities over repeated measurements: every median, mean, variance and interval the harness states ({@link
 * io.gatewaybench.harness.quantity.Stats}), so that one rule gives one figure in whichever stage uses it.
 *
 * <p>May use: {@link io.gatewaybench.harness.model} only (an interval is a model record). Every stage may use it.
 */
package io.gatewaybench.harness.quantity;
