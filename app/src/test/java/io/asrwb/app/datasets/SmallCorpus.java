package io.asrwb.app.datasets;

import io.asrwb.app.AppContext;
import io.asrwb.app.tasks.CurrentThreadTaskRunner;
import io.asrwb.engine.audio.WavWriter;
import io.asrwb.engine.data.DatasetFormat;
import io.asrwb.engine.store.Catalog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;

/** A small real dataset for view-model tests: WAV files of rising length and a NeMo manifest. */
final class SmallCorpus {

    static final int SIZE = 12;

    private SmallCorpus() {}

    /** Writes {@code SIZE} WAVs (u00 … u11, 0.2 s to 2.4 s); u10 and u11 share a transcript. */
    static Path write(Path dir) throws IOException {
        Path data = Files.createDirectories(dir.resolve("small"));
        StringBuilder manifest = new StringBuilder();
        for (int i = 0; i < SIZE; i++) {
            int samples = 3200 * (i + 1);
            float[] pcm = new float[samples];
            for (int s = 0; s < samples; s++) {
                pcm[s] = (float) (0.3 * Math.sin(2 * Math.PI * 220 * s / 16000.0));
            }
            String name = String.format("u%02d", i);
            WavWriter.writePcm16(data.resolve(name + ".wav"), pcm, 16000, 1);
            String text = i >= 10 ? "the same words" : "utterance number " + words(i);
            manifest.append(
                    String.format(
                            java.util.Locale.ROOT,
                            "{\"audio_filepath\": \"%s.wav\", \"duration\": %.3f, \"text\": \"%s\","
                                    + " \"speaker\": \"s%d\"}%n",
                            name,
                            samples / 16000.0,
                            text,
                            i % 3));
        }
        Path m = data.resolve("small.jsonl");
        Files.writeString(m, manifest);
        return m;
    }

    static DatasetsViewModel open(Catalog catalog) {
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

    static DatasetsViewModel imported(Catalog catalog, Path manifest) {
        DatasetsViewModel vm = open(catalog);
        vm.importDataset(new ImportRequest(DatasetFormat.NEMO, manifest, "small"));
        if (vm.utteranceCount() != SIZE) {
            throw new IllegalStateException(
                    "small corpus import failed: " + vm.statusProperty().get());
        }
        return vm;
    }

    private static String words(int i) {
        String[] w = {
            "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"
        };
        return w[i % 10];
    }
}
