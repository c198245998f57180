package io.gatewaybench.scg;

import java.util.LinkedHashMap;
import java.util.Map;

import io.gatewaybench.duties.Duties;

import org.springframework.core.env.MapPropertySource;

/**
 * The properties the scenarios change, as an operator would write them in application.yml, put in front of
 * every other property source by ScgGateway.start:
 * <ul>
 * <li>{@code --routes=N}: no property routes. Boot binds a list from the first source that has it, so the empty
 * list here replaces the profile's catch-all route; the N routes are ScenarioRoutes'.</li>
 * <li>{@code --rate-limit} without {@code --routes}: RequestRateLimiter as a default filter, i.e. on the catch-all
 * route. Without arguments it uses the one RateLimiter and KeyResolver beans (DutyBeans).</li>
 * </ul>
 * Empty in the plain scenario, which keeps the profile as it is.
 */
final class ScenarioProperties {

	private static final String GATEWAY = "spring.cloud.gateway.server.webflux.";

	private ScenarioProperties() {
	}

	static MapPropertySource of(Duties duties) {
		Map<String, Object> properties = new LinkedHashMap<>();
		if (duties.routes() > 0) {
			properties.put(GATEWAY + "routes", "");
		}
		else if (duties.rateLimit().isPresent()) {
			properties.put(GATEWAY + "default-filters[0]", "RequestRateLimiter");
		}
		return new MapPropertySource("scenario", properties);
	}

}
