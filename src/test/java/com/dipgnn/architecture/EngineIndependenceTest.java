package com.dipgnn.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** The training engine must be usable without Spring: its packages may not depend on it. */
class EngineIndependenceTest {

    private final JavaClasses classes = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("com.dipgnn");

    @Test
    void enginePackagesDoNotDependOnSpring() {
        noClasses().that().resideInAnyPackage(
                        "com.dipgnn.graph..", "com.dipgnn.sampling..", "com.dipgnn.model..", "com.dipgnn.training..")
                .should().dependOnClassesThat().resideInAnyPackage("org.springframework..")
                .because("the training engine must be usable and testable without Spring")
                .check(classes);
    }

    @Test
    void engineDoesNotDependOnTheCommandLineOrTheService() {
        noClasses().that().resideInAnyPackage(
                        "com.dipgnn.graph..", "com.dipgnn.sampling..", "com.dipgnn.model..", "com.dipgnn.training..")
                .should().dependOnClassesThat().resideInAnyPackage("com.dipgnn.cli..", "picocli..")
                .check(classes);
    }
}
