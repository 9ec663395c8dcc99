package io.asrwb.app.transcribe;

import io.asrwb.engine.inference.Transcriber;
import io.asrwb.engine.stream.StreamingTranscription;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The model's side of push-to-talk while the key is held: the chosen model loaded (and run once on
 * silence) in the background as soon as it is chosen, so the first push costs no load; and, for a
 * model that can run incrementally (the streaming preset's), the microphone's chunks fed to a
 * {@link StreamingTranscription} with the greedy partial text shown after each. A model whose
 * LSTMs hear the whole utterance (bidirectional, not latency-controlled) shows no partials and is transcribed whole on release, as before. The session decodes with
 * the decoder bar's settings as they were when the key went down, its beam search advancing with
 * every chunk; so on release ({@link #finish()}) the final text waits only for the last chunk's
 * frames and the end of that search. All model work runs on {@code background}, one task at a
 * time, in order.
 */
final class StreamingPartials {

    private static final Logger LOG = LoggerFactory.getLogger(StreamingPartials.class);

    /** The checkpoint whose model is loaded and warm; null until the first is. */
    final ObjectProperty<Path> warmModel = new SimpleObjectProperty<>(this, "warmModel");

    private final TranscriberCache transcribers;
    private final DecoderControls decoding;
    private final TranscriptState state;
    private final Executor ui;
    private final Executor background;
    private volatile Path chosen;
    private StreamingTranscription session; // background thread only
    private DecoderControls.Snapshot sessionSettings; // background thread only
    private boolean sessionRefused; // background thread only

    StreamingPartials(
            TranscriberCache transcribers,
            DecoderControls decoding,
            TranscriptState state,
            Executor ui,
            Executor background) {
        this.transcribers = transcribers;
        this.decoding = decoding;
        this.state = state;
        this.ui = ui;
        this.background = background;
    }

    /**
     * Loads {@code checkpoint}'s model (and the language model the decoder bar names now, on the FX
     * thread) in the background and runs it once, ahead of the first push.
     */
    void warm(Path checkpoint) {
        chosen = checkpoint;
        if (checkpoint == null) {
            return;
        }
        Path languageModel = decoding.snapshot().languageModel();
        background.execute(
                () -> {
                    if (!checkpoint.equals(chosen)) {
                        return; // another model was chosen meanwhile
                    }
                    try {
                        Transcriber t = transcribers.of(checkpoint);
                        // first calls set up ND4J's ops and the JIT: pay for them now, not on the
                        // push
                        // (the windows' entry point: not counted as a transcription's forward pass)
                        t.logProbabilities(List.of(new float[t.sampleRate() / 2]));
                        ui.execute(() -> warmModel.set(checkpoint));
                        decoding.load(languageModel); // a broken LM is reported when used
                    } catch (Exception | LinkageError e) {
                        LOG.warn("could not load {} ahead of use: {}", checkpoint, e.toString());
                    }
                });
    }

    /** The key went down (FX thread): a new utterance, decoded with the settings now. */
    void began() {
        DecoderControls.Snapshot settings = decoding.snapshot();
        background.execute(
                () -> {
                    session = null;
                    sessionSettings = settings;
                    sessionRefused = false;
                });
    }

    /** Capture thread: a chunk of the recording in progress (copied; the caller may reuse it). */
    void chunk(float[] samples, int sampleRate) {
        float[] copy = Arrays.copyOf(samples, samples.length);
        background.execute(() -> feed(copy, sampleRate));
    }

    /**
     * The key went up and every chunk has been handed over: the whole utterance's
     * log-probabilities and final text from the streaming session, or empty when there is none (a
     * whole-utterance bidirectional model, no model, a session that failed) and the recording must be transcribed
     * whole.
     */
    CompletableFuture<Optional<ClipTranscription.Heard>> finish() {
        CompletableFuture<Optional<ClipTranscription.Heard>> done = new CompletableFuture<>();
        background.execute(
                () -> {
                    try {
                        if (session == null || sessionRefused) {
                            done.complete(Optional.empty());
                            return;
                        }
                        String text = session.finish();
                        done.complete(
                                Optional.of(
                                        new ClipTranscription.Heard(
                                                session.logProbabilities(),
                                                text,
                                                sessionSettings)));
                    } catch (RuntimeException e) {
                        LOG.warn("streamed final failed, transcribing whole: {}", e.toString());
                        done.complete(Optional.empty());
                    } finally {
                        session = null;
                    }
                });
        return done;
    }

    private void feed(float[] samples, int sampleRate) {
        Path checkpoint = chosen;
        if (checkpoint == null || sessionRefused) {
            return;
        }
        try {
            if (session == null) {
                Transcriber t = transcribers.of(checkpoint);
                if (StreamingTranscription.unsupported(t.model()).isPresent()) {
                    sessionRefused =
                            true; // it needs the utterance's end: the whole recording on release
                    return;
                }
                session =
                        StreamingTranscription.start(
                                decoding.configured(t, sessionSettings), sampleRate);
            }
            String partial = session.accept(samples);
            ui.execute(() -> state.transcript.set(partial));
        } catch (Exception e) {
            sessionRefused = true;
            LOG.warn("partial transcription stopped: {}", e.toString());
        }
    }
}
