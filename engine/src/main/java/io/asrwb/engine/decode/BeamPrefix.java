package io.asrwb.engine.decode;

import io.asrwb.engine.decode.lm.LanguageModel;
import java.util.ArrayList;
import java.util.List;

/**
 * One labelling in the beam, stored as a link to its parent labelling. Equality is by content, so
 * a labelling reached again after it left the beam merges with its descendants' copy; the word
 * history the LM needs is carried along and computed once per node.
 */
final class BeamPrefix {

    private final BeamPrefix parent;
    private final int label;
    private final int length;
    private final int hash;

    /** Completed words, oldest first, cut to what the LM can use; starts with {@code <s>}. */
    private final List<String> history;

    /** Characters since the last space. */
    private final String partialWord;

    /** α·ln P(word | history) + β for the word this node's space completed, else 0. */
    private final double wordScore;

    private BeamPrefix(
            BeamPrefix parent,
            int label,
            List<String> history,
            String partialWord,
            double wordScore) {
        this.parent = parent;
        this.label = label;
        this.length = parent == null ? 0 : parent.length + 1;
        this.hash = parent == null ? 17 : parent.hash * 31 + label;
        this.history = history;
        this.partialWord = partialWord;
        this.wordScore = wordScore;
    }

    static BeamPrefix empty() {
        return new BeamPrefix(null, -1, List.of(LanguageModel.SENTENCE_START), "", 0);
    }

    /**
     * This labelling followed by {@code next}; scores the completed word when next is the space.
     * Null when a closed vocabulary forbids it: the unfinished word would begin no word it has, or
     * the space would close one that is not in it.
     */
    BeamPrefix extend(int next, CtcLabels labels, WordScorer scorer) {
        if (next != labels.spaceIndex()) {
            String partial = partialWord + labels.character(next);
            return scorer.mayBegin(partial)
                    ? new BeamPrefix(this, next, history, partial, 0)
                    : null;
        }
        if (partialWord.isEmpty()) {
            return new BeamPrefix(this, next, history, "", 0);
        }
        if (!scorer.mayEnd(partialWord)) {
            return null;
        }
        double score = scorer.score(history, partialWord);
        return new BeamPrefix(this, next, scorer.append(history, partialWord), "", score);
    }

    /**
     * Score of the unfinished last word (if any) and the sentence end; 0 without an LM; minus
     * infinity when a closed vocabulary does not hold the last word.
     */
    double finalScore(WordScorer scorer) {
        List<String> h = history;
        double score = 0;
        if (!partialWord.isEmpty()) {
            if (!scorer.mayEnd(partialWord)) {
                return Double.NEGATIVE_INFINITY;
            }
            score += scorer.score(h, partialWord);
            h = scorer.append(h, partialWord);
        }
        return score + scorer.sentenceEnd(h);
    }

    /** This labelling less the letters after its last space (itself when there are none). */
    BeamPrefix withoutPartialWord() {
        BeamPrefix p = this;
        while (!p.partialWord.isEmpty()) {
            p = p.parent;
        }
        return p;
    }

    /** Last label, or -1 for the empty labelling. */
    int lastLabel() {
        return label;
    }

    double wordScore() {
        return wordScore;
    }

    int[] labelling() {
        int[] out = new int[length];
        BeamPrefix p = this;
        for (int i = length - 1; i >= 0; i--) {
            out[i] = p.label;
            p = p.parent;
        }
        return out;
    }

    @Override
    public int hashCode() {
        return hash;
    }

    @Override
    public boolean equals(Object o) {
        // Iterative: a long utterance's chain must not overflow the stack.
        if (!(o instanceof BeamPrefix other)) {
            return false;
        }
        BeamPrefix a = this;
        BeamPrefix b = other;
        while (a != b) {
            if (a == null
                    || b == null
                    || a.hash != b.hash
                    || a.length != b.length
                    || a.label != b.label) {
                return false;
            }
            a = a.parent;
            b = b.parent;
        }
        return true;
    }

    /**
     * The LM's view of words: weighted, bonus added, history kept as short as the model reads;
     * and, with a lexicon, which words may be written at all.
     */
    static final class WordScorer {
        private final LanguageModel lm;
        private final double alpha;
        private final double beta;
        private final Lexicon lexicon;

        /** {@code lm} and {@code lexicon} may be null: no LM, any spelling. */
        WordScorer(LanguageModel lm, double alpha, double beta, Lexicon lexicon) {
            this.lm = lm;
            this.alpha = alpha;
            this.beta = beta;
            this.lexicon = lexicon;
        }

        boolean mayBegin(String partialWord) {
            return lexicon == null || lexicon.begins(partialWord);
        }

        boolean mayEnd(String word) {
            return lexicon == null || lexicon.contains(word);
        }

        double score(List<String> history, String word) {
            if (lm == null) {
                return 0;
            }
            return alpha * LogMath.LN_10 * lm.log10Probability(history, word) + beta;
        }

        double sentenceEnd(List<String> history) {
            if (lm == null) {
                return 0;
            }
            return alpha * LogMath.LN_10 * lm.log10Probability(history, LanguageModel.SENTENCE_END);
        }

        List<String> append(List<String> history, String word) {
            if (lm == null) {
                return history;
            }
            int keep = Math.max(0, lm.order() - 1);
            List<String> out = new ArrayList<>(keep);
            int from = Math.max(0, history.size() + 1 - keep);
            for (int i = from; i < history.size(); i++) {
                out.add(history.get(i));
            }
            if (keep > 0) {
                out.add(word);
            }
            return List.copyOf(out);
        }
    }
}
