package io.asrwb.app;

import io.asrwb.engine.audio.AudioFiles;
import javafx.stage.FileChooser;

/** The file chooser filter for audio: every extension the engine reads, from its one list. */
public final class AudioFileFilter {

    private AudioFileFilter() {}

    public static FileChooser.ExtensionFilter create() {
        return new FileChooser.ExtensionFilter(
                "Audio", AudioFiles.EXTENSIONS.stream().map(e -> "*." + e).toList());
    }
}
