package io.asrwb.engine.align;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.engine.data.DatasetFormat;
import io.asrwb.engine.data.ImportOutcome;
import io.asrwb.engine.data.ImportProgress;
import io.asrwb.engine.data.Split;
import io.asrwb.engine.data.Utterance;
import io.asrwb.engine.data.curation.TextChecks;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.CatalogImporter;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One clip's words read back from the newest stored alignment that holds it, in a real H2 file. */
class ClipAlignmentTest {

    @TempDir Path dir;

    private static UtteranceAlignment aligned(String id, String text, double shift) {
        List<AlignedWord> words =
                List.of(
                        new AlignedWord(text.split(" ")[0], 0.1 + shift, 0.4 + shift, 0.9),
                        new AlignedWord(text.split(" ")[1], 0.5 + shift, 0.8 + shift, 0.6));
        return new UtteranceAlignment(
                id,
                text,
                text,
                new TextAlignment.Aligned(words),
                new TextAlignment.Aligned(words.subList(0, 1)));
    }

    @Test
    void theNewestAlignmentHoldingTheClipGivesItsWordsAndWhoAlignedThem() throws Exception {
        try (Catalog catalog = Catalog.open(dir.resolve("catalog"))) {
            long dataset =
                    new CatalogImporter(catalog, TextChecks.ENGLISH, Clock.systemUTC())
                            .store(
                                    "demo",
                                    new ImportOutcome(
                                            DatasetFormat.NEMO,
                                            dir.resolve("m.json"),
                                            dir,
                                            List.of(
                                                    new Utterance(
                                                            "a",
                                                            "a.wav",
                                                            1,
                                                            "go left",
                                                            "",
                                                            Split.TEST),
                                                    new Utterance(
                                                            "b",
                                                            "b.wav",
                                                            1,
                                                            "go right",
                                                            "",
                                                            Split.TEST)),
                                            List.of()),
                                    ImportProgress.NONE)
                            .dataset()
                            .id();
            catalog.transaction(
                    c -> {
                        AlignmentRepository r = new AlignmentRepository(c);
                        long older = r.replace(dataset, "test", "runs/x/step-100", 100, 0.03);
                        r.write(
                                older,
                                List.of(aligned("a", "go left", 0), aligned("b", "go right", 0)));
                        long newer = r.replace(dataset, "val", "runs/x/step-200", 200, 0.03);
                        r.write(newer, List.of(aligned("a", "go left", 0.05)));
                        return null;
                    });

            ClipAlignment a = ClipAlignment.newest(catalog, "demo", "a").orElseThrow();
            ClipAlignment b = ClipAlignment.newest(catalog, "demo", "b").orElseThrow();

            assertThat(a.checkpoint()).isEqualTo("runs/x/step-200");
            assertThat(a.step()).isEqualTo(200);
            assertThat(a.words().referenceWords())
                    .extracting(AlignedWord::startSec)
                    .as("the newer alignment's spans, 50 ms later")
                    .containsExactly(0.1 + 0.05, 0.5 + 0.05);
            assertThat(a.words().hypothesisWords())
                    .extracting(AlignedWord::word)
                    .containsExactly("go");
            assertThat(b.checkpoint())
                    .as("only the older one holds b")
                    .isEqualTo("runs/x/step-100");
            assertThat(b.words().referenceWords())
                    .extracting(AlignedWord::word)
                    .containsExactly("go", "right");
            assertThat(ClipAlignment.newest(catalog, "demo", "nobody")).isEmpty();
        }
    }
}
