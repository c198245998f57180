package io.gatewaybench.harness;

import java.nio.file.Path;

/** The origin every target fronts: Tomcat from infra/tomcat/tomcat.properties, serving the book page. */
public final class Origin {
    /** The page the 2019 study measured, from Tomcat's examples. */
    public static final String BOOK_PATH = "/examples/jsp/jsp2/simpletag/book.jsp";
    /** A string only the correct book page contains (its rendered title, upper-cased by a custom tag). */
    public static final String BOOK_MARKER = "THE LORD OF THE RINGS";

    private Origin() {
    }

    public static Target descriptor() {
        return Target.load(Repo.root().resolve("infra/tomcat/tomcat.properties"));
    }

    public static TargetProcess start(Path dir, String bind, int port) {
        return TargetProcess.start(descriptor(), new Launch(dir, bind, port, null, 0, Launch.currentJava(), ""));
    }

    /** Tomcat on the backend host of a topology. */
    public static TargetProcess start(Path dir, Topology.Host backend) {
        return TargetProcess.start(descriptor(), Launch.on(backend, dir, null, 0, ""));
    }
}
