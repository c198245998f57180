package io.gatewaybench.harness.launch;

import io.gatewaybench.harness.plan.Environment;
import io.gatewaybench.harness.plan.Repo;
import io.gatewaybench.harness.plan.Topology;
import java.net.URI;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Where and how one instance of a target runs: its run folder (pid, logs, temp and rendered
 * configuration all live there), its listen address, its upstream, and how many workers
 * (NGINX workers, HAProxy threads, event loops of the JVM gateways) it gets.
 *
 * @param dir the run folder here; on a remote host its copy is at {@link Topology.Host#pathOf}
 * @param upstream the origin as {@code http://host:port}, or null for the origin itself
 * @param gatewayArgs options a JVM profile adds to a gateway's command line ({@code {{gateway.args}}}), or ""
 * @param host the host it runs on (see {@link Topology.Host})
 */
public record Launch(Path dir, String bind, int port, URI upstream, int workers, String java, String jvmFlags, String gatewayArgs,
                     Topology.Host host) {

    /** A launch on this machine, as it is. */
    public Launch(Path dir, String bind, int port, URI upstream, int workers, String java, String jvmFlags) {
        this(dir, bind, port, upstream, workers, java, jvmFlags, "", Topology.Host.here(bind));
    }

    /** The same launch with a JVM profile's JDK ({@code java}, null to keep this one's), workers, flags and options. */
    public Launch under(String java, int workers, String jvmFlags, String gatewayArgs) {
        return new Launch(dir, bind, port, upstream, workers, java != null ? java : this.java, jvmFlags, gatewayArgs, host);
    }

    /** A launch on {@code host}: its address, a port it offers, its JDK. */
    public static Launch on(Topology.Host host, Path dir, URI upstream, int workers, String jvmFlags) {
        return new Launch(dir, host.address(), host.listenPort(), upstream, workers,
                host.java() != null ? host.java() : Environment.currentJava(), jvmFlags, "", host);
    }

    public static Launch onLoopback(Path dir, int port, URI upstream, int workers, String jvmFlags) {
        return new Launch(dir, "127.0.0.1", port, upstream, workers, Environment.currentJava(), jvmFlags);
    }

    /** The address a client on this machine connects to. */
    public String connectHost() {
        return bind.equals("0.0.0.0") ? "127.0.0.1" : bind;
    }

    public URI url() {
        return URI.create("http://" + connectHost() + ":" + port);
    }

    /** The placeholder values of this launch; descriptor keys are added to these (see {@link TargetProcess}). */
    Map<String, String> values() {
        Map<String, String> v = new LinkedHashMap<>();
        v.put("repo", host.home() != null ? host.home().toString() : Repo.root().toString());
        v.put("dir", host.pathOf(dir).toString());
        v.put("bind", bind);
        v.put("port", Integer.toString(port));
        v.put("workers", Integer.toString(workers));
        v.put("java", java);
        v.put("jvm.flags", jvmFlags);
        v.put("gateway.args", gatewayArgs);
        if (upstream != null) {
            v.put("upstream", "http://" + upstream.getHost() + ":" + upstream.getPort());
            v.put("upstream.host", upstream.getHost());
            v.put("upstream.port", Integer.toString(upstream.getPort()));
        }
        return v;
    }
}
