package com.dipgnn.packaging;

import static org.assertj.core.api.Assertions.assertThat;

import com.dipgnn.parts.Part;
import com.dipgnn.parts.Parts;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The built engine jar (target/dipgnn-service-&lt;version&gt;-engine.jar, installed as
 * com.dipgnn:dipgnn-engine with target/engine-pom/pom.xml) holds the engine, all of it and
 * nothing else: every class of a package declared {@code @PartOf(Part.ENGINE)} and no other, the
 * engine's resources and no other, and no class that needs one outside the jar, the dependencies
 * its pom declares and the JDK. The checks are also shown to fail on a jar with a service package
 * planted in it. Runs after {@code package} (failsafe), on the paths the pom passes.
 */
class EngineJarIT {

    private static final Path JAR = Path.of(property("dipgnn.engine.jar"));
    private static final Path POM = Path.of(property("dipgnn.engine.pom"));
    private static final Path REPOSITORY = Path.of(property("dipgnn.local.repository"));
    /** A service package that needs Flyway, which the engine's pom does not declare. */
    private static final String PLANTED = "com/dipgnn/jobs/migration";

    private static EngineJar engine;
    private static Set<String> dependencies;

    private static String property(String name) {
        String value = System.getProperty(name);
        if (value == null) {
            throw new IllegalStateException(name + " is not set: run EngineJarIT through `./mvnw verify` (failsafe)");
        }
        return value;
    }

    @BeforeAll
    static void readTheJar() {
        engine = new EngineJar(JAR);
        dependencies = EngineJar.dependencyClasses(POM, REPOSITORY);
    }

    @Test
    void theJarHoldsOnlyTheEngine() {
        assertThat(engine.classes()).as("classes in the engine jar").hasSizeGreaterThan(300);
        assertThat(engine.classesOutsideTheEngine()).isEmpty();
        assertThat(engine.resourcesOutsideTheEngine()).isEmpty();
    }

    @Test
    void theJarHoldsEveryEngineClassAndTheEnginesResources() throws IOException, URISyntaxException {
        Path classes = Path.of(
                Part.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        List<String> engineClasses;
        try (Stream<Path> walk = Files.walk(classes)) {
            engineClasses = walk.filter(f -> f.toString().endsWith(".class"))
                    .map(f -> classes.relativize(f)
                            .toString()
                            .replace(f.getFileSystem().getSeparator(), "/"))
                    .filter(f -> Parts.declaredBy(
                                    f.substring(0, f.lastIndexOf('/')).replace('/', '.'),
                                    getClass().getClassLoader())
                            .equals(Optional.of(Part.ENGINE)))
                    .toList();
        }
        assertThat(engineClasses).hasSizeGreaterThan(300);
        assertThat(engine.entries()).containsAll(engineClasses);
        // the kernels' TorchScript source and the code version that manifests record
        assertThat(engine.entries())
                .contains("com/dipgnn/model/kernels/segops.py", "com/dipgnn/store/dipgnn-version.properties");
    }

    @Test
    void theJarNeedsOnlyItselfItsDeclaredDependenciesAndTheJdk() {
        assertThat(dependencies).as("classes of the declared dependencies").contains("ai.djl.ndarray.NDArray");
        assertThat(engine.referencesOutside(dependencies)).isEmpty();
    }

    @Test
    void theChecksFindAServicePackagePlantedInTheJar(@TempDir Path dir) throws Exception {
        Path planted = dir.resolve("planted.jar");
        Path classes = Path.of(
                Part.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        try (JarFile original = new JarFile(JAR.toFile());
                OutputStream out = Files.newOutputStream(planted);
                JarOutputStream jar = new JarOutputStream(out);
                Stream<Path> service = Files.list(classes.resolve(PLANTED))) {
            for (JarEntry entry :
                    original.stream().filter(e -> !e.isDirectory()).toList()) {
                jar.putNextEntry(new JarEntry(entry.getName()));
                original.getInputStream(entry).transferTo(jar);
            }
            for (Path file : service.toList()) {
                jar.putNextEntry(new JarEntry(PLANTED + "/" + file.getFileName()));
                Files.copy(file, jar);
            }
        }
        EngineJar withService = new EngineJar(planted);
        assertThat(withService.classesOutsideTheEngine())
                .anyMatch(line -> line.startsWith("com.dipgnn.jobs.migration.") && line.endsWith("declares SERVICE"));
        assertThat(withService.referencesOutside(dependencies))
                .anyMatch(line -> line.startsWith("com.dipgnn.jobs.migration.") && line.contains(" -> org.flywaydb."));
    }
}
