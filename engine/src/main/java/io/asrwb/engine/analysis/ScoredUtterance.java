package io.asrwb.engine.analysis;

import java.util.List;
import java.util.Objects;

/**
 * One evaluated utterance with what the catalog knows of it.
 *
 * @param folder the folder of its audio file relative to the dataset (a session, chapter or voice
 *               in most corpora; "" at the top)
 * @param edits  the word diff of reference and hypothesis
 */
public record ScoredUtterance(
        String id,
        String speaker,
        double durationSeconds,
        String folder,
        String reference,
        String hypothesis,
        double cer,
        List<WordEdit> edits) {

    public ScoredUtterance {
        Objects.requireNonNull(id, "id");
        edits = List.copyOf(edits);
    }

    public static ScoredUtterance of(
            String id,
            String speaker,
            double durationSeconds,
            String folder,
            String reference,
            String hypothesis,
            double cer) {
        return new ScoredUtterance(
                id,
                speaker,
                durationSeconds,
                folder,
                reference,
                hypothesis,
                cer,
                WordDiff.of(reference, hypothesis));
    }

    /** Substitutions, deletions and insertions. */
    public int wordErrors() {
        return (int) edits.stream().filter(WordEdit::isError).count();
    }

    /** Words of the reference (the WER's denominator). */
    public int referenceWords() {
        return (int) edits.stream().filter(e -> e.kind() != WordEdit.Kind.INSERTION).count();
    }
}
