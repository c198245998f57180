package io.gatewaybench.duties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Date;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DutiesTest {
    private static final String SECRET = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";

    @TempDir
    Path dir;

    @Test
    void aTokenPassesOnlyWhenSignedWithTheSecretUnderHs256AndNotExpired() throws Exception {
        JwtCheck check = JwtCheck.load(Files.writeString(dir.resolve("secret"), SECRET + "\n"));
        long now = System.currentTimeMillis();
        assertNull(check.reject("Bearer " + token(SECRET, now + 3_600_000)));
        assertNull(check.reject("bearer " + token(SECRET, now + 3_600_000)), "the scheme is case-insensitive");
        assertEquals("expired", check.reject("Bearer " + token(SECRET, now - 1000)));
        assertEquals("bad signature", check.reject("Bearer " + token(SECRET.replace('0', '1'), now + 3_600_000)));
        assertEquals("no bearer token", check.reject(null));
        assertEquals("no bearer token", check.reject("Basic dXNlcjpwdw=="));
        assertEquals("malformed token", check.reject("Bearer not.a.token"));
        String payload = b64("{\"sub\":\"bench\",\"exp\":" + (now / 1000 + 3600) + "}");
        assertEquals("malformed token", check.reject("Bearer " + b64("{\"alg\":\"none\"}") + "." + payload + "."),
                "an unsigned token is not a JWS");
    }

    @Test
    void aShortSecretIsRefusedAtStart() throws Exception {
        Path file = Files.writeString(dir.resolve("secret"), "short");
        assertThrows(IllegalArgumentException.class, () -> JwtCheck.load(file));
    }

    @Test
    void aBucketLetsThroughItsBurstThenItsRate() {
        RateLimiter limiter = new RateLimiter(10);
        long t = 1_000_000_000L;
        int passed = 0;
        for (int i = 0; i < 50; i++) {
            passed += limiter.tryAcquire("a", t) ? 1 : 0;
        }
        assertEquals(10, passed, "one second's burst, all at one instant");
        assertFalse(limiter.tryAcquire("a", t + 50_000_000L), "half a token after 50 ms");
        assertTrue(limiter.tryAcquire("a", t + 100_000_000L), "one token after 100 ms");
        assertTrue(limiter.tryAcquire("b", t), "another key has its own bucket");
        passed = 0;
        for (int ms = 0; ms < 2000; ms++) { // 2 s at 1,000 requests a second
            passed += limiter.tryAcquire("c", t + ms * 1_000_000L) ? 1 : 0;
        }
        assertEquals(10 + 20, passed, 1, "the burst, then 10 a second for 2 s");
    }

    @Test
    void keysComeFromTheFileAndBadOptionsNameTheOption() throws Exception {
        Path keys = Files.writeString(dir.resolve("keys"), "# consumers\nk1\n\n  k2  \n");
        Duties d = Duties.from(Map.of("api-keys", keys.toString(), "rate-limit", "100", "routes", "3"));
        assertEquals("k1", d.apiKeys().orElseThrow().consumer("k1"));
        assertEquals("k2", d.apiKeys().orElseThrow().consumer("k2"));
        assertNull(d.apiKeys().orElseThrow().consumer("k3"));
        assertNull(d.apiKeys().orElseThrow().consumer(null));
        assertEquals("api keys 2, rate limit 100/s per api key, routes 3", d.describe());
        assertEquals("", Duties.from(Map.of()).describe());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Duties.from(Map.of("rate-limit", "0")));
        assertTrue(e.getMessage().contains("--rate-limit"), e.getMessage());
        Path empty = Files.writeString(dir.resolve("none"), "# nobody\n");
        assertThrows(IllegalArgumentException.class, () -> ApiKeys.load(empty));
    }

    static String token(String secret, long expMillis) throws Exception {
        SignedJWT jwt = new SignedJWT(new JWSHeader(JWSAlgorithm.HS256),
                new JWTClaimsSet.Builder().subject("bench").expirationTime(new Date(expMillis)).build());
        jwt.sign(new MACSigner(secret.getBytes(StandardCharsets.UTF_8)));
        return jwt.serialize();
    }

    private static String b64(String json) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(json.getBytes(StandardCharsets.UTF_8));
    }
}
