package io.asrwb.app.words;

import io.asrwb.engine.align.AlignedWord;
import io.asrwb.engine.align.StoredAlignment;
import io.asrwb.engine.analysis.WordDiff;
import io.asrwb.engine.analysis.WordEdit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A clip's two tiers of words, each word marked with what the hypothesis did to it: the diff is
 * taken over the aligned words themselves (the same diff as the Errors view's), so a tier's
 * colours and its spans cannot disagree.
 *
 * @param source what aligned it, in words ("demo-model, step 4200")
 */
public record WordTier(List<WordSpan> reference, List<WordSpan> hypothesis, String source) {

    public WordTier {
        reference = List.copyOf(reference);
        hypothesis = List.copyOf(hypothesis);
    }

    public static WordTier of(StoredAlignment a, String source) {
        List<AlignedWord> ref = a.referenceWords();
        List<AlignedWord> hyp = a.hypothesisWords();
        List<WordEdit> edits =
                WordDiff.of(
                        ref.stream().map(AlignedWord::word).toList(),
                        hyp.stream().map(AlignedWord::word).toList());
        List<WordEdit.Kind> refKinds = new ArrayList<>(ref.size());
        List<WordEdit.Kind> hypKinds = new ArrayList<>(hyp.size());
        for (WordEdit e : edits) {
            if (e.kind() != WordEdit.Kind.INSERTION) {
                refKinds.add(e.kind());
            }
            if (e.kind() != WordEdit.Kind.DELETION) {
                hypKinds.add(e.kind());
            }
        }
        return new WordTier(
                spans(WordSpan.Tier.REFERENCE, ref, refKinds),
                spans(WordSpan.Tier.HYPOTHESIS, hyp, hypKinds),
                source);
    }

    private static List<WordSpan> spans(
            WordSpan.Tier tier, List<AlignedWord> words, List<WordEdit.Kind> kinds) {
        List<WordSpan> out = new ArrayList<>(words.size());
        for (int i = 0; i < words.size(); i++) {
            AlignedWord w = words.get(i);
            out.add(
                    new WordSpan(
                            tier,
                            i,
                            w.word(),
                            w.startSec(),
                            w.endSec(),
                            w.confidence(),
                            kinds.get(i)));
        }
        return out;
    }

    public List<WordSpan> row(WordSpan.Tier tier) {
        return tier == WordSpan.Tier.REFERENCE ? reference : hypothesis;
    }

    /** Every word in keyboard order: the reference row left to right, then the hypothesis row. */
    public List<WordSpan> all() {
        List<WordSpan> out = new ArrayList<>(reference);
        out.addAll(hypothesis);
        return out;
    }

    /** The word {@code focus} names, when the tier has it. */
    public Optional<WordSpan> at(WordFocus focus) {
        List<WordSpan> row = row(focus.tier());
        return focus.index() >= 0 && focus.index() < row.size()
                ? Optional.of(row.get(focus.index()))
                : Optional.empty();
    }

    /** The first wrong word, reference row first. */
    public Optional<WordSpan> firstError() {
        return all().stream().filter(WordSpan::isError).findFirst();
    }

    /** The word of row {@code tier} whose middle is nearest {@code seconds}. */
    public Optional<WordSpan> nearest(WordSpan.Tier tier, double seconds) {
        WordSpan best = null;
        for (WordSpan w : row(tier)) {
            if (best == null || Math.abs(middle(w) - seconds) < Math.abs(middle(best) - seconds)) {
                best = w;
            }
        }
        return Optional.ofNullable(best);
    }

    private static double middle(WordSpan w) {
        return (w.startSec() + w.endSec()) / 2;
    }
}
