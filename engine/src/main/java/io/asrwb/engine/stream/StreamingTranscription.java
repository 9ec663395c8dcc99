package io.asrwb.engine.stream;

import io.asrwb.engine.audio.StreamingResampler;
import io.asrwb.engine.config.FeatureConfig;
import io.asrwb.engine.decode.Decoder;
import io.asrwb.engine.decode.GreedyCtcDecoder;
import io.asrwb.engine.inference.TrainedModel;
import io.asrwb.engine.inference.Transcriber;
import io.asrwb.engine.model.layers.OneThreadScope;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * One utterance transcribed while it is spoken: audio chunks in as they arrive (resampled,
 * featurised and run through the model incrementally, the recurrent state carried), a greedy
 * partial transcript after each, and on {@link #finish()} the final text through the transcriber's
 * own decoder (beam and LM included). That decoder's search advances with every frame as it
 * arrives ({@link Decoder#session()}), so release leaves it only the last chunk's frames and the
 * ranking. The log-probabilities equal the whole-utterance forward pass of the same model within
 * float rounding, so the final text is the one {@link Transcriber#transcribe} gives for the same
 * audio. Not thread-safe: one thread feeds one session.
 */
public final class StreamingTranscription {

    private final Transcriber transcriber;
    private final GreedyCtcDecoder greedy;
    private final StreamingResampler resampler;
    private final IncrementalFeatures features;
    private final StreamingModel model;
    private final List<float[]> logProbabilities = new ArrayList<>();
    private final Decoder.Session finalDecode;
    private boolean finished;

    private StreamingTranscription(Transcriber transcriber, int inputRate) {
        TrainedModel trained = transcriber.model();
        this.transcriber = transcriber;
        this.greedy =
                new GreedyCtcDecoder(
                        transcriber.decoder().labels(), transcriber.decoder().frameSeconds());
        this.resampler =
                inputRate == transcriber.sampleRate()
                        ? null
                        : new StreamingResampler(inputRate, transcriber.sampleRate());
        this.features = new IncrementalFeatures(trained.config().features());
        this.model = StreamingModel.of(trained.graph());
        this.finalDecode = transcriber.decoder().session();
    }

    /**
     * Why {@code model} cannot transcribe while audio arrives (a bidirectional LSTM, per-utterance
     * feature normalisation), or empty when it can. Callers fall back to transcribing the whole
     * recording on release.
     */
    public static Optional<String> unsupported(TrainedModel model) {
        if (model.config().features().normalisation()
                == FeatureConfig.Normalisation.PER_UTTERANCE) {
            return Optional.of(
                    "its features are normalised per utterance (features.normalisation), which"
                            + " needs the whole utterance");
        }
        return StreamingModel.unsupported(model.graph());
    }

    /**
     * A session for audio at {@code inputRate} samples per second (the microphone's; resampled to
     * the model's rate here).
     *
     * @throws IllegalArgumentException when {@link #unsupported} says why not
     */
    public static StreamingTranscription start(Transcriber transcriber, int inputRate) {
        unsupported(transcriber.model())
                .ifPresent(
                        why -> {
                            throw new IllegalArgumentException(
                                    "this model cannot transcribe while audio arrives: "
                                            + why
                                            + "; train one with --config streaming (forward-only"
                                            + " LSTMs, features.normalisation: running,"
                                            + " running_cmvn or none)");
                        });
        return new StreamingTranscription(transcriber, inputRate);
    }

    /** Takes the next chunk (mono, in [−1, 1]); returns the greedy transcript so far. */
    public String accept(float[] samples) {
        if (finished) {
            throw new IllegalStateException("this utterance has ended: start a new session");
        }
        float[] atModelRate =
                resampler == null ? samples : resampler.feed(samples, 0, samples.length);
        // a chunk is a few frames: see OneThreadScope
        try (OneThreadScope ignored = new OneThreadScope()) {
            add(model.accept(Arrays.asList(features.accept(atModelRate))));
        }
        return partial();
    }

    /** The greedy transcript of the audio so far (normalised as the final one will be). */
    public String partial() {
        if (logProbabilities.isEmpty()) {
            return "";
        }
        return transcriber.normaliser().normalise(greedy.decode(logProbabilities()).text());
    }

    /** The audio has ended: the final text, through the transcriber's decoder. */
    public String finish() {
        float[][] all = flush();
        if (all.length == 0) {
            return ""; // shorter than one analysis window: nothing was said
        }
        return transcriber.normaliser().normalise(finalDecode.finish(all).text());
    }

    /**
     * The audio has ended: the log-probabilities of all of it, the frames its last chunk left
     * pending included, for a caller that decodes them its own way (push-to-talk's decoder bar).
     */
    public float[][] flush() {
        if (!finished) {
            finished = true;
            List<float[]> tail = new ArrayList<>();
            try (OneThreadScope ignored = new OneThreadScope()) {
                if (resampler != null) {
                    tail.addAll(model.accept(Arrays.asList(features.accept(resampler.finish()))));
                }
                tail.addAll(model.accept(Arrays.asList(features.finish())));
                tail.addAll(model.finish());
            }
            add(tail);
        }
        return logProbabilities();
    }

    private void add(List<float[]> frames) {
        for (float[] frame : frames) {
            finalDecode.advance(frame);
        }
        logProbabilities.addAll(frames);
    }

    /** The log-probabilities {@code [frames][labels]} computed so far (all of them after finish). */
    public float[][] logProbabilities() {
        return logProbabilities.toArray(new float[0][]);
    }
}
