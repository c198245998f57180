package io.gatewaybench.nettyproxy;

import io.gatewaybench.microbench.BookPage;
import io.gatewaybench.microbench.Microbenchmark;
import io.gatewaybench.microbench.RoundRobin;
import java.util.LinkedHashMap;
import java.util.Map;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * netty-proxy's route lookup ({@link Routes#match}, as {@code FrontendHandler} calls it with the request-target)
 * with 1, 1,000 and 5,000 routes. With one route the table is the proxy's own ("/" to the upstream); with more, route
 * i is {@code /service<i>}, and the requests ({@code /service<i>/examples/jsp/jsp2/simpletag/book.jsp?id=7}) go to
 * every route in turn, so each is hit equally often. The table's rule (longest whole-segment prefix, one hash probe
 * per segment) makes the cost independent of the number of routes; this benchmark checks that claim.
 * {@code ScgRoutesBenchmark} asks the same question of Spring Cloud Gateway.
 *
 * <p>Baseline: {@code baseline} picks the next request-target, which every lookup does too.
 *
 * <p>Pitfalls: the request-targets are built once in setup (a real one is a fresh String from the decoder, whose
 * hash is not cached yet: a lookup hashes substrings it makes, so that does not change the figure). Cycling
 * through all routes, not one, keeps the branch predictor and caches from learning a single answer. The result is
 * returned to JMH, so the lookup cannot be removed.
 *
 * <p>Run alone: {@code java -jar microbench/target/benchmarks.jar NettyProxyRoutesBenchmark -prof gc}
 */
public class NettyProxyRoutesBenchmark extends Microbenchmark {

    @Param({"1", "1000", "5000"})
    public int routes;

    private Routes<String> table;
    private RoundRobin<String> requests;

    @Setup(Level.Trial)
    public void setUp() {
        Map<String, String> prefixes = new LinkedHashMap<>();
        String[] targets;
        if (routes == 1) {
            prefixes.put("/", BookPage.UPSTREAM_HOST);
            targets = new String[] {BookPage.PATH + "?id=7"};
        } else {
            targets = new String[routes];
            for (int i = 0; i < routes; i++) {
                prefixes.put("/service" + i, "upstream" + i);
                targets[i] = "/service" + i + BookPage.PATH + "?id=7";
            }
        }
        table = Routes.of(prefixes);
        for (String target : targets) {
            if (table.match(target) == null) {
                throw new IllegalStateException("no route for " + target);
            }
        }
        requests = new RoundRobin<>(targets);
    }

    @Benchmark
    public String baseline() {
        return requests.next();
    }

    @Benchmark
    public String match() {
        return table.match(requests.next());
    }
}
