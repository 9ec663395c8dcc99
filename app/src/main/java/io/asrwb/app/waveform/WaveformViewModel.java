package io.asrwb.app.waveform;

import io.asrwb.app.spectrogram.FeatureMatrix;
import io.asrwb.app.spectrogram.SpectrogramFeatures;
import io.asrwb.app.spectrogram.SpectrogramImage;
import io.asrwb.app.spectrogram.SpectrogramScale;
import io.asrwb.app.tasks.TaskCallbacks;
import io.asrwb.app.tasks.TaskRunner;
import io.asrwb.engine.audio.AudioFiles;
import io.asrwb.engine.audio.PcmAudio;
import io.asrwb.engine.audio.io.AudioPlayer;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.function.UnaryOperator;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.LongProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleLongProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * The selected utterance's waveform and spectrogram: decoding, features, envelope and spectrogram
 * of the part in view run off the FX thread; zoom, scroll and seek move one window [viewStart,
 * viewStart + viewLength) over the clip for both; playback moves a cursor, which the view {@link
 * #poll}s once a frame while playing (the player reports from its own thread).
 */
public final class WaveformViewModel implements AutoCloseable {

    /** Zoomed in all the way, a column shows an eighth of a sample at most. */
    private static final int MIN_VIEW_SAMPLES = 32;

    private final TaskRunner tasks;
    private final ObjectProperty<PcmAudio> audio = new SimpleObjectProperty<>();
    private final ObjectProperty<WaveformEnvelope> envelope = new SimpleObjectProperty<>();
    private final ObjectProperty<SpectrogramImage> spectrogram = new SimpleObjectProperty<>();
    private FeatureMatrix features; // the clip's linear spectrogram (16 kHz), once per clip
    private final LongProperty viewStart = new SimpleLongProperty();
    private final LongProperty viewLength = new SimpleLongProperty();
    private final StringProperty message = new SimpleStringProperty("");
    private final StringProperty shownAs = new SimpleStringProperty("");
    private final Playback playback;
    private final ListeningAids aids;
    private final SpanSelection spans;
    private int columns = 600;
    private long generation; // drops clips that arrive after a newer load
    private long envelopeRequest; // drops envelopes that arrive after a newer zoom or scroll

    public WaveformViewModel(TaskRunner tasks, AudioPlayer player) {
        this.tasks = tasks;
        this.playback = new Playback(player, message);
        this.aids = new ListeningAids(tasks, audio, playback.speed, message);
        this.spans = new SpanSelection(audio, playback);
    }

    /** The selected span (a word) and playing just it. */
    public SpanSelection spans() {
        return spans;
    }

    /** Pitch tier and playback speed of the shown clip. */
    public ListeningAids aids() {
        return aids;
    }

    public ObjectProperty<PcmAudio> audioProperty() {
        return audio;
    }

    public ObjectProperty<WaveformEnvelope> envelopeProperty() {
        return envelope;
    }

    /**
     * The spectrogram of (about) the samples in view: it spans whole 10 ms frames, so its
     * {@code startSeconds}/{@code endSeconds} say where it lies against the view.
     */
    public ObjectProperty<SpectrogramImage> spectrogramProperty() {
        return spectrogram;
    }

    public LongProperty viewStartProperty() {
        return viewStart;
    }

    public LongProperty viewLengthProperty() {
        return viewLength;
    }

    /** The play position in samples of the clip. */
    public LongProperty cursorProperty() {
        return playback.cursor;
    }

    public BooleanProperty playingProperty() {
        return playback.playing;
    }

    /** What went wrong, for the view to show in words ("No audio output device: …"); empty when fine. */
    public StringProperty messageProperty() {
        return message;
    }

    /** What the waveform shows: "original" or how it was processed (seed, epoch, what was drawn). */
    public StringProperty shownAsProperty() {
        return shownAs;
    }

    /** Decodes a clip in the background and shows all of it. */
    public void load(Path file) {
        load(file, "original", false, () -> AudioFiles.loadNative(file)); // played at its own rate
    }

    /**
     * Decodes a clip at the model's rate, as the trainer does, passes its samples through
     * {@code atModelRate} in the background, shows the result and plays it.
     *
     * @param shownAs what the waveform then shows, in words (for the label next to it)
     */
    public void loadProcessed(Path file, String shownAs, UnaryOperator<float[]> atModelRate) {
        load(
                file,
                shownAs,
                true,
                () ->
                        new PcmAudio(
                                atModelRate.apply(AudioFiles.load(file).samples()),
                                AudioFiles.MODEL_RATE));
    }

    private void load(Path file, String label, boolean playWhenLoaded, Callable<PcmAudio> decode) {
        stop();
        long gen = ++generation;
        message.set("");
        tasks.run(
                "Load " + file.getFileName(),
                task -> {
                    PcmAudio clip = decode.call();
                    return new Loaded(
                            clip,
                            SpectrogramFeatures.compute(
                                    AudioFiles.toModelRate(clip), SpectrogramScale.LINEAR));
                },
                TaskCallbacks.<Loaded>of(
                        loaded -> {
                            if (gen == generation) {
                                PcmAudio a = loaded.audio();
                                features = loaded.features();
                                audio.set(a);
                                playback.cursor.set(0);
                                viewStart.set(0);
                                viewLength.set(Math.max(1, a.samples().length));
                                shownAs.set(label);
                                recompute();
                                if (playWhenLoaded) {
                                    play();
                                }
                            }
                        },
                        error -> {
                            if (gen == generation) {
                                clear();
                                message.set("Cannot show " + file + ": " + error.getMessage());
                            }
                        }));
    }

    public void clear() {
        stop();
        generation++;
        audio.set(null);
        shownAs.set("");
        features = null;
        envelope.set(null);
        spectrogram.set(null);
    }

    /** The view's width in pixels: one envelope column each. */
    public void setColumns(int width) {
        if (width > 0 && width != columns) {
            columns = width;
            recompute();
        }
    }

    /**
     * Zooms by {@code factor} (2 = twice as close) keeping the sample under {@code anchor} (0 = left
     * edge, 1 = right edge of the view) where it is.
     */
    public void zoom(double factor, double anchor) {
        PcmAudio a = audio.get();
        if (a == null) {
            return;
        }
        long total = Math.max(1, a.samples().length);
        long anchorSample = viewStart.get() + Math.round(anchor * viewLength.get());
        long wanted = Math.min(total, Math.round(viewLength.get() / factor));
        long len = Math.max(Math.min(MIN_VIEW_SAMPLES, total), wanted);
        viewLength.set(len);
        viewStart.set(clampStart(anchorSample - Math.round(anchor * len), len, total));
        recompute();
    }

    /** Shows the whole clip again. */
    public void zoomToFit() {
        PcmAudio a = audio.get();
        if (a != null) {
            viewStart.set(0);
            viewLength.set(Math.max(1, a.samples().length));
            recompute();
        }
    }

    /** Moves the view by a fraction of its width (negative = left). */
    public void scroll(double fraction) {
        PcmAudio a = audio.get();
        if (a != null) {
            long start = viewStart.get() + Math.round(fraction * viewLength.get());
            viewStart.set(clampStart(start, viewLength.get(), a.samples().length));
            recompute();
        }
    }

    /** Puts the cursor under {@code x} (0 = left edge, 1 = right edge); playback continues from there. */
    public void seek(double x) {
        PcmAudio a = audio.get();
        if (a == null) {
            return;
        }
        long s =
                clampStart(
                        viewStart.get() + Math.round(x * viewLength.get()), 0, a.samples().length);
        boolean wasPlaying = playback.playing.get();
        stop();
        playback.cursor.set(s);
        if (wasPlaying) {
            play();
        }
    }

    /** Plays from the cursor (from the start when the cursor is at the end). */
    public void play() {
        PcmAudio a = audio.get();
        if (a == null) {
            return;
        }
        playback.play(a);
    }

    public void stop() {
        playback.stop();
    }

    /** Moves the cursor to where playback is; call once a frame (or so) while {@link #playingProperty} holds. */
    public void poll() {
        playback.poll();
    }

    @Override
    public void close() {
        playback.close();
    }

    private static long clampStart(long start, long len, long total) {
        return Math.max(0, Math.min(start, total - len));
    }

    // Identity on purpose: a result is shown only if it was computed for the very clip still in
    // view (an equal clip loaded again is a new request).
    @SuppressWarnings("ReferenceEquality")
    private void recompute() {
        PcmAudio a = audio.get();
        if (a == null || a.samples().length == 0) {
            envelope.set(null);
            spectrogram.set(null);
            return;
        }
        long req = ++envelopeRequest;
        long from = viewStart.get();
        long to = from + viewLength.get();
        int cols = columns;
        FeatureMatrix m = features;
        tasks.run(
                "Waveform",
                task -> WaveformInView.of(a, m, from, to, cols),
                TaskCallbacks.<WaveformInView>of(
                        v -> {
                            if (req == envelopeRequest && a == audio.get()) {
                                envelope.set(v.envelope());
                                spectrogram.set(v.spectrogram());
                            }
                        },
                        error -> message.set("Cannot draw the waveform: " + error.getMessage())));
    }

    private record Loaded(PcmAudio audio, FeatureMatrix features) {}
}
