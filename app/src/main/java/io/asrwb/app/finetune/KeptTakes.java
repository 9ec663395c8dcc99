package io.asrwb.app.finetune;

import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.CurationRepository;
import io.asrwb.engine.store.CurationState;
import io.asrwb.engine.store.DatasetRecord;
import io.asrwb.engine.store.DatasetRepository;
import io.asrwb.engine.store.UtteranceRepository;
import java.util.Optional;

/** How many takes a dataset keeps: its utterances less those curation excluded. */
final class KeptTakes {

    private KeptTakes() {}

    /** 0 for a blank name or a dataset the catalog does not know yet. */
    static int count(Catalog catalog, String dataset) {
        if (dataset.isBlank()) {
            return 0;
        }
        return catalog.read(
                c -> {
                    Optional<DatasetRecord> d = new DatasetRepository(c).byName(dataset);
                    if (d.isEmpty()) {
                        return 0;
                    }
                    long id = d.get().id();
                    long excluded =
                            new CurationRepository(c)
                                    .of(id).values().stream()
                                            .filter(CurationState::excluded)
                                            .count();
                    return (int) (new UtteranceRepository(c).count(id) - excluded);
                });
    }
}
