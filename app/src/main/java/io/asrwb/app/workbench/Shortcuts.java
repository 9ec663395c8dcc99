package io.asrwb.app.workbench;

import java.util.List;

/**
 * Every documented keyboard shortcut, in one list for Help → Keyboard shortcuts. A shortcut added
 * to a view is added here too (the Help dialog test checks that the ones the app defines in code
 * appear).
 */
final class Shortcuts {

    /** One shortcut: where it works, the keys, what it does. */
    record Shortcut(String where, String keys, String what) {}

    static final List<Shortcut> ALL =
            List.of(
                    new Shortcut("Everywhere", "Ctrl+Q", "Quit"),
                    new Shortcut("Everywhere", "Ctrl+O", "Import a dataset…"),
                    new Shortcut(
                            "Everywhere",
                            "Ctrl+Shift+O",
                            "Import a long recording… (cut into utterances)"),
                    new Shortcut(
                            "Everywhere", "Ctrl+Shift+L", "Switch between dark and light theme"),
                    new Shortcut("Everywhere", "F1", "This list of keyboard shortcuts"),
                    new Shortcut(
                            "Everywhere",
                            "Ctrl+1",
                            "Data views: Datasets, Record, Re-label, Spectrogram"),
                    new Shortcut(
                            "Everywhere",
                            "Ctrl+2",
                            "Train views: Hyperparameters, Training, Learning curve"),
                    new Shortcut(
                            "Everywhere",
                            "Ctrl+3",
                            "Evaluate views: Transcribe, Errors, A/B, Alignment"),
                    new Shortcut("Everywhere", "Ctrl+4", "Remote views: Hosts, Remote jobs"),
                    new Shortcut(
                            "In a group's tabs",
                            "Ctrl+Tab, Ctrl+Shift+Tab",
                            "Next or previous view of the group"),
                    new Shortcut("Datasets", "Ctrl+Z", "Undo the last curation edit"),
                    new Shortcut("Datasets", "Ctrl+Shift+Z, Ctrl+Y", "Redo a curation edit"),
                    new Shortcut("Datasets table", "F", "Flag or unflag the selected utterances"),
                    new Shortcut(
                            "Datasets table", "X", "Exclude or include the selected utterances"),
                    new Shortcut(
                            "Datasets",
                            "Ctrl+Shift+P",
                            "Play the clip as the trainer hears it after augmentation"),
                    new Shortcut(
                            "Datasets",
                            "Ctrl+Shift+H",
                            "Show or hide the pitch tier over the clip's waveform and spectrogram"),
                    new Shortcut(
                            "Datasets",
                            "Ctrl+Shift+S",
                            "Play slower: 1 → 0.75 → 0.5 of real time (pitch kept) → 1"),
                    new Shortcut(
                            "Datasets",
                            "Ctrl+Shift+A",
                            "Align the shown clip's words now with the chosen checkpoint"),
                    new Shortcut(
                            "Word tiers", "Click a word", "Select the word's span and play it"),
                    new Shortcut(
                            "Word tiers",
                            "Tab, Shift+Tab, Right, Left",
                            "Next or previous word (reference row, then hypothesis row)"),
                    new Shortcut("Word tiers", "Up, Down", "The other row's word nearest in time"),
                    new Shortcut("Word tiers", "Enter, Space", "Play the selected word"),
                    new Shortcut("Waveform, spectrogram", "Ctrl+wheel", "Zoom around the mouse"),
                    new Shortcut("Waveform, spectrogram", "Wheel", "Scroll in time"),
                    new Shortcut("Transcribe", "Space (hold)", "Push to talk: record while held"),
                    new Shortcut("Record", "Space (hold)", "Record the prompt while held (a take)"),
                    new Shortcut("Record", "P", "Play the take"),
                    new Shortcut("Record", "R", "Drop the take to record the prompt again"),
                    new Shortcut(
                            "Record",
                            "Enter",
                            "Keep the take: an utterance of the dataset, the prompt its"
                                    + " transcript"),
                    new Shortcut("Record", "S", "Skip the prompt"),
                    new Shortcut("Errors", "Alt+E", "Evaluate the checkpoint on the split"),
                    new Shortcut("Errors", "Alt+C", "Cancel the evaluation"),
                    new Shortcut(
                            "Errors",
                            "Alt+O, Enter in the table",
                            "Open the clip in Datasets, its first wrong word selected"),
                    new Shortcut("A/B", "Alt+M", "Compare checkpoints A and B on the split"),
                    new Shortcut(
                            "A/B",
                            "Alt+O, Enter in the table",
                            "Open the clip in Datasets, B's first wrong word selected"),
                    new Shortcut("A/B", "Alt+C", "Cancel the comparison"),
                    new Shortcut("Alignment", "Alt+A", "Align the split with the checkpoint"),
                    new Shortcut("Alignment", "Alt+C", "Cancel the alignment"),
                    new Shortcut("Alignment", "Alt+L", "Load the split's newest stored alignment"),
                    new Shortcut("Everywhere", "Ctrl+Shift+R", "Open the Re-label tab"),
                    new Shortcut(
                            "Re-label",
                            "Enter, A",
                            "Accept the model's hypothesis as the clip's transcript"),
                    new Shortcut("Re-label", "S, Space", "Skip the clip for this session"),
                    new Shortcut("Re-label", "P", "Play the clip"),
                    new Shortcut(
                            "Re-label",
                            "E",
                            "Edit the transcript by hand (Enter saves, Esc leaves)"),
                    new Shortcut("Re-label", "Ctrl+Z", "Undo the last accept, edit or skip"),
                    new Shortcut("Re-label", "Alt+R", "Read the queue again"),
                    new Shortcut("Import long recording", "Alt+I", "Cut and import"),
                    new Shortcut("Import long recording", "Alt+C", "Cancel (nothing is kept)"));

    private Shortcuts() {}
}
