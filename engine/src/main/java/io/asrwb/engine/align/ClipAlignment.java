package io.asrwb.engine.align;

import io.asrwb.engine.data.SplitChoice;
import io.asrwb.engine.data.Utterance;
import io.asrwb.engine.inference.Transcriber;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.CatalogCorpus;
import io.asrwb.engine.store.DatasetRepository;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One clip's words as a view shows them under its waveform: from the newest stored alignment of the
 * clip, or aligned now with a checkpoint (not stored: a stored alignment covers a whole split).
 *
 * @param checkpoint what aligned it (a path, as stored)
 * @param step       the checkpoint's training step
 */
public record ClipAlignment(String checkpoint, long step, StoredAlignment words) {

    /** The clip's words from the newest alignment (of any split and checkpoint) that holds it. */
    public static Optional<ClipAlignment> newest(Catalog catalog, String dataset, String uttId) {
        return catalog.read(
                c ->
                        new AlignmentRepository(c)
                                .newestOf(new DatasetRepository(c).require(dataset).id(), uttId));
    }

    /**
     * Aligns utterance {@code uttId} of {@code dataset}'s {@code split} (curated and normalised, as
     * {@code asrwb align} sees it) with {@code transcriber} now; empty when the split does not hold
     * it (excluded, or characters outside the model's alphabet).
     */
    public static Optional<ClipAlignment> alignNow(
            Catalog catalog,
            String dataset,
            SplitChoice split,
            String uttId,
            Transcriber transcriber) {
        Optional<Utterance> utterance =
                CatalogCorpus.split(
                                catalog,
                                dataset,
                                split,
                                transcriber.model().alphabet().alphabet(),
                                transcriber.normaliser())
                        .stream()
                        .filter(u -> u.id().equals(uttId))
                        .findFirst();
        if (utterance.isEmpty()) {
            return Optional.empty();
        }
        List<UtteranceAlignment> out = new ArrayList<>(1);
        new SplitAligner(transcriber, 1).run(List.of(utterance.get()), out::addAll, () -> false);
        UtteranceAlignment a = out.get(0);
        return Optional.of(
                new ClipAlignment(
                        transcriber.model().checkpoint().toString(),
                        transcriber.model().state().step(),
                        new StoredAlignment(
                                a.id(),
                                a.reference(),
                                a.hypothesis(),
                                AlignmentRepository.status(a),
                                AlignmentRepository.message(a),
                                words(a.referenceAlignment()),
                                words(a.hypothesisAlignment()))));
    }

    private static List<AlignedWord> words(TextAlignment a) {
        return a instanceof TextAlignment.Aligned aligned ? aligned.words() : List.of();
    }
}
