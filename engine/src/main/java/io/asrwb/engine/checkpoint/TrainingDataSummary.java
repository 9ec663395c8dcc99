package io.asrwb.engine.checkpoint;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.asrwb.engine.files.DurableFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * What a model was trained on, in a few numbers: written as {@value #FILE} into the run folder when
 * a run starts and into every checkpoint it saves (listed in its {@code SHA256SUMS}), so that
 * whoever tries the model knows which words and voices it can know. A separate file rather than a
 * field of {@code state.json}: checkpoints made before it existed load unchanged, and a model made
 * elsewhere can be given one by hand.
 *
 * @param formatVersion version of this file's layout ({@link #FORMAT_VERSION} when written now)
 * @param dataset the catalog dataset the run trained on
 * @param audioSeconds seconds of training audio (after the run's duration limits and curation)
 * @param utterances training utterances
 * @param speakers distinct speaker ids among them; 0 when the manifest named none
 * @param origins utterances by their manifest field "origin": {@link #REAL}, {@link
 *     #SYNTHETIC}, or {@link #UNKNOWN} (no such field, or another value)
 * @param tts the distinct values of the manifest field {@code tts} (the speech synthesizers of
 *     synthetic utterances), sorted; empty when none
 * @param vocabularySize distinct words of the training transcripts (as normalised for training)
 * @param vocabulary those words, most frequent first, at most {@link #VOCABULARY_KEPT}
 * @param recordedBy who wrote this file: {@link #BY_TRAINER}, or how a hand-written one was made
 * @param base for a fine-tuned run, the summary of the model it started from; null otherwise
 */
public record TrainingDataSummary(
        int formatVersion,
        String dataset,
        double audioSeconds,
        long utterances,
        int speakers,
        Map<String, Long> origins,
        List<String> tts,
        int vocabularySize,
        List<String> vocabulary,
        String recordedBy,
        @JsonInclude(JsonInclude.Include.NON_NULL) TrainingDataSummary base) {

    /** The file's name, in a checkpoint folder and in a run folder. */
    public static final String FILE = "training-data.json";

    public static final int FORMAT_VERSION = 1;

    public static final String REAL = "real";
    public static final String SYNTHETIC = "synthetic";
    public static final String UNKNOWN = "unknown";

    /** Words kept in {@link #vocabulary()}: a small domain's all, a large one's most frequent. */
    public static final int VOCABULARY_KEPT = 5000;

    public static final String BY_TRAINER = "trainer";

    public TrainingDataSummary {
        Objects.requireNonNull(dataset, "dataset");
        origins = origins == null ? Map.of() : Map.copyOf(new TreeMap<>(origins));
        tts = tts == null ? List.of() : List.copyOf(tts);
        vocabulary = vocabulary == null ? List.of() : List.copyOf(vocabulary);
        recordedBy = recordedBy == null ? BY_TRAINER : recordedBy;
    }

    /** The same summary with {@code baseSummary} as the model it was fine-tuned from. */
    public TrainingDataSummary withBase(TrainingDataSummary baseSummary) {
        return new TrainingDataSummary(
                formatVersion,
                dataset,
                audioSeconds,
                utterances,
                speakers,
                origins,
                tts,
                vocabularySize,
                vocabulary,
                recordedBy,
                baseSummary);
    }

    /** Utterances of {@code origin} ({@link #REAL}, {@link #SYNTHETIC}, {@link #UNKNOWN}). */
    public long utterancesOf(String origin) {
        return origins.getOrDefault(origin, 0L);
    }

    /** The summary in {@code folder}, or empty when it has none (older checkpoints). */
    public static Optional<TrainingDataSummary> read(Path folder) throws IOException {
        Path file = folder.resolve(FILE);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            return Optional.of(
                    CheckpointJson.MAPPER.readValue(file.toFile(), TrainingDataSummary.class));
        } catch (IOException e) {
            throw new IOException(file + " cannot be read: " + e.getMessage(), e);
        }
    }

    /**
     * Writes {@value #FILE} into {@code folder}, forced to disk; one there already (a resumed run's)
     * is replaced whole, so a reader never sees half of one.
     */
    public Path write(Path folder) throws IOException {
        Path file = folder.resolve(FILE);
        Path temp = folder.resolve(CheckpointWriter.uniqueName(CheckpointWriter.TEMP_PREFIX, FILE));
        try {
            DurableFiles.writeForced(temp, CheckpointJson.MAPPER.writeValueAsBytes(this));
            DurableFiles.renameAtomically(temp, file);
        } finally {
            Files.deleteIfExists(temp);
        }
        return file;
    }
}
