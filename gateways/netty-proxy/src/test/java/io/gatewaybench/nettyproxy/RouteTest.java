package io.gatewaybench.nettyproxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The scenario's route tables and the prefix stripping of {@code --routes=N}. */
class RouteTest {

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
            "/r17/examples/x.jsp?a=1, /examples/x.jsp?a=1",
            "/r17/, /",
            "/r17, /",
            "/r17?a=/b, /?a=/b",
            "/r17/r3/x, /r3/x",
    })
    void theMatchedPrefixIsStripped(String target, String forwarded) {
        Route route = Route.table(1000).match(target);
        assertEquals(new Route(0, 4), route);
        assertEquals(forwarded, route.forwardedTarget(target));
    }

    @Test
    void nRoutesAndNoCatchAll() {
        Routes<Route> table = Route.table(5000);
        assertEquals(5000, table.size());
        assertEquals(new Route(0, "/r4999".length()), table.match("/r4999/x"));
        assertNull(table.match("/r5000/x"));
        assertNull(table.match("/"));
    }

    @Test
    void thePlainScenarioHasOneRouteThatForwardsEveryTargetWhole() {
        Routes<Route> table = Route.table(0);
        assertEquals(1, table.size());
        for (String target : new String[] {"/", "/r17/x", "/examples/x.jsp?a=1", "*"}) {
            assertEquals(new Route(0, 0), table.match(target));
        }
    }
}
