package io.gatewaybench.duties;

import java.util.concurrent.ConcurrentHashMap;

/**
 * A token bucket per client key, in this gateway's memory: {@code perSecond} tokens a second and as many at most
 * (one second's burst), one per request. What NGINX's {@code limit_req} with {@code burst=N nodelay} and a rate
 * limiter without an external store do; a gateway of several instances would need a shared one (Redis), which the
 * suite does not run.
 */
public final class RateLimiter {
    private final int perSecond;
    private final double tokensPerNano;
    private final ConcurrentHashMap<String, Bucket> buckets = new ConcurrentHashMap<>();

    public RateLimiter(int perSecond) {
        if (perSecond <= 0) {
            throw new IllegalArgumentException("a rate limit is a number of requests per second above 0, got " + perSecond);
        }
        this.perSecond = perSecond;
        this.tokensPerNano = perSecond / 1e9;
    }

    public int perSecond() {
        return perSecond;
    }

    /** Takes one token from {@code key}'s bucket: false when it is empty, and the request is to get 429. */
    public boolean tryAcquire(String key) {
        return tryAcquire(key, System.nanoTime());
    }

    /** {@link #tryAcquire(String)} at a given {@link System#nanoTime()}, for tests that set the clock. */
    boolean tryAcquire(String key, long now) {
        return buckets.computeIfAbsent(key, k -> new Bucket(perSecond, now)).take(now, tokensPerNano, perSecond);
    }

    private static final class Bucket {
        private double tokens;
        private long last;

        Bucket(int capacity, long now) {
            this.tokens = capacity;
            this.last = now;
        }

        synchronized boolean take(long now, double tokensPerNano, int capacity) {
            if (now > last) {
                tokens = Math.min(capacity, tokens + (now - last) * tokensPerNano);
                last = now;
            }
            if (tokens < 1) {
                return false;
            }
            tokens -= 1;
            return true;
        }
    }
}
