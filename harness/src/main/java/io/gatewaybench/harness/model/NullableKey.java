package io.gatewaybench.harness.model;

import com.fasterxml.jackson.annotation.JacksonAnnotationsInside;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a component whose key is always written and whose value may be null (the component's Javadoc says what null
 * means): null is read, and written as null rather than left out. Everywhere else {@link Summaries#mapper()} refuses a
 * null and leaves a null component's key out.
 */
@Target({ElementType.PARAMETER, ElementType.FIELD, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@JacksonAnnotationsInside
@JsonInclude(JsonInclude.Include.ALWAYS)
@JsonSetter(nulls = Nulls.SET)
public @interface NullableKey {
}
