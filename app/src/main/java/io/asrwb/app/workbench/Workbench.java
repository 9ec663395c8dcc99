package io.asrwb.app.workbench;

import io.asrwb.app.config.HyperparametersViewModel;
import io.asrwb.app.datasets.DatasetsViewModel;
import io.asrwb.app.spectrogram.SpectrogramViewModel;
import io.asrwb.app.theme.ThemeSwitcher;
import io.asrwb.app.training.TrainingViewModel;
import io.asrwb.app.transcribe.TranscribeViewModel;
import javafx.scene.control.TabPane;

/**
 * The main window's parts as the composition root wired them: one view model per tab, the tabs
 * and the theme. Tests and the screenshot tour drive the real app through it.
 */
record Workbench(
        DatasetsViewModel datasets,
        SpectrogramViewModel spectrogram,
        HyperparametersViewModel hyperparameters,
        TrainingViewModel training,
        TranscribeViewModel transcribe,
        TabPane tabs,
        ThemeSwitcher themes) {

    /** Brings the tab titled {@code title} to the front. */
    void show(String title) {
        tabs.getTabs().stream()
                .filter(t -> t.getText().equals(title))
                .findFirst()
                .ifPresent(tabs.getSelectionModel()::select);
    }
}
