package io.asrwb.remote.jobs.bundle;

import io.asrwb.engine.store.AppDirs;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The jars a host needs to run the engine CLI: the engine's jar and its runtime libraries, and
 * the CUDA backend's jars that CUDA hosts get besides ({@code lib-cuda/*.jar} beside the engine
 * jar, empty when this build has none).
 *
 * @param jars the engine jar first, then its libraries (the CPU backend among them)
 * @param cudaJars nd4j-cuda and the CUDA presets, added to the class path of CUDA hosts only
 */
public record RuntimeJars(List<Path> jars, List<Path> cudaJars) {

    /** The engine's command-line entry point, the same on every host. */
    public static final String MAIN_CLASS = "io.asrwb.engine.cli.Main";

    /**
     * The folder beside the engine jar holding the CUDA backend's jars (only jars): {@code
     * engine/target/lib-cuda} of a {@code -Pcuda-jars} build, {@code lib/app/lib-cuda} installed.
     */
    public static final String CUDA_FOLDER = "lib-cuda";

    public RuntimeJars {
        jars = List.copyOf(jars);
        cudaJars = List.copyOf(cudaJars);
        if (jars.isEmpty()) {
            throw new IllegalArgumentException("the engine runtime has no jars");
        }
    }

    /** A runtime without CUDA jars. */
    public RuntimeJars(List<Path> jars) {
        this(jars, List.of());
    }

    /** Whether CUDA hosts can be given the CUDA backend. */
    public boolean hasCuda() {
        return !cudaJars.isEmpty();
    }

    /** The source-build layout ({@code ./asrwb}): the engine jar and the {@code lib/*.jar} beside it. */
    public static RuntimeJars ofEngineJar(Path engineJar) {
        if (!Files.isRegularFile(engineJar)) {
            throw new IllegalStateException(
                    "the engine jar "
                            + engineJar
                            + " is missing; build it with `./mvnw -pl engine -am -DskipTests"
                            + " package` (./asrwb does so by itself)");
        }
        List<Path> jars = new ArrayList<>(List.of(engineJar));
        jars.addAll(jarsIn(engineJar.resolveSibling("lib")));
        return new RuntimeJars(jars, jarsIn(engineJar.resolveSibling(CUDA_FOLDER)));
    }

    /**
     * The installed layout (jpackage: every jar flat in {@code lib/app}, ND4J's natives an unpacked
     * folder reached through a manifest-only jar): the jars of the class path the app runs with,
     * folders packed into cached jars; the engine jar first.
     *
     * @param packCache where class-path folders are packed into jars (once per content)
     */
    public static RuntimeJars ofClassPath(Path engineJar, List<Path> classPath, Path packCache) {
        Path engine = engineJar.toAbsolutePath().normalize();
        Path cudaFolder = engine.resolveSibling(CUDA_FOLDER);
        List<Path> jars = new ArrayList<>(List.of(engine));
        for (Path jar : ClassPathJars.of(classPath, packCache)) {
            // a CUDA variant may run the app itself on lib-cuda: CPU hosts still get none of it
            if (!jar.equals(engine) && !jar.startsWith(cudaFolder)) {
                jars.add(jar);
            }
        }
        return new RuntimeJars(jars, jarsIn(cudaFolder));
    }

    /**
     * The engine this process runs: from a source build, its jar and {@code lib/}; installed, the
     * jars of this process's class path (folders packed under the user's data folder).
     */
    public static RuntimeJars ofRunningEngine() {
        Path code;
        try {
            code =
                    Path.of(
                            Class.forName(MAIN_CLASS)
                                    .getProtectionDomain()
                                    .getCodeSource()
                                    .getLocation()
                                    .toURI());
        } catch (URISyntaxException | ClassNotFoundException | NullPointerException e) {
            throw new IllegalStateException(
                    "cannot find the engine's jar to send to the host: " + e, e);
        }
        if (!code.getFileName().toString().endsWith(".jar")) {
            throw new IllegalStateException(
                    "the engine runs from "
                            + code
                            + ", a folder, not a jar; run ASR Workbench from its built jars"
                            + " (./asrwb) to submit remote jobs");
        }
        if (Files.isDirectory(code.resolveSibling("lib"))) {
            return ofEngineJar(code);
        }
        return ofClassPath(
                code,
                ClassPathJars.runningClassPath(),
                AppDirs.ofSystem().dataDir().resolve("runtime-jars"));
    }

    private static List<Path> jarsIn(Path folder) {
        if (!Files.isDirectory(folder)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(folder)) {
            return s.filter(p -> p.getFileName().toString().endsWith(".jar")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + folder + ": " + e.getMessage(), e);
        }
    }
}
