package io.asrwb.app.record;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * The sentences to read aloud, in order: one per line of a UTF-8 text file (blank lines and
 * surrounding spaces dropped), or a dataset's own transcripts.
 *
 * @param source where they came from, for the progress line and messages
 */
record PromptList(String source, List<String> sentences) {

    PromptList {
        sentences = List.copyOf(sentences);
    }

    /**
     * @throws IllegalArgumentException with one line saying what is wrong with the file and what to
     *     do
     */
    static PromptList read(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException(
                    "prompts file "
                            + file
                            + " does not exist; choose a text file with one sentence"
                            + " per line");
        } catch (CharacterCodingException e) {
            throw new IllegalArgumentException(
                    "prompts file "
                            + file
                            + " is not UTF-8 text; save it as UTF-8, one sentence"
                            + " per line");
        } catch (IOException e) {
            throw new IllegalArgumentException(
                    "cannot read prompts file "
                            + file
                            + " ("
                            + e.getClass().getSimpleName()
                            + (e.getMessage() == null ? "" : ": " + e.getMessage())
                            + "); choose a readable text file with one sentence per line");
        }
        List<String> sentences = new ArrayList<>();
        for (String line : lines) {
            String s = line.strip();
            if (!s.isEmpty()) {
                sentences.add(s);
            }
        }
        if (sentences.isEmpty()) {
            throw new IllegalArgumentException(
                    "prompts file "
                            + file
                            + " has no sentences ("
                            + lines.size()
                            + " lines, all blank); write one sentence per line");
        }
        return new PromptList(file.getFileName().toString(), sentences);
    }

    /** A dataset's transcripts, each once, in the dataset's order. */
    static PromptList ofTranscripts(String dataset, List<String> transcripts) {
        LinkedHashSet<String> distinct = new LinkedHashSet<>();
        for (String t : transcripts) {
            String s = t.strip();
            if (!s.isEmpty()) {
                distinct.add(s);
            }
        }
        if (distinct.isEmpty()) {
            throw new IllegalArgumentException(
                    "dataset '"
                            + dataset
                            + "' has no transcripts to read out; open a prompts file (File > Open"
                            + " prompts…)");
        }
        return new PromptList("transcripts of " + dataset, new ArrayList<>(distinct));
    }

    int size() {
        return sentences.size();
    }
}
