package io.asrwb.app.training;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.app.AppContext;
import io.asrwb.app.datasets.UtteranceRow;
import io.asrwb.app.tasks.CurrentThreadTaskRunner;
import io.asrwb.engine.store.Catalog;
import java.nio.file.Path;
import java.time.Clock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The dashboard names the utterance behind a non-finite loss and the Datasets table shows it
 * flagged with the reason: the demo subset with one transcript edited into a paragraph (CTC cannot
 * align it), the tiny model trained its 6 steps on the current thread.
 */
class FlaggedUtterancesTest {

    @TempDir Path dir;

    @Test
    void aRunListsTheUtteranceItFlaggedAndTheDatasetsTableShowsTheFlag() throws Exception {
        try (Catalog catalog = Catalog.open(dir.resolve("catalog"))) {
            DemoDataset.importInto(catalog, dir.resolve("data"));
            String id = PlantedTranscript.plant(catalog);
            TrainingViewModel vm =
                    new TrainingViewModel(
                            new AppContext(
                                    catalog,
                                    new CurrentThreadTaskRunner(),
                                    Clock.systemUTC(),
                                    "tester"),
                            DemoDataset.tinyConfig(),
                            dir.resolve("runs"));
            vm.refresh();

            vm.start();

            assertThat(vm.statusProperty().get()).contains("finished at step 6");
            assertThat(vm.flaggedUtterances())
                    .singleElement()
                    .asString()
                    .startsWith(id + ": CTC loss is infinite: ")
                    .containsPattern("\\d+ labels need at least \\d+ output frames, the clip gives")
                    .contains("transcript \"" + PlantedTranscript.TEXT + "\"");
            UtteranceRow row = PlantedTranscript.row(catalog, id);
            assertThat(row.flagged()).isTrue();
            assertThat(row.excluded()).isFalse();
            assertThat(row.transcript()).isEqualTo(PlantedTranscript.TEXT); // the edit stays
            assertThat(row.note())
                    .startsWith("training: CTC loss is infinite: ")
                    .isEqualTo(
                            "training: "
                                    + vm.flaggedUtterances()
                                            .get(0)
                                            .substring(
                                                    id.length() + 2,
                                                    vm.flaggedUtterances()
                                                            .get(0)
                                                            .indexOf(" (audio ")));
        }
    }
}
