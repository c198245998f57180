package io.gatewaybench.harness.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * {@link VegetaLevel} on Vegeta's own records of a real level (src/test/resources/vegeta/, 200 requests at 100 req/s:
 * one second of warm-up, one measured), as they are and with one thing planted in them.
 */
class VegetaLevelTest {
    private static final Path SAMPLE = Path.of("src/test/resources/vegeta/nginx-100rps-2s.json");
    private static final String MARKER = "THE LORD OF THE RINGS";
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void aRealLevelIsReadAsSent() throws IOException {
        VegetaLevel.Result r = VegetaLevel.read(SAMPLE, 100, 1, 1, MARKER);
        assertEquals(100, r.planned());
        assertEquals(100, r.sent());
        assertEquals(100, r.good());
        assertEquals(Map.of(), r.failures());
        assertEquals(100, r.fromIntended().getTotalCount());
        // from the intended send, never earlier than from the actual one
        assertTrue(r.fromIntended().getValueAtPercentile(50) >= r.fromSend().getValueAtPercentile(50));
        assertEquals(100.0, r.goodPerSecond(), 1e-9);
    }

    @Test
    void aRequestSentLateIsLateByThatMuchFromItsIntendedSend() throws IOException {
        long before = VegetaLevel.read(SAMPLE, 100, 1, 1, MARKER).fromIntended().getMaxValue();
        // request 150 taken 50 ms after it was due: its latency from the actual send does not show it, from the intended one does
        VegetaLevel.Result r = planted(150, rec -> shift(rec, 50_000_000L));
        assertTrue(r.sendLag().getMaxValue() >= 50_000 && r.sendLag().getMaxValue() < 51_000, "lag " + r.sendLag().getMaxValue());
        assertTrue(r.fromIntended().getMaxValue() >= 50_000 + r.fromSend().getMinValue(), "max from intended " + r.fromIntended().getMaxValue());
        assertTrue(r.fromSend().getMaxValue() < 50_000, "from the actual send " + r.fromSend().getMaxValue());
        assertTrue(before < 50_000, "the sample itself has no such lag: " + before);
    }

    @Test
    void theScheduleOriginIsTheMostPunctualRequest() throws IOException {
        // every request 7 ms later: the same schedule, shifted; nobody is late
        List<String> lines = new ArrayList<>();
        for (String l : Files.readAllLines(SAMPLE)) {
            lines.add(JSON.writeValueAsString(shift((ObjectNode) JSON.readTree(l), 7_000_000L)));
        }
        VegetaLevel.Result shifted = VegetaLevel.read(new BufferedReader(new StringReader(String.join("\n", lines))), 100, 1, 1, MARKER);
        VegetaLevel.Result real = VegetaLevel.read(SAMPLE, 100, 1, 1, MARKER);
        assertEquals(real.sendLag().getMaxValue(), shifted.sendLag().getMaxValue());
        assertEquals(real.fromIntended().getValueAtPercentile(99), shifted.fromIntended().getValueAtPercentile(99));
    }

    @Test
    void aLateFirstRequestDoesNotMoveTheSchedule() throws IOException {
        // the warm-up's first request taken 5 ms late: the schedule is still set by the punctual ones, so the measured
        // requests' lags do not change (an origin taken from the first record would make every one of them 5 ms early)
        VegetaLevel.Result real = VegetaLevel.read(SAMPLE, 100, 1, 1, MARKER);
        VegetaLevel.Result lateFirst = planted(0, rec -> shift(rec, 5_000_000L));
        assertTrue(real.sendLag().getValueAtPercentile(50) > 0, "the sample's own lag: " + real.sendLag().getValueAtPercentile(50));
        assertEquals(real.sendLag().getValueAtPercentile(50), lateFirst.sendLag().getValueAtPercentile(50));
        assertEquals(real.fromIntended().getValueAtPercentile(50), lateFirst.fromIntended().getValueAtPercentile(50));
    }

    @Test
    void aWrongAnswerIsAFailureNotALatency() throws IOException {
        VegetaLevel.Result wrongPage = planted(120, rec -> rec.put("body", Base64.getEncoder().encodeToString("<html>other</html>".getBytes(StandardCharsets.UTF_8))));
        assertEquals(Map.of("no marker", 1L), wrongPage.failures());
        assertEquals(99, wrongPage.good());
        assertEquals(99, wrongPage.fromIntended().getTotalCount());
        VegetaLevel.Result badGateway = planted(130, rec -> rec.put("code", 502).put("error", "502 Bad Gateway"));
        assertEquals(Map.of("status 502", 1L), badGateway.failures());
        VegetaLevel.Result refused = planted(140, rec -> rec.put("code", 0).put("error", "dial tcp: connection refused").put("body", ""));
        assertEquals(Map.of("dial tcp: connection refused", 1L), refused.failures());
        // the warm-up's answers are not judged
        assertEquals(Map.of(), planted(10, rec -> rec.put("code", 502)).failures());
    }

    /** Vegeta may send one request past its schedule's end (its pacer checks the duration before sleeping): not the level's. */
    @Test
    void oneRequestPastTheScheduleIsLeftOutTwoAreRefused() throws IOException {
        List<String> lines = new ArrayList<>(Files.readAllLines(SAMPLE));
        ObjectNode last = (ObjectNode) JSON.readTree(lines.get(lines.size() - 1));
        long seq = last.get("seq").asLong();
        lines.add(JSON.writeValueAsString(shift(last.deepCopy().put("seq", seq + 1), 10_000_000L)));
        VegetaLevel.Result r = VegetaLevel.read(new BufferedReader(new StringReader(String.join("\n", lines))), 100, 1, 1, MARKER);
        assertEquals(100, r.sent(), "the request past the schedule is not the level's");
        assertEquals(100, r.fromIntended().getTotalCount());
        lines.add(JSON.writeValueAsString(shift(last.deepCopy().put("seq", seq + 2), 20_000_000L)));
        assertThrows(IOException.class, () -> VegetaLevel.read(new BufferedReader(new StringReader(String.join("\n", lines))), 100, 1, 1, MARKER));
    }

    @Test
    void aRecordBeyondTheScheduleOrNotJsonIsRefused() {
        assertThrows(IOException.class, () -> VegetaLevel.read(SAMPLE, 100, 1, 0, MARKER)); // 100 measured requests where none were planned
        assertThrows(IOException.class, () -> VegetaLevel.read(new BufferedReader(new StringReader("{\"seq\": 1,")), 100, 1, 1, MARKER));
        assertThrows(IllegalArgumentException.class, () -> VegetaLevel.read(SAMPLE, 0, 1, 1, MARKER));
    }

    private static VegetaLevel.Result planted(long seq, UnaryOperator<ObjectNode> change) throws IOException {
        List<String> lines = new ArrayList<>();
        for (String l : Files.readAllLines(SAMPLE)) {
            ObjectNode rec = (ObjectNode) JSON.readTree(l);
            lines.add(JSON.writeValueAsString(rec.get("seq").asLong() == seq ? change.apply(rec) : rec));
        }
        return VegetaLevel.read(new BufferedReader(new StringReader(String.join("\n", lines))), 100, 1, 1, MARKER);
    }

    private static ObjectNode shift(ObjectNode rec, long nanos) {
        Instant t = Instant.ofEpochSecond(0, VegetaLevel.epochNanos(rec.get("timestamp").asText()) + nanos);
        return rec.put("timestamp", t.toString());
    }
}
