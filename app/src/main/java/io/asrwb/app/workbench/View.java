package io.asrwb.app.workbench;

import java.util.Locale;

/** Every view of the main window, in its group's order; {@link Navigation#show} brings one forward. */
enum View {
    DATASETS("Datasets", ViewGroup.DATA),
    RECORD("Record", ViewGroup.DATA),
    RELABEL("Re-label", ViewGroup.DATA),
    SPECTROGRAM("Spectrogram", ViewGroup.DATA),
    HYPERPARAMETERS("Hyperparameters", ViewGroup.TRAIN),
    TRAINING("Training", ViewGroup.TRAIN),
    LEARNING_CURVE("Learning curve", ViewGroup.TRAIN),
    TRANSCRIBE("Transcribe", ViewGroup.EVALUATE),
    ERRORS("Errors", ViewGroup.EVALUATE),
    COMPARE("A/B", ViewGroup.EVALUATE),
    ALIGNMENT("Alignment", ViewGroup.EVALUATE),
    HOSTS("Hosts", ViewGroup.REMOTE),
    REMOTE_JOBS("Remote jobs", ViewGroup.REMOTE);

    private final String title;
    private final ViewGroup group;

    View(String title, ViewGroup group) {
        this.title = title;
        this.group = group;
    }

    String title() {
        return title;
    }

    ViewGroup group() {
        return group;
    }

    /** The id of the view's tab, e.g. {@code view-remote-jobs}. */
    String id() {
        return "view-" + name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
