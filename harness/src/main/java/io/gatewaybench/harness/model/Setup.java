package io.gatewaybench.harness.model;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * What every target of a run got alike (part of {@link Summary}): the load, the ladder, the rounds, the JVM profile and
 * the origin, as the run recorded its plan.
 *
 * @param jvmProfile the run's JVM profiles, comma-separated
 * @param origin the user's service at a URL that direct measured and every target fronted ({@code --origin}); absent:
 *     Tomcat's book page
 * @param load the load every target got alike (RunPlan.LoadSpec.describe)
 * @param ladder the fixed-rate ladder every target got after its measurement; absent where the run had none
 * @param equalRates how every target was measured at equal rates, all at once; absent where the run did not
 * @param rounds rounds per target, count
 * @param quick whether the run was a quick one (--quick: short warm-ups, fewer probe requests)
 */
public record Setup(
        @JsonProperty(value = "jvm_profile", required = true) String jvmProfile,
        @JsonProperty("origin") OriginUrl origin,
        @JsonProperty(value = "load", required = true) Load load,
        @JsonProperty("ladder") LadderPlan ladder,
        @JsonProperty("equal_rates") EqualRates equalRates,
        @JsonProperty(value = "rounds", required = true) int rounds,
        @JsonProperty(value = "quick", required = true) boolean quick) {
    /** The same setup with {@code n} rounds. */
    public Setup withRounds(int n) {
        return new Setup(jvmProfile, origin, load, ladder, equalRates, n, quick);
    }

    /** The same setup with how the run measured at equal rates. */
    public Setup withEqualRates(EqualRates measured) {
        return new Setup(jvmProfile, origin, load, ladder, measured, rounds, quick);
    }
}
