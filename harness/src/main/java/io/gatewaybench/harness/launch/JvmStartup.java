package io.gatewaybench.harness.launch;

import io.gatewaybench.harness.model.RoundRuntime;
import io.gatewaybench.harness.plan.JvmProfile;
import io.gatewaybench.harness.plan.Target;
import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** How a started JVM gateway says it runs: its first line, "... event loops 2, transport epoll". */
public final class JvmStartup {
    private static final Pattern STARTED = Pattern.compile("event loops (\\d+), transport (\\w+)");

    private static final RoundRuntime NOTHING = new RoundRuntime(null, null, null, null, null, null);

    private JvmStartup() {
    }

    /**
     * The event loops and transport a JVM gateway reports when it starts ("..., event loops 2,
     * transport epoll"); an error when they are not what its JVM profile asked for, since the
     * figures would then be filed under the wrong profile. Nothing for a target without a profile. Only {@code event_loops}
     * and {@code transport} of the round's runtime are set.
     */
    public static RoundRuntime reported(Target t, JvmProfile profile, Launch gateway) {
        if (profile == null) {
            return NOTHING;
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(gateway.dir().resolve("stdout.log"));
        } catch (IOException e) {
            lines = List.of();
        }
        // the line that says so; the JVM may print before it (a Flight Recorder recording announces itself)
        String first = lines.stream().filter(l -> STARTED.matcher(l).find()).findFirst().orElse("");
        Matcher said = STARTED.matcher(first);
        if (!said.find()) {
            if (profile.transport() != null) {
                throw new IllegalStateException("JVM profile '" + profile.name() + "' asks for the " + profile.transport()
                        + " transport but " + t.gateway() + " does not say which it runs (no \"event loops N, transport T\" line in its "
                        + "stdout.log)");
            }
            return new RoundRuntime(null, null, "not reported", null, null, null);
        }
        if (profile.transport() != null && !profile.transport().equals(said.group(2))) {
            throw new IllegalStateException("JVM profile '" + profile.name() + "' asks for the " + profile.transport() + " transport but "
                    + t.gateway() + " runs " + said.group(2) + " (" + first.trim() + "); see targets/" + t.gateway() + ".properties");
        }
        if (Integer.parseInt(said.group(1)) != gateway.workers()) {
            throw new IllegalStateException(t.name() + " runs " + said.group(1) + " event loops where it was given "
                    + gateway.workers() + " (" + first.trim() + ")");
        }
        return new RoundRuntime(null, Integer.parseInt(said.group(1)), said.group(2), null, null, null);
    }
}
