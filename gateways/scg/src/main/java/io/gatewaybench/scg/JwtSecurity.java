package io.gatewaybench.scg;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import javax.crypto.spec.SecretKeySpec;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.config.annotation.web.reactive.EnableWebFluxSecurity;
import org.springframework.security.config.web.server.ServerHttpSecurity;
import org.springframework.security.oauth2.jose.jws.MacAlgorithm;
import org.springframework.security.oauth2.jwt.JwtTimestampValidator;
import org.springframework.security.oauth2.jwt.JwtValidators;
import org.springframework.security.oauth2.jwt.NimbusReactiveJwtDecoder;
import org.springframework.security.oauth2.jwt.ReactiveJwtDecoder;
import org.springframework.security.web.server.SecurityWebFilterChain;
import org.springframework.security.web.server.context.NoOpServerSecurityContextRepository;
import org.springframework.security.web.server.savedrequest.NoOpServerRequestCache;

/**
 * {@code --jwt-secret}: Spring Security's OAuth2 resource server, the way a Spring Cloud Gateway operator checks
 * bearer JWTs. Every request needs {@code Authorization: Bearer <JWS>} signed HS256 with the file's secret and an
 * {@code exp} in the future, else 401 (with {@code WWW-Authenticate: Bearer ...}) and it is not forwarded; the
 * header goes on unchanged.
 *
 * <p>Only when the option is given: without it this class is skipped, so no filter chain exists at all (the pom
 * brings the Spring Security libraries, not Boot's security starter, whose auto-configuration would put a default
 * chain in front of every request). The chain is a WebFilter, so it runs before the gateway matches a route: a
 * request without a valid token gets 401 on any path.
 *
 * <p>Stateless and bare: no session or saved request, no CSRF (nothing here has a browser form), no security
 * response headers (the gateway passes the upstream's responses on as they are), no basic or form login, no logout.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty("scg.duties.jwt-secret")
@EnableWebFluxSecurity
class JwtSecurity {

	@Bean
	SecurityWebFilterChain bearerJwt(ServerHttpSecurity http, ReactiveJwtDecoder decoder) {
		return http.authorizeExchange(exchanges -> exchanges.anyExchange().authenticated())
			.oauth2ResourceServer(server -> server.jwt(jwt -> jwt.jwtDecoder(decoder)))
			.securityContextRepository(NoOpServerSecurityContextRepository.getInstance())
			.requestCache(cache -> cache.requestCache(NoOpServerRequestCache.getInstance()))
			.csrf(ServerHttpSecurity.CsrfSpec::disable)
			.headers(ServerHttpSecurity.HeaderSpec::disable)
			.httpBasic(ServerHttpSecurity.HttpBasicSpec::disable)
			.formLogin(ServerHttpSecurity.FormLoginSpec::disable)
			.logout(ServerHttpSecurity.LogoutSpec::disable)
			.build();
	}

	/**
	 * Nimbus under Spring Security's decoder: HS256 only (any other alg, "none" included, is refused), the key being
	 * the UTF-8 bytes of the file's first line (trimmed, as the shared JwtCheck takes it). Validators: Spring's
	 * defaults, with the timestamp check made strict: {@code exp} required and no clock skew (Spring's default
	 * allows 60 s and a token without {@code exp}; the scenarios want "exp in the future").
	 */
	@Bean
	ReactiveJwtDecoder hs256Decoder(@Value("${scg.duties.jwt-secret}") Path secretFile) {
		NimbusReactiveJwtDecoder decoder = NimbusReactiveJwtDecoder
			.withSecretKey(new SecretKeySpec(firstLine(secretFile).getBytes(StandardCharsets.UTF_8), "HmacSHA256"))
			.macAlgorithm(MacAlgorithm.HS256)
			.build();
		JwtTimestampValidator expiry = new JwtTimestampValidator(Duration.ZERO);
		expiry.setAllowEmptyExpiryClaim(false);
		decoder.setJwtValidator(JwtValidators.createDefaultWithValidators(expiry));
		return decoder;
	}

	private static String firstLine(Path file) {
		try {
			return Files.readAllLines(file, StandardCharsets.UTF_8).stream().findFirst().orElse("").trim();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
