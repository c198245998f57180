package io.gatewaybench.harness;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gatewaybench.harness.measure.SimulationLog;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * What an injector host's Gatling left of its start gate (several injector hosts: the closed load begins at one instant):
 * read from its console ({@code gatling.log}, where the simulation says when it began) and its {@code simulation.log}.
 */
final class StartGates {
    private static final Pattern BEGAN = Pattern.compile("BookPageSimulation: began (\\d+) ms after the start instant (\\d+)");

    private StartGates() {
    }

    /** The start instant (epoch ms) and how many ms after it the Gatling whose console is {@code log} began. */
    static long[] began(Path log) throws IOException {
        Matcher m = BEGAN.matcher(Files.readString(log, StandardCharsets.ISO_8859_1));
        assertTrue(m.find(), log + " says when it began");
        return new long[] {Long.parseLong(m.group(2)), Long.parseLong(m.group(1))};
    }

    /** The simulation.log of the Gatling whose console {@code gatling.log} lies in {@code folder}. */
    static SimulationLog log(Path folder) throws IOException {
        try (Stream<Path> files = Files.walk(folder, 2)) {
            return SimulationLog.read(files.filter(f -> f.getFileName().toString().equals("simulation.log")).findFirst()
                    .orElseThrow(() -> new AssertionError("no simulation.log under " + folder)));
        }
    }

    /** How many ms after the start instant the closed load in {@code folder} began its first request, of any phase. */
    static long firstRequestAfterTheInstant(Path folder) throws IOException {
        long instant = began(folder.resolve("gatling.log"))[0];
        SimulationLog log = log(folder);
        OptionalInt first = Stream.of("warm-up", "book", "tail").flatMap(n -> log.requests(n).stream()).mapToInt(r -> r.start()).min();
        assertTrue(first.isPresent(), folder + ": the closed load sent no request");
        return log.runStartEpochMillis() + first.getAsInt() - instant;
    }
}
