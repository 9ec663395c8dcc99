package io.asrwb.app.waveform;

import io.asrwb.app.tasks.TaskCallbacks;
import io.asrwb.app.tasks.TaskRunner;
import io.asrwb.engine.audio.PcmAudio;
import io.asrwb.engine.audio.pitch.PitchTrack;
import io.asrwb.engine.audio.pitch.PitchTracker;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.StringProperty;

/**
 * What helps a transcriber hear the shown clip: its pitch tier (Praat's blue pitch line, computed
 * off the FX thread only while shown) and the playback speed (1, 0.75 or 0.5 of real time, pitch
 * kept).
 */
public final class ListeningAids {

    /** The speeds {@link #slower} steps through, back to full speed after the slowest. */
    static final double[] SPEEDS = {1.0, 0.75, 0.5};

    private final TaskRunner tasks;
    private final ObjectProperty<PcmAudio> audio;
    private final DoubleProperty speed;
    private final StringProperty message;
    private final BooleanProperty pitchShown = new SimpleBooleanProperty();
    private final ObjectProperty<PitchTrack> pitch = new SimpleObjectProperty<>();

    ListeningAids(
            TaskRunner tasks,
            ObjectProperty<PcmAudio> audio,
            DoubleProperty speed,
            StringProperty message) {
        this.tasks = tasks;
        this.audio = audio;
        this.speed = speed;
        this.message = message;
        audio.addListener((o, a, b) -> recompute());
        pitchShown.addListener((o, a, b) -> recompute());
    }

    /** Whether the pitch tier is drawn (and computed). */
    public BooleanProperty pitchShownProperty() {
        return pitchShown;
    }

    /** The shown clip's pitch track; null while hidden, computing or with no clip. */
    public ObjectProperty<PitchTrack> pitchProperty() {
        return pitch;
    }

    /** Playback speed, 0.5 to 1.0; takes effect at the next Play. */
    public DoubleProperty speedProperty() {
        return speed;
    }

    /** One step slower, from the slowest back to full speed. */
    public void slower() {
        int i = 0;
        while (i < SPEEDS.length && SPEEDS[i] > speed.get() + 1e-9) {
            i++;
        }
        int next = i < SPEEDS.length && Math.abs(SPEEDS[i] - speed.get()) < 1e-9 ? i + 1 : i;
        speed.set(SPEEDS[next % SPEEDS.length]);
    }

    // Identity on purpose: a track is shown only for the very clip it was computed from.
    @SuppressWarnings("ReferenceEquality")
    private void recompute() {
        pitch.set(null);
        PcmAudio a = audio.get();
        if (!pitchShown.get() || a == null) {
            return;
        }
        tasks.run(
                "Pitch",
                task -> new PitchTracker().track(a),
                TaskCallbacks.<PitchTrack>of(
                        t -> {
                            if (a == audio.get() && pitchShown.get()) {
                                pitch.set(t);
                            }
                        },
                        error -> message.set("Cannot track the pitch: " + error.getMessage())));
    }
}
