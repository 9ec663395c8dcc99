package io.asrwb.app.transcribe;

import io.asrwb.engine.train.info.ModelInfo;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicLong;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.collections.transformation.FilteredList;

/**
 * What the chosen model knows, for the line under the chooser: its vocabulary and its training
 * data ({@link ModelInfo}), read off the FX thread (the LM file may be large), so a demo user says
 * words it can know. A choice made while an older one is still being read wins.
 */
final class ModelKnowledge {

    /** Words the vocabulary line names before "and N more"; the Words… list has them all. */
    static final int WORDS_SHOWN = 8;

    final ReadOnlyStringWrapper vocabulary = new ReadOnlyStringWrapper(this, "vocabulary", "");
    final ReadOnlyStringWrapper trainedOn = new ReadOnlyStringWrapper(this, "trainedOn", "");
    final ObservableList<String> words = FXCollections.observableArrayList();
    final StringProperty wordFilter = new SimpleStringProperty(this, "wordFilter", "");
    final FilteredList<String> filteredWords = new FilteredList<>(words);

    private final Executor ui;
    private final Executor background;
    private final AtomicLong generation = new AtomicLong();

    ModelKnowledge(Executor ui, Executor background) {
        this.ui = ui;
        this.background = background;
        wordFilter.addListener(
                (o, a, b) -> {
                    String part = b == null ? "" : b.strip().toLowerCase(Locale.ROOT);
                    filteredWords.setPredicate(
                            part.isEmpty() ? null : w -> w.toLowerCase(Locale.ROOT).contains(part));
                });
    }

    /** Reads what {@code checkpoint} knows (null: no model) and shows it when read. */
    void show(Path checkpoint) {
        long mine = generation.incrementAndGet();
        if (checkpoint == null) {
            publish(mine, "", "", List.of());
            return;
        }
        vocabulary.set("Reading what the model knows…");
        trainedOn.set("");
        background.execute(
                () -> {
                    try {
                        ModelInfo info = ModelInfo.read(checkpoint);
                        publish(
                                mine,
                                info.vocabularyLine(WORDS_SHOWN),
                                info.trainedOnLine(),
                                info.sortedWords());
                    } catch (IOException | RuntimeException e) {
                        publish(
                                mine,
                                "vocabulary: cannot read (" + e.getMessage() + ")",
                                "",
                                List.of());
                    }
                });
    }

    private void publish(long mine, String vocabularyLine, String trainedOnLine, List<String> all) {
        ui.execute(
                () -> {
                    if (generation.get() != mine) {
                        return; // another model was chosen meanwhile
                    }
                    vocabulary.set(vocabularyLine);
                    trainedOn.set(trainedOnLine);
                    words.setAll(all);
                });
    }
}
