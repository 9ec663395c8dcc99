package io.asrwb.engine.train;

import io.asrwb.engine.data.Split;
import io.asrwb.engine.data.Utterance;
import io.asrwb.engine.inference.RunAlphabet;
import io.asrwb.engine.metrics.TextNormaliser;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.CuratedExporter;
import io.asrwb.engine.store.DatasetRepository;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Sentences for a word language model, normalised exactly as training normalises transcripts (so
 * the LM's words are the words the decoder spells): a catalog dataset's curated transcripts
 * (excluded utterances left out, edited transcripts used) and plain text files, one sentence a
 * line. A sentence with characters outside the alphabet after normalising is left out and counted,
 * as the trainer leaves such utterances out.
 */
public final class LmTrainingText {

    private final RunAlphabet alphabet;
    private final TextNormaliser normaliser;
    private final List<String> sentences = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();

    public LmTrainingText(RunAlphabet alphabet, TextNormaliser normaliser) {
        this.alphabet = alphabet;
        this.normaliser = normaliser;
    }

    /**
     * Adds the curated transcripts of the dataset's utterances in {@code splits} (utterances with
     * no split count as training ones).
     *
     * @return sentences added
     */
    public int addDataset(Catalog catalog, String name, Set<Split> splits) {
        long id = catalog.read(c -> new DatasetRepository(c).require(name).id());
        List<Utterance> curated = new CuratedExporter(catalog, Clock.systemUTC()).curated(id);
        int added = 0;
        int outside = 0;
        for (Utterance u : curated) {
            Split split = u.split() == Split.NONE ? Split.TRAIN : u.split();
            if (!splits.contains(split)) {
                continue;
            }
            if (add(u.transcript())) {
                added++;
            } else {
                outside++;
            }
        }
        if (outside > 0) {
            notes.add(
                    outside
                            + " transcripts of "
                            + name
                            + " with characters outside the alphabet (after"
                            + " normalising) were left out; see 'asrwb dataset check'");
        }
        return added;
    }

    /**
     * Adds every non-blank line of a UTF-8 text file as a sentence.
     *
     * @return sentences added
     */
    public int addFile(Path file) throws IOException {
        int added = 0;
        int outside = 0;
        String firstOutside = null;
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            int number = 0;
            while ((line = in.readLine()) != null) {
                number++;
                if (line.isBlank()) {
                    continue;
                }
                if (add(line)) {
                    added++;
                } else if (outside++ == 0) {
                    firstOutside = file + ":" + number;
                }
            }
        }
        if (outside > 0) {
            notes.add(
                    outside
                            + " lines of "
                            + file
                            + " with characters outside the alphabet (after"
                            + " normalising) were left out, the first at "
                            + firstOutside);
        }
        return added;
    }

    private boolean add(String text) {
        String normalised = normaliser.normalise(text);
        if (!alphabet.alphabet().charactersOutside(normalised).isEmpty()) {
            return false;
        }
        if (!normalised.isBlank()) {
            sentences.add(normalised);
        }
        return true;
    }

    /** Normalised sentences, words separated by single spaces. */
    public List<String> sentences() {
        return List.copyOf(sentences);
    }

    /** What the user should be told (sentences left out). */
    public List<String> notes() {
        return List.copyOf(notes);
    }
}
