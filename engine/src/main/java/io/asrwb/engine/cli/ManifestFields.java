package io.asrwb.engine.cli;

import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.DatasetRecord;
import io.asrwb.engine.store.StoredUtterance;
import io.asrwb.engine.store.UtteranceRepository;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/** The manifest fields ({@code Utterance.meta}) of a dataset's utterances, for {@code eval --by}. */
final class ManifestFields {

    private ManifestFields() {}

    /**
     * utterance id → its fields; refuses a field that no utterance of the dataset has, naming the
     * ones it does have (a typo would otherwise give one "(none)" row).
     */
    static Map<String, Map<String, String>> byUtterance(
            Catalog catalog, DatasetRecord dataset, List<String> fields) {
        if (fields.isEmpty()) {
            return Map.of();
        }
        List<StoredUtterance> all = catalog.read(c -> new UtteranceRepository(c).of(dataset.id()));
        Map<String, Map<String, String>> out = new HashMap<>();
        TreeSet<String> present = new TreeSet<>();
        for (StoredUtterance s : all) {
            out.put(s.utterance().id(), s.utterance().meta());
            present.addAll(s.utterance().meta().keySet());
        }
        for (String f : fields) {
            if (!present.contains(f) && !List.of("speaker", "duration", "folder").contains(f)) {
                throw new CommandFailedException(
                        "no utterance of dataset "
                                + dataset.name()
                                + " has the manifest field '"
                                + f
                                + "'; "
                                + (present.isEmpty()
                                        ? "its manifest had no fields besides audio, text,"
                                                + " duration, speaker and split (or it was imported"
                                                + " before they were kept: import it again)"
                                        : "fields present: " + String.join(", ", present)));
            }
        }
        return out;
    }
}
