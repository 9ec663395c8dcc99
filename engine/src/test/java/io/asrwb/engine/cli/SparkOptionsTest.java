package io.asrwb.engine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Spark options are checked before a run folder or the catalog is touched. */
class SparkOptionsTest {

    @TempDir Path dir;

    @Test
    void sparkOptionsWithoutAMasterAreRefusedAndLeaveNoRunFolder() {
        Path run = dir.resolve("run");

        CliRun r =
                CliRun.run(
                        dir.resolve("catalog"),
                        "train",
                        "--config",
                        "tiny",
                        "--dataset",
                        "demo",
                        "--out",
                        run.toString(),
                        "--spark-replicas",
                        "3");

        assertThat(r.exit()).isEqualTo(ExitCodes.FAILED);
        assertThat(r.err()).contains("add --spark-master spark://HOST:PORT");
        assertThat(run).doesNotExist();
    }

    @Test
    void aMasterThatIsNoSparkUrlIsRefusedWithTheFormExpected() {
        Path run = dir.resolve("run");

        CliRun r =
                CliRun.run(
                        dir.resolve("catalog"),
                        "train",
                        "--config",
                        "tiny",
                        "--dataset",
                        "demo",
                        "--out",
                        run.toString(),
                        "--spark-master",
                        "http://gpu1:7077");

        assertThat(r.exit()).isEqualTo(ExitCodes.FAILED);
        assertThat(r.err()).contains("spark://HOST:PORT").contains("http://gpu1:7077");
        assertThat(run).doesNotExist();
    }

    @Test
    void gradientAccumulationIsRefusedForSparkBeforeTheRunFolderIsWritten() throws Exception {
        Path run = dir.resolve("run");
        Path config = dir.resolve("accumulate.yaml");
        Files.writeString(config, "preset: tiny\ntrain:\n  accumulate: 2\n");

        CliRun r =
                CliRun.run(
                        dir.resolve("catalog"),
                        "train",
                        "--config",
                        config.toString(),
                        "--dataset",
                        "demo",
                        "--out",
                        run.toString(),
                        "--spark-master",
                        "spark://localhost:7077");

        assertThat(r.exit()).isEqualTo(ExitCodes.FAILED);
        assertThat(r.err())
                .contains("train.accumulate is 2: a Spark run trains through DL4J's fit")
                .contains("set train.accumulate: 1");
        assertThat(run).doesNotExist();
    }

    @Test
    void batchesBySecondsAreRefusedForSparkBeforeTheRunFolderIsWritten() throws Exception {
        Path run = dir.resolve("run");
        Path config = dir.resolve("budget.yaml");
        Files.writeString(config, "preset: tiny\ndata:\n  max_batch_seconds: 30\n");

        CliRun r =
                CliRun.run(
                        dir.resolve("catalog"),
                        "train",
                        "--config",
                        config.toString(),
                        "--dataset",
                        "demo",
                        "--out",
                        run.toString(),
                        "--spark-master",
                        "spark://localhost:7077");

        assertThat(r.exit()).isEqualTo(ExitCodes.FAILED);
        assertThat(r.err())
                .contains("data.max_batch_seconds is 30.0: Spark's parameter averaging needs")
                .contains("set it to 0");
        assertThat(run).doesNotExist();
    }

    @Test
    void resumeTakesTheSameOptions() {
        CliRun r =
                CliRun.run(
                        dir.resolve("catalog"), "resume", dir.toString(), "--spark-master", "yarn");

        assertThat(r.exit()).isEqualTo(ExitCodes.FAILED);
        // the folder is no run: that is said first, before any Spark option
        assertThat(r.err()).contains("is not a run folder");
    }
}
