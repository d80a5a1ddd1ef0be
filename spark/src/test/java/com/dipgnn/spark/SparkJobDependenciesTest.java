package com.dipgnn.spark;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.Test;

/** The Spark job runs the engine alone: nothing from the command line, the service or Spring. */
class SparkJobDependenciesTest {

    private static final String[] OUTSIDE_THE_ENGINE = {
        "com.dipgnn.cli..", "com.dipgnn.api..", "com.dipgnn.jobs", "com.dipgnn.registry..",
        "com.dipgnn.deployments..", "com.dipgnn.datasets..", "com.dipgnn.config..", "com.dipgnn.errors..",
        "com.dipgnn.security..", "org.springframework..", "picocli.."
    };

    private static ArchRule engineOnly(String packages) {
        return noClasses().that().resideInAPackage(packages).should().dependOnClassesThat()
                .resideInAnyPackage(OUTSIDE_THE_ENGINE);
    }

    @Test
    void theJobUsesNothingOutsideTheEngine() {
        JavaClasses job = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("com.dipgnn.spark");
        assertThat(job.size()).isGreaterThanOrEqualTo(4);
        assertThatCode(() -> engineOnly("com.dipgnn.spark..").check(job)).doesNotThrowAnyException();
    }

    @Test
    void theRuleRejectsTheCommandLine() {
        JavaClasses cli = new ClassFileImporter().importPackages("com.dipgnn.cli");
        assertThatCode(() -> engineOnly("com.dipgnn.cli..").check(cli)).isInstanceOf(AssertionError.class);
    }
}
