package io.gatewaybench.harness.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * How the run measured what each target costs ({@code equal_rates}): every target started once and kept running, warmed
 * until steady, then offered the same rates at once, slice after slice; and what the roles that serve every target (the
 * origin, the injector) cost meanwhile.
 *
 * @param design what the load was, in words
 * @param cpu how each role's CPU time was read, in words
 * @param sliceS a slice's length, s
 * @param slices slices measured at each rate, count
 * @param warmup how the targets were warmed
 * @param search the levels offered to find the rates, and the limit found
 * @param ratesRps the equal rates, ascending, req/s
 * @param order the rate of each turn, in the order measured (without {@code turnSlices}: one turn per rate)
 * @param objectiveP99Ms the P99 bound a rate's latency must meet for the capacity figure, ms
 * @param roles each shared role's CPU time at each rate, slice by slice
 * @param precision what {@code --precision} asked of the CPU per request and what it reached; absent without it
 * @param batches a matrix too large to run at once: each batch, the first of which the figures above describe (its
 *     search set the rates of all); absent where every target ran at once
 * @param leftOut the rates whose first slices were left out as warm-up, or where none could be (a target settling
 *     after the warm-up); absent where no rate's were
 * @param turnSlices slices a rate was measured for in one turn, the rates taking turns in an order of their own each
 *     cycle; absent in runs that measured each rate in one turn
 */
