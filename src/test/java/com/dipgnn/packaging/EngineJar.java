package com.dipgnn.packaging;

import com.dipgnn.parts.Part;
import com.dipgnn.parts.PartOf;
import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReference;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.regex.Pattern;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * A built engine jar read back: its entries, its classes (ArchUnit) and the parts that its own
 * package-info classes declare, with the checks EngineJarIT makes on it. Each check returns the
 * offending entries or references, one line each (empty: the jar passes).
 */
final class EngineJar {

    static final String MANIFEST = "META-INF/MANIFEST.MF";
    private static final String CLASS_SUFFIX = ".class";
    private static final String PACKAGE_INFO = "package-info";
    /** A multi-release jar keeps a class's later versions under this prefix. */
    private static final Pattern VERSIONED = Pattern.compile("^META-INF/versions/\\d+/");

    private final Set<String> entries;
    private final JavaClasses classes;

    EngineJar(Path jar) {
        this.entries = fileEntries(jar);
        try (JarFile file = new JarFile(jar.toFile())) {
            this.classes = new ClassFileImporter().importJar(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + jar, e);
        }
    }

    /** The jar's files (not its folders), by path. */
    Set<String> entries() {
        return entries;
    }

    JavaClasses classes() {
        return classes;
    }

    /** Classes whose package does not declare, in this jar, that it is part of the engine. */
    List<String> classesOutsideTheEngine() {
        List<String> outside = new ArrayList<>();
        for (JavaClass c : classes) {
            Optional<Part> part = declared(c.getPackageName());
            if (!part.equals(Optional.of(Part.ENGINE))) {
                outside.add(c.getName() + ": its package declares "
                        + part.map(Part::name).orElse("no part"));
            }
        }
        return outside;
    }

    /**
     * Files other than classes and the manifest that do not lie in the folder of an engine package
     * (or below one, when no package folder is nearer).
     */
    List<String> resourcesOutsideTheEngine() {
        List<String> outside = new ArrayList<>();
        for (String entry : entries) {
            if (entry.endsWith(CLASS_SUFFIX) || entry.equals(MANIFEST)) {
                continue;
            }
            Optional<Part> part = Optional.empty();
            for (String folder = parent(entry); part.isEmpty() && !folder.isEmpty(); folder = parent(folder)) {
                part = declared(folder.replace('/', '.'));
            }
            if (!part.equals(Optional.of(Part.ENGINE))) {
                outside.add(entry + ": in no engine package's folder");
            }
        }
        return outside;
    }

    /**
     * References from the jar's classes to classes that are neither in the jar, nor among {@code
     * dependencies} (class names), nor in the JDK's modules.
     */
    List<String> referencesOutside(Set<String> dependencies) {
        Set<String> jdk = jdkPackages();
        TreeSet<String> outside = new TreeSet<>();
        for (JavaClass c : classes) {
            for (Dependency d : c.getDirectDependenciesFromSelf()) {
                JavaClass target = d.getTargetClass().getBaseComponentType();
                String name = target.getName();
                if (!target.isPrimitive()
                        && !classes.contain(name)
                        && !dependencies.contains(name)
                        && !jdk.contains(target.getPackageName())) {
                    outside.add(c.getName() + " -> " + name);
                }
            }
        }
        return new ArrayList<>(outside);
    }

    private Optional<Part> declared(String packageName) {
        String info = packageName + "." + PACKAGE_INFO;
        if (!classes.contain(info)) {
            return Optional.empty();
        }
        return classes.get(info).tryGetAnnotationOfType(PartOf.class).map(PartOf::value);
    }

    private static String parent(String path) {
        int slash = path.lastIndexOf('/');
        return slash < 0 ? "" : path.substring(0, slash);
    }

    /**
     * The classes of the dependencies that {@code pom} declares (its own dependencies element,
     * optional ones included, test ones not), each read from its jar in the local Maven repository.
     */
    static Set<String> dependencyClasses(Path pom, Path repository) {
        Set<String> names = new HashSet<>();
        for (Path jar : dependencyJars(Project.pom(pom), repository)) {
            names.addAll(classNames(fileEntries(jar)));
        }
        return names;
    }

    /** The jars of the declared dependencies, as the local repository lays them out. */
    static List<Path> dependencyJars(Document pom, Path repository) {
        List<Path> jars = new ArrayList<>();
        for (Element dependency : children(child(pom.getDocumentElement(), "dependencies"), "dependency")) {
            if (text(dependency, "scope").equals("test")) {
                continue;
            }
            String groupId = text(dependency, "groupId");
            String artifactId = text(dependency, "artifactId");
            String version = text(dependency, "version");
            String classifier = text(dependency, "classifier");
            String file = artifactId + "-" + version + (classifier.isEmpty() ? "" : "-" + classifier) + ".jar";
            Path jar = repository
                    .resolve(groupId.replace('.', '/'))
                    .resolve(artifactId)
                    .resolve(version)
                    .resolve(file);
            if (!Files.isRegularFile(jar)) {
                throw new IllegalStateException("the engine's dependency " + groupId + ":" + artifactId + ":" + version
                        + " is not in the local repository: " + jar);
            }
            jars.add(jar);
        }
        return jars;
    }

    /** Class names of the class files among {@code entries}, later versions of a multi-release jar included. */
    static Set<String> classNames(Collection<String> entries) {
        Set<String> names = new HashSet<>();
        for (String entry : entries) {
            if (entry.endsWith(CLASS_SUFFIX)) {
                String path = VERSIONED.matcher(entry).replaceFirst("");
                names.add(
                        path.substring(0, path.length() - CLASS_SUFFIX.length()).replace('/', '.'));
            }
        }
        return names;
    }

    private static Set<String> jdkPackages() {
        Set<String> packages = new HashSet<>();
        for (ModuleReference module : ModuleFinder.ofSystem().findAll()) {
            packages.addAll(module.descriptor().packages());
        }
        return packages;
    }

    private static Set<String> fileEntries(Path jar) {
        try (JarFile file = new JarFile(jar.toFile())) {
            Set<String> names = new TreeSet<>();
            file.stream().filter(e -> !e.isDirectory()).map(JarEntry::getName).forEach(names::add);
            return names;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + jar, e);
        }
    }

    private static Element child(Element parent, String name) {
        List<Element> found = children(parent, name);
        if (found.isEmpty()) {
            throw new IllegalStateException("no <" + name + "> in <" + parent.getTagName() + ">");
        }
        return found.get(0);
    }

    private static List<Element> children(Element parent, String name) {
        List<Element> found = new ArrayList<>();
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && e.getTagName().equals(name)) {
                found.add(e);
            }
        }
        return found;
    }

    private static String text(Element parent, String name) {
        List<Element> found = children(parent, name);
        return found.isEmpty() ? "" : found.get(0).getTextContent().trim();
    }
}
