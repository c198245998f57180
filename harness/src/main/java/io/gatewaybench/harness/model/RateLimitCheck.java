package io.gatewaybench.harness.model;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Round 1 of a rate-limit scenario ({@code rate_limit_check}): the target started once with a low limit, to show it answers 429 at about
 * that rate.
 *
 * @param limitPerS the limit set, req/s
 * @param sent requests sent at twice the limit, count
 * @param seconds how long sending them took, s
 * @param answered200 answers 200, count
 * @param answered429 answers 429, count
 * @param expected200 the range of answers 200 that passes, "low..high", count
 * @param anotherClient what a second client (another API key, or another source address) got right after, while the first
 *     was limited: each client has its own limit; "not checked: why" where the run could not be a second client; absent in runs
 *     before it was checked
 */
public record RateLimitCheck(
        @JsonProperty(value = "limit_per_s", required = true) int limitPerS,
        @JsonProperty(value = "sent", required = true) long sent,
        @JsonProperty(value = "seconds", required = true) double seconds,
        @JsonProperty(value = "answered_200", required = true) long answered200,
        @JsonProperty(value = "answered_429", required = true) long answered429,
        @JsonProperty(value = "expected_200", required = true) String expected200,
        @JsonProperty("another_client") String anotherClient) {
}
