package io.gatewaybench.microbench;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.springframework.boot.webflux.autoconfigure.WebFluxProperties;
import org.springframework.cloud.gateway.config.GlobalCorsProperties;
import org.springframework.cloud.gateway.handler.AsyncPredicate;
import org.springframework.cloud.gateway.handler.FilteringWebHandler;
import org.springframework.cloud.gateway.handler.RoutePredicateHandlerMapping;
import org.springframework.cloud.gateway.handler.predicate.PathRoutePredicateFactory;
import org.springframework.cloud.gateway.route.CachingRouteLocator;
import org.springframework.cloud.gateway.route.Route;
import org.springframework.cloud.gateway.support.ServerWebExchangeUtils;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Flux;

/**
 * Spring Cloud Gateway's route lookup with 1, 1,000 and 5,000 Path routes: its own RoutePredicateHandlerMapping
 * over a CachingRouteLocator, which tries the routes in order and takes the first whose predicate matches. With one
 * route it is the scg target's ({@code Path=/**}); with more, route i is {@code Path=/service<i>/**}, and the
 * requests ({@code /service<i>/examples/jsp/jsp2/simpletag/book.jsp?id=7}) go to every route in turn, so a lookup
 * tries half the routes on average. The routes are built as RouteDefinitionRouteLocator builds them from
 * properties (an always-true predicate and-ed with PathRoutePredicateFactory's), without a Spring context.
 * {@code NettyProxyRoutesBenchmark} asks the same question of netty-proxy's table.
 *
 * <p>Baseline: {@code baseline} picks the next exchange and clears its attributes, which every lookup here does too
 * (there the map holds the previous lookup's few entries, so the clearing costs a few nanoseconds more).
 *
 * <p>Pitfalls: an exchange caches its parsed path in its attributes at the first predicate; the attributes are
 * cleared before every lookup, else every lookup after the first would skip the parsing. The Mono is resolved with
 * block(), which returns at once because the lookup completes synchronously; the gateway subscribes instead (a few
 * objects either way). Only the gateway's own handler mapping runs, not the DispatcherHandler around it (which asks
 * WebFlux's other mappings first). The matched handler is returned to JMH. With 5,000 routes a lookup allocates
 * about half a megabyte and its iterations swing between about 0.35 and 0.9 ms here, from one second to the next,
 * with G1 and with the parallel collector alike, and no longer warm-up settles it: read that figure as an order of
 * magnitude, or rerun it with {@code -f 3} and more iterations.
 *
 * <p>Run alone: {@code java -jar microbench/target/benchmarks.jar ScgRoutesBenchmark -prof gc}
 */
public class ScgRoutesBenchmark extends Microbenchmark {

    @Param({"1", "1000", "5000"})
    public int routes;

    private RoutePredicateHandlerMapping mapping;
    private RoundRobin<ServerWebExchange> requests;

    @Setup(Level.Trial)
    public void setUp() {
        PathRoutePredicateFactory path = new PathRoutePredicateFactory(new WebFluxProperties());
        List<Route> table = new ArrayList<>();
        for (int i = 0; i < routes; i++) {
            String pattern = routes == 1 ? "/**" : "/service" + i + "/**";
            AsyncPredicate<ServerWebExchange> predicate = AsyncPredicate.<ServerWebExchange>from(exchange -> true)
                    .and(path.applyAsync(config -> config.setPatterns(List.of(pattern))));
            table.add(Route.async().id("route" + i).uri("http://" + BookPage.UPSTREAM_HOST).asyncPredicate(predicate).build());
        }
        mapping = new RoutePredicateHandlerMapping(new FilteringWebHandler(List.of(), true),
                new CachingRouteLocator(() -> Flux.fromIterable(table)), new GlobalCorsProperties(), new StandardEnvironment());

        ServerWebExchange[] exchanges = new ServerWebExchange[routes];
        for (int i = 0; i < routes; i++) {
            exchanges[i] = ScgExchanges.bookPage((routes == 1 ? "" : "/service" + i) + BookPage.PATH + "?id=7");
            Object handler = mapping.getHandler(exchanges[i]).block();
            Route matched = exchanges[i].getAttribute(ServerWebExchangeUtils.GATEWAY_ROUTE_ATTR);
            if (handler == null || matched == null || !matched.getId().equals("route" + i)) {
                throw new IllegalStateException("request " + i + " matched " + matched);
            }
        }
        requests = new RoundRobin<>(exchanges);
    }

    @Benchmark
    public ServerWebExchange baseline() {
        return nextExchange();
    }

    @Benchmark
    public Object match() {
        return mapping.getHandler(nextExchange()).block();
    }

    private ServerWebExchange nextExchange() {
        ServerWebExchange exchange = requests.next();
        exchange.getAttributes().clear();
        return exchange;
    }
}
