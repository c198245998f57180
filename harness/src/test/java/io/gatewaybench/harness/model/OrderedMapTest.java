package io.gatewaybench.harness.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class OrderedMapTest {
    @Test
    void keysComeOutInTheOrderGivenAndSoDoesTheirJson() throws Exception {
        List<String> keys = List.of("zeta", "alpha", "mu", "beta", "omega", "delta", "kappa", "epsilon");
        Object[] pairs = new Object[keys.size() * 2];
        for (int i = 0; i < keys.size(); i++) {
            pairs[2 * i] = keys.get(i);
            pairs[2 * i + 1] = i;
        }
        Map<String, Integer> m = OrderedMap.of(pairs);
        assertEquals(keys, List.copyOf(m.keySet()));
        assertEquals("{\"zeta\":0,\"alpha\":1,\"mu\":2,\"beta\":3,\"omega\":4,\"delta\":5,\"kappa\":6,\"epsilon\":7}",
                new ObjectMapper().writeValueAsString(m));
    }

    @Test
    void aKeyTwiceAnOddCountOrANullValueIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> OrderedMap.of("a", 1, "a", 2));
        assertThrows(IllegalArgumentException.class, () -> OrderedMap.of("a", 1, "b"));
        assertThrows(IllegalArgumentException.class, () -> OrderedMap.of("a", null));
        assertThrows(UnsupportedOperationException.class, () -> OrderedMap.<Integer>of("a", 1).put("b", 2));
    }
}
