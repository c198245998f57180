package io.gatewaybench.harness.launch;

import io.gatewaybench.harness.plan.Environment;
import io.gatewaybench.harness.plan.OriginPlan;
import io.gatewaybench.harness.plan.Repo;
import io.gatewaybench.harness.plan.Scenario;
import io.gatewaybench.harness.plan.Target;
import io.gatewaybench.harness.plan.Topology;
import java.net.URI;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The origin every target fronts, for one run: Tomcat from infra/tomcat/tomcat.properties, serving the book page
 * ({@link Scenario#BOOK_PATH}), started on the backend host and stopped with the run; or the user's own service, running
 * already at a URL ({@code --origin}), which is neither started, stopped nor sampled.
 */
public final class Origin implements AutoCloseable {
    private final OriginPlan plan;
    /** Tomcat, when the run started it; null for an origin at a URL. */
    private final TargetProcess tomcat;

    private Origin(OriginPlan plan, TargetProcess tomcat) {
        this.plan = plan;
        this.tomcat = tomcat;
    }

    public static Target descriptor() {
        return Target.load(Repo.root().resolve("infra/tomcat/tomcat.properties"));
    }

    public static TargetProcess start(Path dir, String bind, int port) {
        return TargetProcess.start(descriptor(), new Launch(dir, bind, port, null, 0, Environment.currentJava(), ""));
    }

    /** Tomcat on the backend host of a topology. */
    public static TargetProcess start(Path dir, Topology.Host backend) {
        return TargetProcess.start(descriptor(), Launch.on(backend, dir, null, 0, ""));
    }

    /** The run's origin: Tomcat started in {@code dir} on the backend host, or, for an origin at a URL, that URL as it is. */
    public static Origin of(OriginPlan plan, Path dir, Topology.Host backend) {
        return of(plan, dir, backend, null);
    }

    /** The same, Tomcat in {@code cpu}'s group {@code tomcat} where {@code cpu} is given. */
    public static Origin of(OriginPlan plan, Path dir, Topology.Host backend, CpuGroups cpu) {
        return new Origin(plan, plan.atUrl() ? null
                : TargetProcess.start(descriptor(), Launch.on(backend, dir, null, 0, ""), cpu));
    }

    /** Where clients and gateways reach it, {@code http://host:port}. */
    public URI url() {
        return tomcat != null ? tomcat.launch().url() : plan.url();
    }

    public OriginPlan plan() {
        return plan;
    }

    /** Its process on this machine, whose CPU and memory are sampled: Tomcat, when it runs here. */
    public OptionalLong localPid() {
        return tomcat != null && !tomcat.launch().host().remote() ? OptionalLong.of(tomcat.pid()) : OptionalLong.empty();
    }

    /**
     * Why it can no longer serve, if the run knows it cannot: Tomcat exited, {@code during} what (its status and log). An origin
     * at a URL is not watched; what it stops answering fails the targets' checks instead.
     */
    public Optional<String> exited(String during) {
        if (tomcat == null || tomcat.process().isAlive()) {
            return Optional.empty();
        }
        return Optional.of("the origin (Tomcat) exited with status " + tomcat.process().exitValue() + " during " + during + "; see "
                + tomcat.launch().dir().resolve("stderr.log"));
    }

    @Override
    public void close() {
        if (tomcat != null) {
            tomcat.close();
        }
    }
}
