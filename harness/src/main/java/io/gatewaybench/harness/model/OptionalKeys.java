package io.gatewaybench.harness.model;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.BeanProperty;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.Module;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.deser.ContextualDeserializer;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import java.io.IOException;
import java.util.Optional;

/**
 * The records' {@link Optional} components, for a key that may be absent and may be null: an absent key reads as a null
 * component and is not written; a null reads as {@code Optional.empty()} and is written as null; a value reads as
 * {@code Optional.of(value)}. (Jackson's own Optional support is a separate module, not a dependency here.)
 */
final class OptionalKeys {
    private OptionalKeys() {
    }

    /** The module that reads and writes them. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static Module module() {
        SimpleModule module = new SimpleModule("gateway-bench summary optional keys");
        module.addDeserializer((Class) Optional.class, new Reader(null));
        module.addSerializer((Class) Optional.class, new Writer());
        return module;
    }

    /** Reads a value into {@code Optional.of}, null into {@code Optional.empty()}, and leaves an absent key null. */
    private static final class Reader extends StdDeserializer<Optional<?>> implements ContextualDeserializer {
        private static final long serialVersionUID = 1L;
        private final JsonDeserializer<?> value;

        Reader(JsonDeserializer<?> value) {
            super(Optional.class);
            this.value = value;
        }

        @Override
        public JsonDeserializer<?> createContextual(DeserializationContext ctxt, BeanProperty property) throws JsonMappingException {
            JavaType type = property != null ? property.getType() : ctxt.getContextualType();
            return new Reader(ctxt.findContextualValueDeserializer(type.containedTypeOrUnknown(0), property));
        }

        @Override
        public Optional<?> deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            return Optional.of(value.deserialize(p, ctxt));
        }

        @Override
        public Optional<?> getNullValue(DeserializationContext ctxt) {
            return Optional.empty();
        }

        @Override
        public Object getAbsentValue(DeserializationContext ctxt) {
            return null;
        }
    }

    /** Writes {@code Optional.empty()} as null and a value as itself. */
    private static final class Writer extends StdSerializer<Optional<?>> {
        private static final long serialVersionUID = 1L;

        @SuppressWarnings({"unchecked", "rawtypes"})
        Writer() {
            super((Class) Optional.class);
        }

        @Override
        public void serialize(Optional<?> optional, JsonGenerator gen, SerializerProvider provider) throws IOException {
            if (optional.isPresent()) {
                provider.defaultSerializeValue(optional.get(), gen);
            } else {
                gen.writeNull();
            }
        }
    }
}
