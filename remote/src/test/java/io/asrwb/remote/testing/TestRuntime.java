package io.asrwb.remote.testing;

import io.asrwb.remote.jobs.bundle.RuntimeJars;
import io.asrwb.remote.spark.SparkRuntime;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

/**
 * The engine runtime as this test JVM has it: the jars of its class path, with the engine's
 * classes folder (a reactor build compiles but does not package it) packed into a jar whose bytes
 * depend only on the classes, so its content address is stable from run to run.
 */
public final class TestRuntime {

    private static RuntimeJars runtime;

    private TestRuntime() {}

    public static synchronized RuntimeJars jars() {
        if (runtime == null) {
            runtime = build(Path.of("target", "remote-test-runtime").toAbsolutePath());
        }
        return runtime;
    }

    /** The engine build's folder (engine/target) above the working directory, with its Spark jars. */
    public static Path engineTarget() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            Path target = p.resolve("engine/target");
            if (Files.isDirectory(target.resolve("spark/jars"))) {
                return target;
            }
        }
        throw new IllegalStateException(
                "engine/target/spark/jars not found: package the engine first"
                        + " (./mvnw -pl remote -am verify does)");
    }

    /** Spark's jars and JVM options as the engine build leaves them. */
    public static SparkRuntime spark() {
        return SparkRuntime.besideEngineJar(engineTarget().resolve("asrwb-engine.jar"));
    }

    private static RuntimeJars build(Path scratch) {
        Path engine = engineCode();
        List<Path> jars = new ArrayList<>();
        if (Files.isDirectory(engine)) {
            jars.add(pack(engine, scratch.resolve("asrwb-engine.jar")));
        }
        for (Path entry : classPath()) {
            if (entry.getFileName().toString().endsWith(".jar")
                    && Files.isRegularFile(entry)
                    && !entry.getFileName().toString().startsWith("surefirebooter")) {
                jars.add(entry.toAbsolutePath());
            }
        }
        return new RuntimeJars(jars);
    }

    /**
     * The test class path: Surefire names it in a property; Failsafe may hand the JVM only a
     * manifest-only jar, whose Class-Path attribute then lists it.
     */
    private static List<Path> classPath() {
        String property =
                System.getProperty(
                        "surefire.test.class.path", System.getProperty("java.class.path"));
        List<Path> entries = new ArrayList<>();
        for (String entry : property.split(java.io.File.pathSeparator)) {
            Path p = Path.of(entry);
            entries.add(p);
            if (entry.endsWith(".jar") && Files.isRegularFile(p)) {
                try (java.util.jar.JarFile jar = new java.util.jar.JarFile(p.toFile())) {
                    String manifestPath =
                            jar.getManifest() == null
                                    ? null
                                    : jar.getManifest().getMainAttributes().getValue("Class-Path");
                    if (manifestPath != null) {
                        for (String url : manifestPath.trim().split("\\s+")) {
                            entries.add(Path.of(java.net.URI.create(url)));
                        }
                    }
                } catch (IOException | IllegalArgumentException e) {
                    // not a jar we can read: it is no runtime jar either
                }
            }
        }
        return entries;
    }

    private static Path engineCode() {
        try {
            return Path.of(
                    Class.forName(RuntimeJars.MAIN_CLASS)
                            .getProtectionDomain()
                            .getCodeSource()
                            .getLocation()
                            .toURI());
        } catch (URISyntaxException | ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Path pack(Path classes, Path jar) {
        try {
            Files.createDirectories(jar.getParent());
            Path tmp = jar.resolveSibling(jar.getFileName() + ".tmp");
            List<Path> files;
            try (Stream<Path> s = Files.walk(classes)) {
                files = s.filter(Files::isRegularFile).sorted().toList();
            }
            try (OutputStream out = Files.newOutputStream(tmp);
                    JarOutputStream zip = new JarOutputStream(out)) {
                for (Path f : files) {
                    JarEntry e = new JarEntry(classes.relativize(f).toString().replace('\\', '/'));
                    e.setTime(0);
                    zip.putNextEntry(e);
                    Files.copy(f, zip);
                    zip.closeEntry();
                }
            }
            Files.move(tmp, jar, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            return jar;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
