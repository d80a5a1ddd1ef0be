package com.dipgnn.build;

import com.dipgnn.parts.Part;
import com.dipgnn.parts.PartOf;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;
import javax.tools.Diagnostic;

/**
 * The engine jar's contents, derived from the packages' declarations: copies from the compiled
 * classes every class and resource whose package says {@code @PartOf(Part.ENGINE)} into a folder
 * of its own, from which maven-jar-plugin builds the engine jar. A resource belongs to the nearest
 * package folder above it that declares a part; one under no such folder (application*.yml,
 * logback*.xml, db/**) stays out. Fails the build, naming them, when a folder holds classes of a
 * package that declares no part.
 *
 * <p>Run by the root pom in prepare-package as an annotation processor of javac (maven-compiler-plugin,
 * {@code -proc:only}), so that the build needs no plugin beyond the compiler: javac reads each
 * package's declaration from its compiled {@code package-info} class on the classpath. Options:
 * {@code -Adipgnn.classes=<compiled classes> -Adipgnn.engineClasses=<engine classes folder>}.
 */
public final class EngineClasses extends AbstractProcessor {

    static final String CLASSES = "dipgnn.classes";
    static final String ENGINE_CLASSES = "dipgnn.engineClasses";
    private static final String CLASS_SUFFIX = ".class";

    private boolean done;

    @Override
    public Set<String> getSupportedAnnotationTypes() {
        return Set.of("*");
    }

    @Override
    public Set<String> getSupportedOptions() {
        return Set.of(CLASSES, ENGINE_CLASSES);
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
        return SourceVersion.latestSupported();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
        if (!done) {
            done = true;
            try {
                copy(Path.of(option(CLASSES)), Path.of(option(ENGINE_CLASSES)));
            } catch (IOException | UncheckedIOException e) {
                error("cannot copy the engine's classes: " + e);
            }
        }
        return false;
    }

    private void copy(Path classes, Path engine) throws IOException {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(classes)) {
            files = walk.filter(Files::isRegularFile).map(classes::relativize).toList();
        }
        TreeSet<String> undeclared = new TreeSet<>();
        for (Path file : files) {
            if (file.toString().endsWith(CLASS_SUFFIX)
                    && declared(file.getParent()).isEmpty()) {
                undeclared.add(packageName(file.getParent()));
            }
        }
        if (!undeclared.isEmpty()) {
            error("these packages declare no part, so the engine jar cannot be built: " + undeclared
                    + ". Add @PartOf(Part.ENGINE), @PartOf(Part.SERVICE) or @PartOf(Part.APPLICATION)"
                    + " to each one's package-info.java (docs/engine.md, \"Package map\").");
            return;
        }
        deleteRecursively(engine);
        for (Path file : files) {
            if (owner(file.getParent()).filter(Part.ENGINE::equals).isPresent()) {
                Path target = engine.resolve(file);
                Files.createDirectories(target.getParent());
                Files.copy(classes.resolve(file), target, StandardCopyOption.COPY_ATTRIBUTES);
            }
        }
    }

    /** The part declared by the nearest package folder at or above {@code folder}. */
    private Optional<Part> owner(Path folder) {
        for (Path f = folder; f != null; f = f.getParent()) {
            Optional<Part> part = declared(f);
            if (part.isPresent()) {
                return part;
            }
        }
        return Optional.empty();
    }

    private Optional<Part> declared(Path folder) {
        String name = packageName(folder);
        if (name.isEmpty() || !SourceVersion.isName(name)) {
            return Optional.empty();
        }
        PackageElement element = processingEnv.getElementUtils().getPackageElement(name);
        return Optional.ofNullable(element)
                .map(e -> e.getAnnotation(PartOf.class))
                .map(PartOf::value);
    }

    private static String packageName(Path folder) {
        return folder == null
                ? ""
                : folder.toString().replace(folder.getFileSystem().getSeparator(), ".");
    }

    private String option(String name) {
        String value = processingEnv.getOptions().get(name);
        if (value == null) {
            throw new IllegalStateException("EngineClasses needs -A" + name + "=<folder>");
        }
        return value;
    }

    private void error(String message) {
        processingEnv.getMessager().printMessage(Diagnostic.Kind.ERROR, "EngineClasses: " + message);
    }

    /** Empties a previous build's engine classes, so that a package no longer engine leaves the jar. */
    private static void deleteRecursively(Path folder) throws IOException {
        if (!Files.exists(folder)) {
            return;
        }
        Files.walkFileTree(folder, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) throws IOException {
                Files.delete(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path dir, IOException failure) throws IOException {
                if (failure != null) {
                    throw failure;
                }
                Files.delete(dir);
                return FileVisitResult.CONTINUE;
            }
        });
    }
}
