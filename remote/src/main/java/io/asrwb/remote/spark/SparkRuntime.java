package io.asrwb.remote.spark;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * What a multi-node job ships besides the engine's runtime jars: Spark's and dl4j-spark's jars and
 * Spark's JVM options for Java 17, as the engine build leaves them next to its jar ({@code
 * target/spark/jars/*.jar}, {@code target/spark/java-options}). On a box they join the engine's
 * jars in the job's SPARK_HOME ({@link SparkCommands#assembleSparkHome}).
 */
public record SparkRuntime(List<Path> jars, Path javaOptions) {

    public SparkRuntime {
        jars = List.copyOf(jars);
    }

    /**
     * The Spark files beside {@code engineJar}, else those of the source tree's engine build above
     * it ({@code engine/target/spark}: the desktop app of a source build runs its own copy of the
     * engine jar, {@code app/target/lib}). The installed app carries none (113 MB, outside the
     * installer's budget): then one line says where multi-node jobs can be submitted from.
     */
    public static SparkRuntime located(Path engineJar) {
        Path beside = engineJar.resolveSibling("spark");
        if (Files.isDirectory(beside)) {
            return besideEngineJar(engineJar);
        }
        for (Path p = engineJar.toAbsolutePath().getParent(); p != null; p = p.getParent()) {
            Path build = p.resolve("engine").resolve("target");
            if (Files.isDirectory(build.resolve("spark"))) {
                return besideEngineJar(build.resolve("asrwb-engine.jar"));
            }
        }
        throw new IllegalStateException(
                "multi-node (spark) jobs need Spark's runtime (113 MB of"
                        + " jars), which this build does not carry beside "
                        + engineJar
                        + "; submit them from a source build (./asrwb job submit --mode spark, or"
                        + " ./asrwb app), which has it in engine/target/spark");
    }

    /** The Spark files beside {@code engineJar} (the engine's build folder). */
    public static SparkRuntime besideEngineJar(Path engineJar) {
        Path spark = engineJar.resolveSibling("spark");
        Path jarsDir = spark.resolve("jars");
        Path options = spark.resolve("java-options");
        if (!Files.isDirectory(jarsDir) || !Files.isRegularFile(options)) {
            throw new IllegalStateException(
                    "the Spark runtime is missing next to "
                            + engineJar
                            + " ("
                            + jarsDir
                            + ", "
                            + options
                            + "); build the engine with `./mvnw -pl engine -am -DskipTests package`"
                            + " (./asrwb does so by itself)");
        }
        try (Stream<Path> files = Files.list(jarsDir)) {
            List<Path> jars =
                    files.filter(p -> p.getFileName().toString().endsWith(".jar"))
                            .sorted()
                            .toList();
            if (jars.isEmpty()) {
                throw new IllegalStateException(jarsDir + " holds no jars; rebuild the engine");
            }
            return new SparkRuntime(jars, options);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + jarsDir + ": " + e.getMessage(), e);
        }
    }
}
