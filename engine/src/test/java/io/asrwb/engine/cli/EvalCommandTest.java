package io.asrwb.engine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.DatasetRepository;
import io.asrwb.engine.store.StoredUtterance;
import io.asrwb.engine.store.UtteranceRepository;
import io.asrwb.engine.testing.DemoSubset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code asrwb eval} prints a checkpoint's WER and CER and stores each utterance's CER. */
class EvalCommandTest {

    @TempDir Path dir;

    @Test
    void printsWerAndCerOfTheTestSplitAndStoresEachUtterancesCer() throws Exception {
        Path db = dir.resolve("catalog");
        Path manifest = DemoSubset.write(dir.resolve("corpus"), 1.0, Map.of("train", 8, "test", 6));
        Path config = dir.resolve("run.yaml");
        Files.writeString(config, TinyCliConfig.YAML);
        assertThat(
                        CliRun.run(
                                        db,
                                        "dataset",
                                        "import",
                                        "--format",
                                        "nemo",
                                        "--name",
                                        "mini",
                                        manifest.toString())
                                .exit())
                .isZero();
        Path run = dir.resolve("run");
        CliRun trained =
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
        assertThat(trained.exit()).as(trained.err()).isZero();
        // the tiny config names no validation split: the fallback says so in words
        assertThat(trained.err())
                .contains(
                        "dataset mini: data.val_splits names no split: holding out",
                        "of the training utterances (10 %, by id) for validation");

        CliRun human = CliRun.run(db, "eval", "--model", run.toString(), "--dataset", "mini");
        CliRun porcelain =
                CliRun.run(
                        db, "--porcelain", "eval", "--model", run.toString(), "--dataset", "mini");

        assertThat(human.exit()).as(human.err()).isZero();
        assertThat(human.out())
                .containsPattern(
                        "mini/test \\(6 utterances, greedy decoding\\): "
                                + "WER \\d+\\.\\d\\d %  CER \\d+\\.\\d\\d %");
        assertThat(porcelain.exit()).as(porcelain.err()).isZero();
        JsonNode record =
                new ObjectMapper().readTree(porcelain.lines().get(porcelain.lines().size() - 1));
        assertThat(record.path("split").asText()).isEqualTo("test");
        assertThat(record.path("utterances").asInt()).isEqualTo(6);
        assertThat(record.path("wer").isNumber()).isTrue();
        assertThat(record.path("cer").asDouble()).isBetween(0.0, 10.0);
        try (Catalog catalog = Catalog.open(db)) {
            List<StoredUtterance> stored =
                    catalog.read(
                            c ->
                                    new UtteranceRepository(c)
                                            .of(new DatasetRepository(c).require("mini").id()));
            assertThat(stored)
                    .filteredOn(s -> s.utterance().split().key().equals("test"))
                    .hasSize(6)
                    .allSatisfy(s -> assertThat(s.lastCer()).isNotNaN());
            assertThat(stored)
                    .filteredOn(s -> s.utterance().split().key().equals("train"))
                    .allSatisfy(s -> assertThat(s.lastCer()).isNaN());
        }
    }
}
