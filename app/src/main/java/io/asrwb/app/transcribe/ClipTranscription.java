package io.asrwb.app.transcribe;

import io.asrwb.app.tasks.TaskCallbacks;
import io.asrwb.engine.inference.Transcriber;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * A clip transcribed whole (a push-to-talk recording, a short file): one forward pass, then the
 * decoder. Its log-probabilities are kept, so moving a decoder setting decodes the clip again
 * without a forward pass; a move while busy is remembered and decoded when the work is done.
 */
final class ClipTranscription {

    /** The acoustic model's part of a transcription: audio to what was heard. */
    interface AcousticPass {
        Heard of(Transcriber transcriber) throws Exception;
    }

    /**
     * Log-probabilities, and the text a streaming session already decoded them to with {@code
     * decodedWith} (null when it did not): that text stands while those are still the settings.
     */
    record Heard(float[][] logProbabilities, String text, DecoderControls.Snapshot decodedWith) {

        static Heard acoustic(float[][] logProbabilities) {
            return new Heard(logProbabilities, null, null);
        }

        String textWith(
                DecoderControls decoding,
                Transcriber transcriber,
                DecoderControls.Snapshot settings)
                throws IOException {
            return text != null && settings.equals(decodedWith)
                    ? text
                    : decoding.decode(transcriber, logProbabilities, settings);
        }
    }

    private final TranscribeTasks tasks;
    private final TranscriberCache transcribers;
    private final DecoderControls decoding;
    private final TranscriptState state;
    private final Supplier<ModelChoice> chosenNow;
    private Clip kept; // the last clip's log-probabilities (FX thread), for re-decoding
    private boolean redecodePending; // a setting moved while busy (FX thread)

    /**
     * @param chosenNow the model chosen now: a clip is kept only while its model stays chosen
     */
    ClipTranscription(
            TranscribeTasks tasks,
            TranscriberCache transcribers,
            DecoderControls decoding,
            TranscriptState state,
            Supplier<ModelChoice> chosenNow) {
        this.tasks = tasks;
        this.transcribers = transcribers;
        this.decoding = decoding;
        this.state = state;
        this.chosenNow = chosenNow;
        decoding.onChange(this::redecode);
    }

    /** Drops the kept clip: another model was chosen, or a long file cannot be re-decoded. */
    void forget() {
        kept = null;
    }

    /**
     * Transcribes a clip with {@code chosen} off the FX thread.
     *
     * @param what names the clip in the status line, e.g. "1.2 s recording"
     */
    void run(String title, ModelChoice chosen, long startedNanos, String what, AcousticPass work) {
        state.begin(title);
        DecoderControls.Snapshot settings = decoding.snapshot();
        tasks.run(
                title,
                ctx -> {
                    Transcriber transcriber = transcribers.of(chosen.checkpoint());
                    Heard heard = work.of(transcriber);
                    return new Decoded(
                            new Clip(chosen.checkpoint(), heard.logProbabilities()),
                            heard.textWith(decoding, transcriber, settings));
                },
                TaskCallbacks.<Decoded>of(
                                done -> {
                                    long ms = millisSince(startedNanos);
                                    kept = chosen.equals(chosenNow.get()) ? done.clip() : null;
                                    state.show(
                                            done.text(),
                                            what,
                                            chosen.label(),
                                            settings.describe(),
                                            ms);
                                    finished();
                                },
                                this::failed)
                        .whenCancelled(this::cancelled));
    }

    /**
     * Decodes the kept clip again with the settings now: costs a search, not a forward pass. A
     * change while busy is remembered and decoded when the work in hand is done.
     */
    // Identity on purpose: a re-decoded text is shown only if its clip is still the one kept.
    @SuppressWarnings("ReferenceEquality")
    private void redecode() {
        Clip clip = kept;
        if (clip == null) {
            return;
        }
        if (state.busy.get()) {
            redecodePending = true;
            return;
        }
        state.busy.set(true);
        state.error.set("");
        DecoderControls.Snapshot settings = decoding.snapshot();
        long started = System.nanoTime();
        tasks.run(
                "Decoding again",
                ctx ->
                        decoding.decode(
                                transcribers.of(clip.checkpoint()),
                                clip.logProbabilities(),
                                settings),
                TaskCallbacks.<String>of(
                                text -> {
                                    long ms = millisSince(started);
                                    if (clip == kept) {
                                        state.transcript.set(text);
                                        state.status.set(
                                                "Decoded again · "
                                                        + settings.describe()
                                                        + " · "
                                                        + ms
                                                        + " ms (no forward pass)");
                                    }
                                    finished();
                                },
                                this::failed)
                        .whenCancelled(this::cancelled));
    }

    static long millisSince(long startedNanos) {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startedNanos);
    }

    private void finished() {
        state.busy.set(false);
        if (redecodePending) {
            redecodePending = false;
            redecode();
        }
    }

    private void failed(Throwable failure) {
        redecodePending = false;
        state.fail(failure);
    }

    private void cancelled() {
        state.busy.set(false);
        redecodePending = false;
        state.status.set("Cancelled");
    }

    /** A clip's log-probabilities under the model of {@code checkpoint}. */
    private record Clip(Path checkpoint, float[][] logProbabilities) {}

    private record Decoded(Clip clip, String text) {}
}
