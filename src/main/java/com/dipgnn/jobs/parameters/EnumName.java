package com.dipgnn.jobs.parameters;

import static java.lang.annotation.ElementType.ANNOTATION_TYPE;
import static java.lang.annotation.ElementType.CONSTRUCTOR;
import static java.lang.annotation.ElementType.FIELD;
import static java.lang.annotation.ElementType.METHOD;
import static java.lang.annotation.ElementType.PARAMETER;
import static java.lang.annotation.ElementType.TYPE_USE;
import static java.lang.annotation.RetentionPolicy.RUNTIME;

import jakarta.validation.Constraint;
import jakarta.validation.Payload;
import java.lang.annotation.Documented;
import java.lang.annotation.Retention;
import java.lang.annotation.Target;

/**
 * A request field that names a value of an enum by its API name ({@link
 * com.dipgnn.naming.EnumNames}): null, or one of the names the enum declares except {@link
 * #except}. A request naming another is refused (400) with the allowed names, and the OpenAPI
 * document lists them as the property's enum.
 */
@Documented
@Constraint(validatedBy = EnumNameValidator.class)
@Target({METHOD, FIELD, ANNOTATION_TYPE, CONSTRUCTOR, PARAMETER, TYPE_USE})
@Retention(RUNTIME)
public @interface EnumName {

    /** The enum whose names the field takes. */
    Class<? extends Enum<?>> value();

    /** Names of values a request may not choose. */
    String[] except() default {};

    /** Unused: the message lists the allowed names. */
    String message() default "";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};
}
