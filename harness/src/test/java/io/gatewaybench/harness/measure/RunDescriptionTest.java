package io.gatewaybench.harness.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.gatewaybench.harness.model.HostileInput;
import io.gatewaybench.harness.plan.HostileInputRecord;
import io.gatewaybench.harness.plan.Repo;
import io.gatewaybench.harness.plan.RunPlan;
import io.gatewaybench.harness.plan.Target;
import io.gatewaybench.harness.plan.Topology;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a run records of the hostile-input suite's finding: the record's figures for each gateway it runs from the repository's
 * own descriptor, the configuration the suite judged, and nothing for direct, a descriptor of the user's own (a copy of nginx's
 * elsewhere included: its configuration may be anything) or a gateway declared by URL.
 */
class RunDescriptionTest {

    @Test
    void theSuitesFindingIsRecordedForTheRepositorysOwnDescriptorsOnly(@TempDir Path dir) throws IOException {
        Path copy = dir.resolve("nginx.properties");
        Files.copy(Repo.root().resolve("targets/nginx.properties"), copy);
        HostileInputRecord record = HostileInputRecord.read();
        HostileInput found = RunDescription.hostileInput(List.of(Target.named("direct"), Target.named("nginx"), Target.named("scg"),
                Target.load(Repo.root().resolve("harness/src/test/resources/planted/planted-delay.properties")),
                Target.load(Repo.root().resolve("targets/examples/kong.properties"))), record);
        assertEquals(List.of("nginx", "scg"), List.copyOf(found.byGateway().keySet()));
        HostileInputRecord.Tally nginx = record.total("nginx");
        assertEquals(nginx.handled(), found.byGateway().get("nginx").handled());
        assertEquals(nginx.tried(), found.byGateway().get("nginx").tried());
        assertEquals(List.of("malformed origin response: 10 of 15", "1xx/upgrade: 3 of 7"), found.byGateway().get("nginx").missed(),
                "as docs/hostile-input.md words NGINX's misses");
        assertEquals(List.of(), found.byGateway().get("scg").missed());

        assertNull(RunDescription.hostileInput(List.of(Target.named("direct"), Target.load(copy)), record),
                "a copy of nginx's descriptor elsewhere is the user's own: its configuration is not the one the suite judged");
    }

    /** The summary names the commit the description was given when the run started, not the work tree's at its end. */
    @Test
    void theCommitIsTheOneTheRunStartedFrom(@TempDir Path dir) {
        RunPlan plan = RunPlan.parse(List.of("--targets=nginx", "--quick"));
        RunDescription d = new RunDescription(plan, Topology.loopback(), 2, dir.resolve("20261208-000000"),
                java.time.Instant.now(), HostileInputRecord.read(), "0ddc8c0");
        assertEquals("0ddc8c0", d.run(null, List.of(), null, List.of()).run().gitCommit());
    }
}
