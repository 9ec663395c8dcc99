package io.asrwb.app.workbench;

import io.asrwb.app.config.HyperparametersViewModel;
import io.asrwb.app.datasets.DatasetsViewModel;
import io.asrwb.app.jobs.JobsViewModel;
import io.asrwb.app.spectrogram.SpectrogramViewModel;
import io.asrwb.app.theme.ThemeSwitcher;
import io.asrwb.app.training.TrainingViewModel;
import io.asrwb.app.transcribe.TranscribeViewModel;

/**
 * The main window's parts as the composition root wired them: one view model per view, the
 * navigation between views and the theme. Tests and the screenshot tour drive the real app through it.
 */
record Workbench(
        DatasetsViewModel datasets,
        SpectrogramViewModel spectrogram,
        HyperparametersViewModel hyperparameters,
        TrainingViewModel training,
        TranscribeViewModel transcribe,
        JobsViewModel jobs,
        Navigation navigation,
        ThemeSwitcher themes) {

    /** Brings {@code view} to the front (its group shown, its tab selected). */
    void show(View view) {
        navigation.show(view);
    }
}
