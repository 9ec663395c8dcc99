package io.asrwb.engine.store;

import io.asrwb.engine.data.DatasetFormat;
import io.asrwb.engine.data.ManifestHash;
import io.asrwb.engine.data.Utterance;
import io.asrwb.engine.data.formats.DatasetIO;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Writes a dataset as curated (excluded utterances left out, edited transcripts applied) and
 * records the result as the dataset's next manifest version with its content hash.
 */
public final class CuratedExporter {

    /** What an export wrote and recorded. */
    public record Result(
            ManifestVersion version, List<Path> files, int exported, int excluded, int edited) {}

    private final Catalog catalog;
    private final Clock clock;

    public CuratedExporter(Catalog catalog, Clock clock) {
        this.catalog = catalog;
        this.clock = clock;
    }

    /** The utterances of a dataset with curation applied, in source order. */
    public List<Utterance> curated(long datasetId) {
        return catalog.read(
                c ->
                        apply(
                                new UtteranceRepository(c).of(datasetId),
                                new CurationRepository(c).of(datasetId),
                                null));
    }

    public Result export(String name, DatasetFormat format, Path out, String note)
            throws IOException {
        DatasetRecord d = catalog.read(c -> new DatasetRepository(c).require(name));
        int[] counts = new int[2];
        List<Utterance> curated =
                catalog.read(
                        c ->
                                apply(
                                        new UtteranceRepository(c).of(d.id()),
                                        new CurationRepository(c).of(d.id()),
                                        counts));
        if (curated.isEmpty()) {
            throw new CatalogException(
                    "every utterance of '"
                            + name
                            + "' is excluded; nothing to export."
                            + " Include some again before exporting");
        }
        List<Path> files = DatasetIO.write(format, curated, Path.of(d.root()), out);
        ManifestVersion v =
                catalog.transaction(
                        c ->
                                new ManifestVersionRepository(c)
                                        .add(
                                                d.id(),
                                                ManifestHash.of(curated),
                                                curated.size(),
                                                (note == null || note.isBlank()
                                                        ? "exported as "
                                                                + format.cliName()
                                                                + " to "
                                                                + out
                                                        : note),
                                                clock.instant()));
        return new Result(v, files, curated.size(), counts[0], counts[1]);
    }

    /** counts, when given, receives [excluded, edited]. */
    private static List<Utterance> apply(
            List<StoredUtterance> all, Map<String, CurationState> curation, int[] counts) {
        List<Utterance> out = new ArrayList<>(all.size());
        for (StoredUtterance s : all) {
            Utterance u = s.utterance();
            CurationState k = curation.get(u.id());
            if (k != null && k.excluded()) {
                if (counts != null) {
                    counts[0]++;
                }
                continue;
            }
            if (k != null && k.editedTranscript() != null) {
                if (counts != null) {
                    counts[1]++;
                }
                u = u.withTranscript(k.editedTranscript());
            }
            out.add(u);
        }
        return out;
    }
}
