package io.gatewaybench.harness.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code --scenarios} and {@code --workers=1,2}: which targets a run measures, under which names, paired with which direct. */
class ScenarioPlanTest {

    private static List<String> names(RunPlan plan) {
        return plan.targets().stream().map(Target::name).toList();
    }

    @Test
    void eachGatewayRunsUnderEachScenarioAndDirectOnlyWhereThePageChanges() {
        RunPlan plan = RunPlan.parse(List.of("--targets=nginx,scg", "--scenarios=jwt,4kb"));
        assertEquals(List.of("direct", "nginx", "scg", "nginx:jwt", "scg:jwt", "direct:4kb", "nginx:4kb", "scg:4kb"), names(plan));
        assertEquals(List.of("plain", "jwt", "4kb"), plan.scenarios().stream().map(Scenario::name).toList());
        Target scgJwt = plan.targets().get(4);
        assertEquals("scg", scgJwt.gateway());
        assertEquals("scg", scgJwt.underPlain());
        assertEquals("jwt", scgJwt.scenario());
        assertEquals("direct", plan.baselineOf(scgJwt), "a duty leaves the page as it is: direct under plain is its baseline");
        assertEquals("direct:4kb", plan.baselineOf(plan.targets().get(7)));
        assertEquals("direct:4kb", plan.baselineOf(plan.targets().get(5)));
        assertTrue(plan.notAvailable().isEmpty(), plan.notAvailable().toString());
    }

    @Test
    void allIsEveryShippedScenarioWithPlainFirst() {
        RunPlan plan = RunPlan.parse(List.of("--targets=haproxy", "--scenarios=all"));
        assertEquals(Scenario.ALL, plan.scenarios().stream().map(Scenario::name).toList());
        assertEquals(List.of("direct", "haproxy", "haproxy:ratelimit", "haproxy:keyauth+ratelimit", "haproxy:jwt", "haproxy:routes-1000",
                "haproxy:routes-5000", "direct:0kb", "haproxy:0kb", "direct:1kb", "haproxy:1kb", "direct:4kb", "haproxy:4kb"), names(plan));
    }

    @Test
    void aTargetWithoutADutyIsNotAvailableWithItsReasonAndTheRunGoesOn() {
        RunPlan plan = RunPlan.parse(List.of("--targets=nginx,harness/src/test/resources/planted/planted-delay.properties",
                "--scenarios=ratelimit,1kb"));
        assertEquals(List.of("direct", "nginx", "planted-delay", "nginx:ratelimit", "direct:1kb", "nginx:1kb", "planted-delay:1kb"), names(plan));
        assertEquals(1, plan.notAvailable().size());
        io.gatewaybench.harness.model.Scenarios.NotAvailable n = plan.notAvailable().get(0);
        assertEquals("planted-delay", n.target());
        assertEquals("ratelimit", n.scenario());
        assertTrue(n.reason().contains("declares no rate-limit among its duties"), n.reason());
    }

    @Test
    void aWorkersSweepMakesOneTargetPerCount() {
        RunPlan plan = RunPlan.parse(List.of("--targets=nginx,zuul2", "--workers=2,1", "--scenarios=jwt"));
        assertEquals(List.of("direct", "nginx-w1", "nginx-w2", "zuul2-w1", "zuul2-w2", "nginx-w1:jwt", "nginx-w2:jwt", "zuul2-w1:jwt",
                "zuul2-w2:jwt"), names(plan));
        assertEquals(List.of(1, 2), plan.workerSweep());
        assertEquals(0, plan.workers());
        assertEquals(1, plan.targets().get(5).sweptWorkers().orElseThrow());
        assertEquals("nginx-w1", plan.targets().get(5).underPlain());
        assertEquals("nginx:jwt", plan.targets().get(6).sweepSeries().orElseThrow(), "the table's row groups the counts of one gateway");
        assertEquals("zuul2", plan.targets().get(3).sweepSeries().orElseThrow());
        assertTrue(plan.targets().get(0).sweepSeries().isEmpty(), "direct is not swept");
        assertEquals(3, RunPlan.parse(List.of("--workers=3")).workers(), "one count is no sweep");
        assertTrue(RunPlan.parse(List.of("--workers=3")).workerSweep().isEmpty());
    }

    @Test
    void anUnknownScenarioListsTheKnownOnes() {
        String m = assertThrows(IllegalArgumentException.class, () -> RunPlan.parse(List.of("--scenarios=oauth"))).getMessage();
        assertTrue(m.startsWith("no scenario 'oauth': known scenarios are [0kb, 1kb, 4kb, jwt, keyauth+ratelimit, plain, ratelimit, "
                + "routes-1000, routes-5000]"), m);
    }

    @Test
    void templateSectionsNestAndRepeat() {
        String t = "{{#if a}}A{{#if b}}B{{/if}}{{#unless b}}not-b{{/unless}}{{/if}}|{{#each list}}<{{.}}{{#if a}}!{{/if}}>{{/each}}|{{#unless a}}x{{/unless}}";
        assertEquals("Anot-b|<1!><2!>|", Template.render(t, Map.of("a", "y", "b", "", "list", "1\n2"), "t"));
        assertEquals("|<1><2>|x", Template.render(t, Map.of("a", "", "b", "y", "list", "1\n2"), "t"));
        assertEquals("||x", Template.render(t, Map.of("a", "", "b", "", "list", ""), "t"));
        assertThrows(IllegalArgumentException.class, () -> Template.render("{{#if c}}x{{/if}}", Map.of(), "t"), "an unknown name is an error");
    }

    @Test
    void tokensAreHs256SignedAndTheCredentialsNeverPrintTheirSecret() {
        Credentials c = Credentials.issue();
        String[] parts = c.token().split("\\.");
        assertEquals(3, parts.length);
        String header = new String(java.util.Base64.getUrlDecoder().decode(parts[0]));
        assertEquals("{\"alg\":\"HS256\",\"typ\":\"JWT\"}", header);
        assertEquals(64, c.jwtSecret().length());
        assertTrue(!c.toString().contains(c.jwtSecret()) && !c.toString().contains(c.loadKey()), c.toString());
        assertEquals(Credentials.KEYS, c.apiKeys().stream().distinct().count());
    }
}
