package io.asrwb.app.record;

import io.asrwb.engine.audio.PcmAudio;
import io.asrwb.engine.audio.io.AudioPlayer;
import io.asrwb.engine.audio.io.NoAudioDeviceException;
import javafx.beans.property.StringProperty;

/** Plays a take from its start (P); with no output device, {@code error} says so. */
final class ClipPlayer implements AutoCloseable {

    private static final AudioPlayer.Listener QUIET =
            new AudioPlayer.Listener() {
                @Override
                public void position(long sample) {}

                @Override
                public void finished(long sample, boolean stopped) {}
            };

    private final StringProperty error;
    private AudioPlayer player; // opened on the first P: no output line is held before

    ClipPlayer(StringProperty error) {
        this.error = error;
    }

    void play(PcmAudio clip) {
        if (player == null) {
            player = new AudioPlayer();
        }
        try {
            player.play(clip, 0, QUIET);
        } catch (NoAudioDeviceException e) {
            error.set(e.getMessage());
        }
    }

    void stop() {
        if (player != null) {
            player.stop();
        }
    }

    @Override
    public void close() {
        if (player != null) {
            player.close();
            player = null;
        }
    }
}
