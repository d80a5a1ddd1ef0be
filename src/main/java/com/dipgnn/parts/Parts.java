package com.dipgnn.parts;

import java.util.Optional;

/** Reads a package's {@link PartOf} declaration from its compiled {@code package-info} class. */
public final class Parts {

    private static final String PACKAGE_INFO = ".package-info";

    private Parts() {}

    /**
     * The part that the package declares, as {@code loader} finds its {@code package-info} class;
     * empty when the package has no {@code package-info} or it declares no part.
     */
    public static Optional<Part> declaredBy(String packageName, ClassLoader loader) {
        try {
            Class<?> info = Class.forName(packageName + PACKAGE_INFO, false, loader);
            return Optional.ofNullable(info.getAnnotation(PartOf.class)).map(PartOf::value);
        } catch (ClassNotFoundException e) {
            return Optional.empty();
        }
    }
}
