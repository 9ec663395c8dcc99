package io.asrwb.engine.inference;

import io.asrwb.engine.audio.AudioFileException;
import io.asrwb.engine.audio.PcmAudio;
import io.asrwb.engine.data.batching.BatchPacker;
import io.asrwb.engine.data.batching.FeatureBatch;
import io.asrwb.engine.data.batching.Featurized;
import io.asrwb.engine.decode.Decoder;
import io.asrwb.engine.decode.GreedyCtcDecoder;
import io.asrwb.engine.metrics.TextNormaliser;
import io.asrwb.engine.model.ModelSpec;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/** Audio file to text with a trained model, its features, decoder and normaliser. */
public final class Transcriber {

    private final TrainedModel model;
    private final SpeechFeatures features;
    private final ModelSpec spec;
    private final Decoder decoder;
    private final TextNormaliser normaliser;
    private final AtomicLong forwardPasses;

    public Transcriber(TrainedModel model, Decoder decoder) {
        this(model, decoder, new AtomicLong());
    }

    private Transcriber(TrainedModel model, Decoder decoder, AtomicLong forwardPasses) {
        this.forwardPasses = forwardPasses;
        this.model = model;
        this.features = model.shape().features();
        this.spec = model.shape().spec();
        this.decoder = decoder;
        this.normaliser = model.alphabet().normaliser(model.config().normaliser());
    }

    /** The same model with another decoder (no reload; forward passes are counted together). */
    public Transcriber withDecoder(Decoder other) {
        return new Transcriber(model, other, forwardPasses);
    }

    public TrainedModel model() {
        return model;
    }

    /** How many times the acoustic model ran (one per transcription or log-probability request). */
    public long forwardPasses() {
        return forwardPasses.get();
    }

    /** Greedy decoding. */
    public static Transcriber greedy(TrainedModel model) {
        return new Transcriber(model, greedyDecoder(model));
    }

    /** Prefix beam search of {@code width}, with an ARPA language model when {@code lm} is given. */
    public static Transcriber beam(
            TrainedModel model, int width, Path lm, double alpha, double beta) throws IOException {
        return new ModelDecoding(
                        new DecoderSettings(DecoderSettings.Kind.BEAM, width, alpha, beta), lm)
                .transcriber(model);
    }

    static GreedyCtcDecoder greedyDecoder(TrainedModel model) {
        return new GreedyCtcDecoder(
                model.alphabet().ctcLabels(), model.shape().secondsPerOutputFrame());
    }

    public Decoder decoder() {
        return decoder;
    }

    public TextNormaliser normaliser() {
        return normaliser;
    }

    /** Samples per second the model's features read (what {@link #logProbabilities} takes). */
    public int sampleRate() {
        return model.config().features().sampleRate();
    }

    /**
     * Per-frame log-probabilities {@code [T'][K]} of each window of samples at {@link
     * #sampleRate()}, all windows in one forward pass (padded and masked); an empty array for a
     * window shorter than one analysis frame. Long files go through here window by window.
     */
    public List<float[][]> logProbabilities(List<float[]> windows) {
        List<Featurized.Ready> ready = new ArrayList<>(windows.size());
        List<Integer> at = new ArrayList<>(windows.size());
        for (int i = 0; i < windows.size(); i++) {
            float[][] frames = features.ofSamples(windows.get(i));
            if (frames.length > 0) {
                at.add(i);
                ready.add(new Featurized.Ready("window-" + i, frames, new int[0], 0));
            }
        }
        List<float[][]> out = new ArrayList<>(Collections.nCopies(windows.size(), new float[0][]));
        if (ready.isEmpty()) {
            return out;
        }
        SpeechBatch batch = SpeechBatch.of(BatchPacker.pack(0, 0, ready, List.of()), spec);
        List<float[][]> logProbs = GraphOutput.logProbabilities(model.graph(), batch);
        for (int j = 0; j < at.size(); j++) {
            out.set(at.get(j), logProbs.get(j));
        }
        return out;
    }

    /** The text of one audio file. */
    public String transcribe(Path audio) throws AudioFileException {
        return decode(logProbabilities(audio));
    }

    /** The text of audio in memory (a microphone recording); the same pipeline as for a file. */
    public String transcribe(PcmAudio audio) {
        return decode(logProbabilities(audio));
    }

    /**
     * The acoustic model's per-frame log-probabilities of a file ({@code [frames][labels]}): keep
     * them to decode again with other decoder settings without running the model again.
     */
    public float[][] logProbabilities(Path audio) throws AudioFileException {
        return logProbabilities(audio.toString(), features.ofFile(audio));
    }

    /** The acoustic model's per-frame log-probabilities of audio in memory. */
    public float[][] logProbabilities(PcmAudio audio) {
        return logProbabilities("recording", features.ofAudio(audio));
    }

    /** Normalised text of log-probabilities with this transcriber's decoder. */
    public String decode(float[][] logProbabilities) {
        if (logProbabilities.length == 0) {
            return ""; // shorter than one analysis window: nothing was said
        }
        return normaliser.normalise(decoder.decode(logProbabilities).text());
    }

    private float[][] logProbabilities(String id, float[][] frames) {
        if (frames.length == 0) {
            return new float[0][];
        }
        FeatureBatch packed =
                BatchPacker.pack(
                        0, 0, List.of(new Featurized.Ready(id, frames, new int[0], 0)), List.of());
        SpeechBatch batch = SpeechBatch.of(packed, spec);
        forwardPasses.incrementAndGet();
        return GraphOutput.logProbabilities(model.graph(), batch).get(0);
    }
}
