package com.dipgnn.spark;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import com.dipgnn.parts.Part;
import com.dipgnn.parts.Parts;
import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The Spark job runs the engine alone: nothing from the command line, the service or Spring. The
 * engine is what its packages declare ({@code @PartOf(Part.ENGINE)} in the engine jar's
 * package-info classes), not a list kept here.
 */
class SparkJobDependenciesTest {

    private static final String ROOT = "com.dipgnn";
    private static final String JOB = "com.dipgnn.spark";

    /** A class of this code base, outside the job, whose package does not declare itself engine. */
    private static final DescribedPredicate<JavaClass> OUTSIDE_THE_ENGINE =
            DescribedPredicate.describe("in a com.dipgnn package not declared @PartOf(Part.ENGINE)", c -> {
                String p = c.getPackageName();
                boolean ours = p.equals(ROOT) || p.startsWith(ROOT + ".");
                boolean job = p.equals(JOB) || p.startsWith(JOB + ".");
                return ours
                        && !job
                        && !Parts.declaredBy(p, SparkJobDependenciesTest.class.getClassLoader())
                                .equals(Optional.of(Part.ENGINE));
            });

    private static ArchRule noDependencyOn(String packages, DescribedPredicate<JavaClass> forbidden) {
        return noClasses().that().resideInAPackage(packages).should().dependOnClassesThat(forbidden);
    }

    private static ArchRule noDependencyOn(String packages, String... forbidden) {
        return noDependencyOn(packages, JavaClass.Predicates.resideInAnyPackage(forbidden));
    }

    @Test
    void theJobUsesNothingOutsideTheEngine() {
        JavaClasses job = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages(JOB);
        assertThat(job.size()).isGreaterThanOrEqualTo(4);
        assertThatCode(() ->
                        noDependencyOn("com.dipgnn.spark..", OUTSIDE_THE_ENGINE).check(job))
                .doesNotThrowAnyException();
        assertThatCode(() -> noDependencyOn("com.dipgnn.spark..", "org.springframework..", "picocli..")
                        .check(job))
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
