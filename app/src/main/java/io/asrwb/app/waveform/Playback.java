package io.asrwb.app.waveform;

import io.asrwb.engine.audio.PcmAudio;
import io.asrwb.engine.audio.io.AudioPlayer;
import io.asrwb.engine.audio.io.NoAudioDeviceException;
import io.asrwb.engine.audio.io.TimeStretch;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.LongProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleLongProperty;
import javafx.beans.property.StringProperty;

/**
 * Playing a clip from a cursor. The player reports from its own thread into two atomics; {@link
 * #poll} moves the cursor on the FX thread once a frame, instead of one update per chunk. Below
 * full speed the clip is time-stretched (pitch kept) before it plays and the player's positions
 * are mapped back to the clip's samples, so the cursor moves over the waveform as it is heard.
 */
final class Playback implements AutoCloseable {

    private final AudioPlayer player;
    private final StringProperty message;
    final LongProperty cursor = new SimpleLongProperty();
    final BooleanProperty playing = new SimpleBooleanProperty();
    final DoubleProperty speed = new SimpleDoubleProperty(1.0);
    private final AtomicLong playedTo = new AtomicLong();
    private final AtomicBoolean playbackEnded = new AtomicBoolean();

    /**
     * @param message where "No audio output device: …" goes, cleared when playing starts
     */
    Playback(AudioPlayer player, StringProperty message) {
        this.player = player;
        this.message = message;
    }

    /** Plays {@code a} from the cursor (from the start when the cursor is at the end). */
    void play(PcmAudio a) {
        play(a, a.samples().length);
    }

    /**
     * Plays {@code a} from the cursor up to sample {@code to} (a word's span: the cursor stops at
     * its end); from the start when the cursor is at or past {@code to}.
     */
    void play(PcmAudio a, long to) {
        int end = (int) Math.max(0, Math.min(to, a.samples().length));
        PcmAudio part =
                end == a.samples().length
                        ? a
                        : new PcmAudio(Arrays.copyOf(a.samples(), end), a.sampleRate());
        long from = cursor.get() >= end ? 0 : cursor.get();
        double s = speed.get();
        playbackEnded.set(false);
        playedTo.set(from);
        try {
            PcmAudio heard = TimeStretch.atSpeed(part, s);
            long clipLength = end;
            player.play(
                    heard,
                    Math.round(from / s),
                    new AudioPlayer.Listener() {
                        @Override
                        public void position(long sample) {
                            playedTo.set(Math.min(clipLength, Math.round(sample * s)));
                        }

                        @Override
                        public void finished(long sample, boolean stopped) {
                            // Played to the end: the clip's end, whatever rounding the stretch did.
                            playedTo.set(
                                    stopped
                                            ? Math.min(clipLength, Math.round(sample * s))
                                            : clipLength);
                            playbackEnded.set(true);
                        }
                    });
            message.set("");
            cursor.set(from);
            playing.set(true);
        } catch (NoAudioDeviceException e) {
            message.set(e.getMessage());
            playing.set(false);
        }
    }

    void stop() {
        if (playing.get()) {
            player.stop();
            playing.set(false);
            cursor.set(playedTo.get());
        }
    }

    void poll() {
        if (!playing.get()) {
            return;
        }
        cursor.set(playedTo.get());
        if (playbackEnded.get()) {
            playing.set(false);
        }
    }

    @Override
    public void close() {
        stop();
        player.close();
    }
}
