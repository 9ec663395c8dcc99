package io.asrwb.app.transcribe;

import io.asrwb.engine.inference.ModelDecoding;
import io.asrwb.engine.inference.TrainedModel;
import io.asrwb.engine.store.Catalog;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Which model transcribes: the bundled models, any run's checkpoints (also of a running job) and
 * folders the user chose. Choosing a model puts its own decoding (shipped LM, α/β) into the
 * decoder controls.
 */
final class ModelPicker {

    private static final Logger LOG = LoggerFactory.getLogger(ModelPicker.class);

    private final Catalog catalog;
    private final DecoderControls decoding;
    private final TranscriptState state;
    final ObservableList<ModelChoice> models = FXCollections.observableArrayList();
    final ObjectProperty<ModelChoice> model = new SimpleObjectProperty<>(this, "model");

    /**
     * @param catalog where runs are listed (null: only the demo model and chosen folders)
     * @param beforeAdopt runs when the choice changes, before the new model's decoding moves the
     *     controls (what was kept of the old model must be dropped first, or they re-decode it)
     */
    ModelPicker(
            Catalog catalog,
            DecoderControls decoding,
            TranscriptState state,
            Runnable beforeAdopt) {
        this.catalog = catalog;
        this.decoding = decoding;
        this.state = state;
        model.addListener(
                (o, a, b) -> {
                    beforeAdopt.run();
                    adoptDecodingOf(b);
                });
    }

    /**
     * Lists the bundled models and every run's checkpoints again, keeping the choice when it is
     * still there.
     */
    void refresh() {
        List<ModelChoice> found = new ArrayList<>(ModelChoices.bundled());
        try {
            found.addAll(ModelChoices.ofRuns(catalog));
        } catch (RuntimeException e) {
            LOG.warn("cannot list runs: {}", e.toString());
            state.error.set("Cannot list the runs in the catalog: " + e.getMessage());
        }
        for (ModelChoice chosen : models) {
            if (!found.contains(chosen) && !ModelChoices.isBundled(chosen)) {
                found.add(chosen); // folders the user chose stay on offer
            }
        }
        ModelChoice previous = model.get();
        models.setAll(found);
        if (previous == null || !found.contains(previous)) {
            model.set(found.isEmpty() ? null : found.get(0));
        }
        if (found.isEmpty()) {
            state.status.set("No model yet: train one, or choose a run or checkpoint folder");
        }
    }

    /** Offers the checkpoints of a run folder (or one checkpoint folder) and picks its newest. */
    void chooseFolder(Path folder) {
        List<ModelChoice> found;
        try {
            Path checkpoint = TrainedModel.locate(folder).directory();
            found = ModelChoices.ofRunDirectory(folder, false);
            if (found.isEmpty()) {
                found =
                        List.of(
                                new ModelChoice(
                                        folder.getFileName() + " (checkpoint)", checkpoint));
            }
        } catch (IOException e) {
            state.error.set(folder + ": " + e.getMessage());
            return;
        }
        for (ModelChoice c : found) {
            if (!models.contains(c)) {
                models.add(c);
            }
        }
        state.error.set(
                ""); // before the choice: choosing may report the model's decoding as broken
        model.set(found.get(0));
    }

    /**
     * The chosen model when a transcription may start; null, with the reason in the state, when
     * none is chosen or work is going.
     */
    ModelChoice ready() {
        ModelChoice chosen = model.get();
        if (chosen == null) {
            state.error.set("Choose a model first: train one, or pick a run or checkpoint folder");
            return null;
        }
        if (state.busy.get()) {
            state.status.set("Still transcribing; try again in a moment");
            return null;
        }
        return chosen;
    }

    /** The chosen model's own decoding (its shipped LM and α/β) into the controls; a tiny file read. */
    private void adoptDecodingOf(ModelChoice chosen) {
        try {
            decoding.adopt(
                    chosen == null ? Optional.empty() : ModelDecoding.shipped(chosen.checkpoint()));
        } catch (IOException e) {
            state.error.set(e.getMessage());
        }
    }
}
