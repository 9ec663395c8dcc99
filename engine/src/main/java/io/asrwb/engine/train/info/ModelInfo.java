package io.asrwb.engine.train.info;

import io.asrwb.engine.checkpoint.TrainingDataSummary;
import io.asrwb.engine.decode.lm.ArpaUnigrams;
import io.asrwb.engine.inference.ModelDecoding;
import io.asrwb.engine.inference.TrainedModel;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What a model can know: the words it can write and what it was trained on. The vocabulary is the
 * language model's when the model decodes with one by default (its {@value ModelDecoding#FILE}
 * names it): the beam search only writes those words. Without one it is the words of the recorded
 * training text ({@value TrainingDataSummary#FILE}); without that it is unknown.
 *
 * @param words the words known, in the order of their source (the LM's file order; training text:
 *     most frequent first); may be fewer than {@code wordCount} when only some were recorded
 * @param wordCount how many words the vocabulary has; 0 when unknown
 * @param vocabularySource where the words come from: the LM's file name, {@link #TRAINING_TEXT},
 *     or null when unknown
 * @param data what the model was trained on; empty when its checkpoint does not say
 */
public record ModelInfo(
        List<String> words,
        int wordCount,
        String vocabularySource,
        Optional<TrainingDataSummary> data) {

    public static final String TRAINING_TEXT = "the training text";

    public ModelInfo {
        words = List.copyOf(words);
    }

    /**
     * Reads what {@code model} (a checkpoint folder, a run folder or its {@code checkpoints/}) knows
     * from its small files; the model itself is not loaded.
     */
    public static ModelInfo read(Path model) throws IOException {
        Path checkpoint = TrainedModel.locate(model).directory();
        Optional<TrainingDataSummary> data = TrainingDataSummary.read(checkpoint);
        Optional<ModelDecoding> decoding = ModelDecoding.shipped(checkpoint);
        if (decoding.isPresent() && decoding.get().languageModel() != null) {
            Path lm = decoding.get().languageModel();
            List<String> words = ArpaUnigrams.read(lm);
            return new ModelInfo(words, words.size(), lm.getFileName().toString(), data);
        }
        if (data.isPresent() && data.get().vocabularySize() > 0) {
            return new ModelInfo(
                    data.get().vocabulary(), data.get().vocabularySize(), TRAINING_TEXT, data);
        }
        return new ModelInfo(List.of(), 0, null, data);
    }

    /**
     * {@code vocabulary: 61 words (from lm.arpa): again, around, … and 51 more}, naming at most
     * {@code shown} words.
     */
    public String vocabularyLine(int shown) {
        if (vocabularySource == null) {
            return "vocabulary: unknown (no LM and no recorded training text)";
        }
        List<String> first = words.subList(0, Math.min(shown, words.size()));
        StringBuilder line =
                new StringBuilder("vocabulary: ")
                        .append(InfoText.count(wordCount, "word", "words"))
                        .append(" (from ")
                        .append(vocabularySource)
                        .append("): ")
                        .append(String.join(", ", first));
        if (wordCount > first.size()) {
            line.append(" and ").append(InfoText.grouped(wordCount - first.size())).append(" more");
        }
        return line.toString();
    }

    /** {@code trained on: 16.8 h, 34 286 utterances, 739 voices, all synthetic (espeak-ng, flite)}. */
    public String trainedOnLine() {
        return "trained on: "
                + data.map(InfoText::trainedOn)
                        .orElse(
                                "not recorded (the checkpoint has no "
                                        + TrainingDataSummary.FILE
                                        + ")");
    }

    /** Every known word, sorted, for a list the user can search. */
    public List<String> sortedWords() {
        List<String> sorted = new ArrayList<>(words);
        sorted.sort(String::compareTo);
        return sorted;
    }
}
