package io.asrwb.engine.train;

import io.asrwb.engine.data.Utterance;
import io.asrwb.engine.store.CatalogCorpus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A run folder's own share of its dataset's training utterances: when the folder holds {@value
 * #FILE} (one utterance id a line), the run trains on those utterances only, validation untouched.
 * It lives in the run folder rather than in the config so that {@code train}, {@code resume} and
 * the app all narrow a run the same way (a learning curve's points are such runs), and so that the
 * catalog gets no derived datasets.
 */
public final class TrainSubset {

    /** The file in a run folder that lists the utterances it trains on. */
    public static final String FILE = "train-subset.txt";

    private TrainSubset() {}

    /** Writes the ids {@code runDir} will train on (before the run is prepared). */
    public static void write(Path runDir, Collection<String> ids) throws IOException {
        Files.createDirectories(runDir);
        Files.write(runDir.resolve(FILE), ids);
    }

    /** {@code corpus} as the run in {@code runDir} trains on it: narrowed when the folder says so. */
    static CatalogCorpus narrow(CatalogCorpus corpus, Path runDir) throws IOException {
        Path file = runDir.resolve(FILE);
        if (!Files.isRegularFile(file)) {
            return corpus;
        }
        Set<String> wanted = new HashSet<>();
        for (String line : Files.readAllLines(file)) {
            if (!line.isBlank()) {
                wanted.add(line.strip());
            }
        }
        List<Utterance> kept =
                corpus.train().stream().filter(u -> wanted.contains(u.id())).toList();
        List<String> notes = new ArrayList<>(corpus.notes());
        notes.add(
                "training on the "
                        + kept.size()
                        + " utterances listed in "
                        + file
                        + " (of "
                        + corpus.train().size()
                        + " in the training splits)");
        if (kept.size() < wanted.size()) {
            notes.add(
                    (wanted.size() - kept.size())
                            + " utterances of "
                            + FILE
                            + " are no longer among the dataset's training utterances");
        }
        return new CatalogCorpus(
                corpus.dataset(), kept, corpus.validation(), corpus.manifestHash(), notes);
    }
}
