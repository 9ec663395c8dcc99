package io.asrwb.remote.jobs.bundle;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

/**
 * The jars of a class path as a host needs them: every entry, and what the jars' manifests add
 * through {@code Class-Path} (relative to the jar's folder), with folders packed into jars
 * ({@link PackedFolder}). How the installed app's runtime is found: jpackage lists its jars on
 * {@code java.class.path}, and ND4J's unpacked natives are reached only through a manifest.
 */
final class ClassPathJars {

    private ClassPathJars() {}

    /**
     * @param entries the class path in order (jars and folders; missing entries are skipped, as
     *     the JVM does)
     * @param packCache where folders are packed into jars
     */
    static List<Path> of(List<Path> entries, Path packCache) {
        Set<Path> seen = new LinkedHashSet<>();
        List<Path> jars = new ArrayList<>();
        for (Path entry : entries) {
            add(entry.toAbsolutePath().normalize(), packCache, seen, jars);
        }
        return jars;
    }

    /** The running JVM's {@code java.class.path}. */
    static List<Path> runningClassPath() {
        List<Path> entries = new ArrayList<>();
        for (String e :
                System.getProperty("java.class.path", "").split(java.io.File.pathSeparator)) {
            if (!e.isBlank()) {
                entries.add(Path.of(e));
            }
        }
        return entries;
    }

    private static void add(Path entry, Path packCache, Set<Path> seen, List<Path> jars) {
        if (!seen.add(entry)) {
            return;
        }
        if (Files.isDirectory(entry)) {
            jars.add(PackedFolder.jarOf(entry, packCache));
        } else if (Files.isRegularFile(entry)) {
            jars.add(entry);
            for (Path referenced : manifestClassPath(entry)) {
                add(referenced, packCache, seen, jars);
            }
        }
    }

    /** The entries a jar's manifest {@code Class-Path} names, resolved against the jar's folder. */
    private static List<Path> manifestClassPath(Path jar) {
        List<Path> out = new ArrayList<>();
        try (JarFile file = new JarFile(jar.toFile())) {
            Manifest manifest = file.getManifest();
            String classPath =
                    manifest == null
                            ? null
                            : manifest.getMainAttributes().getValue(Attributes.Name.CLASS_PATH);
            if (classPath == null) {
                return out;
            }
            URI base = jar.getParent().toUri();
            for (String url : classPath.trim().split("\\s+")) {
                if (!url.isEmpty()) {
                    out.add(Path.of(base.resolve(url)).normalize());
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "cannot read the manifest of " + jar + ": " + e.getMessage(), e);
        }
        return out;
    }
}
