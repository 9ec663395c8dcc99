package io.asrwb.app.datasets;

import io.asrwb.app.waveform.WaveformViewModel;
import io.asrwb.engine.config.RunConfig;
import io.asrwb.engine.data.augment.AugmentedAudio;
import io.asrwb.engine.data.augment.Augmenter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.LongProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleLongProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.StringProperty;

/**
 * The utterance whose clip the waveform and spectrogram show: as recorded, or as the trainer will
 * hear it ("play augmented", drawn from the run config being edited), or sent to the spectrogram
 * viewer. What is drawn over the waveform (words with times) belongs with this row.
 */
final class ShownClip {

    private final WaveformViewModel waveform;
    private final StringProperty status;
    private final Function<UtteranceRow, Optional<Path>> audioOf;
    final ObjectProperty<UtteranceRow> row = new SimpleObjectProperty<>();
    final LongProperty seed = new SimpleLongProperty(RunConfig.defaults().train().seed());
    final IntegerProperty epoch = new SimpleIntegerProperty(0);
    private Supplier<RunConfig> runConfig = RunConfig::defaults;
    private Path configBaseDir = Path.of("");
    private Consumer<Path> openInViewer = file -> {};

    /**
     * @param audioOf where a row's audio file is (empty when no dataset is selected)
     */
    ShownClip(
            WaveformViewModel waveform,
            StringProperty status,
            Function<UtteranceRow, Optional<Path>> audioOf) {
        this.waveform = waveform;
        this.status = status;
        this.audioOf = audioOf;
    }

    void setOpenInViewer(Consumer<Path> viewer) {
        openInViewer = viewer;
    }

    /**
     * Takes the augmentation from {@code config}; the preview seed starts at its run seed.
     *
     * @param baseDir what a relative {@code augment.noise_dir} resolves against
     */
    void setRunConfig(Supplier<RunConfig> config, Path baseDir) {
        runConfig = config;
        configBaseDir = baseDir;
        seed.set(config.get().train().seed());
    }

    /** Shows a row's audio (decoded in the background); null clears it. */
    void show(UtteranceRow shown) {
        row.set(shown);
        Optional<Path> file = audioOf.apply(shown);
        if (file.isPresent()) {
            waveform.load(file.get());
        } else {
            waveform.clear();
        }
    }

    void openInViewer() {
        audioOf.apply(row.get()).ifPresent(openInViewer);
    }

    /**
     * Plays the shown clip augmented as the trainer would in {@link #epoch} with {@link #seed}: the
     * run config's augmentation, drawn for this utterance id, on the clip decoded at the model's
     * rate (SpecAugment's masks act on features and are not heard).
     */
    void playAugmented() {
        UtteranceRow shown = row.get();
        Optional<Path> file = audioOf.apply(shown);
        if (file.isEmpty()) {
            return;
        }
        RunConfig config = runConfig.get();
        Augmenter augmenter;
        try {
            augmenter = Augmenter.of(config.augment(), seed.get(), configBaseDir);
        } catch (IOException | IllegalArgumentException e) {
            status.set("Cannot augment: " + e.getMessage());
            return;
        }
        long s = seed.get();
        int e = epoch.get();
        String id = shown.id();
        String label =
                augmenter.isOff()
                        ? "original (the run config turns no augmentation on)"
                        : String.format(Locale.ROOT, "augmented: seed %d, epoch %d", s, e);
        waveform.loadProcessed(
                file.get(),
                label,
                samples -> {
                    AugmentedAudio a = augmenter.samples(samples, e, id);
                    return a.samples();
                });
    }
}
