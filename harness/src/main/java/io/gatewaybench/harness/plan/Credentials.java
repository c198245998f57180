package io.gatewaybench.harness.plan;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * What the run issues for the scenarios' checks, new for every run and never written to its summary: an HS256
 * secret (64 hex characters, whose UTF-8 bytes are the key), a token signed with it that expires a day after the
 * run starts, and 1,000 API keys, of which the load sends the first.
 */
public record Credentials(String jwtSecret, String token, List<String> apiKeys) {
    /** API keys issued per run: a consumer table of a realistic size (the load uses one). */
    public static final int KEYS = 1000;
    private static final SecureRandom RANDOM = new SecureRandom();

    public static Credentials issue() {
        String secret = HexFormat.of().formatHex(bytes(32));
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < KEYS; i++) {
            keys.add("key-" + HexFormat.of().formatHex(bytes(12)));
        }
        long now = System.currentTimeMillis() / 1000;
        return new Credentials(secret, token(secret, "HS256", now, now + 24 * 3600), List.copyOf(keys));
    }

    /** The key the load sends. */
    public String loadKey() {
        return apiKeys.get(0);
    }

    /** A compact JWS: header {"alg":alg,"typ":"JWT"}, claims sub, iat and exp, signed HS256 with {@code secret} (unsigned for alg "none"). */
    public static String token(String secret, String alg, long issuedAt, long expires) {
        String head = b64("{\"alg\":\"" + alg + "\",\"typ\":\"JWT\"}");
        String body = b64("{\"sub\":\"gateway-bench\",\"iat\":" + issuedAt + ",\"exp\":" + expires + "}");
        String signingInput = head + "." + body;
        if (alg.equals("none")) {
            return signingInput + ".";
        }
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return signingInput + "." + Base64.getUrlEncoder().withoutPadding().encodeToString(mac.doFinal(signingInput.getBytes(StandardCharsets.US_ASCII)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is not available in this JDK", e);
        }
    }

    private static String b64(String json) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(json.getBytes(StandardCharsets.UTF_8));
    }

    private static byte[] bytes(int n) {
        byte[] b = new byte[n];
        RANDOM.nextBytes(b);
        return b;
    }

    @Override
    public String toString() { // never print a secret into a log
        return "Credentials[" + apiKeys.size() + " API keys, an HS256 secret and token]";
    }
}
