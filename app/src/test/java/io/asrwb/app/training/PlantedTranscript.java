package io.asrwb.app.training;

import io.asrwb.app.AppContext;
import io.asrwb.app.datasets.DatasetsViewModel;
import io.asrwb.app.datasets.UtteranceRow;
import io.asrwb.app.tasks.CurrentThreadTaskRunner;
import io.asrwb.engine.store.Catalog;
import java.time.Clock;

/**
 * A curator's slip planted in the demo dataset through the Datasets tab's view model: a training
 * clip of about a second given a paragraph as its transcript, more labels than it has output
 * frames, so its CTC loss is infinite.
 */
final class PlantedTranscript {

    static final String TEXT =
            String.join(
                    " ",
                    "please turn left then go forward ten meters and stop at the door",
                    "then turn right and go forward twenty meters and stop again",
                    "then go back to where you started and wait there for one minute");

    private PlantedTranscript() {}

    /** Edits the first training utterance's transcript to {@link #TEXT}; returns its id. */
    static String plant(Catalog catalog) {
        DatasetsViewModel datasets = datasets(catalog);
        UtteranceRow row =
                datasets.visibleUtterances().stream()
                        .filter(r -> r.split().equals("train"))
                        .findFirst()
                        .orElseThrow();
        datasets.curation().editTranscript(row, TEXT);
        return row.id();
    }

    /** The Datasets tab's view model on the catalog, its rows loaded. */
    static DatasetsViewModel datasets(Catalog catalog) {
        DatasetsViewModel datasets =
                new DatasetsViewModel(
                        new AppContext(
                                catalog,
                                new CurrentThreadTaskRunner(),
                                Clock.systemUTC(),
                                "tester"));
        datasets.refresh();
        return datasets;
    }

    /** The row of {@code id} as the Datasets table shows it now. */
    static UtteranceRow row(Catalog catalog, String id) {
        return datasets(catalog).visibleUtterances().stream()
                .filter(r -> r.id().equals(id))
                .findFirst()
                .orElseThrow();
    }
}
