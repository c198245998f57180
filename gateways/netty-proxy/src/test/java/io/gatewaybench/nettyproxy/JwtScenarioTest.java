package io.gatewaybench.nettyproxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.PlainJWT;
import com.nimbusds.jwt.SignedJWT;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code --jwt-secret=FILE}: only a bearer token signed HS256 with the secret, and not expired, is forwarded. */
@Timeout(60)
class JwtScenarioTest {

    private static final String SECRET = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";
    private static final String OTHER_SECRET = "fedcba9876543210fedcba9876543210fedcba9876543210fedcba9876543210";

    @TempDir
    static Path dir;
    private static RecordingOrigin origin;
    private static NettyProxy proxy;

    @BeforeAll
    static void start() throws IOException {
        Path secret = Files.writeString(dir.resolve("secret"), SECRET + "\n");
        origin = new RecordingOrigin();
        proxy = origin.proxy("--jwt-secret=" + secret);
    }

    @AfterAll
    static void stop() {
        proxy.close();
        origin.close();
    }

    @Test
    void aValidTokenIsForwardedWithAuthorizationUnchanged() throws Exception {
        String authorization = "Bearer " + token(JWSAlgorithm.HS256, SECRET, inSeconds(300));
        try (RawHttp client = new RawHttp(proxy.port())) {
            client.send("GET /examples/x.jsp?a=1 HTTP/1.1\r\nHost: x\r\nAuthorization: " + authorization + "\r\n\r\n");
            assertEquals(200, client.read().status());
            assertEquals("/examples/x.jsp?a=1", origin.last().target());
            assertEquals(authorization, origin.last().headers().getFirst("Authorization"));
        }
    }

    @Test
    void everyKindOfBadTokenGets401AndIsNotForwarded() throws Exception {
        String valid = token(JWSAlgorithm.HS256, SECRET, inSeconds(300));
        String[] parts = valid.split("\\.");
        Map<String, String> bad = new LinkedHashMap<>();
        bad.put("missing", null);
        bad.put("not bearer", "Basic Zm9vOmJhcg==");
        bad.put("empty bearer", "Bearer ");
        bad.put("malformed", "Bearer not.a.jwt");
        bad.put("alg none", "Bearer " + new PlainJWT(claims(inSeconds(300))).serialize());
        bad.put("alg none, signature kept", "Bearer " + new PlainJWT(claims(inSeconds(300))).serialize() + parts[2]);
        bad.put("HS384", "Bearer " + token(JWSAlgorithm.HS384, SECRET, inSeconds(300)));
        bad.put("other secret", "Bearer " + token(JWSAlgorithm.HS256, OTHER_SECRET, inSeconds(300)));
        bad.put("payload changed", "Bearer " + parts[0] + "." + token(JWSAlgorithm.HS256, SECRET, inSeconds(900))
                .split("\\.")[1] + "." + parts[2]);
        bad.put("expired", "Bearer " + token(JWSAlgorithm.HS256, SECRET, inSeconds(-60)));
        bad.put("no exp", "Bearer " + token(JWSAlgorithm.HS256, SECRET, null));
        try (RawHttp client = new RawHttp(proxy.port())) {
            for (Map.Entry<String, String> token : bad.entrySet()) {
                int before = origin.count();
                client.send("GET /a HTTP/1.1\r\nHost: x\r\n"
                        + (token.getValue() == null ? "" : "Authorization: " + token.getValue() + "\r\n") + "\r\n");
                RawHttp.Response response = client.read();
                assertEquals(401, response.status(), token.getKey());
                assertTrue(response.text().startsWith("401 Unauthorized: JWT: "), response.text());
                assertEquals("Bearer", response.header("www-authenticate"));
                assertNull(response.header("connection"), token.getKey()); // kept alive
                assertEquals(before, origin.count(), token.getKey() + " reached the origin");
            }
            client.send("GET /after HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + valid + "\r\n\r\n");
            assertEquals(200, client.read().status());
        }
    }

    static String token(JWSAlgorithm alg, String secret, Date exp) throws JOSEException {
        SignedJWT jwt = new SignedJWT(new JWSHeader(alg), claims(exp));
        jwt.sign(new MACSigner(secret.getBytes(StandardCharsets.UTF_8)));
        return jwt.serialize();
    }

    private static JWTClaimsSet claims(Date exp) {
        return new JWTClaimsSet.Builder().subject("bench").expirationTime(exp).build();
    }

    static Date inSeconds(int seconds) {
        return new Date(System.currentTimeMillis() + seconds * 1000L);
    }
}
