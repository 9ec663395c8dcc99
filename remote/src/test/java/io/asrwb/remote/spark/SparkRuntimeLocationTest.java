package io.asrwb.remote.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where a multi-node job's Spark jars are found for the engine jar a process runs. */
class SparkRuntimeLocationTest {

    @TempDir Path root;

    @Test
    void besideTheEngineJarOfTheEngineBuild() throws Exception {
        Path engineJar = sparkBuild(root.resolve("engine/target"));

        assertThat(SparkRuntime.located(engineJar).javaOptions())
                .isEqualTo(root.resolve("engine/target/spark/java-options"));
    }

    @Test
    void theSourceTreesEngineBuildForTheAppsCopyOfTheEngineJar() throws Exception {
        sparkBuild(root.resolve("engine/target"));
        Path appCopy =
                Files.createDirectories(root.resolve("app/target/lib")).resolve("asrwb-engine.jar");
        Files.writeString(appCopy, "jar");

        SparkRuntime spark = SparkRuntime.located(appCopy);

        assertThat(spark.jars())
                .containsExactly(root.resolve("engine/target/spark/jars/spark-core.jar"));
    }

    @Test
    void anInstalledAppWithoutSparkIsToldWhereToSubmitFrom() throws Exception {
        Path installed =
                Files.createDirectories(root.resolve("opt/asrwb/lib/app"))
                        .resolve("asrwb-engine.jar");
        Files.writeString(installed, "jar");

        assertThatThrownBy(() -> SparkRuntime.located(installed))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("need Spark's runtime")
                .hasMessageContaining("./asrwb job submit --mode spark");
    }

    private static Path sparkBuild(Path target) throws Exception {
        Path jars = Files.createDirectories(target.resolve("spark/jars"));
        Files.writeString(jars.resolve("spark-core.jar"), "jar");
        Files.writeString(
                target.resolve("spark/java-options"),
                "--add-opens=java.base/java.lang=ALL-UNNAMED\n");
        Path engineJar = target.resolve("asrwb-engine.jar");
        Files.writeString(engineJar, "jar");
        return engineJar;
    }
}
