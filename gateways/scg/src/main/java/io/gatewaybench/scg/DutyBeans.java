package io.gatewaybench.scg;

import io.gatewaybench.duties.Duties;

import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.cloud.gateway.filter.GlobalFilter;
import org.springframework.cloud.gateway.filter.ratelimit.KeyResolver;
import org.springframework.cloud.gateway.filter.ratelimit.RateLimiter;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The gateway's side of {@code --api-keys} and {@code --rate-limit}: each bean exists only when its option is given
 * ({@code scg.duties.*}, set by GatewayCommandLine), so the plain scenario has none of them. The RateLimiter and
 * KeyResolver beans are what makes the gateway create its RequestRateLimiter filter factory (it is conditional on
 * both); the filter itself is declared on every route (ScenarioProperties, ScenarioRoutes).
 * {@link Duties} is the command line's, registered by ScgGateway.start.
 */
@Configuration(proxyBeanMethods = false)
class DutyBeans {

	@Bean
	@ConditionalOnProperty("scg.duties.api-keys")
	GlobalFilter apiKeyFilter(Duties duties) {
		return new ApiKeyFilter(duties.apiKeys().orElseThrow());
	}

	@Bean
	@ConditionalOnProperty("scg.duties.rate-limit")
	RateLimiter<Object> dutiesRateLimiter(Duties duties) {
		return new DutiesRateLimiter(duties.rateLimit().orElseThrow());
	}

	@Bean
	@ConditionalOnProperty("scg.duties.rate-limit")
	KeyResolver clientKeyResolver(Duties duties) {
		return new ClientKeyResolver(duties.apiKeys().isPresent());
	}

}
