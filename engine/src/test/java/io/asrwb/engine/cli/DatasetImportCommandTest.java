package io.asrwb.engine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.asrwb.engine.audio.WavWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DatasetImportCommandTest {

    @TempDir Path dir;

    private Path nemoManifest(boolean withGoodLines) throws IOException {
        Path corpus = Files.createDirectories(dir.resolve("corpus"));
        StringBuilder m = new StringBuilder();
        if (withGoodLines) {
            for (int i = 0; i < 3; i++) {
                WavWriter.writePcm16(
                        corpus.resolve(i + ".wav"), new float[8000 + 1600 * i], 16_000, 1);
                m.append("{\"audio_filepath\": \"")
                        .append(i)
                        .append(".wav\", \"duration\": ")
                        .append((8000 + 1600 * i) / 16000.0)
                        .append(", \"text\": \"hello number ")
                        .append(i)
                        .append("\"}\n");
            }
        }
        m.append("{\"audio_filepath\": \"gone.wav\", \"duration\": 1.0, \"text\": \"missing\"}\n");
        Path manifest = corpus.resolve("manifest.json");
        Files.writeString(manifest, m);
        return manifest;
    }

    @Test
    void importPrintsProblemsAndSummaryAndKeepsTheGoodRows() throws IOException {
        Path manifest = nemoManifest(true);
        Path db = dir.resolve("catalog");
        CliRun r =
                CliRun.run(
                        db,
                        "dataset",
                        "import",
                        "--format",
                        "nemo",
                        "--name",
                        "small",
                        manifest.toString());
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out())
                .contains("manifest.json:4: ")
                .contains("gone.wav")
                .contains("imported 3 utterances")
                .contains("rejected 1: missing_file 1")
                .contains("manifest version 1 sha256 ");

        CliRun again =
                CliRun.run(
                        db,
                        "--porcelain",
                        "dataset",
                        "import",
                        "--format",
                        "nemo",
                        "--name",
                        "small",
                        manifest.toString());
        assertThat(again.exit()).isEqualTo(ExitCodes.DATASET_NAME);

        CliRun list = CliRun.run(db, "--porcelain", "dataset", "list");
        JsonNode row = new ObjectMapper().readTree(list.lines().get(0));
        assertThat(row.get("utterances").asInt()).isEqualTo(3);
    }

    @Test
    void nothingImportedExitsNonZeroAndStoresNothing() throws IOException {
        Path manifest = nemoManifest(false);
        Path db = dir.resolve("catalog");
        CliRun r =
                CliRun.run(
                        db,
                        "--porcelain",
                        "dataset",
                        "import",
                        "--format",
                        "nemo",
                        "--name",
                        "empty",
                        manifest.toString());
        assertThat(r.exit()).isEqualTo(ExitCodes.FAILED);
        assertThat(r.out())
                .contains("\"type\":\"problem\"")
                .contains("\"type\":\"import-summary\"")
                .contains("\"imported\":0");
        assertThat(r.err()).contains("nothing imported");
        assertThat(CliRun.run(db, "dataset", "list").out()).contains("no datasets");
    }
}
