package io.gatewaybench.harness.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.introspect.Annotated;
import com.fasterxml.jackson.databind.introspect.JacksonAnnotationIntrospector;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.type.LogicalType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Reads a run's {@code summary.json} into a {@link Summary}, strictly: the one place where the mapper for the records of
 * this package is configured.
 */
public final class Summaries {
    private static final ObjectMapper MAPPER = mapper();
    private static final ObjectReader READER = MAPPER.readerFor(Summary.class);

    private Summaries() {
    }

    /**
     * A new mapper for the records of this package. Reading fails on a key no record has, a required key missing, null for
     * a required key (unless its component is {@link NullableKey}) or in a list or map, a string where a number or boolean
     * belongs and the reverse, a fraction where a count belongs, a word an enum does not know (or its index), a duplicate
     * key, and anything after the document. (Null for a key that may be absent reads as absent: Jackson cannot refuse a
     * null there without refusing the absence too.) Writing leaves out the keys of null components (not of {@link
     * NullableKey} ones), writes {@code Optional.empty()} as null, and indents as the harness does.
     */
    public static ObjectMapper mapper() {
        ObjectMapper mapper = JsonMapper.builder()
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES,
                        DeserializationFeature.FAIL_ON_NUMBERS_FOR_ENUMS, DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
                .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                .enable(SerializationFeature.INDENT_OUTPUT)
                .defaultPropertyInclusion(JsonInclude.Value.construct(JsonInclude.Include.NON_NULL, JsonInclude.Include.ALWAYS))
                .defaultSetterInfo(JsonSetter.Value.forContentNulls(Nulls.FAIL))
                .annotationIntrospector(new RequiredKeys())
                .addModule(OptionalKeys.module())
                .build();
        mapper.configOverride(Optional.class).setSetterInfo(JsonSetter.Value.forValueNulls(Nulls.SET));
        mapper.coercionConfigFor(LogicalType.Textual)
                .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail);
        return mapper;
    }

    /** The summary in {@code file}; an {@link InvalidSummaryException} names the file and where in it the problem is. */
    public static Summary read(Path file) throws IOException {
        try {
            return nonNull(READER.readValue(file.toFile()), file.toString());
        } catch (JsonProcessingException e) {
            throw new InvalidSummaryException(file.toString(), e);
        }
    }

    /** The summary in a JSON text. */
    public static Summary parse(String json) throws InvalidSummaryException {
        try {
            return nonNull(READER.readValue(json), "the JSON text");
        } catch (JsonProcessingException e) {
            throw new InvalidSummaryException("the JSON text", e);
        }
    }

    /** The summary as JSON text, as {@link #mapper()} writes it. */
    public static String toJson(Summary summary) {
        try {
            return MAPPER.writeValueAsString(summary);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Refuses null for a key the records require, unless its component is {@link NullableKey}. */
    private static final class RequiredKeys extends JacksonAnnotationIntrospector {
        private static final long serialVersionUID = 1L;

        @Override
        public JsonSetter.Value findSetterInfo(Annotated a) {
            JsonSetter.Value setter = super.findSetterInfo(a);
            JsonProperty property = _findAnnotation(a, JsonProperty.class);
            return property != null && property.required() && setter.getValueNulls() == Nulls.DEFAULT
                    ? setter.withValueNulls(Nulls.FAIL) : setter;
        }
    }

    private static Summary nonNull(Summary summary, String source) {
        if (summary == null) {
            throw new IllegalArgumentException(source + " is null, not a summary");
        }
        return summary;
    }
}