public record EqualRates(
        @JsonProperty(value = "design", required = true) String design,
        @JsonProperty(value = "cpu", required = true) String cpu,
        @JsonProperty(value = "slice_s", required = true) int sliceS,
        @JsonProperty(value = "slices", required = true) int slices,
        @JsonProperty(value = "warmup", required = true) Warmup warmup,
        @JsonProperty(value = "search", required = true) Search search,
        @JsonProperty(value = "rates_rps", required = true) List<Integer> ratesRps,
        @JsonProperty(value = "order", required = true) List<Integer> order,
        @JsonProperty(value = "objective_p99_ms", required = true) int objectiveP99Ms,
        @JsonProperty(value = "roles", required = true) List<RoleCpu> roles,
        @JsonProperty("precision") PrecisionGoal precision,
        @JsonProperty("batches") List<Batch> batches,
        @JsonProperty("left_out") List<LeftOut> leftOut,
        @JsonProperty("turn_slices") Integer turnSlices) {
    /** The design of the first batch, and with it every batch. */
    public EqualRates withBatches(List<Batch> batches, List<RoleCpu> roles) {
        return new EqualRates(design, cpu, sliceS, slices, warmup, search, ratesRps, order, objectiveP99Ms, roles,
                precision, batches, leftOut, turnSlices);
    }

    /**
     * A rate whose first slices were left out as warm-up: some target's CPU per request relative to the others' was
     * off the slices after them there (measure.EqualRatesMeasurement#settling says the rule).
     *
     * @param rateRps the rate, req/s
     * @param slices the first slices left out, count; 0 where no start held and every slice was kept
     * @param why which target was off, and how far, in words
     */
    public record LeftOut(
            @JsonProperty(value = "rate_rps", required = true) int rateRps,
            @JsonProperty(value = "slices", required = true) int slices,
            @JsonProperty(value = "why", required = true) String why) {
    }

    /**
     * One batch of a matrix, its targets warmed and measured at once at the first batch's rates.
     *
     * @param batch its number, from 1
     * @param targets its targets, in order
     * @param warmupS how long its warm-up went on, s
     * @param order the rate of each of its turns, in the order measured
     * @param precision what {@code --precision} reached in it; absent without it
     * @param leftOut its rates whose first slices were left out as warm-up (as equal_rates.left_out); absent where none
     */
    public record Batch(
            @JsonProperty(value = "batch", required = true) int batch,
            @JsonProperty(value = "targets", required = true) List<String> targets,
            @JsonProperty(value = "warmup_s", required = true) int warmupS,
            @JsonProperty(value = "order", required = true) List<Integer> order,
            @JsonProperty("precision") PrecisionGoal precision,
            @JsonProperty("left_out") List<LeftOut> leftOut) {
    }

    /**
     * The warm-up every target got at once.
     *
     * @param rateRps the rate each target was offered meanwhile, req/s
     * @param capS the longest it went on, s
     * @param tookS how long it went on, s
     * @param rule when a target counts as steady, in words (plan.SteadyState)
     * @param loweredFromRps the rate it began at, where some target did not hold that one chunk after chunk and the
     *     rate was lowered (steadiness then looked for from the lower rate on), req/s; absent where it was not
     */
    public record Warmup(
            @JsonProperty(value = "rate_rps", required = true) int rateRps,
            @JsonProperty(value = "cap_s", required = true) int capS,
            @JsonProperty(value = "took_s", required = true) int tookS,
            @JsonProperty(value = "rule", required = true) String rule,
            @JsonProperty("lowered_from_rps") Integer loweredFromRps) {
    }

    /**
     * The short search that set the rates: levels offered to every target at once, up from the warm-up's rate until
     * one did not hold, or, where even that one did not, down from it until one did.
     *
     * @param levels each level tried, and whether every target held it
     * @param limitRps the highest level every target held, req/s
     * @param percents the rates as shares of that limit, %
     */
    public record Search(
            @JsonProperty(value = "levels", required = true) List<Tried> levels,
            @JsonProperty(value = "limit_rps", required = true) int limitRps,
            @JsonProperty(value = "percents", required = true) List<Integer> percents) {
    }

    /**
     * One level of the search.
     *
     * @param rateRps the rate each target was offered, req/s
     * @param held whether every target held it: every answer the page and its P99 within the objective
     * @param why which target did not hold it and why; absent where all did
     */
    public record Tried(
            @JsonProperty(value = "rate_rps", required = true) int rateRps,
            @JsonProperty(value = "held", required = true) boolean held,
            @JsonProperty("why") String why) {
    }

    /**
     * A role every target shares (origin, injector), its CPU time over each slice of one rate.
     *
     * @param role the role
     * @param rateRps the rate every target was offered, req/s
     * @param cpuMs its CPU time over each slice, ms
     * @param good the good answers of every target in each slice, count
     * @param batch the batch it served (equal_rates.batches); absent where every target ran at once
     */
    public record RoleCpu(
            @JsonProperty(value = "role", required = true) String role,
            @JsonProperty(value = "rate_rps", required = true) int rateRps,
            @JsonProperty(value = "cpu_ms", required = true) List<Double> cpuMs,
            @JsonProperty(value = "good", required = true) List<Long> good,
            @JsonProperty("batch") Integer batch) {
        /** The same, serving {@code batch}. */
        public RoleCpu inBatch(int batch) {
            return new RoleCpu(role, rateRps, cpuMs, good, batch);
        }
    }

    /**
     * Slices added at the rates until every figure judged was known within ±{@code share} (its interval's half-width
     * over its value), or the run's budget left no room for more.
     *
     * @param share the half-width asked for, a share (0.05: ±5%)
     * @param budgetMinutes the run's time bound, min
     * @param reached the widest half-width of the figures judged, over every rate, at the end, a share
     * @param widestAt the rate of that widest figure, req/s
     * @param addedSlices per rate, the slices added beyond the design's, count
     * @param stopped why the adding ended, in words
     * @param judged what was made precise, in words: every target's CPU per request, or each JVM profile's over its
     *     reference's at the family's level; absent in runs made before it was said
     * @param widest the least precise figure at the end, in words; absent as {@code judged}
     */
    public record PrecisionGoal(
            @JsonProperty(value = "share", required = true) double share,
            @JsonProperty(value = "budget_minutes", required = true) int budgetMinutes,
            @JsonProperty(value = "reached", required = true) double reached,
            @JsonProperty(value = "widest_at_rps", required = true) int widestAt,
            @JsonProperty(value = "added_slices", required = true) java.util.Map<Integer, Integer> addedSlices,
            @JsonProperty(value = "stopped", required = true) String stopped,
            @JsonProperty("judged") String judged,
            @JsonProperty("widest") String widest) {
    }
}
