package com.dipgnn.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.Test;

/** The training engine must be usable without Spring: its packages may not depend on it. */
class EngineIndependenceTest {

    private static final String[] ENGINE = {
        "com.dipgnn.graph..", "com.dipgnn.sampling..", "com.dipgnn.model..", "com.dipgnn.training..",
        "com.dipgnn.pretraining..", "com.dipgnn.text..", "com.dipgnn.experiments..", "com.dipgnn.jobs.runner..", "com.dipgnn.serving..",
        "com.dipgnn.ranking..", "com.dipgnn.recommend.."
    };

    private final JavaClasses classes = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("com.dipgnn");

    private static ArchRule noSpringIn(String... packages) {
        return noClasses().that().resideInAnyPackage(packages)
                .should().dependOnClassesThat().resideInAnyPackage("org.springframework..")
                .because("the training engine must be usable and testable without Spring");
    }

    @Test
    void enginePackagesDoNotDependOnSpring() {
        assertThat(classes.that(com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage(ENGINE)))
                .as("engine classes were imported")
                .hasSizeGreaterThan(50);
        assertThatCode(() -> noSpringIn(ENGINE).check(classes)).doesNotThrowAnyException();
    }

    @Test
    void theRuleCatchesASpringDependency() {
        // the application class in the root package does use Spring: the same rule must reject it
        assertThatCode(() -> noSpringIn("com.dipgnn").check(classes)).isInstanceOf(AssertionError.class);
    }

    @Test
    void engineDoesNotDependOnTheCommandLineOrTheService() {
        ArchRule rule = noClasses().that().resideInAnyPackage(ENGINE)
                .should().dependOnClassesThat().resideInAnyPackage("com.dipgnn.cli..", "picocli..");
        assertThatCode(() -> rule.check(classes)).doesNotThrowAnyException();
    }
}
