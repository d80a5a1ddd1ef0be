package com.dipgnn.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A problem a handler can answer with that the API document does not derive from its operation's
 * shape ({@link ProblemType.Declared}): only the code knows it, so the handler (or its controller,
 * for all its handlers, or an annotation of the handler's) says it here, and the document declares
 * it on the operation.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
@Repeatable(ProblemResponse.List.class)
public @interface ProblemResponse {

    /** The problem. */
    ProblemType value();

    /** When this operation answers with it; empty: the type's own {@link ProblemType#when()}. */
    String when() default "";

    /** The problems of one handler or controller. */
    @Documented
    @Retention(RetentionPolicy.RUNTIME)
    @Target({ElementType.METHOD, ElementType.TYPE})
    @interface List {
        ProblemResponse[] value();
    }
}
