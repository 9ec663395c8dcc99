package io.asrwb.app.datasets;

import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.CurationRepository;
import io.asrwb.engine.store.CurationState;
import io.asrwb.engine.store.StoredUtterance;
import io.asrwb.engine.store.UtteranceRepository;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** A dataset's utterances as the table shows them, and the curation state they were built from. */
record DatasetRows(List<UtteranceRow> rows, Map<String, CurationState> curation) {

    static DatasetRows read(Catalog catalog, long datasetId) {
        List<StoredUtterance> stored = catalog.read(c -> new UtteranceRepository(c).of(datasetId));
        Map<String, CurationState> curation =
                catalog.read(c -> new CurationRepository(c).of(datasetId));
        List<UtteranceRow> rows = new ArrayList<>(stored.size());
        for (StoredUtterance s : stored) {
            rows.add(UtteranceRow.of(s, curation.get(s.utterance().id())));
        }
        return new DatasetRows(rows, curation);
    }
}
