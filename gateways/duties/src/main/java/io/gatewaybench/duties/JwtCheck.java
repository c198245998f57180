package io.gatewaybench.duties;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.crypto.MACVerifier;
import com.nimbusds.jwt.SignedJWT;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.ParseException;
import java.util.Date;

/**
 * An HS256 JWT check of the {@code Authorization: Bearer} header, with nimbus-jose-jwt (the library under Spring
 * Security's resource server): the token must be a JWS signed with HS256 under the shared secret and carry an
 * {@code exp} claim in the future. The secret is the file's first line, its characters' UTF-8 bytes being the key
 * (as HAProxy's {@code jwt_verify} and NGINX's njs take it).
 */
public final class JwtCheck {
    private final MACVerifier verifier;

    private JwtCheck(MACVerifier verifier) {
        this.verifier = verifier;
    }

    public static JwtCheck load(Path file) {
        String secret;
        try {
            secret = Files.readAllLines(file, StandardCharsets.UTF_8).stream().findFirst().orElse("").trim();
        } catch (IOException e) {
            throw new UncheckedIOException("--jwt-secret=" + file + ": cannot read it: " + e.getMessage(), e);
        }
        try {
            return new JwtCheck(new MACVerifier(secret.getBytes(StandardCharsets.UTF_8)));
        } catch (JOSEException e) {
            throw new IllegalArgumentException("--jwt-secret=" + file + ": not an HS256 key (at least 32 bytes): " + e.getMessage(), e);
        }
    }

    /** Null when the header carries a valid token; otherwise why not, for the 401. */
    public String reject(String authorization) {
        if (authorization == null || !authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
            return "no bearer token";
        }
        try {
            SignedJWT jwt = SignedJWT.parse(authorization.substring(7).trim());
            if (!JWSAlgorithm.HS256.equals(jwt.getHeader().getAlgorithm())) {
                return "not HS256";
            }
            if (!jwt.verify(verifier)) {
                return "bad signature";
            }
            Date exp = jwt.getJWTClaimsSet().getExpirationTime();
            if (exp == null) {
                return "no exp claim";
            }
            return exp.getTime() > System.currentTimeMillis() ? null : "expired";
        } catch (ParseException | JOSEException | RuntimeException e) {
            return "malformed token";
        }
    }
}
