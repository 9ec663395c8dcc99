package io.asrwb.app.datasets;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.app.AppContext;
import io.asrwb.app.tasks.CurrentThreadTaskRunner;
import io.asrwb.engine.audio.AudioFiles;
import io.asrwb.engine.audio.PcmAudio;
import io.asrwb.engine.audio.WavWriter;
import io.asrwb.engine.config.RunConfig;
import io.asrwb.engine.config.RunConfigYaml;
import io.asrwb.engine.data.DatasetFormat;
import io.asrwb.engine.data.augment.Augmenter;
import io.asrwb.engine.store.Catalog;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The datasets view model on a real catalog file, the real demo corpus and real WAV files. */
class DatasetsViewModelTest {

    static final Path DEMO = Path.of("..", "assets", "demo-corpus", "demo.jsonl");

    @TempDir Path tmp;

    private DatasetsViewModel open(Catalog catalog) {
        DatasetsViewModel vm =
                new DatasetsViewModel(
                        new AppContext(
                                catalog,
                                new CurrentThreadTaskRunner(),
                                Clock.systemUTC(),
                                "tester"));
        vm.refresh();
        return vm;
    }

    @Test
    void firstStartImportsTheDemoCorpusAndCurationSurvivesARestart() {
        Path db = tmp.resolve("catalog");
        try (Catalog catalog = Catalog.open(db)) {
            DatasetsViewModel vm = open(catalog);
            assertThat(vm.datasets()).isEmpty();
            List<Double> progress = new ArrayList<>();
            vm.progressProperty().addListener((o, a, b) -> progress.add(b.doubleValue()));

            vm.importDemoCorpusIfEmpty(DEMO);

            assertThat(vm.statusProperty().get()).startsWith("'demo': 1350 utterances imported");
            assertThat(vm.busyProperty().get()).isFalse();
            assertThat(progress).anyMatch(p -> p > 0 && p < 1);
            assertThat(vm.selectedProperty().get().dataset().name()).isEqualTo("demo");
            assertThat(vm.visibleUtterances()).hasSize(1350);

            UtteranceRow first = vm.visibleUtterances().get(0);
            vm.curation().setFlagged(first, true);
            vm.curation().editTranscript(vm.visibleUtterances().get(0), "corrected words");
            vm.curation().setExcluded(vm.visibleUtterances().get(1), true);
            assertThat(vm.visibleUtterances().get(0).flagged()).isTrue();
            assertThat(vm.visibleUtterances().get(0).transcript()).isEqualTo("corrected words");

            vm.importDemoCorpusIfEmpty(DEMO); // not empty any more: nothing happens
            assertThat(vm.datasets()).hasSize(1);
        }
        try (Catalog reopened = Catalog.open(db)) {
            DatasetsViewModel vm = open(reopened);
            UtteranceRow first = vm.visibleUtterances().get(0);
            assertThat(first.flagged()).isTrue();
            assertThat(first.edited()).isTrue();
            assertThat(first.transcript()).isEqualTo("corrected words");
            assertThat(vm.visibleUtterances().get(1).excluded()).isTrue();

            vm.filterProperty().set("espeak-en-us-m1-001");
            assertThat(vm.visibleUtterances())
                    .extracting(UtteranceRow::id)
                    .containsExactly(vm.visibleUtterances().get(0).id());
            assertThat(vm.visibleUtterances().get(0).id()).contains("espeak-en-us-m1-001");
        }
    }

    @Test
    void playAugmentedShowsTheClipAsTheTrainerWillSeeIt() throws Exception {
        Path data = Files.createDirectories(tmp.resolve("aug"));
        float[] tone = new float[16_000];
        for (int i = 0; i < tone.length; i++) {
            tone[i] = (float) (0.3 * Math.sin(2 * Math.PI * 220 * i / 16_000.0));
        }
        WavWriter.writePcm16(data.resolve("a.wav"), tone, 16_000, 1);
        Files.writeString(
                data.resolve("m.jsonl"),
                "{\"audio_filepath\": \"a.wav\", \"duration\": 1.0, \"text\": \"yes\"}\n",
                StandardCharsets.UTF_8);
        RunConfig config =
                RunConfigYaml.standard()
                        .read(
                                Files.readString(
                                        Path.of(
                                                "..",
                                                "assets",
                                                "configs",
                                                "tiny-real-conditions.yaml")),
                                "example");
        try (Catalog catalog = Catalog.open(tmp.resolve("catalog"))) {
            DatasetsViewModel vm = open(catalog);
            vm.importDataset(new ImportRequest(DatasetFormat.NEMO, data.resolve("m.jsonl"), "aug"));
            vm.setRunConfig(() -> config, tmp);
            assertThat(vm.augmentSeedProperty().get()).isEqualTo(config.train().seed());
            UtteranceRow row = vm.visibleUtterances().get(0);
            vm.showUtterance(row);
            assertThat(vm.waveform().shownAsProperty().get()).isEqualTo("original");
            float[] decoded = AudioFiles.load(data.resolve("a.wav")).samples();

            vm.augmentSeedProperty().set(7);
            vm.augmentEpochProperty().set(2);
            vm.playAugmented();

            // Exactly what the trainer's augmenter gives this utterance id in epoch 2 with seed 7.
            float[] expected =
                    Augmenter.of(config.augment(), 7, tmp).samples(decoded, 2, row.id()).samples();
            PcmAudio shown = vm.waveform().audioProperty().get();
            assertThat(shown.sampleRate()).isEqualTo(16_000);
            assertThat(shown.samples()).isEqualTo(expected).isNotEqualTo(decoded);
            assertThat(vm.waveform().shownAsProperty().get())
                    .isEqualTo("augmented: seed 7, epoch 2");

            vm.augmentEpochProperty().set(3);
            vm.playAugmented();
            assertThat(vm.waveform().audioProperty().get().samples()).isNotEqualTo(expected);

            vm.showUtterance(row);
            assertThat(vm.waveform().shownAsProperty().get()).isEqualTo("original");

            vm.setRunConfig(RunConfig::defaults, tmp); // the defaults augment nothing
            vm.playAugmented();
            assertThat(vm.waveform().audioProperty().get().samples()).isEqualTo(decoded);
            assertThat(vm.waveform().shownAsProperty().get())
                    .startsWith("original (the run config turns no");
            vm.waveform().close();
        }
    }

