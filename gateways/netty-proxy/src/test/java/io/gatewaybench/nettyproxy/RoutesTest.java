package io.gatewaybench.nettyproxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The route table's rule: whole-segment prefixes, the longest wins, the query does not count. */
class RoutesTest {

    private final Routes<String> routes = Routes.of(Map.of(
            "/", "default",
            "/api", "api",
            "/api/v2/", "api-v2",
            "/examples/jsp", "jsp"));

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
            "/, default",
            "/api, api",
            "/api/, api",
            "/api/users/7, api",
            "/apix, default",
            "/api/v2, api-v2",
            "/api/v2/orders, api-v2",
            "/api/v20, api",
            "/examples/jsp/jsp2/simpletag/book.jsp, jsp",
            "/examples, default",
            "/api?x=/api/v2, api",
            "/api/v2?x=1, api-v2",
            "/api#/api/v2, api",
            "*, default",
            "http://front.example/api, default",
    })
    void longestWholeSegmentPrefixWins(String target, String expected) {
        assertEquals(expected, routes.match(target));
    }

    @Test
    void theOrderRoutesAreGivenInDoesNotMatter() {
        Map<String, String> deepFirst = new LinkedHashMap<>();
        deepFirst.put("/a/b/c", "abc");
        deepFirst.put("/a", "a");
        Map<String, String> shallowFirst = new LinkedHashMap<>();
        shallowFirst.put("/a", "a");
        shallowFirst.put("/a/b/c", "abc");
        for (Map<String, String> table : java.util.List.of(deepFirst, shallowFirst)) {
            Routes<String> r = Routes.of(table);
            assertEquals("abc", r.match("/a/b/c/d"));
            assertEquals("a", r.match("/a/b/x"));
        }
    }

    @Test
    void withoutARootRouteAnUnmatchedPathHasNoTarget() {
        Routes<String> r = Routes.of(Map.of("/api", "api"));
        assertNull(r.match("/other"));
        assertNull(r.match("*"));
        assertEquals("api", r.match("/api/x"));
    }

    @Test
    void theProxysOneRouteServesEveryRequestTarget() {
        Routes<String> only = Routes.of(Map.of("/", "upstream"));
        for (String target : new String[] {"/", "/examples/jsp/jsp2/simpletag/book.jsp?a=1", "*", "http://h/x", ""}) {
            assertEquals("upstream", only.match(target), target);
        }
    }

    @Test
    void manyRoutesAreFoundAtAnyPosition() {
        Map<String, Integer> table = new LinkedHashMap<>();
        for (int i = 0; i < 5000; i++) {
            table.put("/service" + i, i);
        }
        Routes<Integer> r = Routes.of(table);
        assertEquals(5000, r.size());
        assertEquals(0, r.match("/service0/x"));
        assertEquals(4999, r.match("/service4999/examples/book.jsp"));
        assertNull(r.match("/service5000/x"));
    }

    @ParameterizedTest
    @CsvSource({"api", "/api?x", "/a#b", "/a//b", "''"})
    void malformedPrefixesAreRefused(String prefix) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Routes.of(Map.of(prefix, "x")));
        assertTrue(e.getMessage().contains("'" + prefix + "'"), e.getMessage());
    }

    @Test
    void aPrefixWithAndWithoutTrailingSlashIsOneRoute() {
        Map<String, String> twice = new LinkedHashMap<>();
        twice.put("/api", "a");
        twice.put("/api/", "b");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Routes.of(twice));
        assertEquals("route '/api/' is given twice", e.getMessage());
    }
}
