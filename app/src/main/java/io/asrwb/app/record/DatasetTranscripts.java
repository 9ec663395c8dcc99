package io.asrwb.app.record;

import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.DatasetRecord;
import io.asrwb.engine.store.DatasetRepository;
import io.asrwb.engine.store.UtteranceRepository;
import java.util.List;
import java.util.Optional;

/** A dataset's transcripts in its order, to be read out again as prompts. */
final class DatasetTranscripts {

    private DatasetTranscripts() {}

    /** Empty when the catalog has no dataset of that name (yet: it may be a new one). */
    static List<String> of(Catalog catalog, String dataset) {
        return catalog.read(
                c -> {
                    Optional<DatasetRecord> d = new DatasetRepository(c).byName(dataset);
                    if (d.isEmpty()) {
                        return List.of();
                    }
                    return new UtteranceRepository(c)
                            .of(d.get().id()).stream()
                                    .map(s -> s.utterance().transcript())
                                    .toList();
                });
    }
}
