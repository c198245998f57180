package io.gatewaybench.harness;

import io.gatewaybench.harness.launch.Origin;
import io.gatewaybench.harness.launch.TargetProcess;
import io.gatewaybench.harness.plan.Ports;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Path;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * The two real origins the conformance tests put targets in front of: Tomcat serving the book page,
 * and the {@link TestOrigin}. Started once for the whole test run, stopped by PID when it ends.
 */
public final class Origins implements ExtensionContext.Store.CloseableResource {
    /** Where every process the tests start keeps its configuration, pid and logs. */
    public static final Path RUNS = Path.of("target", "test-runs").toAbsolutePath();

    final TargetProcess tomcat;
    final TestOrigin test;

    private Origins() throws IOException {
        tomcat = Origin.start(RUNS.resolve("tomcat"), "127.0.0.1", Ports.free());
        test = new TestOrigin();
    }

    public URI tomcatUrl() {
        return tomcat.launch().url();
    }

    @Override
    public void close() {
        test.close();
        tomcat.close();
    }

    /** Hands the one shared {@code Origins} to any test method or lifecycle method that asks for it. */
    public static final class Resolver implements ParameterResolver {
        @Override
        public boolean supportsParameter(ParameterContext p, ExtensionContext c) {
            return p.getParameter().getType() == Origins.class;
        }

        @Override
        public Object resolveParameter(ParameterContext p, ExtensionContext c) {
            return c.getRoot().getStore(ExtensionContext.Namespace.GLOBAL).getOrComputeIfAbsent(Origins.class, k -> {
                try {
                    return new Origins();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }, Origins.class);
        }
    }
}
