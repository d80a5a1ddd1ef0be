package com.dipgnn.jobs.parameters;

import com.dipgnn.naming.EnumNames;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import java.util.ArrayList;
import java.util.List;

/** Validates {@link EnumName}: null or one of the allowed names, else a message listing them. */
public final class EnumNameValidator implements ConstraintValidator<EnumName, String> {

    private List<String> allowed = List.of();

    @Override
    public void initialize(EnumName annotation) {
        allowed = allowed(annotation);
    }

    @Override
    public boolean isValid(String value, ConstraintValidatorContext context) {
        if (value == null || allowed.contains(value)) {
            return true;
        }
        context.disableDefaultConstraintViolation();
        context.buildConstraintViolationWithTemplate(message(allowed)).addConstraintViolation();
        return false;
    }

    /** The names a field annotated {@code annotation} takes, in the enum's order. */
    public static List<String> allowed(EnumName annotation) {
        return allowed(annotation.value(), annotation.except());
    }

    /** The names of {@code type}'s values but {@code except}, in the enum's order. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static List<String> allowed(Class<? extends Enum<?>> type, String... except) {
        List<String> names = new ArrayList<>(EnumNames.forType((Class) type).names());
        names.removeAll(List.of(except));
        return List.copyOf(names);
    }

    /** What a refusal says: the allowed names. */
    static String message(List<String> allowed) {
        return "use one of " + allowed;
    }
}
