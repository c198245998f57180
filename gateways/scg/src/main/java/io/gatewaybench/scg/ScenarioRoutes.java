package io.gatewaybench.scg;

import io.gatewaybench.duties.Duties;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.cloud.gateway.route.RouteLocator;
import org.springframework.cloud.gateway.route.builder.RouteLocatorBuilder;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * {@code --routes=N}: N routes {@code r0..r<N-1>}, each {@code Path=/r<i>/**} with {@code StripPrefix=1} to the
 * upstream, declared with the gateway's Java DSL (RouteLocatorBuilder). They take the place of the profile's
 * catch-all route (ScenarioProperties empties the property routes), so a path no route matches gets the gateway's
 * 404. With {@code --rate-limit} each route also carries RequestRateLimiter (the default filters of the properties
 * apply to property routes only), using the one RateLimiter and KeyResolver beans (DutyBeans).
 *
 * <p>Why not N property routes like the plain one: Boot's binder takes time quadratic in the number of list entries
 * (each route's own lists are looked up among all the properties): with 5000 property routes the gateway took about
 * 30 s to start on a 2-CPU machine, against under 4 s with these. The routes the gateway then matches are of the
 * same kind either way (a Path predicate and a StripPrefix filter, tried one after the other).
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty("scg.duties.routes")
class ScenarioRoutes {

	@Bean
	RouteLocator numberedRoutes(RouteLocatorBuilder builder, Duties duties, @Value("${scg.upstream}") String upstream) {
		boolean rateLimit = duties.rateLimit().isPresent();
		RouteLocatorBuilder.Builder routes = builder.routes();
		for (int i = 0; i < duties.routes(); i++) {
			String prefix = Duties.routePrefix(i);
			routes.route("r" + i, route -> route.path(prefix + "/**").filters(filters -> {
				if (rateLimit) {
					filters.requestRateLimiter(config -> {
					});
				}
				return filters.stripPrefix(1);
			}).uri(upstream));
		}
		return routes.build();
	}

}
