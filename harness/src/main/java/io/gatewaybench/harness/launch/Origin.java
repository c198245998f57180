package io.gatewaybench.harness.launch;

import io.gatewaybench.harness.plan.Environment;
import io.gatewaybench.harness.plan.Repo;
import io.gatewaybench.harness.plan.Scenario;
import io.gatewaybench.harness.plan.Target;
import io.gatewaybench.harness.plan.Topology;
import java.nio.file.Path;

/** The origin every target fronts: Tomcat from infra/tomcat/tomcat.properties, serving the book page ({@link Scenario#BOOK_PATH}). */
public final class Origin {
    private Origin() {
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
}
