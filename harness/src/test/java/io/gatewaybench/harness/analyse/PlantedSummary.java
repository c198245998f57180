package io.gatewaybench.harness.analyse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gatewaybench.harness.model.Flat;
import io.gatewaybench.harness.model.InvalidSummaryException;
import io.gatewaybench.harness.model.Spread;
import io.gatewaybench.harness.model.Summaries;
import io.gatewaybench.harness.model.Summary;
import io.gatewaybench.harness.model.SummaryMaps;
import io.gatewaybench.harness.model.Target;
import io.gatewaybench.harness.plan.Repo;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;

/**
 * A planted summary.json, as a test writes only the keys it is about (a JSON tree of maps and lists), completed with
 * neutral values for every other key the model requires (the run's description from a committed run) and read as a
 * {@link Summary}; and an analysed summary back as a JSON tree, for assertions key by key.
 */
public final class PlantedSummary {
    private static final ObjectMapper JSON = Summaries.mapper();
    private static final String TEMPLATE = "results/20261123-181040/summary.json";
    private static final List<String> NAMES = List.of("mean", "p50", "p90", "p99", "p99_9", "p99_99", "max");

    private PlantedSummary() {
    }

    /** The planted keys, completed, as a summary before analysis. */
    public static Summary of(Map<String, ?> planted) {
        ObjectNode s = JSON.valueToTree(planted);
        ObjectNode template;
        try {
            template = (ObjectNode) JSON.readTree(Repo.root().resolve(TEMPLATE).toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        for (String key : List.of("format", "run_id", "started", "finished", "git_commit", "machine", "components", "jvm_flags",
                "jvm_profile", "placement", "load", "rounds", "quick")) {
            if (!s.has(key)) {
                s.set(key, template.get(key));
            }
        }
        if (s.get("ladder") instanceof ObjectNode ladder) {
            missing(ladder, "calibration", null);
            missing(ladder, "timing", "planted");
        }
        if (s.get("jvm_profiles") instanceof ObjectNode p) {
            missing(p, "profiles", JSON.createArrayNode());
            missing(p, "not_available", JSON.createArrayNode());
            missing(p, "by_gateway", JSON.createObjectNode());
        }
        if (s.get("workers_sweep") instanceof ObjectNode w) {
            missing(w, "by_gateway", JSON.createObjectNode());
        }
        if (s.get("scenarios") instanceof ObjectNode sc) {
            for (JsonNode d : sc.path("list")) {
                missing((ObjectNode) d, "description", d.path("name").asText());
                missing((ObjectNode) d, "duties", JSON.createArrayNode());
                missing((ObjectNode) d, "path", "/");
                missing((ObjectNode) d, "file", "planted");
            }
            missing(sc, "not_available", JSON.createArrayNode());
            for (String key : List.of("credentials", "conformance", "probes")) {
                missing(sc, key, "planted");
            }
            missing(sc, "by_scenario", JSON.createObjectNode());
            missing(sc, "cost_vs_plain", JSON.createObjectNode());
        }
        for (JsonNode t : s.path("targets")) {
            target((ObjectNode) t);
        }
        try {
            return Summaries.parse(s.toString());
        } catch (InvalidSummaryException e) {
            throw new IllegalArgumentException("a planted summary the model does not describe: " + e.getMessage(), e);
        }
    }

    /** The planted keys, completed and analysed ({@link Analysis#apply}), as a JSON tree. */
    public static Map<String, Object> analysed(Map<String, ?> planted) {
        return SummaryMaps.toMap(Analysis.apply(of(planted)));
    }

    /** A target of that name with only its spread (null: none), as far as a rule over spreads looks. */
    public static Target target(String name, Spread spread) {
        Target.Judged judged = new Target.Judged(0, 0, null, 0, null, null, spread, null, null, null, null);
        return new Target(Target.About.of(name, name), null, judged, null, null);
    }

    private static void target(ObjectNode t) {
        missing(t, "description", t.path("name").asText());
        if (Flat.Keys.of(Target.Judged.class).stream()
                .anyMatch(t::has)) { // a judged figure planted: the rest of them too
            missing(t, "requests", 0);
            missing(t, "errors", 0);
            missing(t, "error_share", null);
            missing(t, "throughput_rps", 0.0);
            missing(t, "latency_ms", JSON.createObjectNode());
            missing(t, "relative_to_direct", null);
        }
        if (t.get("latency_ms") instanceof ObjectNode l) {
            latency(l);
        }
        for (JsonNode r : t.path("rounds")) {
            ObjectNode round = (ObjectNode) r;
            missing(round, "requests", 0);
            missing(round, "errors", 0);
            missing(round, "latency_ms", JSON.createObjectNode());
            latency((ObjectNode) round.get("latency_ms"));
            missing(round, "resources", JSON.createObjectNode());
            for (JsonNode c : round.get("resources")) {
                ObjectNode cost = (ObjectNode) c;
                missing(cost, "cpu_s", 1.0);
                missing(cost, "cpu_ms_per_1000_requests", 100.0);
                missing(cost, "cores", 1.0);
                if (!cost.has("peak_rss_mb")) {
                    missing(cost, "peak_pss_mb", 300.0);
                }
            }
            if (round.get("runtime") instanceof ObjectNode runtime && runtime.get("jfr") instanceof ObjectNode jfr && jfr.has("pauses")) {
                missing((ObjectNode) jfr.get("pauses"), "by_name", JSON.createObjectNode());
                missing(jfr, "allocated_bytes", 0);
                missing(jfr, "gc_count", 0);
                missing(jfr, "cpu_samples", 0);
                missing(jfr, "top_cpu_frames", JSON.createArrayNode());
                missing(jfr, "allocation_samples", 0);
                missing(jfr, "top_allocation_frames", JSON.createArrayNode());
            }
        }
        for (JsonNode l : t.path("fixed_rate")) {
            ObjectNode level = (ObjectNode) l;
            ArrayNode rounds = (ArrayNode) level.get("rounds");
            missing(level, "rounds_reached", rounds.size());
            missing(level, "rounds_overloaded", 0);
            missing(level, "sent", 0);
            missing(level, "errors", 0);
            missing(level, "error_share", null);
            missing(level, "send_lag_p99_ms_max", 0.5);
            missing(level, "probe_us", null);
            missing(level, "rounds_meeting", JSON.createObjectNode());
            for (JsonNode lr : rounds) {
                missing((ObjectNode) lr, "error_share", 0.0);
                missing((ObjectNode) lr, "probe_us", null);
            }
        }
    }

    private static void latency(ObjectNode l) {
        NAMES.forEach(n -> missing(l, n, 1.0));
    }

    private static void missing(ObjectNode node, String key, Object value) {
        if (!node.has(key)) {
            node.set(key, value == null ? com.fasterxml.jackson.databind.node.NullNode.getInstance() : JSON.valueToTree(value));
        }
    }
}
