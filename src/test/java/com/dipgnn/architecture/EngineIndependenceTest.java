package com.dipgnn.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.Test;

/**
 * The engine (graph, sampling, model, optim, runtime, inference, finetuning, pretraining, text, store, experiments, serving,
 * ranking, recommend and job execution) is usable without Spring, the command line or the
 * service, and no package depends on itself through others. Every rule is also shown to fail on
 * classes that break it.
 */
class EngineIndependenceTest {

    private static final String[] ENGINE = {
        "com.dipgnn.graph..",
        "com.dipgnn.sampling..",
        "com.dipgnn.model..",
        "com.dipgnn.finetuning..",
        "com.dipgnn.optim..",
        "com.dipgnn.runtime..",
        "com.dipgnn.inference..",
        "com.dipgnn.pretraining..",
        "com.dipgnn.text..",
        "com.dipgnn.store..",
        "com.dipgnn.experiments..",
        "com.dipgnn.jobs.runner..",
        "com.dipgnn.serving..",
        "com.dipgnn.ranking..",
        "com.dipgnn.recommend..",
        "com.dipgnn.naming.."
    };

    private static final String[] SERVICE = {
        "com.dipgnn.api..",
        "com.dipgnn.registry..",
        "com.dipgnn.deployments..",
        "com.dipgnn.datasets..",
        "com.dipgnn.config..",
        "com.dipgnn.errors..",
        "com.dipgnn.security..",
        "com.dipgnn.housekeeping..",
        "com.dipgnn.quickstart..",
        "com.dipgnn.jobs",
        "com.dipgnn.jobs.parameters..",
        "com.dipgnn.persistence.."
    };

    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("com.dipgnn");

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
                packages, "the engine runs under the service and Spark too", "com.dipgnn.cli..", "picocli..");
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

    private static ArchRule noCycles(String pattern) {
        return slices().matching(pattern).should().beFreeOfCycles();
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
    void eachRuleRejectsClassesThatBreakIt() {
        // the root package holds the Spring application and the command-line entry point
        assertThatCode(() -> noSpring("com.dipgnn").check(CLASSES)).isInstanceOf(AssertionError.class);
        assertThatCode(() -> noCommandLine("com.dipgnn").check(CLASSES)).isInstanceOf(AssertionError.class);
        // the HTTP controllers use the registry and document their requests
        assertThatCode(() -> noService("com.dipgnn.api..").check(CLASSES)).isInstanceOf(AssertionError.class);
        assertThatCode(() -> noApiAnnotations("com.dipgnn.api..").check(CLASSES))
                .isInstanceOf(AssertionError.class);
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
