package io.gatewaybench.scg;

import java.util.LinkedHashMap;
import java.util.Map;

import io.gatewaybench.duties.Duties;

import org.springframework.core.env.MapPropertySource;

/**
 * The gateway configuration the scenarios add, as an operator would write it in application.yml, put in front of
 * every other property source by ScgGateway.start:
 * <ul>
 * <li>{@code --routes=N}: N routes {@code r0..r<N-1>}, each {@code Path=/r<i>/**} with {@code StripPrefix=1}, to the
 * upstream. Boot binds a list from the first source that has it, so these replace the profile's catch-all route
 * rather than adding to it: a path no route matches gets the gateway's 404.</li>
 * <li>{@code --rate-limit}: RequestRateLimiter as a default filter, i.e. on every route. Without arguments it uses
 * the one RateLimiter and KeyResolver beans (DutyBeans).</li>
 * </ul>
 * Empty in the plain scenario, which keeps the profile as it is.
 */
final class ScenarioProperties {

	private static final String GATEWAY = "spring.cloud.gateway.server.webflux.";

	private ScenarioProperties() {
	}

	static MapPropertySource of(Duties duties, String upstream) {
		Map<String, Object> properties = new LinkedHashMap<>();
		for (int i = 0; i < duties.routes(); i++) {
			String route = GATEWAY + "routes[" + i + "].";
			properties.put(route + "id", "r" + i);
			properties.put(route + "uri", upstream);
			properties.put(route + "predicates[0]", "Path=" + Duties.routePrefix(i) + "/**");
			properties.put(route + "filters[0]", "StripPrefix=1");
		}
		if (duties.rateLimit().isPresent()) {
			properties.put(GATEWAY + "default-filters[0]", "RequestRateLimiter");
		}
		return new MapPropertySource("scenario", properties);
	}

}
