package io.asrwb.engine.segment;

import io.asrwb.engine.metrics.TextNormaliser;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * A long recording's transcript as the words the model can place: each line normalised as the
 * model's text is; a character the model cannot write stops here, with its line, rather than
 * failing mid-way through an hour of alignment.
 */
final class TranscriptWords {

    private TranscriptWords() {}

    static List<String> read(Path transcript, TextNormaliser normaliser) {
        List<String> lines;
        try {
            lines = Files.readAllLines(transcript, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new SegmentException(
                    "transcript " + transcript + " does not exist; check the path");
        } catch (CharacterCodingException e) {
            throw new SegmentException(
                    "transcript " + transcript + " is not UTF-8 text; save it as UTF-8 and retry");
        } catch (IOException e) {
            throw new SegmentException(
                    "cannot read transcript " + transcript + ": " + e.getMessage());
        }
        List<String> words = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = normaliser.normalise(lines.get(i));
            Set<String> missing = normaliser.outOfAlphabet(line);
            if (!missing.isEmpty()) {
                throw new SegmentException(
                        transcript
                                + " line "
                                + (i + 1)
                                + ": "
                                + String.join(" ", missing)
                                + " not in the model's alphabet; spell numbers and symbols out as"
                                + " spoken, or remove them");
            }
            if (!line.isBlank()) {
                words.addAll(List.of(line.strip().split(" +")));
            }
        }
        if (words.isEmpty()) {
            throw new SegmentException(
                    "transcript "
                            + transcript
                            + " has no words; give the recording's text, or leave out"
                            + " --transcript to cut at pauses and draft the labels with the model");
        }
        return words;
    }
}