    @Test
    void importReportsBadEntriesAndKeepsTheGoodOnes() throws Exception {
        Path data = Files.createDirectories(tmp.resolve("data"));
        WavWriter.writePcm16(data.resolve("good.wav"), new float[16000], 16000, 1);
        Files.write(data.resolve("empty.wav"), new byte[0]);
        Files.writeString(
                data.resolve("m.jsonl"),
                String.join(
                                "\n",
                                "{\"audio_filepath\": \"good.wav\", \"duration\": 1.0, \"text\":"
                                        + " \"yes\"}",
                                "{\"audio_filepath\": \"empty.wav\", \"duration\": 1.0, \"text\":"
                                        + " \"no\"}",
                                "not json")
                        + "\n",
                StandardCharsets.UTF_8);
        try (Catalog catalog = Catalog.open(tmp.resolve("catalog"))) {
            DatasetsViewModel vm = open(catalog);
            vm.importDataset(
                    new ImportRequest(DatasetFormat.NEMO, data.resolve("m.jsonl"), "mixed"));

            ImportSummary s = vm.lastImportProperty().get();
            assertThat(s.imported()).isEqualTo(1);
            assertThat(s.rejected()).isEqualTo(2);
            assertThat(vm.lastImportProblemLines())
                    .anyMatch(l -> l.contains("m.jsonl:2"))
                    .anyMatch(l -> l.contains("m.jsonl:3"));
            assertThat(s.rejectedByKind())
                    .containsOnly(
                            org.assertj.core.api.Assertions.entry(
                                    io.asrwb.engine.data.ProblemKind.EMPTY_FILE, 1L),
                            org.assertj.core.api.Assertions.entry(
                                    io.asrwb.engine.data.ProblemKind.MALFORMED_LINE, 1L));
            assertThat(vm.lastImportProblemLines()).hasSize(2).allMatch(l -> l.contains(" — "));
            assertThat(vm.visibleUtterances())
                    .extracting(UtteranceRow::transcript)
                    .containsExactly("yes");

            vm.importDataset(
                    new ImportRequest(DatasetFormat.NEMO, data.resolve("m.jsonl"), "mixed"));
            assertThat(vm.statusProperty().get()).startsWith("Import failed:").contains("mixed");
            assertThat(vm.datasets()).hasSize(1);
        }
    }

    @Test
    void cancellingAnImportStoresNothing() throws Exception {
        Path data = Files.createDirectories(tmp.resolve("data"));
        StringBuilder manifest = new StringBuilder();
        for (int i = 0; i < 50; i++) {
            WavWriter.writePcm16(data.resolve("u" + i + ".wav"), new float[1600], 16000, 1);
            manifest.append("{\"audio_filepath\": \"u")
                    .append(i)
                    .append(".wav\", \"duration\": 0.1, \"text\": \"go\"}\n");
        }
        Files.writeString(data.resolve("m.jsonl"), manifest);
        try (Catalog catalog = Catalog.open(tmp.resolve("catalog"))) {
            DatasetsViewModel vm = open(catalog);
            // Cancel as soon as the first progress report arrives: the current-thread runner sees
            // it at once.
            vm.progressProperty().addListener((o, a, b) -> vm.cancel());
            vm.importDataset(
                    new ImportRequest(DatasetFormat.NEMO, data.resolve("m.jsonl"), "cancelled"));

            assertThat(vm.statusProperty().get())
                    .isEqualTo("Import cancelled; nothing was stored.");
            vm.refresh();
            assertThat(vm.datasets()).isEmpty();
        }
    }
}
