package io.gatewaybench.harness.model;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import java.io.IOException;
import java.util.LinkedHashMap;

/**
 * How the types of two shapes are read: each takes its shape from the JSON token (a number or a word, a string or an
 * object) and fails, naming what it expected, on anything else. They are written by their {@code @JsonValue}.
 */
final class Readers {
    private Readers() {
    }

    /** {@link Ratio}: a number, or {@code "n/a"}. */
    static final class RatioReader extends StdDeserializer<Ratio> {
        private static final long serialVersionUID = 1L;

        RatioReader() {
            super(Ratio.class);
        }

        @Override
        public Ratio deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            if (p.currentToken().isNumeric()) {
                return new Ratio.Value(p.getDoubleValue());
            }
            if (p.currentToken() == JsonToken.VALUE_STRING && "n/a".equals(p.getText())) {
                return Ratio.NotAvailable.INSTANCE;
            }
            return ctxt.reportInputMismatch(this, "a ratio is a number or \"n/a\", not %s", shown(p));
        }
    }

    /** {@link P99AtRate}: a number, {@code "overloaded"}, {@code "injector-limited"} or {@code "not reached"}. */
    static final class P99AtRateReader extends StdDeserializer<P99AtRate> {
        private static final long serialVersionUID = 1L;

        P99AtRateReader() {
            super(P99AtRate.class);
        }

        @Override
        public P99AtRate deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            if (p.currentToken().isNumeric()) {
                return new P99AtRate.Value(p.getDoubleValue());
            }
            if (p.currentToken() == JsonToken.VALUE_STRING) {
                for (P99AtRate.Missing m : P99AtRate.Missing.values()) {
                    if (m.word().equals(p.getText())) {
                        return m;
                    }
                }
            }
            return ctxt.reportInputMismatch(this, "a P99 at a rate is a number of ms, \"overloaded\", \"injector-limited\" or \"not reached\", not %s", shown(p));
        }
    }

    /** {@link RatioSpread}: an interval, or {@code {"median": "n/a"}}. */
    static final class RatioSpreadReader extends StdDeserializer<RatioSpread> {
        private static final long serialVersionUID = 1L;

        RatioSpreadReader() {
            super(RatioSpread.class);
        }

        @Override
        public RatioSpread deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            if (p.currentToken() != JsonToken.START_OBJECT) {
                return ctxt.reportInputMismatch(this, "ratios over rounds are an object, not %s", shown(p));
            }
            JsonNode node = ctxt.readTree(p);
            if (!node.path("median").isTextual()) {
                return new RatioSpread.Formed(ctxt.readTreeAsValue(node, Interval.class));
            }
            if (node.size() == 1 && "n/a".equals(node.get("median").asText())) {
                return RatioSpread.NotFormed.INSTANCE;
            }
            return ctxt.reportInputMismatch(this, "ratios that could not be formed are {\"median\": \"n/a\"} alone, not %s", node);
        }
    }

    /** {@link ComponentVersion}: a version line, or the libraries' versions keyed by artifact. */
    static final class ComponentVersionReader extends StdDeserializer<ComponentVersion> {
        private static final long serialVersionUID = 1L;

        ComponentVersionReader() {
            super(ComponentVersion.class);
        }

        @Override
        public ComponentVersion deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            if (p.currentToken() == JsonToken.VALUE_STRING) {
                return new ComponentVersion.Line(p.getText());
            }
            if (p.currentToken() == JsonToken.START_OBJECT) {
                JavaType libraries = ctxt.getTypeFactory().constructMapType(LinkedHashMap.class, String.class, String.class);
                return new ComponentVersion.Libraries(ctxt.readValue(p, libraries));
            }
            return ctxt.reportInputMismatch(this, "a component's version is a string or an object of strings, not %s", shown(p));
        }
    }

    /** {@link RolePlacement}: a host, or words. */
    static final class RolePlacementReader extends StdDeserializer<RolePlacement> {
        private static final long serialVersionUID = 1L;

        RolePlacementReader() {
            super(RolePlacement.class);
        }

        @Override
        public RolePlacement deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            if (p.currentToken() == JsonToken.VALUE_STRING) {
                return new RolePlacement.InWords(p.getText());
            }
            if (p.currentToken() == JsonToken.START_OBJECT) {
                return new RolePlacement.OnHost(ctxt.readValue(p, Host.class));
            }
            return ctxt.reportInputMismatch(this, "a role's placement is a host object or a string, not %s", shown(p));
        }
    }

    /** The current token as the message shows it. */
    private static String shown(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        return switch (t) {
            case VALUE_STRING -> "\"" + p.getText() + "\"";
            case START_OBJECT -> "an object";
            case START_ARRAY -> "an array";
            default -> p.getText();
        };
    }
}
