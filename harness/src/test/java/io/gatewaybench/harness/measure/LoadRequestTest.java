package io.gatewaybench.harness.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gatewaybench.harness.plan.RunPlan;
import io.gatewaybench.harness.plan.Scenario;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The load's request under plain, as the calibration and every round build it: for Tomcat the book page checked by its marker
 * (what {@link GatlingRun.Request#BOOK} always was); for an origin at a URL its page, checked by its marker or else by its length.
 */
class LoadRequestTest {
    private static final byte[] PAGE = new byte[4332];

    @Test
    void plainAsksForTheOriginsPageCheckedByItsMarkerOrItsLength() {
        RunPlan tomcat = RunPlan.parse(List.of());
        assertEquals(GatlingRun.Request.BOOK, request(tomcat), "the calibration's request against Tomcat changed");
        GatlingRun.Request bare = request(RunPlan.parse(List.of("--origin=http://svc:8080/catalogue.html")));
        assertEquals("/catalogue.html", bare.path());
        assertEquals("", bare.marker());
        assertEquals(PAGE.length, bare.length(), "no marker: every answer must have the page's length");
        GatlingRun.Request marked = request(RunPlan.parse(List.of("--origin=http://svc:8080/items?page=2", "--origin-marker=items")));
        assertEquals("/items?page=2", marked.path());
        assertEquals("items", marked.marker());
        assertEquals(-1, marked.length(), "a marker: the page may change from one answer to the next");
    }

    private static GatlingRun.Request request(RunPlan plan) {
        return GatlingRun.Request.of(plan.scenario(Scenario.PLAIN), plan.credentials(), PAGE, "", plan.origin());
    }
}
