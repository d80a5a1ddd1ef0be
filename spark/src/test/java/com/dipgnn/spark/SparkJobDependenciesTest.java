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

    private static ArchRule noDependencyOn(String packages, String... forbidden) {
        return noClasses()
                .that()
                .resideInAPackage(packages)
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(forbidden);
    }

    @Test
    void theJobUsesNothingOutsideTheEngine() {
        JavaClasses job = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("com.dipgnn.spark");
        assertThat(job.size()).isGreaterThanOrEqualTo(4);
        assertThatCode(() ->
                        noDependencyOn("com.dipgnn.spark..", OUTSIDE_THE_ENGINE).check(job))
                .doesNotThrowAnyException();
    }

    @Test
    void theEngineJarHoldsNoServiceOrCommandLineClass() {
        // the job's classpath has the root build's engine jar (dipgnn-engine): its engine classes, nothing else
        assertThatCode(() -> Class.forName("com.dipgnn.serving.PreparedModel")).doesNotThrowAnyException();
        for (String outside : new String[] {
            "com.dipgnn.ServiceApplication",
            "com.dipgnn.api.JobController",
            "com.dipgnn.cli.Cli",
            "com.dipgnn.jobs.JobService",
            "com.dipgnn.jobs.parameters.PretrainParameters"
        }) {
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> Class.forName(outside))
                    .as(outside)
                    .isInstanceOf(ClassNotFoundException.class);
        }
    }

    @Test
    void theRuleRejectsADependencyItForbids() {
        // the job does use the engine's serving package: forbidding it must fail
        JavaClasses job = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("com.dipgnn.spark");
        assertThatCode(() -> noDependencyOn("com.dipgnn.spark..", "com.dipgnn.serving..")
                        .check(job))
                .isInstanceOf(AssertionError.class);
    }
}
