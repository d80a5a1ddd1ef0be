package com.dipgnn.parts;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Says, in a package's {@code package-info.java}, which part of the program the package belongs
 * to. Every package declares one; the architecture rules (EngineIndependenceTest) and the engine
 * jar's contents (src/build/EngineClasses.java) are derived from these declarations alone. Kept at
 * run time so that the build and the tests read it from the compiled {@code package-info} class.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.PACKAGE)
public @interface PartOf {
    Part value();
}
