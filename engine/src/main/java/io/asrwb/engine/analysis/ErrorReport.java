package io.asrwb.engine.analysis;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The corpus tables of one evaluation.
 *
 * @param substitutions reference → hypothesis word pairs, most frequent first
 * @param words         every reference word with how often it was recognised, worst first
 * @param groups        WER by "speaker", "duration" (buckets) and "folder" (of the audio file),
 *                      then by each manifest field asked for, in that order
 */
public record ErrorReport(
        int utterances,
        int referenceWords,
        int wordErrors,
        List<Substitution> substitutions,
        List<WordAccuracy> words,
        Map<String, List<GroupWer>> groups) {

    public ErrorReport {
        substitutions = List.copyOf(substitutions);
        words = List.copyOf(words);
        groups = Collections.unmodifiableMap(new LinkedHashMap<>(groups));
    }

    /** Corpus WER: every error over every reference word, divided once. */
    public double wer() {
        return referenceWords == 0 ? Double.NaN : (double) wordErrors / referenceWords;
    }

    /** How often the model heard {@code hypothesis} where the reference said {@code reference}. */
    public record Substitution(String reference, String hypothesis, int count) {}

    /** A reference word: its occurrences and how many of them came out right. */
    public record WordAccuracy(String word, int occurrences, int correct) {
        public double accuracy() {
            return occurrences == 0 ? Double.NaN : (double) correct / occurrences;
        }
    }

    /** The WER of the utterances that share one value of a field. */
    public record GroupWer(String key, int utterances, int referenceWords, int wordErrors) {
        public double wer() {
            return referenceWords == 0 ? Double.NaN : (double) wordErrors / referenceWords;
        }
    }
}
