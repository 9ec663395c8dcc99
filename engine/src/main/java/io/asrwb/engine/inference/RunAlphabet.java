package io.asrwb.engine.inference;

import io.asrwb.engine.config.AlphabetConfig;
import io.asrwb.engine.data.Alphabet;
import io.asrwb.engine.decode.CtcLabels;
import io.asrwb.engine.metrics.TextNormaliser;
import io.asrwb.engine.metrics.TextNormaliserConfig;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A run's output labels in the forms its parts need: the {@link Alphabet} that encodes
 * transcripts, the label list a checkpoint records, the decoders' {@link CtcLabels} and the text
 * normaliser that keeps exactly the alphabet's characters.
 */
public record RunAlphabet(Alphabet alphabet) {

    /** Stands for the blank in the decoders' label list; never a transcript character. */
    private static final char BLANK_PLACEHOLDER = '\u0000';

    /** The alphabet a config names, a file resolved against {@code baseDir}. */
    public static RunAlphabet of(AlphabetConfig config, Path baseDir) {
        if (config.file().isBlank()) {
            return new RunAlphabet(Alphabet.english());
        }
        Path file = baseDir.resolve(config.file());
        try {
            return new RunAlphabet(Alphabet.load(file));
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "cannot read the alphabet file " + file + " (alphabet.file): " + e.getMessage(),
                    e);
        }
    }

    /** The alphabet saved in a checkpoint ({@link #labels()}). */
    public static RunAlphabet fromLabels(List<String> labels) {
        return new RunAlphabet(Alphabet.of(String.join("", labels.subList(1, labels.size()))));
    }

    /** Labels in index order, the blank as {@code ""}. */
    public List<String> labels() {
        List<String> labels = new ArrayList<>(alphabet.size());
        for (int i = 0; i < alphabet.size(); i++) {
            labels.add(alphabet.labelAt(i));
        }
        return labels;
    }

    public int size() {
        return alphabet.size();
    }

    /** The labels as the decoders take them. */
    public CtcLabels ctcLabels() {
        List<Character> chars = new ArrayList<>(alphabet.size());
        chars.add(BLANK_PLACEHOLDER);
        for (int i = 1; i < alphabet.size(); i++) {
            chars.add(alphabet.labelAt(i).charAt(0));
        }
        return new CtcLabels(chars);
    }

    /** Every label except the blank, as one string (the normaliser's alphabet). */
    public String characters() {
        return String.join("", labels());
    }

    /** {@code config} with its alphabet set to this one's characters, as a normaliser. */
    public TextNormaliser normaliser(TextNormaliserConfig config) {
        return new TextNormaliser(config.withAlphabet(characters()));
    }
}
