package io.asrwb.engine.store;

import io.asrwb.engine.data.DatasetFormat;
import io.asrwb.engine.data.ImportOutcome;
import io.asrwb.engine.data.ImportProblem;
import io.asrwb.engine.data.ProblemKind;
import io.asrwb.engine.data.Split;
import io.asrwb.engine.data.Utterance;
import io.asrwb.engine.data.curation.TextChecks;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/** Read datasets built in memory, for catalog tests that need no audio. */
final class Fixtures {

    static final Clock CLOCK = Clock.fixed(Instant.parse("2026-01-02T03:04:05Z"), ZoneOffset.UTC);

    private Fixtures() {}

    static List<Utterance> utterances(int n) {
        List<Utterance> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(
                    new Utterance(
                            String.format("utt-%06d", i),
                            "wav/" + i + ".wav",
                            1.0 + (i % 7) * 0.5,
                            "transcript number " + i,
                            "spk" + (i % 3),
                            i % 10 == 0 ? Split.TEST : Split.TRAIN));
        }
        return out;
    }

    static ImportOutcome outcome(Path root, List<Utterance> utterances) {
        return new ImportOutcome(
                DatasetFormat.NEMO,
                root.resolve("manifest.json"),
                root,
                utterances,
                List.of(
                        new ImportProblem(
                                "manifest.json",
                                3,
                                ProblemKind.MISSING_FILE,
                                "audio file wav/x.wav does not exist",
                                "restore the file or remove the line",
                                true),
                        new ImportProblem(
                                "manifest.json",
                                5,
                                ProblemKind.CHARS_OUTSIDE_ALPHABET,
                                "'é' is not in the alphabet",
                                "add it to the alphabet or transliterate",
                                false)));
    }

    static CatalogImporter importer(Catalog catalog) {
        return new CatalogImporter(catalog, TextChecks.ENGLISH, CLOCK);
    }
}
