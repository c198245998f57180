package io.gatewaybench.harness.model;

import com.fasterxml.jackson.annotation.JacksonAnnotationsInside;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.BeanProperty;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import com.fasterxml.jackson.databind.deser.ContextualDeserializer;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import com.fasterxml.jackson.databind.util.TokenBuffer;
import java.io.IOException;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Marks a record made of parts that summary.json writes as one flat object: what a run measured and what the analysis
 * judged of it are separate records in Java and side by side in the file. Each component of a flat record is either a
 * key (it has {@link JsonProperty}: read and written as a record's component is) or a part (a record, or another flat
 * record, whose keys are written in this object, not in one of their own). Every key belongs to one component only, and
 * {@link JsonPropertyOrder} on the record lists every key once, in the order they are written. A part none of whose
 * keys is present reads as null; a part that is null writes none. Reading is as strict as for any record
 * ({@link Summaries#mapper()}): a key no component has fails, naming it; a part reads with its own record's rules.
 * FlatTest and SummaryModelTest (every committed summary written back as it is) guard this.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@JacksonAnnotationsInside
@JsonSerialize(using = Flat.Writer.class)
@JsonDeserialize(using = Flat.Reader.class)
public @interface Flat {
    /**
     * The keys a record's object has (a part's, or a flat record's all), for code that reads summary.json as a tree.
     */
    final class Keys {
        private Keys() {
        }

        /** Every key of {@code type}'s object, in the order written. */
        public static Set<String> of(Class<? extends Record> type) {
            return Layout.of(type).keys();
        }
    }

    /** One component of a flat record: a key ({@code key} set) or a part ({@code part} set). */
    record Slot(RecordComponent component, String key, boolean required, boolean nullable,
            Layout part, Set<String> keys) {
        Object of(Object record) {
            try {
                return component.getAccessor().invoke(record);
            } catch (IllegalAccessException | InvocationTargetException e) {
                throw new IllegalStateException(component + " cannot be read", e);
            }
        }
    }

    /** How a record's components map the keys of its object, checked once per type. */
    record Layout(Class<?> type, List<Slot> slots, List<String> order, Constructor<?> constructor) {
        private static final Map<Class<?>, Layout> LAYOUTS = new ConcurrentHashMap<>();

        /** The layout of {@code type}: a flat record's, or a plain record's (each component a key). */
        static Layout of(Class<?> type) {
            Layout known = LAYOUTS.get(type);
            if (known != null) {
                return known;
            }
            Layout made = make(type); // not computeIfAbsent: a flat record's parts make their layouts on the way
            LAYOUTS.putIfAbsent(type, made);
            return made;
        }

        /** Every key of the object, in the order written. */
        Set<String> keys() {
            return new LinkedHashSet<>(order);
        }

        private static Layout make(Class<?> type) {
            if (!type.isRecord()) {
                throw new IllegalStateException(type + " is not a record: a part of a flat record is one");
            }
            boolean flat = type.isAnnotationPresent(Flat.class);
            List<Slot> slots = new ArrayList<>();
            Set<String> all = new LinkedHashSet<>();
            for (RecordComponent c : type.getRecordComponents()) {
                JsonProperty property = c.getAccessor().getAnnotation(JsonProperty.class);
                Slot slot;
                if (property != null) {
                    slot = new Slot(c, property.value(), property.required(),
                            c.getAccessor().isAnnotationPresent(NullableKey.class), null,
                            Set.of(property.value()));
                } else if (flat) {
                    Layout part = of(c.getType());
                    slot = new Slot(c, null, false, false, part, part.keys());
                } else {
                    throw new IllegalStateException(type.getSimpleName() + "." + c.getName() + " has no @JsonProperty");
                }
                for (String k : slot.keys()) {
                    if (!all.add(k)) {
                        throw new IllegalStateException(type.getSimpleName() + ": key '" + k
                                + "' belongs to two components");
                    }
                }
                slots.add(slot);
            }
            List<String> order = new ArrayList<>(all);
            if (flat) {
                JsonPropertyOrder declared = type.getAnnotation(JsonPropertyOrder.class);
                order = declared == null ? List.of() : Arrays.asList(declared.value());
                if (!new LinkedHashSet<>(order).equals(all) || order.size() != all.size()) {
                    throw new IllegalStateException(type.getSimpleName()
                            + ": @JsonPropertyOrder must list each of its keys once, " + all
                            + ", not " + order);
                }
            }
            Class<?>[] types = Arrays.stream(type.getRecordComponents()).map(RecordComponent::getType)
                    .toArray(Class<?>[]::new);
            try {
                return new Layout(type, List.copyOf(slots), List.copyOf(order), type.getDeclaredConstructor(types));
            } catch (NoSuchMethodException e) {
                throw new IllegalStateException(type + " has no canonical constructor", e);
            }
        }
    }

    /** Writes a flat record's parts and keys as one object, in its declared order. */
    final class Writer extends StdSerializer<Record> {
        private static final long serialVersionUID = 1L;

        Writer() {
            super(Record.class);
        }

        @Override
        public void serialize(Record value, JsonGenerator gen, SerializerProvider provider) throws IOException {
            Layout layout = Layout.of(value.getClass());
            Map<String, JsonNode> fields = new HashMap<>();
            for (Slot slot : layout.slots()) {
                Object v = slot.of(value);
                if (slot.part() != null) {
                    if (v != null) {
                        tree(v, gen, provider).fields().forEachRemaining(e -> fields.put(e.getKey(), e.getValue()));
                    }
                } else if (v != null) {
                    fields.put(slot.key(), tree(v, gen, provider));
                } else if (slot.nullable()) {
                    fields.put(slot.key(), NullNode.getInstance());
                }
            }
            gen.writeStartObject(value);
            for (String key : layout.order()) {
                JsonNode v = fields.get(key);
                if (v != null) {
                    gen.writeFieldName(key);
                    provider.defaultSerializeValue(v, gen);
                }
            }
            gen.writeEndObject();
        }

        /** A value as the mapper writes it, as a tree. */
        private static JsonNode tree(Object value, JsonGenerator gen, SerializerProvider provider) throws IOException {
            try (TokenBuffer buffer = new TokenBuffer(gen.getCodec(), false)) {
                provider.defaultSerializeValue(value, buffer);
                try (JsonParser p = buffer.asParser(gen.getCodec())) {
                    return p.readValueAsTree();
                }
            }
        }
    }

    /**
     * Reads one object into a flat record: its keys into their components, and each part from the keys that are its
     * own.
     */
    final class Reader extends StdDeserializer<Record> implements ContextualDeserializer {
        private static final long serialVersionUID = 1L;
        private final transient JavaType type;

        Reader() {
            this(null);
        }

        private Reader(JavaType type) {
            super(Record.class);
            this.type = type;
        }

        @Override
        public JsonDeserializer<?> createContextual(DeserializationContext ctxt, BeanProperty property) {
            JavaType t = ctxt.getContextualType() != null ? ctxt.getContextualType() : property.getType();
            return new Reader(t.isContainerType() ? t.getContentType() : t);
        }

        @Override
        public Record deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            Layout layout = Layout.of(type.getRawClass());
            JsonNode read = ctxt.readTree(p);
            if (!read.isObject()) {
                return (Record) ctxt.handleUnexpectedToken(type, read.asToken(), p,
                        "an object is expected here, not %s", read.getNodeType());
            }
            ObjectNode node = (ObjectNode) read;
            Set<String> known = layout.keys();
            for (String key : (Iterable<String>) node::fieldNames) {
                if (!known.contains(key)) {
                    throw UnrecognizedPropertyException.from(p, type.getRawClass(), key, new ArrayList<Object>(known));
                }
            }
            Object[] args = new Object[layout.slots().size()];
            for (int i = 0; i < args.length; i++) {
                args[i] = read(layout.slots().get(i), node, p, ctxt);
            }
            try {
                return (Record) layout.constructor().newInstance(args);
            } catch (InvocationTargetException e) {
                throw ctxt.instantiationException(type.getRawClass(), e.getCause());
            } catch (ReflectiveOperationException e) {
                throw ctxt.instantiationException(type.getRawClass(), e);
            }
        }

        private Object read(Slot slot, ObjectNode node, JsonParser p, DeserializationContext ctxt) throws IOException {
            if (slot.part() != null) {
                ObjectNode own = ctxt.getNodeFactory().objectNode();
                for (String k : slot.keys()) {
                    if (node.has(k)) {
                        own.set(k, node.get(k));
                    }
                }
                return own.isEmpty() ? null : ctxt.readTreeAsValue(own, slot.component().getType());
            }
            JsonNode v = node.get(slot.key());
            if (v == null || v.isNull()) {
                if (slot.required() && (v == null || !slot.nullable())) {
                    MismatchedInputException e = MismatchedInputException.from(p, type, v == null
                            ? "Missing required creator property '" + slot.key() + "'"
                            : "Null value for creator property '" + slot.key() + "'");
                    e.prependPath(type.getRawClass(), slot.key());
                    throw e;
                }
                return null;
            }
            try {
                return ctxt.readTreeAsValue(v, ctxt.getTypeFactory().constructType(slot.component().getGenericType()));
            } catch (JsonMappingException e) {
                e.prependPath(type.getRawClass(), slot.key());
                throw e;
            }
        }
    }
}
