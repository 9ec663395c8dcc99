package io.asrwb.app.workbench;

import io.asrwb.app.datasets.DatasetsViewModel;
import io.asrwb.app.spectrogram.SpectrogramImage;
import io.asrwb.app.spectrogram.SpectrogramView;
import io.asrwb.app.spectrogram.SpectrogramViewModel;
import io.asrwb.app.words.TimeWindow;
import io.asrwb.app.words.WordTierView;
import java.nio.file.Path;
import java.util.Objects;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;

/**
 * The Spectrogram tab with the word tiers of the Datasets view's clip under the plot, following its
 * zoom and scroll, while the tab shows that very clip ("Open in viewer"); another file opened there
 * has no words to show, so the tiers hide. A word clicked plays through the Datasets view's player.
 */
final class SpectrogramWords {

    private SpectrogramWords() {}

    static SpectrogramView create(SpectrogramViewModel spectrogram, DatasetsViewModel datasets) {
        SpectrogramView view = new SpectrogramView(spectrogram);
        TimeWindow window =
                new TimeWindow(
                        Bindings.createDoubleBinding(
                                () -> image(spectrogram).startSeconds(),
                                spectrogram.imageProperty()),
                        Bindings.createDoubleBinding(
                                () -> {
                                    SpectrogramImage i = image(spectrogram);
                                    return i.isEmpty() ? 0 : i.endSeconds() - i.startSeconds();
                                },
                                spectrogram.imageProperty()));
        WordTierView tiers = new WordTierView(datasets.words(), window);
        BooleanBinding sameClip =
                Bindings.createBooleanBinding(
                        () -> {
                            Path shown =
                                    datasets.audioPathOf(datasets.shownProperty().get())
                                            .orElse(null);
                            Path open = spectrogram.fileProperty().get();
                            return shown != null
                                    && open != null
                                    && Objects.equals(
                                            shown.toAbsolutePath().normalize(),
                                            open.toAbsolutePath().normalize());
                        },
                        datasets.shownProperty(),
                        spectrogram.fileProperty());
        tiers.visibleProperty().bind(sameClip);
        tiers.managedProperty().bind(sameClip);
        view.setUnderPlot(tiers);
        return view;
    }

    private static SpectrogramImage image(SpectrogramViewModel spectrogram) {
        return spectrogram.imageProperty().get();
    }
}
