package com.dipgnn.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import com.dipgnn.parts.Part;
import com.dipgnn.parts.Parts;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The engine is usable without Spring, the command line or the service, and no package depends on
 * itself through others. Which packages are the engine, the service and the application is read
 * from each package's declaration ({@code @PartOf} in its package-info.java), which every package
 * must have; the engine jar is built from the same declarations (EngineJarIT checks the jar). Every
 * rule is also shown to fail on classes that break it.
 */
class EngineIndependenceTest {

    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("com.dipgnn");

    /** Each package of the main classes and the part it declares, or none. */
    private static final Map<String, Optional<Part>> DECLARED = declarations(CLASSES);

    private static final String[] ENGINE = packagesOf(Part.ENGINE);
    private static final String[] SERVICE = packagesOf(Part.SERVICE);
    private static final String[] APPLICATION = packagesOf(Part.APPLICATION);

    private static Map<String, Optional<Part>> declarations(JavaClasses classes) {
        Map<String, Optional<Part>> declared = new TreeMap<>();
        for (JavaClass c : classes) {
            declared.computeIfAbsent(
                    c.getPackageName(), p -> Parts.declaredBy(p, EngineIndependenceTest.class.getClassLoader()));
        }
        return declared;
    }

    private static SortedSet<String> undeclared(Map<String, Optional<Part>> declared) {
        TreeSet<String> missing = new TreeSet<>();
        declared.forEach((p, part) -> {
            if (part.isEmpty()) {
                missing.add(p);
            }
        });
        return missing;
    }

    private static String[] packagesOf(Part part) {
        return DECLARED.entrySet().stream()
                .filter(e -> e.getValue().equals(Optional.of(part)))
                .map(Map.Entry::getKey)
                .toArray(String[]::new);
    }

    private static String[] concat(String[]... lists) {
        return Arrays.stream(lists).flatMap(Stream::of).toArray(String[]::new);
    }

    private static ArchRule noDependency(String[] packages, String because, String... forbidden) {
        return noClasses()
                .that()
                .resideInAnyPackage(packages)
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(forbidden)
                .because(because);
    }

    private static ArchRule noSpring(String... packages) {
        return noDependency(
                packages, "the training engine must be usable and testable without Spring", "org.springframework..");
    }

    private static ArchRule noCommandLine(String... packages) {
        return noDependency(
                packages,
                "the engine runs under the service and Spark too",
                concat(APPLICATION, new String[] {"picocli.."}));
    }

    private static ArchRule noService(String... packages) {
        return noDependency(packages, "the service uses the engine, never the other way", SERVICE);
    }

    private static ArchRule noApiAnnotations(String... packages) {
        return noDependency(
                packages,
                "request documentation and validation belong to the HTTP side",
                "io.swagger..",
                "jakarta.validation..");
    }

    private static ArchRule noApplication(String... packages) {
        return noDependency(packages, "the application starts the service, never the other way", APPLICATION);
    }

    private static ArchRule noCycles(String pattern) {
        return slices().matching(pattern).should().beFreeOfCycles();
    }

    @Test
    void everyPackageDeclaresItsPart() {
        assertThat(undeclared(DECLARED))
                .as("packages without @PartOf(Part.ENGINE | SERVICE | APPLICATION) in their package-info.java:"
                        + " declare each one's part there (docs/engine.md, \"Package map\")")
                .isEmpty();
        assertThat(ENGINE).as("engine packages").contains("com.dipgnn.graph", "com.dipgnn.parts");
        assertThat(SERVICE).as("service packages").contains("com.dipgnn.api", "com.dipgnn.jobs.migration");
        assertThat(APPLICATION).as("application packages").contains("com.dipgnn", "com.dipgnn.cli");
    }

    @Test
    void aPackageWithoutADeclarationIsFound() {
        // the cycle fixtures (test classes) declare no part
        JavaClasses fixtures = new ClassFileImporter().importPackages("com.dipgnn.architecture.cyclic");
        assertThat(undeclared(declarations(fixtures)))
                .containsExactly("com.dipgnn.architecture.cyclic.a", "com.dipgnn.architecture.cyclic.b");
    }

    @Test
    void enginePackagesUseNoSpringNoCommandLineAndNoServicePackage() {
        assertThat(CLASSES.that(JavaClass.Predicates.resideInAnyPackage(ENGINE)))
                .as("engine classes were imported")
                .hasSizeGreaterThan(50);
        assertThatCode(() -> noSpring(ENGINE).check(CLASSES)).doesNotThrowAnyException();
        assertThatCode(() -> noCommandLine(ENGINE).check(CLASSES)).doesNotThrowAnyException();
        assertThatCode(() -> noService(ENGINE).check(CLASSES)).doesNotThrowAnyException();
        assertThatCode(() -> noApiAnnotations(ENGINE).check(CLASSES)).doesNotThrowAnyException();
    }

    @Test
    void serviceUsesNoApplicationPackage() {
        assertThatCode(() -> noApplication(SERVICE).check(CLASSES)).doesNotThrowAnyException();
    }

    @Test
    void eachRuleRejectsClassesThatBreakIt() {
        // the root package holds the Spring application and the command-line entry point
        assertThatCode(() -> noSpring("com.dipgnn").check(CLASSES)).isInstanceOf(AssertionError.class);
        assertThatCode(() -> noCommandLine("com.dipgnn").check(CLASSES)).isInstanceOf(AssertionError.class);
        // the HTTP controllers use the registry and document their requests
        assertThatCode(() -> noService("com.dipgnn.api..").check(CLASSES)).isInstanceOf(AssertionError.class);
        assertThatCode(() -> noApiAnnotations("com.dipgnn.api..").check(CLASSES))
                .isInstanceOf(AssertionError.class);
        // the command line runs the benchmarks
        assertThatCode(() -> noApplication("com.dipgnn.cli").check(CLASSES)).isInstanceOf(AssertionError.class);
    }

    @Test
    void noPackageDependsOnItselfThroughOthers() {
        assertThatCode(() -> noCycles("com.dipgnn.(*)..").check(CLASSES)).doesNotThrowAnyException();
    }

    @Test
    void theCycleRuleRejectsACycle() {
        JavaClasses cyclic = new ClassFileImporter().importPackages("com.dipgnn.architecture.cyclic");
        assertThat(cyclic.size()).isEqualTo(2);
        assertThatCode(() -> noCycles("com.dipgnn.architecture.cyclic.(*)..").check(cyclic))
                .isInstanceOf(AssertionError.class);
    }
}
