package io.asrwb.app.transcribe;

import io.asrwb.engine.audio.PcmAudio;
import io.asrwb.engine.audio.io.MicrophoneCapture;
import io.asrwb.engine.audio.io.NoAudioDeviceException;
import io.asrwb.engine.audio.io.TakeMicrophone;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BiConsumer;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The push-to-talk session: the microphone armed while the tab is shown, a recording from press to
 * release with its level and live spectrogram, and the recording handed on to be transcribed.
 * Chunks arrive on the capture thread and reach the properties through {@code ui}, coalesced so at
 * most one update is queued at a time.
 */
final class PushToTalk {

    /** Recordings shorter than this are treated as a slip of the finger. */
    static final double MIN_SECONDS = 0.1;

    private static final Logger LOG = LoggerFactory.getLogger(PushToTalk.class);

    final BooleanProperty recording = new SimpleBooleanProperty(this, "recording");
    final DoubleProperty level =
            new SimpleDoubleProperty(this, "level", MicrophoneCapture.SILENCE_DBFS);
    final StringProperty microphone = new SimpleStringProperty(this, "microphone", "");
    final ObjectProperty<LiveSpectrogramImage> spectrogram =
            new SimpleObjectProperty<>(this, "spectrogram");
    final ObjectProperty<PcmAudio> lastRecording =
            new SimpleObjectProperty<>(this, "lastRecording");

    private final TranscriptState state;
    private final Executor ui;
    private final BiConsumer<PcmAudio, Long> recorded;
    private final StreamingPartials partials;
    private final AtomicBoolean feeding = new AtomicBoolean();
    private final LiveSpectrogram live = new LiveSpectrogram();
    private final AtomicBoolean uiUpdateQueued = new AtomicBoolean();
    private volatile double latestLevel = MicrophoneCapture.SILENCE_DBFS;
    private final TakeMicrophone microphoneLine = new TakeMicrophone(this::onChunk);

    /**
     * @param recorded takes a recording long enough to transcribe and when it stopped ({@link
     *     System#nanoTime()})
     */
    PushToTalk(
            TranscriptState state,
            Executor ui,
            BiConsumer<PcmAudio, Long> recorded,
            StreamingPartials partials) {
        this.state = state;
        this.ui = ui;
        this.recorded = recorded;
        this.partials = partials;
        spectrogram.set(live.snapshot());
    }

    /** Opens the microphone ahead of the first press; without one it stays quiet until pressed. */
    void arm() {
        try {
            microphoneLine.arm();
            microphone.set("");
        } catch (NoAudioDeviceException e) {
            LOG.info("microphone not armed: {}", e.getMessage());
            microphone.set(noMicrophone(e));
        }
    }

    /** Gives the microphone back; a recording in progress ends first. */
    void disarm() {
        released();
        microphoneLine.close();
    }

    /** Starts recording, or says why it cannot. */
    void pressed() {
        if (recording.get()) {
            return;
        }
        live.clear();
        spectrogram.set(live.snapshot());
        // before the press: the first chunk (the pre-roll) may arrive before press() returns
        partials.began();
        feeding.set(true);
        try {
            microphoneLine.press();
        } catch (NoAudioDeviceException e) {
            feeding.set(false);
            LOG.info("no microphone: {}", e.getMessage());
            state.error.set(e.getMessage());
            microphone.set(noMicrophone(e));
            state.status.set("");
            return;
        }
        state.error.set("");
        state.status.set("Recording… release to transcribe");
        recording.set(true);
    }

    /** Stops recording and hands the recording on (or says it was too short). */
    void released() {
        if (!recording.get()) {
            return;
        }
        long stopped = System.nanoTime();
        // end() waits for the chunk holding the last samples, which the partials still take
        PcmAudio audio = microphoneLine.release().orElseThrow();
        feeding.set(false);
        recording.set(false);
        level.set(MicrophoneCapture.SILENCE_DBFS);
        lastRecording.set(audio);
        if (audio.durationSeconds() < MIN_SECONDS) {
            state.status.set(
                    "Nothing recorded: hold the button (or the space bar) while you speak");
            return;
        }
        recorded.accept(audio, stopped);
    }

    private static String noMicrophone(NoAudioDeviceException e) {
        return e.getMessage()
                + " — push-to-talk is off; drop or open an audio file to transcribe it.";
    }

    /** Capture thread: keep the newest values and queue one UI update if none is waiting. */
    private void onChunk(float[] samples, int sampleRate, double dbfs) {
        live.add(samples, sampleRate);
        latestLevel = dbfs;
        if (feeding.get()) {
            partials.chunk(samples, sampleRate);
        }
        if (uiUpdateQueued.compareAndSet(false, true)) {
            ui.execute(
                    () -> {
                        uiUpdateQueued.set(false);
                        if (recording.get()) {
                            level.set(latestLevel);
                            spectrogram.set(live.snapshot());
                        }
                    });
        }
    }
}
