package io.asrwb.engine.segment;

import io.asrwb.engine.data.Alphabet;
import io.asrwb.engine.data.DatasetFormat;
import io.asrwb.engine.data.ImportOutcome;
import io.asrwb.engine.data.ImportProgress;
import io.asrwb.engine.data.Utterance;
import io.asrwb.engine.data.formats.DatasetIO;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.CatalogAppender;
import io.asrwb.engine.store.CatalogException;
import io.asrwb.engine.store.CatalogImporter;
import io.asrwb.engine.store.CurationRepository;
import io.asrwb.engine.store.CurationState;
import io.asrwb.engine.store.DatasetRepository;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Segments into the catalog through the normal reader and importer: the written manifest read as
 * any NeMo manifest is (so a segment is checked as every imported utterance is), then a new dataset
 * or an append to one. Drafts are flagged for review with a note that says so, in the curation the
 * Datasets view shows. A new dataset whose drafts cannot be flagged is removed again.
 */
final class SegmentCatalog {

    static final String DRAFT_NOTE_PREFIX = "draft label from ";

    private final Catalog catalog;
    private final Clock clock;
    private final Alphabet alphabet = Alphabet.english();

    SegmentCatalog(Catalog catalog, Clock clock) {
        this.catalog = catalog;
        this.clock = clock;
    }

    boolean exists(String dataset) {
        return catalog.read(c -> new DatasetRepository(c).byName(dataset)).isPresent();
    }

    /** Fails before any work when a new dataset's name is not allowed. */
    void checkNewName(String dataset) {
        importer().requireNameFree(dataset);
    }

    /** Imports the manifest; returns the dataset's manifest version after it. */
    int store(String dataset, Path manifest, Path root, boolean draft, String model)
            throws IOException {
        ImportOutcome outcome =
                DatasetIO.read(DatasetFormat.NEMO, manifest, root, alphabet, ImportProgress.NONE);
        if (outcome.rejectedCount() > 0) {
            throw new SegmentException(
                    "the segments written to "
                            + manifest
                            + " did not all read back ("
                            + outcome.problems().get(0).describe()
                            + "); nothing was imported");
        }
        List<CurationState> drafts = new ArrayList<>();
        if (draft) {
            Instant now = clock.instant();
            for (Utterance u : outcome.utterances()) {
                drafts.add(
                        new CurationState(
                                u.id(),
                                true,
                                false,
                                null,
                                DRAFT_NOTE_PREFIX + model + ": review the transcript",
                                System.getProperty("user.name", ""),
                                now));
            }
        }
        if (exists(dataset)) {
            return new CatalogAppender(catalog, this::allowed, clock)
                    .append(dataset, outcome, drafts)
                    .manifest()
                    .version();
        }
        CatalogImporter.Result r = importer().store(dataset, outcome, ImportProgress.NONE);
        if (!drafts.isEmpty()) {
            try {
                catalog.transaction(
                        c -> {
                            CurationRepository states = new CurationRepository(c);
                            for (CurationState s : drafts) {
                                states.save(r.dataset().id(), s);
                            }
                            return null;
                        });
            } catch (CatalogException | IllegalArgumentException e) {
                catalog.transaction(
                        c -> {
                            new DatasetRepository(c).delete(r.dataset().id());
                            return null;
                        });
                throw e;
            }
        }
        return r.manifest().version();
    }

    private CatalogImporter importer() {
        return new CatalogImporter(catalog, this::allowed, clock);
    }

    private boolean allowed(int codePoint) {
        return alphabet.indexOfCodePoint(codePoint) >= 0;
    }
}
