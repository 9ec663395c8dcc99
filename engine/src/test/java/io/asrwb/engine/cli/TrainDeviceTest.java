package io.asrwb.engine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.asrwb.engine.testing.DemoSubset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code train.device} and {@code train.workers} on the backend this test JVM loaded: the CPU
 * backend (the engine's test class path has no CUDA jars, and CI has no GPU).
 */
class TrainDeviceTest {

    @TempDir Path dir;

    @Test
    void cudaAskedForOnTheCpuBackendIsRefusedBeforeTheRunFolderIsWritten() throws Exception {
        Path db = imported();
        Path config = config("  device: cuda\n");
        Path run = dir.resolve("run");

        CliRun train =
                CliRun.run(
                        db,
                        "train",
                        "--config",
                        config.toString(),
                        "--dataset",
                        "mini",
                        "--out",
                        run.toString(),
                        "--max-steps",
                        "1");

        assertThat(train.exit()).isNotZero();
        assertThat(train.err())
                .contains(
                        "train.device is cuda, but ND4J loaded its CPU backend (nd4j-native,"
                                + " CpuBackend)")
                .contains("CUDA 11.6 libraries")
                .contains("-Pcuda-jars")
                .contains("or set train.device: cpu");
        assertThat(run).doesNotExist();
    }

    @Test
    void workersZeroOnTheCpuIsAPlainFitAndTheStartEventNamesTheBackend() throws Exception {
        Path db = imported();
        Path config = config("  device: cpu\n  workers: 0\n");

        CliRun train =
                CliRun.run(
                        db,
                        "--porcelain",
                        "train",
                        "--config",
                        config.toString(),
                        "--dataset",
                        "mini",
                        "--out",
                        dir.resolve("run").toString(),
                        "--max-steps",
                        "1");

        assertThat(train.exit()).as(train.err()).isZero();
        ObjectMapper json = new ObjectMapper();
        JsonNode started = null;
        for (String line : train.lines()) {
            JsonNode node = json.readTree(line);
            if (node.path("type").asText().equals("started")) {
                started = node;
            }
        }
        assertThat(started).as(train.out()).isNotNull();
        assertThat(started.path("backend").asText()).isEqualTo("CpuBackend");
        assertThat(started.path("backendName").asText()).isEqualTo("nd4j-native");
        assertThat(started.path("devices").toString()).isEqualTo("[\"cpu\"]");
        assertThat(started.path("config").path("train").path("workers").asInt()).isZero();
    }

    private Path imported() throws Exception {
        Path db = dir.resolve("catalog");
        Path manifest = DemoSubset.write(dir.resolve("corpus"), 1.0, Map.of("train", 4));
        CliRun imported =
                CliRun.run(
                        db,
                        "dataset",
                        "import",
                        "--format",
                        "nemo",
                        "--name",
                        "mini",
                        manifest.toString());
        assertThat(imported.exit()).as(imported.err()).isZero();
        return db;
    }

    private Path config(String trainSection) throws Exception {
        Path config = dir.resolve("run.yaml");
        Files.writeString(config, TinyCliConfig.YAML + "train:\n" + trainSection);
        return config;
    }
}
