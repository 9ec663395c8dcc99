package io.asrwb.app.waveform;

import io.asrwb.app.words.SpanPlayer;
import io.asrwb.app.words.TimeSpan;
import io.asrwb.engine.audio.PcmAudio;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;

/**
 * The span selected on the shown clip (a word of its tier), drawn over the waveform and
 * spectrogram, and playing just that span: the cursor jumps to its start and stops at its end.
 */
public final class SpanSelection implements SpanPlayer {

    private final ObjectProperty<PcmAudio> audio;
    private final Playback playback;
    private final ObjectProperty<TimeSpan> selection = new SimpleObjectProperty<>();

    SpanSelection(ObjectProperty<PcmAudio> audio, Playback playback) {
        this.audio = audio;
        this.playback = playback;
    }

    /** The selected span; null when none. */
    public ObjectProperty<TimeSpan> selectionProperty() {
        return selection;
    }

    @Override
    public void select(TimeSpan span) {
        selection.set(span);
    }

    @Override
    public void play(TimeSpan span) {
        selection.set(span);
        PcmAudio a = audio.get();
        if (a == null || span == null) {
            return;
        }
        long total = a.samples().length;
        long from = Math.min(total, Math.round(span.startSec() * a.sampleRate()));
        long to = Math.min(total, Math.round(span.endSec() * a.sampleRate()));
        if (to <= from) {
            return;
        }
        playback.stop();
        playback.cursor.set(from);
        playback.play(a, to);
    }
}
