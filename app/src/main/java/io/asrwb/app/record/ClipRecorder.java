package io.asrwb.app.record;

import io.asrwb.engine.audio.PcmAudio;
import io.asrwb.engine.audio.io.MicrophoneCapture;
import io.asrwb.engine.audio.io.NoAudioDeviceException;
import io.asrwb.engine.audio.io.TakeMicrophone;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The microphone of the Record tab: armed while the tab is shown (so the first syllable after the
 * key goes down is kept, from the capture's pre-roll), one take from press to release, the level
 * while it records. Levels arrive on the capture thread and reach {@link #level} through {@code
 * ui}, at most one update queued at a time.
 */
final class ClipRecorder {

    private static final Logger LOG = LoggerFactory.getLogger(ClipRecorder.class);

    final BooleanProperty recording = new SimpleBooleanProperty(this, "recording");
    final DoubleProperty level =
            new SimpleDoubleProperty(this, "level", MicrophoneCapture.SILENCE_DBFS);

    /** Why there is no microphone, "" while there is one. */
    final StringProperty problem = new SimpleStringProperty(this, "problem", "");

    private final Executor ui;
    private final Consumer<PcmAudio> took;
    private final AtomicBoolean uiUpdateQueued = new AtomicBoolean();
    private volatile double latestLevel = MicrophoneCapture.SILENCE_DBFS;
    private final TakeMicrophone microphone = new TakeMicrophone(this::onChunk);

    /** @param took given each take when the key is released (on the caller's thread) */
    ClipRecorder(Executor ui, Consumer<PcmAudio> took) {
        this.ui = ui;
        this.took = took;
    }

    void arm() {
        try {
            microphone.arm();
            problem.set("");
        } catch (NoAudioDeviceException e) {
            LOG.info("microphone not armed: {}", e.getMessage());
            problem.set(e.getMessage());
        }
    }

    void disarm() {
        released();
        microphone.close();
    }

    /** Starts a take; false (and {@link #problem} says why) when there is no microphone. */
    boolean pressed() {
        if (recording.get()) {
            return true;
        }
        try {
            microphone.press();
        } catch (NoAudioDeviceException e) {
            problem.set(e.getMessage());
            return false;
        }
        problem.set("");
        recording.set(true);
        return true;
    }

    void released() {
        if (!recording.get()) {
            return;
        }
        PcmAudio take = microphone.release().orElseThrow();
        recording.set(false);
        level.set(MicrophoneCapture.SILENCE_DBFS);
        took.accept(take);
    }

    private void onChunk(float[] samples, int sampleRate, double dbfs) {
        latestLevel = dbfs;
        if (uiUpdateQueued.compareAndSet(false, true)) {
            ui.execute(
                    () -> {
                        uiUpdateQueued.set(false);
                        if (recording.get()) {
                            level.set(latestLevel);
                        }
                    });
        }
    }
}
